/** A small leveled logger writing one line per entry to stdout/stderr. */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = Record<Level, (message: string, detail?: unknown) => void>;

export function createLogger(level: Level | "silent" = "info"): Logger {
  const write = (entryLevel: Level) => (message: string, detail?: unknown) => {
    if (ORDER[entryLevel] < ORDER[level]) return;
    const line = `${new Date().toISOString()} ${entryLevel.toUpperCase()} ${message}`;
    const extra = detail instanceof Error ? `\n${detail.stack ?? detail.message}` : detail === undefined ? "" : ` ${JSON.stringify(detail)}`;
    (entryLevel === "error" || entryLevel === "warn" ? process.stderr : process.stdout).write(`${line}${extra}\n`);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/** A warning that is written at most once every `intervalMs`; the ones in between are dropped. */
export function throttledWarning(logger: Logger, intervalMs: number): (message: string) => void {
  let last = 0;
  return (message) => {
    if (Date.now() - last < intervalMs) return;
    last = Date.now();
    logger.warn(message);
  };
}
