/** Load-tests the production server on a seeded database: home page, first and 1,000th API page, analytics events, and a static asset. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { randomInt } from "node:crypto";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { count, desc } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import { encodeCursor } from "#common/cursor.ts";
import { openDatabase } from "#server/db/client.ts";
import { tools } from "#server/db/schema.ts";
import { isPublicTool } from "#server/tools/queries.ts";
import {
  type BenchDatabase,
  chooseDatabase,
  databaseOptions,
  describeDatabase,
  displayPath,
  fail,
  formatTable,
  intFlag,
  parseFlags,
  ROOT,
  seconds,
} from "./bench-lib.ts";

const USAGE = `Usage: npm run bench -- [--database-url postgres://...] [--data-dir ./data/bench] [--duration 10] [--connections 20] [--warmup 2] [--page 1000] [--walk-budget 30]

Starts the production build (npm run build first) on 127.0.0.1 against the chosen database
(seed it with npm run bench:seed) and measures five targets with autocannon, one after the other.
The deep page's cursor is found by following nextCursor through the API; past --walk-budget seconds
the walk stops and the cursor read from the database (OFFSET, before the server starts) is used.`;

type AutocannonRequest = { headers?: Record<string, string> };
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  requests?: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
};
type AutocannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
};
type AutocannonRun = PromiseLike<AutocannonResult> & { stop(): void };
// autocannon ships no type declarations; this is the part of its API the benchmark uses.
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => AutocannonRun;

const values = parseFlags(
  {
    ...databaseOptions,
    duration: { type: "string" },
    connections: { type: "string" },
    warmup: { type: "string" },
    page: { type: "string" },
    "walk-budget": { type: "string" },
  },
  USAGE,
);
const duration = intFlag("duration", values.duration, 10);
const connections = intFlag("connections", values.connections, 20);
const warmup = intFlag("warmup", values.warmup, 2, { min: 0 });
const deepPage = intFlag("page", values.page, 1000);
const walkBudgetMs = intFlag("walk-budget", values["walk-budget"], 30) * 1000;
const database = chooseDatabase(values);

const SERVER_READY_TIMEOUT_MS = 60_000;
/** Server log lines echoed before the rest are only counted: a failing target logs on every request. */
const MAX_ECHOED_LOG_LINES = 20;

/* ---------------------------------------------------------------- preconditions */

// The same build folder the server will read (BUILD_DIR, as in the server's config).
const buildDir = path.resolve(ROOT, process.env.BUILD_DIR || "build");
if (!existsSync(path.join(buildDir, "server/main.js"))) fail("No production build: run `npm run build` first.");
const assetsDir = path.join(buildDir, "client/assets");
const assetName = existsSync(assetsDir) ? readdirSync(assetsDir).sort().find((name) => path.extname(name) === ".js") : undefined;
if (!assetName) fail(`No .js file in ${displayPath(assetsDir)}: run \`npm run build\` again.`);
if (database.kind === "pglite" && !existsSync(path.join(database.dataDir, "pglite"))) {
  fail(`No embedded database in ${displayPath(database.dataDir)}: run \`npm run bench:seed -- --data-dir ${displayPath(database.dataDir)}\` first.`);
}

/**
 * Counts the tools and reads the deep page's cursor by OFFSET, as a check on (and a fallback for) the API walk.
 * Done before the server starts: PGlite allows one process per data folder, so this handle must be closed first.
 */
async function inspectDatabase(target: BenchDatabase, wantedPage: number) {
  const handle = await openDatabase(target.kind === "postgres" ? { url: target.url, maxConnections: 1 } : { dataDir: target.dataDir });
  let found: { all: number; live: number; page: number; cursor: string | null } | Error;
  try {
    const [all] = await handle.db.select({ n: count() }).from(tools);
    const [live] = await handle.db.select({ n: count() }).from(tools).where(isPublicTool);
    const liveCount = live?.n ?? 0;
    const page = Math.max(1, Math.min(wantedPage, Math.ceil(liveCount / PAGE_SIZE)));
    // Page p starts after the last tool of page p - 1.
    const [last] =
      page === 1
        ? []
        : await handle.db
            .select({ createdAt: tools.createdAt, id: tools.id })
            .from(tools)
            .where(isPublicTool)
            .orderBy(desc(tools.createdAt), desc(tools.id))
            .offset((page - 1) * PAGE_SIZE - 1)
            .limit(1);
    found = { all: all?.n ?? 0, live: liveCount, page, cursor: last ? encodeCursor({ key: last.createdAt.getTime(), id: last.id }) : null };
  } catch (error) {
    found = error as Error;
  }
  await handle.close();
  if (found instanceof Error) fail(`Could not read the tools (${found.message}): is the database seeded? Run \`npm run bench:seed\` first.`);
  return found;
}

/* ---------------------------------------------------------------- the server */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

let server: ChildProcess | undefined;
let serverExit: Promise<void> = Promise.resolve();
const serverLog = { echoed: 0, suppressed: 0 };

