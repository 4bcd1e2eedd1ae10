/**
 * A small leveled logger writing one line per entry to stdout/stderr: readable text, or with LOG_FORMAT=json one JSON
 * object per line ({ time, level, msg, requestId?, ...detail }). A line written while a request is served carries that
 * request's id (see `withRequestId`), however deep in the services it was written.
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFormat = "text" | "json";
export type Logger = Record<Level, (message: string, detail?: unknown) => void>;

export type LoggerOptions = {
  format?: LogFormat;
  /** Where a finished line goes (tests collect them); stderr for warnings and errors, stdout otherwise by default. */
  write?: (line: string, level: Level) => void;
};

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` as the serving of the request `requestId`: every line logged meanwhile, awaited work included, carries it. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

const writeToStandardStreams = (line: string, level: Level) =>
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line);

export function createLogger(
  level: Level | "silent" = "info",
  { format = "text", write = writeToStandardStreams }: LoggerOptions = {},
): Logger {
  const entry = (entryLevel: Level) => (message: string, detail?: unknown) => {
    if (ORDER[entryLevel] < ORDER[level]) return;
    const time = new Date().toISOString();
    const requestId = currentRequestId();
    write(
      format === "json"
        ? `${jsonLine(time, entryLevel, message, requestId, detail)}\n`
        : textLine(time, entryLevel, message, requestId, detail),
      entryLevel,
    );
  };
  return { debug: entry("debug"), info: entry("info"), warn: entry("warn"), error: entry("error") };
}

function textLine(time: string, level: Level, message: string, requestId: string | undefined, detail: unknown): string {
  const line = `${time} ${level.toUpperCase()} ${requestId ? `[${requestId}] ` : ""}${message}`;
  const extra =
    detail instanceof Error
      ? `\n${detail.stack ?? detail.message}`
      : detail === undefined
        ? ""
        : ` ${safeJson(detail)}`;
  return `${line}${extra}\n`;
}

/** The entry's own fields come last, so a detail cannot overwrite its time, level, message or request id. */
function jsonLine(time: string, level: Level, msg: string, requestId: string | undefined, detail: unknown): string {
  let fields: Record<string, unknown> = {};
  if (detail instanceof Error) fields = { error: { name: detail.name, message: detail.message, stack: detail.stack } };
  else if (detail !== null && typeof detail === "object" && !Array.isArray(detail)) fields = { ...detail };
  else if (detail !== undefined) fields = { detail };
  const own = { time, level, msg, ...(requestId ? { requestId } : {}) };
  try {
    return JSON.stringify({ ...fields, ...own }, withBigInts);
  } catch {
    // A cycle in the detail: the line keeps its own fields.
    return JSON.stringify({ ...own, detail: "(a detail that cannot be written as JSON)" });
  }
}

const withBigInts = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

/** JSON of anything a caller logs: a cycle or a BigInt must not turn a log line into a thrown error. */
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, withBigInts) ?? "null";
  } catch {
    return JSON.stringify(String(value));
  }
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
