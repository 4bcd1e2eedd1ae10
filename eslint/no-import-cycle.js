// @ts-check
/**
 * Lint rule: a module never reaches itself through its imports. Type-only and dynamic imports count too: a cycle of
 * types ties its files into one piece as surely as a cycle of values, and is how a runtime cycle starts. It follows the
 * project's own files only: relative paths and package.json's "#app/*"-style imports.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** @type {Map<string, { mtimeMs: number; imports: string[] }>} */
const importsByFile = new Map();
/** @type {Map<string, Record<string, string>>} */
const aliasesByRoot = new Map();

/** The package.json "imports" of the project that holds `file`, keyed by their prefix ("#app/" -> "<root>/app/"). */
function aliasesOf(file) {
  let dir = path.dirname(file);
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return {};
    dir = parent;
  }
  let aliases = aliasesByRoot.get(dir);
  if (!aliases) {
    const imports = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).imports ?? {};
    aliases = Object.fromEntries(
      Object.entries(imports)
        .filter(([key, target]) => key.endsWith("/*") && typeof target === "string" && target.endsWith("/*"))
        .map(([key, target]) => [key.slice(0, -1), path.join(dir, /** @type {string} */ (target).slice(0, -1))]),
    );
    aliasesByRoot.set(dir, aliases);
  }
  return aliases;
}

/** The project file `specifier` names from `importer`, or undefined for a package, an asset or a missing file. */
function resolve(specifier, importer) {
  const bare = specifier.split("?")[0] ?? "";
  let target;
  if (bare.startsWith(".")) target = path.resolve(path.dirname(importer), bare);
  else {
    const alias = Object.entries(aliasesOf(importer)).find(([prefix]) => bare.startsWith(prefix));
    if (!alias) return undefined;
    target = alias[1] + bare.slice(alias[0].length);
  }
  if (!/\.(ts|tsx|js)$/.test(target)) return undefined;
  return existsSync(target) ? target : undefined;
}

/** The project files `file` imports, read once per change of the file. */
function importsOf(file) {
  const { mtimeMs } = statSync(file);
  const known = importsByFile.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.imports;
  const found = ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles;
  const imports = [
    ...new Set(found.map((entry) => resolve(entry.fileName, file)).filter((target) => target !== undefined)),
  ];
  importsByFile.set(file, { mtimeMs, imports });
  return imports;
}

/** A path of imports from `start` back to `goal` (the files after `start`), or undefined. */
function pathBack(start, goal) {
  const seen = new Set([start]);
  /** @type {[string, string[]][]} */
  const stack = [[start, []]];
  while (stack.length) {
    const [file, trail] = /** @type {[string, string[]]} */ (stack.pop());
    for (const next of importsOf(file)) {
      if (next === goal) return [...trail, next];
      if (!seen.has(next)) {
        seen.add(next);
        stack.push([next, [...trail, next]]);
      }
    }
  }
  return undefined;
}

/** @type {import("eslint").Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles between the project's modules, type-only imports included." },
    schema: [],
    messages: { cycle: "Import cycle: {{cycle}}" },
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    /** @param {import("estree").Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== "string") return;
      const target = resolve(source, file);
      if (!target) return;
      const back = target === file ? [] : pathBack(target, file);
      if (!back) return;
      const cycle = [file, target, ...back].map((name) => path.relative(root, name)).join(" -> ");
      context.report({ node, messageId: "cycle", data: { cycle } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

export default { rules: { "no-import-cycle": noImportCycle } };