function startServer(port: number) {
  // The compiled server, as `npm run serve` runs it.
  const child = spawn(process.execPath, [path.join(buildDir, "server/main.js")], {
    // The server resolves its build folder (BUILD_DIR) relative to its working directory.
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "false",
      // The event target sends each event from its own made-up address, as many visitors do.
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
      // Set both, so a DATABASE_URL inherited from the shell cannot redirect a PGlite run.
      DATABASE_URL: database.kind === "postgres" ? database.url : "",
      DATA_DIR: database.kind === "pglite" ? database.dataDir : "./data/bench",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = child;
  serverExit = new Promise((resolve) => child.once("exit", () => resolve()));
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (serverLog.echoed < MAX_ECHOED_LOG_LINES) {
          serverLog.echoed++;
          process.stderr.write(`  [server] ${line}\n`);
        } else {
          serverLog.suppressed++;
        }
      }
    });
  }
  return child;
}

async function stopServer() {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await serverExit;
  clearTimeout(timer);
}

let running: AutocannonRun | undefined;
let interrupted = false;
process.on("SIGINT", () => {
  interrupted = true;
  process.stderr.write("\ninterrupted: stopping the server\n");
  running?.stop();
  void stopServer().finally(() => process.exit(130));
});

async function waitUntilHealthy(base: string, child: ChildProcess) {
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

/* ---------------------------------------------------------------- the deep page's cursor */

type ApiPage = { tools: { id: string }[]; nextCursor: string | null };

/**
 * Follows nextCursor from page 1 to page `wanted` (or the last page), as a scrolling visitor would, for at most `budgetMs`.
 * It also checks the keyset order on the way: strictly descending ids, which begin with the creation time (common/ids.ts),
 * so they sort as (createdAt, id) does, ties included; and no tool twice.
 */
async function walkToPage(base: string, wanted: number, budgetMs: number) {
  const started = performance.now();
  const seen = new Set<string>();
  const problems: string[] = [];
  let previous: string | undefined;
  let cursor: string | null = null;
  let page = 1;
  for (;;) {
    const url = `${base}/api/v1/tools${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status} during the walk`);
    const body = (await response.json()) as ApiPage;
    for (const tool of body.tools) {
      if (seen.has(tool.id)) problems.push(`page ${page}: ${tool.id} seen twice`);
      seen.add(tool.id);
      if (previous && tool.id >= previous) problems.push(`page ${page}: ${tool.id} is out of order`);
      previous = tool.id;
    }
    const ms = performance.now() - started;
    const complete = page === wanted || !body.nextCursor;
    if (complete || ms > budgetMs) return { page, cursor, complete, ms, toolsSeen: seen.size, problems };
    cursor = body.nextCursor;
    page++;
  }
}

/* ---------------------------------------------------------------- the run */

type Target = { name: string; path: string; method?: "GET" | "POST"; body?: string; headers?: Record<string, string>; fromManyAddresses?: boolean };
type Measured = Target & { result: AutocannonResult; preflight: string };

/** One request with exactly autocannon's headers (fetch would add accept-encoding and decode): status, bytes on the wire, encoding. */
function preflight(base: string, target: Target): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(base + target.path, { method: target.method ?? "GET", headers: { ...target.headers, ...visitorAddress() } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => {
        const encoding = response.headers["content-encoding"];
        resolve(`${response.statusCode}, ${bytes.toLocaleString("en")} bytes${encoding ? ` ${encoding}` : ""}`);
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(target.body);
  });
}

/** A made-up visitor address, sent as X-Forwarded-For (the server trusts it here). */
function visitorAddress(): Record<string, string> {
  return { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}

/** Two significant digits, so a page 300 times slower than a file does not read as zero. */
function formatRatio(ratio: number): string {
  return ratio >= 0.1 ? ratio.toFixed(2) : ratio.toPrecision(2);
}

async function measure(base: string, target: Target): Promise<AutocannonResult> {
  const options: AutocannonOptions = {
    url: base + target.path,
    connections,
    duration,
    headers: target.headers,
    ...(target.method ? { method: target.method } : {}),
    ...(target.body ? { body: target.body } : {}),
    // Each request from another address: one visitor's rate limit is not what is measured.
    ...(target.fromManyAddresses ? { requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...visitorAddress() } }) }] } : {}),
  };
  if (warmup > 0) {
    running = autocannon({ ...options, duration: warmup });
    await running;
  }
  running = autocannon({ ...options, duration });
  const result = await running;
  running = undefined;
  return result;
}

