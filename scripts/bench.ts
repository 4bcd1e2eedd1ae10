/**
 * Measures the production server on a seeded database (npm run bench:seed): every public page served from the page
 * cache and a signed-in person's, against a static file of the same run; the first render of every kind of page (the
 * cold path), a crawler reading pages nobody asked for, the sitemap, feeds and llms.txt; the cold start and the memory.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { randomInt } from "node:crypto";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { count, desc } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import { encodeCursor } from "#common/cursor.ts";
import { SCRIPT_MARKER_COOKIE } from "#common/page-cache.ts";
import { PROOF_FIELD } from "#common/spam-fields.ts";
import { openDatabase } from "#server/db/client.ts";
import { tools } from "#server/db/schema.ts";
import { isPublicTool } from "#server/tools/read/queries.ts";
import { solvedProof } from "#tests/setup/proof-of-work.ts";
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
  freePort,
  ROOT,
  seconds,
  serverEnvironment,
  waitUntilHealthy,
} from "./bench-lib.ts";
import {
  BROWSER,
  type Catalogue,
  crawl,
  measureDocuments,
  readCatalogue,
  measureMisses,
  missKinds,
  send,
  visitorAddress,
} from "./bench-pages.ts";

const USAGE = `Usage: npm run bench -- [--database-url postgres://...] [--data-dir ./data/bench] [--duration 10] [--connections 20] [--warmup 2]
       [--page 1000] [--walk-budget 30] [--misses 30] [--crawl 200] [--lighthouse] [--only "analytics event,home"] [--rounds 1]
       [--cold] [--smoke]

Starts the production build (npm run build first) on 127.0.0.1 against the chosen database (seed it with
npm run bench:seed) and measures, one target after the other, with autocannon: each public page served from the page
cache (a hit), a signed-in person's pages (the same cached pages, and one rendered for them) and their own state
(/api/me), the infinite-scroll API at page 1 and deep, analytics events and a static file. Then the cold path: the first
render of each kind of page, --misses distinct URLs each, one request at a time; a crawler reading --crawl distinct tool
pages 8 at a time; the sitemap's index and parts, the feeds and llms.txt. It also prints the cold start, the server's
memory, the home page's HTML and first-visit JavaScript, and with --lighthouse, Lighthouse's mobile scores (performance,
accessibility, best practices, SEO) of the home page, a tool page, /tools and a category (Debian's Chromium).
The deep page's cursor is found by following nextCursor through the API; past --walk-budget seconds the walk stops
and the cursor read from the database (OFFSET, before the server starts) is used.
--only measures only the load targets named (comma-separated, as the table names them), always with the static file
they are compared with, and skips the cold path. --rounds repeats the load targets, a table per round, to compare
the ratios of several rounds on a noisy machine.
--cold measures only the cold path: no load target.
--against <git revision> compares the working tree with that revision instead, on the same machine in one run: see
npm run bench -- --against HEAD --help.
--smoke runs every target briefly (a second each, 3 URLs of each kind): a check that each answers, as CI runs it on a
small catalogue. It fails when a target errors, never because a figure is slow.`;

// Two builds compared (scripts/bench-compare.ts) is a run of its own, with its own flags.
if (process.argv.slice(2).some((flag) => flag === "--against" || flag.startsWith("--against="))) {
  const { compareBuilds } = await import("./bench-compare.ts");
  process.exit(await compareBuilds());
}

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
    misses: { type: "string" },
    crawl: { type: "string" },
    lighthouse: { type: "boolean" },
    only: { type: "string" },
    rounds: { type: "string" },
    cold: { type: "boolean" },
    smoke: { type: "boolean" },
  },
  USAGE,
);
const isColdOnly = values.cold === true;
if (isColdOnly && values.only !== undefined)
  fail("Give either --cold (the cold path only) or --only (load targets only), not both.");
const isSmoke = values.smoke === true;
const duration = intFlag("duration", values.duration, isSmoke ? 1 : 10);
const connections = intFlag("connections", values.connections, isSmoke ? 4 : 20);
const warmup = intFlag("warmup", values.warmup, isSmoke ? 0 : 2, { min: 0 });
const deepPage = intFlag("page", values.page, isSmoke ? 5 : 1000);
const walkBudgetMs = intFlag("walk-budget", values["walk-budget"], isSmoke ? 5 : 30) * 1000;
const missSamples = intFlag("misses", values.misses, isSmoke ? 3 : 30);
const crawlPages = intFlag("crawl", values.crawl, isSmoke ? 16 : 200);
/** The top-list the load reads from the cache: the others are measured on a miss. */
const LOADED_TOP_LIST = "/top-ai-tools";
/** How many requests a crawler, and the crowd asking for one missing sitemap part, make at once. */
const CRAWL_CONCURRENCY = 8;
const rounds = intFlag("rounds", values.rounds, 1);
/** The load targets to measure (--only), or every one; the static file is the baseline of every ratio, so it is always measured. */
const only =
  values.only === undefined
    ? undefined
    : new Set(
        values.only
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean),
      );
