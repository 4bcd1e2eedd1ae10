/** The project's own lint config keeps server values out of app/: an import of one fails `npm run lint`. */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the boundary rule for `text`, linted as if it were the file `filePath` of the project. */
async function boundaryMessages(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, filePath) });
  return result!.messages
    .filter(
      (message) =>
        message.ruleId === "@typescript-eslint/no-restricted-imports" || message.ruleId === "no-restricted-syntax",
    )
    .map((message) => message.message);
}

// The first lint builds the project's TypeScript program (the rules are type-aware): 1 to 2 s on a quiet machine, more
// than vitest's default 5 s on a busy one.
describe("the lint boundary between app/ and server/", { timeout: 30_000 }, () => {
  it.each([
    ["the alias", 'import { openDatabase } from "#server/db/client.ts";\nexport const open = openDatabase;\n'],
    [
      "a relative path",
      'import { openDatabase } from "../../server/db/client.ts";\nexport const open = openDatabase;\n',
    ],
    ["a module imported for its effects", 'import "#server/i18n.ts";\n'],
  ])("fails a value import of server code through %s in a route", async (_, text) => {
    const messages = await boundaryMessages("app/routes/planted.tsx", text);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /is restricted from being used by a pattern\. Server code reaches routes through the load context/,
    );
  });

  it.each([
    [
      "a dynamic import() in a route",
      "app/routes/planted.tsx",
      'export const load = () => import("#server/i18n.ts");\n',
    ],
    [
      "a dynamic import() by a relative path in a component",
      "app/components/planted.tsx",
      'export const load = () => import("../../server/i18n.ts");\n',
    ],
    [
      "a value import in common/, which the browser bundles too",
      "common/planted.ts",
      'import { escapeHtml } from "../server/html.ts";\nexport const escape = escapeHtml;\n',
    ],
  ])("fails %s", async (_, filePath, text) => {
    const messages = await boundaryMessages(filePath, text);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/Server code reaches routes through the load context/);
  });

  it("lets common/ import the server's types, and a route name a server type by import()", async () => {
    expect(
      await boundaryMessages(
        "common/planted.ts",
        'import type { Database } from "../server/db/client.ts";\nexport type D = Database;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages("app/routes/planted.tsx", 'export type D = import("#server/db/client.ts").Database;\n'),
    ).toEqual([]);
  });

  it("lets a route import the server's types, and the server-side entry its values", async () => {
    expect(
      await boundaryMessages(
        "app/routes/planted.tsx",
        'import type { Database } from "#server/db/client.ts";\nexport type D = Database;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages(
        "app/routes/planted.tsx",
        'import { type Database } from "#server/db/client.ts";\nexport type D = Database;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages(
        "app/entry.server.tsx",
        'import { requestBundles } from "#server/i18n.ts";\nexport const bundles = requestBundles;\n',
      ),
    ).toEqual([]);
  });
});