const benchStarted = performance.now();
process.stdout.write(`database: ${describeDatabase(database)}\n`);
const inspected = await inspectDatabase(database, deepPage);
process.stdout.write(`tools: ${inspected.live.toLocaleString("en")} live (${inspected.all.toLocaleString("en")} in the table)\n`);
if (inspected.live === 0) process.stderr.write("WARNING: no live tool: run `npm run bench:seed` first, the figures mean little.\n");

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let failed = false;
try {
  const serverStarted = performance.now();
  const child = startServer(port);
  await waitUntilHealthy(base, child);
  process.stdout.write(`server ready on ${base} in ${seconds(performance.now() - serverStarted)} (node ${process.version}, ${os.cpus().length} CPUs)\n`);

  const walk = await walkToPage(base, inspected.page, walkBudgetMs);
  const perPage = `${(walk.ms / walk.page).toFixed(1)} ms a page`;
  let deepCursor = walk.cursor;
  if (walk.complete) {
    process.stdout.write(
      `walked the API to page ${walk.page} in ${seconds(walk.ms)} (${walk.page - 1} cursors followed, ${perPage}, ${walk.toolsSeen.toLocaleString("en")} tools seen)\n`,
    );
    if (walk.cursor !== inspected.cursor) {
      process.stderr.write(`WARNING: the API's cursor to page ${walk.page} (${walk.cursor}) differs from the database's by OFFSET (${inspected.cursor})\n`);
    }
  } else {
    deepCursor = inspected.cursor;
    process.stderr.write(
      `\n!!! the API walk reached only page ${walk.page} of ${inspected.page} in ${seconds(walk.ms)} (${perPage}): ` +
        "scrolling is slow. Using the cursor read from the database instead.\n\n",
    );
  }
  if (walk.problems.length > 0) {
    process.stderr.write(`WARNING: the keyset order is broken (${walk.problems.length} problems), e.g.:\n  ${walk.problems.slice(0, 5).join("\n  ")}\n`);
  }
  const deepName = inspected.page === deepPage ? `scroll page ${deepPage}` : `scroll page ${inspected.page} (last)`;
  if (inspected.page !== deepPage) process.stdout.write(`only ${inspected.page} pages: measuring the last one instead of page ${deepPage}\n`);

  const targets: Target[] = [
    { name: "home", path: "/" },
    { name: "scroll page 1", path: "/api/v1/tools" },
    { name: deepName, path: deepCursor ? `/api/v1/tools?cursor=${encodeURIComponent(deepCursor)}` : "/api/v1/tools" },
    {
      name: "analytics event",
      path: "/api/event",
      method: "POST",
      body: JSON.stringify({ n: "pageview", u: `${base}/`, d: "127.0.0.1", r: "https://news.example.com/" }),
      headers: { "content-type": "text/plain", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36" },
      fromManyAddresses: true,
    },
    { name: "static asset", path: `/assets/${assetName}`, headers: { "accept-encoding": "br" } },
  ];

  const measured: Measured[] = [];
  process.stdout.write(`load: ${connections} connections, ${duration} s each after a ${warmup} s warm-up\n`);
  for (const target of targets) {
    const check = await preflight(base, target);
    process.stdout.write(`  ${target.name}: ${target.method ?? "GET"} ${target.path.length > 60 ? `${target.path.slice(0, 57)}...` : target.path} -> ${check}\n`);
    measured.push({ ...target, preflight: check, result: await measure(base, target) });
  }

  const staticRps = measured.find((entry) => entry.name === "static asset")?.result.requests.average ?? 0;
  const rows = measured.map(({ name, result }) => [
    name,
    result.requests.average.toFixed(0),
    result.latency.p50.toFixed(0),
    result.latency.p99.toFixed(0),
    String(result.non2xx) + (result.non2xx > 0 ? " !!" : ""),
    String(result.errors + result.timeouts) + (result.errors + result.timeouts > 0 ? " !!" : ""),
    staticRps > 0 ? `${formatRatio(result.requests.average / staticRps)}x static` : "-",
  ]);
  process.stdout.write(
    `\n${describeDatabase(database)}, ${inspected.live.toLocaleString("en")} live tools, ${connections} connections, ${duration} s\n` +
      `${formatTable(["target", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "vs static"], rows)}\n`,
  );

  const invalid = measured.filter(({ result }) => result.non2xx > 0 || result.errors > 0 || result.timeouts > 0);
  for (const { name, result } of invalid) {
    const statuses = Object.entries(result.statusCodeStats)
      .map(([status, { count: n }]) => `${status}: ${n}`)
      .join(", ");
    process.stderr.write(
      `\n!!! ${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors, ${result.timeouts} timeouts (${statuses}). ` +
        "Its figures measure failures, not pages: do not use them.\n",
    );
  }
  if (invalid.length > 0) failed = true;
  if (serverLog.suppressed > 0) process.stderr.write(`(${serverLog.suppressed} more server log lines not shown)\n`);
} catch (error) {
  failed = true;
  // An interrupt kills the server under a request in flight; that error is not news.
  if (!interrupted) process.stderr.write(`benchmark failed: ${(error as Error).message}\n`);
} finally {
  await stopServer();
}
if (interrupted) process.exit(130);
process.stdout.write(`done in ${seconds(performance.now() - benchStarted)}\n`);
process.exit(failed ? 1 : 0);
