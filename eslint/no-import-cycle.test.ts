import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { afterEach, describe, expect, it } from "vitest";
import project from "./no-import-cycle.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Lints a throwaway project made of `files` with the rule alone; returns each file's messages. */
async function lint(files: Record<string, string>): Promise<Record<string, string[]>> {
  dir = mkdtempSync(path.join(os.tmpdir(), "import-cycle-"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module", imports: { "#lib/*": "./lib/*" } }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { project },
        rules: { "project/no-import-cycle": "error" },
      },
    ],
  });
  const results = await eslint.lintFiles(Object.keys(files));
  return Object.fromEntries(
    results.map((result) => [path.relative(dir!, result.filePath), result.messages.map((message) => message.message)]),
  );
}

describe("no-import-cycle", () => {
  it("passes imports that never come back", async () => {
    expect(
      await lint({ "lib/a.ts": 'import { b } from "./b.ts";\nexport const a = b;', "lib/b.ts": "export const b = 1;" }),
    ).toEqual({ "lib/a.ts": [], "lib/b.ts": [] });
  });

  it("reports a cycle of values on each of its files, with its path", async () => {
    const found = await lint({
      "lib/a.ts": 'import { b } from "./b.ts";\nexport const a = () => b;',
      "lib/b.ts": 'import { a } from "./a.ts";\nexport const b = () => a;',
    });
    expect(found["lib/a.ts"]).toEqual(["Import cycle: lib/a.ts -> lib/b.ts -> lib/a.ts"]);
    expect(found["lib/b.ts"]).toEqual(["Import cycle: lib/b.ts -> lib/a.ts -> lib/b.ts"]);
  });

  it("counts type-only imports, package.json aliases, re-exports and longer paths", async () => {
    const found = await lint({
      "lib/context.ts":
        'import type { Services } from "#lib/services.ts";\nexport type User = { id: string };\nexport type Context = { services: Services };',
      "lib/services.ts": 'export * from "./domain/users.ts";\nexport type Services = object;',
      "lib/domain/users.ts": 'import type { User } from "../context.ts";\nexport type Users = User[];',
    });
    expect(found["lib/context.ts"]).toEqual([
      "Import cycle: lib/context.ts -> lib/services.ts -> lib/domain/users.ts -> lib/context.ts",
    ]);
    expect(found["lib/domain/users.ts"]).toHaveLength(1);
  });

  it("ignores packages and assets", async () => {
    expect(
      await lint({ "lib/a.ts": 'import "node:fs";\nimport css from "./a.css?url";\nexport const a = css;' }),
    ).toEqual({ "lib/a.ts": [] });
  });
});
