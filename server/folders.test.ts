/**
 * The server's folders import downward (ARCHITECTURE.md): no folder reaches itself through another's imports, as no
 * file reaches itself (eslint/no-import-cycle.js). A file at the server's root counts as a folder of its own. Type-only
 * and dynamic imports count too. A cycle of folders means a file sits in the wrong one: move it where the arrows run down.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SERVER = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The server's folder (or root file) that holds `file`, or null outside the server. */
function folderOf(file: string): string | null {
  const relative = path.relative(SERVER, file);
  if (relative.startsWith("..")) return null;
  return relative.split(path.sep)[0]!;
}

/** Each folder's imports of another folder, with the file and specifier that make each. */
function folderImports(): Map<string, Map<string, string[]>> {
  const arrows = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SERVER)) {
    const from = folderOf(file)!;
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      const target = specifier.startsWith("#server/")
        ? path.join(SERVER, specifier.slice("#server/".length))
        : specifier.startsWith(".")
          ? path.resolve(path.dirname(file), specifier)
          : null;
      const to = target && folderOf(target);
      if (!to || to === from) continue;
      if (!arrows.has(from)) arrows.set(from, new Map());
      const byTarget = arrows.get(from)!;
      byTarget.set(to, [...(byTarget.get(to) ?? []), `${path.relative(SERVER, file)} imports ${specifier}`]);
    }
  }
  return arrows;
}

/** The folders from which `start` can be reached again, each with the imports that lead back to it. */
function pathsBack(arrows: Map<string, Map<string, string[]>>, start: string): string[] {
  const seen = new Set<string>();
  const walk = (folder: string, trail: string[]): string[] | null => {
    for (const [next, why] of arrows.get(folder) ?? []) {
      const step = [...trail, why[0]!];
      if (next === start) return step;
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, step);
      if (found) return found;
    }
    return null;
  };
  return walk(start, []) ?? [];
}

describe("the server's folders", () => {
  it("import downward: none reaches itself through the others", () => {
    const arrows = folderImports();
    const cycles: Record<string, string[]> = {};
    for (const folder of arrows.keys()) {
      const back = pathsBack(arrows, folder);
      if (back.length > 0) cycles[folder] = back;
    }
    expect(cycles).toEqual({});
  });

  it("finds a cycle of folders when there is one", () => {
    // The check itself: the two folders below import each other in a made-up pair of arrows.
    const arrows = new Map([
      ["deals", new Map([["tools", ["deals/deals.ts imports ../tools/read/queries.ts"]]])],
      ["tools", new Map([["deals", ["tools/read/related.ts imports ../../deals/deals.ts"]]])],
    ]);
    expect(pathsBack(arrows, "deals")).toEqual([
      "deals/deals.ts imports ../tools/read/queries.ts",
      "tools/read/related.ts imports ../../deals/deals.ts",
    ]);
    expect(folderImports().get("http")?.has("db")).toBe(true);
  });
});
