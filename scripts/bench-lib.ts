/** Shared pieces of the benchmark scripts: command-line flags, the database they aim at, the server they start, and small formatting helpers. */
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { PROJECT_ROOT } from "#server/paths.ts";

export const ROOT = PROJECT_ROOT;

/** The words of the synthetic catalogue (npm run bench:seed): names are a first and a second word and a number. */
export const FIRST_WORDS = [
  "Swift",
  "Indie",
  "Bright",
  "Tiny",
  "Open",
  "Quiet",
  "Rapid",
  "Solo",
  "Clever",
  "Pixel",
  "Cloud",
  "Micro",
  "Neon",
  "Lean",
  "Happy",
  "Nimble",
];
export const SECOND_WORDS = [
  "Deploy",
  "Forms",
  "Mail",
  "Metrics",
  "Pay",
  "Docs",
  "Search",
  "Queue",
  "Notes",
  "Launch",
  "Sites",
  "Auth",
  "Logs",
  "Charts",
  "Store",
  "Chat",
];
export const TAGS = [
  "saas",
  "open-source",
  "self-hosted",
  "api",
  "no-code",
  "ai",
  "analytics",
  "email",
  "payments",
  "hosting",
  "seo",
  "design",
  "marketing",
  "database",
  "monitoring",
  "productivity",
  "devtools",
  "automation",
  "cms",
  "security",
];
/** The tags of the long tail: a few dozen tools each. */
export const LONG_TAIL_PREFIX = "niche-";
/**
 * The common tag that no tool of the index-th category (by slug) has: a category and its shunned tag look common
 * apart and match nothing together, the worst case of a list's LIMIT (it would walk every tool in vain).
 */
export const shunnedTag = (categoryIndex: number) => TAGS[categoryIndex % TAGS.length]!;

/** Not ./data: the app's own database must never receive a hundred thousand fake tools. */
export const DEFAULT_BENCH_DATA_DIR = "./data/bench";

export type BenchDatabase = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };

/** Flags common to both scripts, so they always agree on which database is meant. */
export const databaseOptions = {
  "database-url": { type: "string" },
  "data-dir": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

/** Parses the flags, or prints the usage and exits on an unknown or malformed one. */
export function parseFlags<const O extends NonNullable<ParseArgsConfig["options"]>>(options: O, usage: string) {
  try {
    const { values } = parseArgs({ options, strict: true, allowPositionals: false });
    if ((values as { help?: boolean }).help) {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    }
    return values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    process.exit(2);
  }
}

/** PostgreSQL when a URL is given on the command line or in DATABASE_URL, else PGlite in the bench data folder. */
export function chooseDatabase(values: { "database-url"?: string; "data-dir"?: string }): BenchDatabase {
  const url = values["database-url"] ?? process.env.DATABASE_URL ?? "";
  if (url && values["data-dir"]) fail("Give either --database-url (or DATABASE_URL) or --data-dir, not both.");
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url))
      fail(`--database-url must start with postgres:// or postgresql:// (got "${url}")`);
    return { kind: "postgres", url };
  }
  return { kind: "pglite", dataDir: path.resolve(ROOT, values["data-dir"] ?? DEFAULT_BENCH_DATA_DIR) };
}

/** How a database is named in output: the URL without its password, or the folder relative to the project. */
export function describeDatabase(database: BenchDatabase): string {
  if (database.kind === "pglite") return `pglite, ${displayPath(database.dataDir)}`;
  const url = new URL(database.url);
  if (url.password) url.password = "***";
  return `postgres, ${url.toString()}`;
}

export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? `./${relative}` : file;
}

/** A positive integer flag, with its default. */
export function intFlag(name: string, value: string | undefined, fallback: number, { min = 1 } = {}): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min)
    fail(`--${name} must be an integer of at least ${min} (got "${value}")`);
  return number;
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A plain-text table with right-aligned numbers, readable in a terminal and pasteable in a report. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

/** A port of 127.0.0.1 that nothing listens on (the benchmark's server, the tests' server processes). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * The environment of a server the benchmark measures, on `port` and `database`, with its stored files in `dataDir`
 * (PGlite's folder, or any folder beside PostgreSQL).
 */
export function serverEnvironment(port: number, database: BenchDatabase, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: "false",
    // English at the site's own paths, and French, whose pages are measured beside the English ones.
    LOCALES: "en,fr",
    // The event target sends each event from its own made-up address, as many visitors do.
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
    // Payments on, as a site selling featuring and sponsors runs (/advertise shows its placements); nothing measured
    // calls Stripe, whose address is a closed port here.
    STRIPE_SECRET_KEY: "sk_test_bench",
    STRIPE_WEBHOOK_SECRET: "whsec_bench",
    STRIPE_API_URL: "http://127.0.0.1:9",
    // The daily jobs (a dump of the whole catalogue, a check of every website) would run beside the load and skew it.
    JOBS_FIRST_RUN_AFTER_SECONDS: "86400",
    // Set both, so a DATABASE_URL inherited from the shell cannot redirect a PGlite run.
    DATABASE_URL: database.kind === "postgres" ? database.url : "",
    DATA_DIR: dataDir,
  };
}

const SERVER_READY_TIMEOUT_MS = 60_000;

/** Waits until the server `child` answers 200 on /healthz, or fails when it exits or takes longer than a minute. */
export async function waitUntilHealthy(base: string, child: ChildProcess) {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer 200 on /healthz within ${SERVER_READY_TIMEOUT_MS / 1000} s`);
}