const STATIC_TARGET = "static file";
const isWanted = (name: string) => !isColdOnly && (!only || only.has(name) || name === STATIC_TARGET);
const database = chooseDatabase(values);

/** Server log lines echoed before the rest are only counted: a failing target logs on every request. */
const MAX_ECHOED_LOG_LINES = 20;

/* ---------------------------------------------------------------- preconditions */

// The same build folder the server will read (BUILD_DIR, as in the server's config).
const buildDir = path.resolve(ROOT, process.env.BUILD_DIR || "build");
if (!existsSync(path.join(buildDir, "server/main.js"))) fail("No production build: run `npm run build` first.");
const assetsDir = path.join(buildDir, "client/assets");
// The static baseline: the site's stylesheet, a file every page loads.
const assetName = existsSync(assetsDir)
  ? readdirSync(assetsDir)
      .sort()
      .find((name) => /^app-.*\.css$/.test(name))
  : undefined;
if (!assetName) fail(`No app-*.css in ${displayPath(assetsDir)}: run \`npm run build\` again.`);
if (database.kind === "pglite" && !existsSync(path.join(database.dataDir, "pglite"))) {
  fail(
    `No embedded database in ${displayPath(database.dataDir)}: run \`npm run bench:seed -- --data-dir ${displayPath(database.dataDir)}\` first.`,
  );
}

/**
 * Counts the tools, reads the deep page's cursor by OFFSET (a check on, and a fallback for, the API walk), and picks what
 * the page targets visit: tools, the largest category, and the time span the list cursors are drawn from.
 * Done before the server starts: PGlite allows one process per data folder, so this handle must be closed first.
 */
async function inspectDatabase(target: BenchDatabase, wantedPage: number) {
  const handle = await openDatabase(
    target.kind === "postgres" ? { url: target.url, maxConnections: 1 } : { dataDir: target.dataDir },
  );
  try {
    // A database seeded by an earlier version gets the tables this one reads first, as the server would make them.
    await handle.migrate();
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
    // Distinct tools for every kind of page that shows one, the crawler, and the load's own tool page.
    const { slugs, ...rest } = await readCatalogue(handle.db, missSamples * 5 + crawlPages + 1, missSamples);
    const catalogue: Catalogue = {
      ...rest,
      slugs: slugs.slice(1),
      topLists: rest.topLists.filter((path) => path !== LOADED_TOP_LIST),
    };
    return {
      all: all?.n ?? 0,
      live: liveCount,
      page,
      cursor: last ? encodeCursor({ key: last.createdAt.getTime(), id: last.id }) : null,
      toolSlug: slugs[0],
      catalogue,
    };
  } catch (error) {
    fail(
      `Could not read the tools (${(error as Error).message}): is the database seeded? Run \`npm run bench:seed\` first.`,
    );
  } finally {
    await handle.close();
  }
}

/* ---------------------------------------------------------------- the server */

let server: ChildProcess | undefined;
let temporaryDataDir: string | undefined;

