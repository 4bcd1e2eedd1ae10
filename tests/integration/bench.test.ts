/**
 * The benchmark is part of the product: seeded on a small catalogue, its smoke run reaches every target it measures
 * (each page kind served from the cache and on a miss, first pages and later ones, filters that match nothing,
 * signed-in pages, the crawler, the sitemap and feeds) and fails when one of them answers with an error. It never
 * fails because a figure is slow.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/database.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
/** Enough tools for every kind of page to have several of its own (tags, categories, deep cursors, sitemap parts). */
const TOOLS = 1_500;
const RUN_TIMEOUT_MS = 240_000;

async function bench(script: string, args: string[]) {
  const { stdout } = await run(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", script), ...args], {
    cwd: ROOT,
    timeout: RUN_TIMEOUT_MS,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "warn" },
  });
  return stdout;
}

describe.each(databaseKinds)("the benchmark on %s", (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-bench-"));
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "seeds a catalogue and measures every target of its smoke run without an error",
    async () => {
      let target: string[];
      if (kind === "postgres") {
        database = await openTestDatabase("postgres");
        target = ["--database-url", database.url];
      } else {
        target = ["--data-dir", dataDir];
      }
      expect(await bench("bench-seed.ts", ["--tools", String(TOOLS), ...target])).toMatch(/1,?500 tools/);
      const report = await bench("bench.ts", ["--smoke", ...target]);
      for (const table of ["home", "tool page", "crawler", "sitemap"]) expect(report).toContain(table);
      // Every kind's first page, random entities, and filters that match nothing (the bench seed makes some).
      for (const kind of [
        "category, first page",
        "tag, first page",
        "/tools, first page, each sort",
        "filters matching nothing",
        "search matching nothing",
        "home, first page, rendered for a person",
      ]) {
        expect(report).toMatch(new RegExp(`${kind.replace(/[()/]/g, "\\$&")} +[1-9]`));
      }
    },
    2 * RUN_TIMEOUT_MS,
  );
});

describe("the benchmark comparing two builds", () => {
  it(
    "builds a revision beside the working tree, seeds each its own catalogue and prints each page kind's ratio",
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-bench-"));
      const args = ["--against", "HEAD", "--tools", "300", "--rounds", "2", "--misses", "2", "--crawl", "8"];
      try {
        const report = await bench("bench.ts", [...args, "--data-dir", dataDir]).catch(
          // A kind slower past the noise fails the run (exit code 1) with the table printed: on two samples of the
          // same code that may happen; any other failure may not.
          (error: { code?: number; stdout?: string; stderr?: string }) => {
            if (error.code === 1 && /slower than HEAD's/.test(error.stderr ?? "")) return error.stdout ?? "";
            throw error;
          },
        );
        expect(report).toMatch(/HEAD \([0-9a-f]{12}\)/);
        expect(report).toMatch(/seeded 300 tools/);
        for (const kind of [
          "tool page",
          "alternatives",
          "filters matching nothing",
          "crawler, 8 at a time (ms a page)",
        ])
          expect(report).toMatch(
            new RegExp(`\\n${kind.replace(/[()]/g, "\\$&")} +[0-9.]+ / [0-9.]+ +[0-9.]+ / [0-9.]+ +[0-9.]+x`),
          );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    2 * RUN_TIMEOUT_MS,
  );
});
