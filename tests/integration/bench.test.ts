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
