/**
 * Every reference in the project's own files resolves inside the repository: "docs/product.md §N" to a numbered section
 * of docs/product.md, "decision N" to a record in docs/decisions/, and a file the docs name to a file that exists.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const SECTION = /docs\/product\.md §(\d+)((?:(?:, | and | or )§\d+)*)/g;
/** "decision 036", "decisions 034 and 036", "decisions 005, 040": three digits each, as the records are numbered. */
const DECISION = /\bdecisions? (\d{3})((?:(?:, | and | or )\d{3})*)/gi;
/** A file's path, as the docs write one: folders, then a name with a source or document extension ("server/html.ts"). */
const FILE_PATH = /(?<![\w./@:#~-])((?:[\w+-]+\/)+[\w.+-]+\.(?:tsx?|md|json|sql|css|ya?ml))(?![\w/.-])/g;
/** Where a path the docs name may start: the repository, or server/ (ARCHITECTURE.md's tree names paths inside it). */
const PATH_BASES = ["", "server/"];

/** The files git tracks, or would with the changes at hand, that a person reads: code, docs, configuration. */
function trackedTextFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter(
      (file) =>
        /\.(ts|tsx|js|md|sql|example|yml|json)$/.test(file) &&
        !file.endsWith("package-lock.json") &&
        !file.startsWith("content/"),
    );
}

function numbersOf(first: string, rest: string): string[] {
  return [first, ...(rest.match(/\d+/g) ?? [])];
}

describe("references", () => {
  const product = readFileSync(path.join(ROOT, "docs/product.md"), "utf8");
  const sections = new Set([...product.matchAll(/^## (\d+)\. /gm)].map((match) => match[1]!));
  const decisions = new Set(readdirSync(path.join(ROOT, "docs/decisions")).map((file) => file.slice(0, 3)));
  // This file's own examples are not references.
  const files = trackedTextFiles().filter((file) => file !== "docs/references.test.ts");

  it("to docs/product.md name one of its numbered sections", () => {
    expect(sections.size).toBeGreaterThanOrEqual(9);
    const broken = files.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), "utf8").matchAll(SECTION)].flatMap((match) =>
        numbersOf(match[1]!, match[2]!)
          .filter((number) => !sections.has(number))
          .map((number) => `${file}: §${number}`),
      ),
    );
    expect(broken).toEqual([]);
  });

  it("to a decision name one of docs/decisions/", () => {
    const broken = files.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), "utf8").matchAll(DECISION)].flatMap((match) =>
        numbersOf(match[1]!, match[2]!)
          .filter((number) => !decisions.has(number))
          .map((number) => `${file}: decision ${number}`),
      ),
    );
    expect(broken).toEqual([]);
  });

  it("to a file, in the docs, name one that exists", () => {
    const docs = files.filter((file) => file.endsWith(".md"));
    expect(docs).toContain("ARCHITECTURE.md");
    const broken = docs.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), "utf8").matchAll(FILE_PATH)]
        .map((match) => match[1]!)
        .filter((named) => !PATH_BASES.some((base) => existsSync(path.join(ROOT, base, named))))
        .map((named) => `${file}: ${named}`),
    );
    expect(broken).toEqual([]);
  });

  it("no longer cite a specification the repository does not hold", () => {
    const cited = files.filter((file) => /\bSPEC (section|§)/.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(cited).toEqual([]);
  });

  it("would see a broken one", () => {
    expect(
      [..."docs/product.md §2 and §42".matchAll(SECTION)].flatMap((match) => numbersOf(match[1]!, match[2]!)),
    ).toEqual(["2", "42"]);
    expect(
      [..."decisions 034, 036 and 999".matchAll(DECISION)].flatMap((match) => numbersOf(match[1]!, match[2]!)),
    ).toEqual(["034", "036", "999"]);
    expect(
      [..."`server/tools/risk.ts`, tools/lifecycle/queue.ts and /open-data/catalogue.json.gz".matchAll(FILE_PATH)].map(
        (match) => match[1],
      ),
    ).toEqual(["server/tools/risk.ts", "tools/lifecycle/queue.ts"]);
  });
});
