/**
 * What an import preview leaves behind. A file's dry run parses every row and checks each against the catalogue (the
 * counts cover them all): for a 9.5 MB file, about 100 MB of short-lived objects, which an idle process may keep
 * resident until its next collection. Reachable, nothing of it may stay: after a full collection the heap is back where
 * it was, however many times the preview is shown. A 3 MB file shows it as well, in a third of the time.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const PROGRAM = path.resolve(import.meta.dirname, "../setup/import-preview-memory.ts");
const MB = 1024 * 1024;

describe("an import preview of a CSV file", () => {
  it("keeps nothing reachable once shown, however many times it is shown", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--expose-gc", PROGRAM], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, ROWS: "20000" },
      maxBuffer: 16 * MB,
    });
    const { fileBytes, heaps } = JSON.parse(stdout.trim().split("\n").at(-1)!) as {
      fileBytes: number;
      heaps: number[];
    };
    expect(fileBytes).toBeGreaterThan(2.5 * MB);
    const [beforeAny, ...afterEach] = heaps as [number, ...number[]];
    // Less than the file (its rows would be several times its size): the first view compiles some code of its own.
    for (const after of afterEach) expect(after - beforeAny).toBeLessThan(2 * MB);
    // And a view adds nothing to the one before.
    expect(afterEach.at(-1)! - afterEach[0]!).toBeLessThan(MB / 4);
  }, 120_000);
});
