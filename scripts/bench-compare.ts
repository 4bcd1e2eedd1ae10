/**
 * `npm run bench -- --against <revision>`: the working tree's build measured against another revision's on the same
 * machine in the same run, so that a regression shows as a ratio rather than as two figures from two days (decision 066).
 *
 * The other revision is built beside the project (kept in the system's temporary folder by its commit, so a second run
 * reuses it) and the working tree is built again; each build seeds its own catalogue with its own `bench:seed` (two
 * databases beside the one named, or two PGlite folders). Then, round after round, both servers are started fresh and
 * each page kind's first renders are measured on one build, then at once on the other (the order switching each round),
 * then a crawler on each. A page kind slower by more than both builds' own spread between rounds fails the run.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "#server/db/client.ts";
import {
  type BenchDatabase,
  databaseOptions,
  chooseDatabase,
  describeDatabase,
  fail,
  formatTable,
  freePort,
  intFlag,
  parseFlags,
  ROOT,
  seconds,
  serverEnvironment,
  waitUntilHealthy,
} from "./bench-lib.ts";
import { type Catalogue, crawl, measureMisses, missKinds, readCatalogue } from "./bench-pages.ts";

/**
 * Below this, a difference between two builds is not reported as slower, however steady the rounds: each build has its
 * own database and process, and the same code compared with itself on this two-core machine came out up to 8% apart
 * on a kind whose rounds agreed within 5%.
 */
const MIN_NOISE = 0.1;

const USAGE = `Usage: npm run bench -- --against <git revision> [--tools 100000] [--database-url postgres://...] [--data-dir ./data/bench]
       [--rounds 3] [--misses 20] [--crawl 200]

Builds <git revision> in the system's temporary folder (once per commit) and the working tree in ./build, seeds each its
own catalogue of --tools tools with its own bench:seed (on PostgreSQL, the databases <name>_current and <name>_against
beside the one --database-url names, dropped and made again; else two PGlite folders), then measures both builds
interleaved for --rounds rounds: every page kind's first render (--misses URLs each, one at a time) and a crawler reading
--crawl tool pages 8 at a time. It prints each kind's median in each round, and fails when a kind of the working tree is
slower than the other build's by more than either build's range between rounds (and ${percent(MIN_NOISE)}).`;

/** How many requests the crawler makes at once, as the single run's crawler does. */
const CRAWL_CONCURRENCY = 8;

type Build = { name: "against" | "current"; label: string; root: string; buildDir: string; database: BenchDatabase };
type Figures = { p50: number[]; failed: string | null };

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(command, args, {
    cwd,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 << 20,
  });
}

/** The revision's commit, built in a folder of its own: its files from git, its own packages, its own build. */
function prepareRevision(revision: string): { sha: string; root: string } {
  let sha: string;
  try {
    sha = run("git", ["rev-parse", "--verify", `${revision}^{commit}`], ROOT).trim();
  } catch {
    fail(`--against ${revision}: git knows no such revision here.`);
  }
  const root = path.join(os.tmpdir(), `indie-tools-bench-${sha.slice(0, 12)}`);
  if (existsSync(path.join(root, "build/server/main.js"))) {
    process.stdout.write(`${revision} (${sha.slice(0, 12)}): built already in ${root}\n`);
    return { sha, root };
  }
  const started = performance.now();
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  execFileSync("sh", ["-c", `git archive --format=tar ${sha} | tar -x -C "${root}"`], { cwd: ROOT, stdio: "inherit" });
  const sameLock =
    existsSync(path.join(root, "package-lock.json")) &&
    readFileSync(path.join(root, "package-lock.json"), "utf8") ===
      readFileSync(path.join(ROOT, "package-lock.json"), "utf8");
  if (sameLock) symlinkSync(path.join(ROOT, "node_modules"), path.join(root, "node_modules"));
  else run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], root);
  run("npm", ["run", "build", "--silent"], root, withoutBuildDir());
  process.stdout.write(
    `${revision} (${sha.slice(0, 12)}): built in ${root} in ${seconds(performance.now() - started)}\n`,
  );
  return { sha, root };
}

/** The environment without BUILD_DIR: each build is read from its own ./build. */
function withoutBuildDir(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { BUILD_DIR: _buildDir, ...rest } = env;
  return rest;
}