/** The data folder of a server on PostgreSQL: made once, removed when the benchmark ends. */
function serverDataDir(): string {
  temporaryDataDir ??= mkdtempSync(path.join(os.tmpdir(), "indie-tools-bench-"));
  return temporaryDataDir;
}
let serverExit: Promise<void> = Promise.resolve();
const serverLog = { echoed: 0, suppressed: 0 };

function startServer(port: number) {
  // The compiled server, as `npm run serve` runs it.
  const child = spawn(process.execPath, [path.join(buildDir, "server/main.js")], {
    // The server resolves its build folder (BUILD_DIR) relative to its working directory.
    cwd: ROOT,
    env: serverEnvironment(port, database, database.kind === "pglite" ? database.dataDir : serverDataDir()),
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
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await serverExit;
    clearTimeout(timer);
  }
  if (temporaryDataDir) rmSync(temporaryDataDir, { recursive: true, force: true });
}

let running: AutocannonRun | undefined;
let interrupted = false;
process.on("SIGINT", () => {
  interrupted = true;
  process.stderr.write("\ninterrupted: stopping the server\n");
  running?.stop();
  void stopServer().finally(() => process.exit(130));
});

/* ---------------------------------------------------------------- the deep page's cursor */

type ApiPage = { items: { id: string }[]; nextCursor: string | null };

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
    for (const tool of body.items) {
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

/* ---------------------------------------------------------------- requests */

type Target = {
  name: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  fromManyAddresses?: boolean;
  /** What x-cache must say (a page from the page cache, or one rendered for a session); unset for the API and files. */
  expectCache?: "hit" | "bypass";
};
type Measured = Target & { result: AutocannonResult; preflight: string };

async function preflight(base: string, target: Target): Promise<string> {
  const answer = await send(base + target.path, {
    method: target.method,
    headers: { ...target.headers, ...visitorAddress() },
    body: target.body,
  });
  const encoding = answer.headers["content-encoding"];
  const cache = answer.headers["x-cache"];
  return `${answer.status}, ${answer.bytes.toLocaleString("en")} bytes${encoding ? ` ${encoding}` : ""}${cache ? `, x-cache ${cache}` : ""}`;
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
    ...(target.fromManyAddresses
      ? {
          requests: [
            { setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...visitorAddress() } }) },
          ],
        }
      : {}),
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

/** Signs a person up through the register form; answers their session cookie. */
async function signUp(base: string): Promise<string> {
  const email = `bench-${Date.now()}-${randomInt(1_000_000)}@example.com`;
  const answer = await send(`${base}/register`, {
    method: "POST",
    headers: { ...BROWSER, ...visitorAddress(), "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({
      username: `Bench ${randomInt(1_000_000)}`,
      email,
      password: "long-enough-password",
      // The form's proof of work, solved as a browser solves it (decision 023).
      [PROOF_FIELD]: await solvedProof((path) => fetch(base + path)),
    }).toString(),
  });
  const cookies = ([] as string[]).concat(answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]!);
  if (answer.status !== 302 || cookies.length === 0)
    throw new Error(`signing up answered ${answer.status} without a session cookie`);
  return cookies.join("; ");
}

/** Deletes the account signUp made, through the profile page's form, so a benchmark leaves no user behind. */
async function deleteAccount(base: string, session: string) {
  const answer = await send(`${base}/edit-profile`, {
    method: "POST",
    headers: { ...BROWSER, cookie: session, "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ intent: "delete", confirm: "DELETE" }).toString(),
  });
  if (answer.status !== 302)
    process.stderr.write(`WARNING: deleting the benchmark's account answered ${answer.status}\n`);
}

/** The resident memory of a process, from /proc (Linux). */
function residentMegabytes(pid: number | undefined): number | null {
  try {
    const kilobytes = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kilobytes ? Math.round(Number(kilobytes) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * The JavaScript a first visit to `html` loads, as the server sends it gzipped: what the page's module scripts import
 * (and the one they import at once, the entry), then every module those import statically. Modules a page imports only
 * when needed (a chart) are not counted.
 */
async function firstVisitScripts(base: string, html: string): Promise<{ files: number; bytes: number }> {
  const moduleScripts = [...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .join("\n");
  const lang = /<html lang="([a-z]{2})"/.exec(html)?.[1] ?? "en";
  const bundles = /<meta name="i18n-bundles" content="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
  const pending = [...moduleScripts.matchAll(/(?:from\s*|import\s*\(?\s*)"(\/assets\/[^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  const loaded = new Set<string>();
  let bytes = 0;
  while (pending.length > 0) {
    const asset = pending.pop()!;
    if (loaded.has(asset)) continue;
    loaded.add(asset);
    bytes += (await send(base + asset, { headers: { "accept-encoding": "gzip" } })).bytes;
    const source = await (await fetch(base + asset)).text();
    // A minified module's static imports: import{a}from"./x.js", import"./y.js" (not import("./z.js"), loaded when used).
    for (const match of source.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g))
      pending.push(new URL(match[1]!, base + asset).pathname);
    // The bundles of the page's language that the page names, which the entry imports before it hydrates (decision 053).
    for (const match of source.matchAll(/import\("(\.\/[a-z]{2}-[a-z]+-[\w-]+\.js)"\)/g)) {
      const chunk = /\.\/([a-z]{2})-([a-z]+)-/.exec(match[1]!)!;
      if (chunk[1] === lang && bundles.includes(chunk[2]!)) pending.push(new URL(match[1]!, base + asset).pathname);
    }
  }
  return { files: loaded.size, bytes };
}

type LighthouseScores = {
  name: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: string;
  tbt: string;
  failed: string[];
};

/** Lighthouse's mobile scores of each page, in Debian's Chromium (or CHROMIUM_PATH), with the audits that cost points. */
async function lighthouseScores(pages: { name: string; url: string }[]): Promise<LighthouseScores[]> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chromePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
    (candidate) => candidate && existsSync(candidate),
  );
  if (!chromePath) throw new Error("no Chromium: install Debian's chromium or set CHROMIUM_PATH");
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
  try {
    const scores = [];
    for (const page of pages) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        logLevel: "error",
        output: "json",
      });
      const lhr = result?.lhr;
      const score = (category: string) => Math.round((lhr?.categories[category]?.score ?? 0) * 100);
      // The weighted audits of the three other categories that did not pass: what to look at when a score is not 100.
      const failed = ["accessibility", "best-practices", "seo"].flatMap((category) =>
        (lhr?.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr?.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category}: ${ref.id}`),
      );
      scores.push({
        name: page.name,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcp: lhr?.audits["largest-contentful-paint"]?.displayValue ?? "-",
        tbt: lhr?.audits["total-blocking-time"]?.displayValue ?? "-",
        failed,
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

/* ---------------------------------------------------------------- the run */

const benchStarted = performance.now();
process.stdout.write(`database: ${describeDatabase(database)}\n`);
const inspected = await inspectDatabase(database, deepPage);
process.stdout.write(
  `tools: ${inspected.live.toLocaleString("en")} live (${inspected.all.toLocaleString("en")} in the table)\n`,
);
if (inspected.live === 0)
  process.stderr.write("WARNING: no live tool: run `npm run bench:seed` first, the figures mean little.\n");

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let failed = false;
try {
  const serverStarted = performance.now();
  const child = startServer(port);
  await waitUntilHealthy(base, child);
  const healthyMs = performance.now() - serverStarted;
  // The first page, rendered from cold: what a visitor waits for after a restart.
  const firstPage = await send(`${base}/`, { headers: BROWSER });
  const coldStartMs = performance.now() - serverStarted;
  if (firstPage.status !== 200) throw new Error(`the home page answered ${firstPage.status}`);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const idleMemory = residentMegabytes(child.pid);
  process.stdout.write(
    `server ready on ${base}: /healthz in ${seconds(healthyMs)}, first page (200) in ${seconds(coldStartMs)}; ` +
      `${idleMemory ?? "?"} MB resident when idle (node ${process.version}, ${os.cpus().length} CPUs)\n`,
  );

  const homeHtml = await (await fetch(`${base}/`)).text();
  const scripts = await firstVisitScripts(base, homeHtml);
  const homeBrotli = await send(`${base}/`, { headers: BROWSER });
  process.stdout.write(
    `home page: ${Buffer.byteLength(homeHtml).toLocaleString("en")} bytes of HTML (${homeBrotli.bytes.toLocaleString("en")} with brotli); ` +
      `first visit loads ${scripts.files} scripts, ${scripts.bytes.toLocaleString("en")} bytes gzipped\n`,
  );

  // The walk to the deep page is skipped when no scroll page is measured.
  const isScrollWanted = !isColdOnly && (!only || [...only].some((name) => name.startsWith("scroll page")));
  const walk = isScrollWanted
    ? await walkToPage(base, inspected.page, walkBudgetMs)
    : { page: inspected.page, ms: 0, cursor: inspected.cursor, complete: true, toolsSeen: 0, problems: [] };
  const perPage = `${(walk.ms / walk.page).toFixed(1)} ms a page`;
  let deepCursor = walk.cursor;
  if (!isScrollWanted) {
    // Not walked: the database's cursor stands in.
  } else if (walk.complete) {
    process.stdout.write(
      `walked the API to page ${walk.page} in ${seconds(walk.ms)} (${walk.page - 1} cursors followed, ${perPage}, ${walk.toolsSeen.toLocaleString("en")} tools seen)\n`,
    );
    if (walk.cursor !== inspected.cursor) {
      process.stderr.write(
        `WARNING: the API's cursor to page ${walk.page} (${walk.cursor}) differs from the database's by OFFSET (${inspected.cursor})\n`,
      );
    }
  } else {
    deepCursor = inspected.cursor;
    process.stderr.write(
      `\n!!! the API walk reached only page ${walk.page} of ${inspected.page} in ${seconds(walk.ms)} (${perPage}): ` +
        "scrolling is slow. Using the cursor read from the database instead.\n\n",
    );
  }
  if (walk.problems.length > 0) {
    process.stderr.write(
      `WARNING: the keyset order is broken (${walk.problems.length} problems), e.g.:\n  ${walk.problems.slice(0, 5).join("\n  ")}\n`,
    );
  }
  const deepName = inspected.page === deepPage ? `scroll page ${deepPage}` : `scroll page ${inspected.page} (last)`;
  if (inspected.page !== deepPage)
    process.stdout.write(`only ${inspected.page} pages: measuring the last one instead of page ${deepPage}\n`);

  const session = await signUp(base);
  // A signed-in person whose browser runs the site's scripts (the marker their session cache writes): the visitors' pages.
  const sharedSession = `${session}; ${SCRIPT_MARKER_COOKIE}=1`;
  const { catalogue, toolSlug } = inspected;
  const categoryPath = catalogue.categorySlugs[0] ? `/category/${catalogue.categorySlugs[0]}` : "/categories";
  const commonWord = "analytics";
  const rareWord = "90001";
  // A filtered /tools with its facet counts (decision 034): pricing and the largest category.
  const filteredTools = `/tools?payment=free${catalogue.categorySlugs[0] ? `&category=${catalogue.categorySlugs[0]}` : ""}&verified=30`;
  const allTargets: Target[] = [
    { name: "home", path: "/", headers: BROWSER, expectCache: "hit" },
    { name: "/tools", path: "/tools", headers: BROWSER, expectCache: "hit" },
    { name: "/tools filtered", path: filteredTools, headers: BROWSER, expectCache: "hit" },
    { name: "tool page", path: `/tool/${toolSlug}`, headers: BROWSER, expectCache: "hit" },
    { name: "tool page (fr)", path: `/fr/tool/${toolSlug}`, headers: BROWSER, expectCache: "hit" },
    { name: "category page", path: categoryPath, headers: BROWSER, expectCache: "hit" },
    { name: "top-list page", path: LOADED_TOP_LIST, headers: BROWSER, expectCache: "hit" },
    { name: "search: common word", path: `/search/${commonWord}`, headers: BROWSER, expectCache: "hit" },
    { name: "search: rare word", path: `/search/${rareWord}`, headers: BROWSER, expectCache: "hit" },
    { name: "signed-in home", path: "/", headers: { ...BROWSER, cookie: sharedSession }, expectCache: "hit" },
    {
      name: "signed-in tool page",
      path: `/tool/${toolSlug}`,
      headers: { ...BROWSER, cookie: sharedSession },
      expectCache: "hit",
    },
    {
      name: "signed-in category page",
      path: categoryPath,
      headers: { ...BROWSER, cookie: sharedSession },
      expectCache: "hit",
    },
    // Rendered for the person on every request: sent from many addresses, as the renders' limit is per address.
    {
      name: "signed-in home, no scripts",
      path: "/",
      headers: { ...BROWSER, cookie: session },
      expectCache: "bypass",
      fromManyAddresses: true,
    },
    { name: "signed-in person's state", path: "/api/me", headers: { ...BROWSER, cookie: session } },
    { name: "scroll page 1", path: "/api/v1/tools", headers: BROWSER },
    {
      name: deepName,
      path: deepCursor ? `/api/v1/tools?cursor=${encodeURIComponent(deepCursor)}` : "/api/v1/tools",
      headers: BROWSER,
    },
    {
      name: "analytics event",
      path: "/api/event",
      method: "POST",
      body: JSON.stringify({ n: "pageview", u: `${base}/`, d: "127.0.0.1", r: "https://news.example.com/" }),
      headers: { "content-type": "text/plain", "user-agent": BROWSER["user-agent"] },
      fromManyAddresses: true,
    },
    { name: STATIC_TARGET, path: `/assets/${assetName}`, headers: BROWSER },
  ];
  const targets = allTargets.filter((target) => isWanted(target.name));
  const unknown = only ? [...only].filter((name) => !targets.some((target) => target.name === name)) : [];
  if (unknown.length > 0)
    throw new Error(
      `--only names no load target ${unknown.map((name) => `"${name}"`).join(", ")}: the targets are the table's names`,
    );

  let measured: Measured[] = [];
  if (targets.length > 0)
    process.stdout.write(
      `load: ${connections} connections, ${duration} s each after a ${warmup} s warm-up${rounds > 1 ? `, ${rounds} rounds` : ""}\n`,
    );
  for (let round = 1; round <= rounds && targets.length > 0; round++) {
    measured = [];
    for (const target of targets) {
      // Once to fill the cache, then the check sees what the load will get.
      if (target.expectCache === "hit") await send(base + target.path, { headers: target.headers });
      const check = await preflight(base, target);
      if (round === 1)
        process.stdout.write(
          `  ${target.name}: ${target.method ?? "GET"} ${target.path.length > 60 ? `${target.path.slice(0, 57)}...` : target.path} -> ${check}\n`,
        );
      if (target.expectCache && !check.includes(`x-cache ${target.expectCache}`)) {
        process.stderr.write(`WARNING: ${target.name} should be x-cache ${target.expectCache}: ${check}\n`);
        failed = true;
      }
      measured.push({ ...target, preflight: check, result: await measure(base, target) });
    }
    const staticRps = measured.find((entry) => entry.name === STATIC_TARGET)?.result.requests.average ?? 0;
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
      `\n${rounds > 1 ? `round ${round} of ${rounds}: ` : ""}${describeDatabase(database)}, ${inspected.live.toLocaleString("en")} live tools, ${connections} connections, ${duration} s\n` +
        `${formatTable(["target", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "vs static"], rows)}\n`,
    );
    const invalidRound = measured.filter(({ result }) => result.non2xx > 0 || result.errors > 0 || result.timeouts > 0);
    if (invalidRound.length > 0 && round < rounds) break;
  }
  const loadedMemory = residentMegabytes(child.pid);

  // The cold path: every kind of page rendered for the first time, one at a time (so the times are the render's, not a
  // queue's); a crawler; the sitemap, the feeds and llms.txt.
  if (!only) {
    const missRows = [];
    for (const kind of missKinds(catalogue, missSamples, session, new Set(targets.map((target) => target.path)))) {
      const result = await measureMisses(base, kind);
      const states = [...result.cacheStates].map(([state, n]) => `${state} ${n}`).join(", ");
      missRows.push([
        result.name,
        String(result.samples),
        result.p50.toFixed(1),
        result.p95.toFixed(1),
        result.max.toFixed(1),
        states + (result.failures.length ? ` !! ${result.failures.length} failed` : ""),
      ]);
      if (result.failures.length > 0 || result.samples === 0) {
        failed = true;
        process.stderr.write(
          `!!! ${kind.name}: ${result.samples === 0 ? "no URL to measure" : result.failures.slice(0, 3).join("; ")}\n`,
        );
      }
    }
    process.stdout.write(
      `\nfirst renders (cache misses), one request at a time, each to a URL not asked for before\n` +
        `${formatTable(["target", "requests", "p50 ms", "p95 ms", "max ms", "x-cache"], missRows)}\n`,
    );

    const crawled = await crawl(base, catalogue.slugs.slice(-crawlPages), CRAWL_CONCURRENCY);
    process.stdout.write(
      `\ncrawler: ${crawled.pages} tool pages not in the cache, ${CRAWL_CONCURRENCY} at a time: ${crawled.pagesPerSecond.toFixed(1)} pages/s, ` +
        `p50 ${crawled.p50.toFixed(1)} ms, p95 ${crawled.p95.toFixed(1)} ms${crawled.failures.length ? ` !! ${crawled.failures.length} failed` : ""}\n`,
    );
    if (crawled.failures.length > 0) {
      failed = true;
      process.stderr.write(`!!! crawler: ${crawled.failures.slice(0, 3).join("; ")}\n`);
    }

    const documents = await measureDocuments(base, catalogue, CRAWL_CONCURRENCY);
    const documentRows = documents.results.map((result) => [
      result.path,
      String(result.status) + (result.status === 200 ? "" : " !!"),
      result.ms.toFixed(1),
      result.bytes.toLocaleString("en"),
      result.urls === null ? "-" : result.urls.toLocaleString("en"),
      result.cache,
    ]);
    process.stdout.write(
      `\nsitemap (${documents.parts} parts), feeds and llms.txt, each built once\n${formatTable(["document", "status", "ms", "bytes", "URLs", "x-cache"], documentRows)}\n`,
    );
    if (documents.together) {
      const states = [...documents.together.states].map(([state, n]) => `${state} ${n}`).join(", ");
      process.stdout.write(
        `${CRAWL_CONCURRENCY} requests at once for ${documents.together.path}, not built yet: all answered in ${documents.together.ms.toFixed(0)} ms (${states})\n`,
      );
      if (documents.together.failures > 0) failed = true;
    }
    if (documents.results.some((result) => result.status !== 200)) failed = true;
  }
  process.stdout.write(`\nmemory: ${idleMemory ?? "?"} MB idle, ${loadedMemory ?? "?"} MB after the load\n`);
  await deleteAccount(base, session);

  if (values.lighthouse) {
    const scores = await lighthouseScores([
      { name: "home", url: `${base}/` },
      { name: "tool page", url: `${base}/tool/${toolSlug}` },
      { name: "/tools", url: `${base}/tools` },
      { name: "category", url: `${base}${categoryPath}` },
    ]);
    process.stdout.write(
      `\nLighthouse, mobile\n${formatTable(
        ["page", "performance", "accessibility", "best practices", "SEO", "LCP", "TBT"],
        scores.map((score) => [
          score.name,
          String(score.performance),
          String(score.accessibility),
          String(score.bestPractices),
          String(score.seo),
          score.lcp,
          score.tbt,
        ]),
      )}\n`,
    );
    for (const score of scores)
      if (score.failed.length > 0) process.stdout.write(`${score.name}: ${score.failed.join(", ")}\n`);
  }

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