/** A fresh database for each build: beside the named one on PostgreSQL, a temporary folder with PGlite. */
async function freshDatabase(base: BenchDatabase, name: Build["name"]): Promise<BenchDatabase> {
  if (base.kind === "pglite")
    return { kind: "pglite", dataDir: mkdtempSync(path.join(os.tmpdir(), `indie-tools-bench-${name}-`)) };
  const url = new URL(base.url);
  const database = `${url.pathname.slice(1) || "postgres"}_${name}`;
  const admin = postgres(base.url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${database}" with (force)`);
    await admin.unsafe(`create database "${database}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${database}`;
  return { kind: "postgres", url: url.toString() };
}

/** Seeds the build's database with the build's own bench:seed, and prints its summary line. */
function seed(build: Build, tools: number) {
  const target =
    build.database.kind === "postgres"
      ? ["--database-url", build.database.url]
      : ["--data-dir", build.database.dataDir];
  const output = run(
    process.execPath,
    ["--import", "tsx", "scripts/bench-seed.ts", "--tools", String(tools), ...target],
    build.root,
    { ...withoutBuildDir(), DATABASE_URL: "" },
  );
  const summary = output.split("\n").find((line) => line.startsWith("seeded")) ?? output.trim().split("\n").at(-1);
  process.stdout.write(`  ${build.name}: ${summary}\n`);
}

/** The build's catalogue, read without migrating it: an older build's database keeps its own schema. */
async function catalogueOf(build: Build, toolCount: number, samples: number): Promise<Catalogue> {
  const handle = await openDatabase(
    build.database.kind === "postgres"
      ? { url: build.database.url, maxConnections: 1 }
      : { dataDir: build.database.dataDir },
  );
  try {
    return await readCatalogue(handle.db, toolCount, samples);
  } finally {
    await handle.close();
  }
}

/** Starts the build's compiled server on a free port, with a data folder of its own, and waits until it answers. */
async function startBuild(build: Build): Promise<{ base: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir =
    build.database.kind === "pglite"
      ? build.database.dataDir
      : mkdtempSync(path.join(os.tmpdir(), "indie-tools-bench-files-"));
  const child = spawn(process.execPath, [path.join(build.buildDir, "server/main.js")], {
    cwd: build.root,
    env: { ...serverEnvironment(port, build.database, dataDir), BUILD_DIR: build.buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(base, child);
  return {
    base,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      if (build.database.kind === "postgres") rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A failure as the table's last column shows it: its first 60 characters (the rest is a URL's tail). */
function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** The middle of a few figures. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** How far a build's rounds are apart: their range, relative to their median. */
function spread(values: number[]): number {
  const middle = median(values);
  return middle > 0 ? (Math.max(...values) - Math.min(...values)) / middle : 0;
}

export async function compareBuilds(): Promise<number> {
  const values = parseFlags(
    {
      ...databaseOptions,
      against: { type: "string" },
      tools: { type: "string" },
      rounds: { type: "string" },
      misses: { type: "string" },
      crawl: { type: "string" },
    },
    USAGE,
  );
  const revision = values.against ?? fail(USAGE);
  const toolCount = intFlag("tools", values.tools, 100_000);
  const rounds = intFlag("rounds", values.rounds, 3, { min: 2 });
  const misses = intFlag("misses", values.misses, 20);
  const crawlPages = intFlag("crawl", values.crawl, 200);
  const base = chooseDatabase(values);

  const other = prepareRevision(revision);
  // The working tree is built again, beside ./build (which tests and a running server may be reading): an old build
  // would compare the wrong code. Inside the project, whose packages the build imports (/build*/ is ignored by git).
  const currentBuild = mkdtempSync(path.join(ROOT, "build-bench-"));
  process.once("exit", () => rmSync(currentBuild, { recursive: true, force: true }));
  const buildStarted = performance.now();
  run("npm", ["run", "build", "--silent"], ROOT, { ...process.env, BUILD_DIR: currentBuild });
  process.stdout.write(`the working tree: built in ${seconds(performance.now() - buildStarted)}\n`);
  const builds: Build[] = [
    {
      name: "against",
      label: `${revision} (${other.sha.slice(0, 12)})`,
      root: other.root,
      buildDir: path.join(other.root, "build"),
      database: await freshDatabase(base, "against"),
    },
    {
      name: "current",
      label: "the working tree",
      root: ROOT,
      buildDir: currentBuild,
      database: await freshDatabase(base, "current"),
    },
  ];
  process.stdout.write(`seeding ${toolCount.toLocaleString("en")} tools for each build (${describeDatabase(base)}):\n`);
  for (const build of builds) seed(build, toolCount);

  // Each round takes its own tools from the catalogue, so no URL is asked twice of a build.
  const perRound = misses * 12 + crawlPages;
  const catalogues = await Promise.all(builds.map((build) => catalogueOf(build, perRound * rounds, misses)));
  const figures = new Map<string, Map<Build["name"], Figures>>();
  const record = (kind: string, build: Build["name"], value: number, failed: string | null) => {
    const byBuild = figures.get(kind) ?? figures.set(kind, new Map()).get(kind)!;
    const entry = byBuild.get(build) ?? { p50: [], failed: null };
    entry.p50.push(value);
    entry.failed ??= failed;
    byBuild.set(build, entry);
  };

  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    const servers = new Map<Build["name"], Awaited<ReturnType<typeof startBuild>>>();
    const kindsOf = new Map(
      builds.map((build, index) => {
        const catalogue = catalogues[index]!;
        const slugs = catalogue.slugs.slice(round * perRound, (round + 1) * perRound);
        return [
          build.name,
          {
            kinds: missKinds({ ...catalogue, slugs: slugs.slice(crawlPages) }, misses, null),
            crawl: slugs.slice(0, crawlPages),
          },
        ];
      }),
    );
    process.stdout.write(`round ${round + 1} of ${rounds}: ${order.map((build) => build.name).join(" then ")}\n`);
    try {
      for (const build of order) servers.set(build.name, await startBuild(build));
      const kindNames = kindsOf.get("current")!.kinds.map((kind) => kind.name);
      for (const name of kindNames) {
        for (const build of order) {
          const kind = kindsOf.get(build.name)!.kinds.find((candidate) => candidate.name === name);
          if (!kind || kind.paths.length === 0) continue;
          const result = await measureMisses(servers.get(build.name)!.base, kind);
          record(name, build.name, result.p50, result.failures[0] ?? null);
        }
      }
      for (const build of order) {
        const result = await crawl(servers.get(build.name)!.base, kindsOf.get(build.name)!.crawl, CRAWL_CONCURRENCY);
        // As a time, so that larger is slower as for every other kind: milliseconds of the crawl per page.
        record(
          `crawler, ${CRAWL_CONCURRENCY} at a time (ms a page)`,
          build.name,
          1000 / result.pagesPerSecond,
          result.failures[0] ?? null,
        );
      }
    } finally {
      for (const server of servers.values()) await server.stop();
    }
  }

  for (const build of builds)
    if (build.database.kind === "pglite") rmSync(build.database.dataDir, { recursive: true, force: true });

  let slower = 0;
  const rows = [...figures].map(([kind, byBuild]) => {
    const against = byBuild.get("against");
    const current = byBuild.get("current");
    const cells = (entry: Figures | undefined) =>
      entry ? entry.p50.map((value) => value.toFixed(1)).join(" / ") : "-";
    if (!against || !current) return [kind, cells(against), cells(current), "-", "-", "only one build has it"];
    if (current.failed) {
      slower++;
      return [kind, cells(against), cells(current), "-", "-", `FAILS: ${clip(current.failed)}`];
    }
    if (against.failed)
      return [kind, cells(against), cells(current), "-", "-", `the other build: ${clip(against.failed)}`];
    const ratio = median(current.p50) / median(against.p50);
    const noise = Math.max(spread(against.p50), spread(current.p50), MIN_NOISE);
    const verdict = ratio > 1 + noise ? "SLOWER" : ratio < 1 - noise ? "faster" : "same";
    if (verdict === "SLOWER") slower++;
    return [kind, cells(against), cells(current), `${ratio.toFixed(2)}x`, `±${percent(noise)}`, verdict];
  });
  process.stdout.write(
    `\nfirst renders, median ms of each round (${misses} URLs each, one at a time), ${toolCount.toLocaleString("en")} tools, ${describeDatabase(base)}:\n` +
      `against: ${builds[0]!.label}; current: ${builds[1]!.label}; ratio: current / against\n\n` +
      formatTable(["page kind", "against", "current", "ratio", "noise", ""], rows) +
      "\n",
  );
  if (slower > 0)
    process.stderr.write(
      `\n${slower} page kind${slower === 1 ? " is" : "s are"} slower than ${revision}'s, past the noise.\n`,
    );
  return slower > 0 ? 1 : 0;
}
