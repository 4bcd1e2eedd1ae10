/**
 * Compiles each language's catalogue (common/i18n/catalogues/*.ts, ICU MessageFormat) to modules of functions, one
 * per message, with @messageformat/core (decision 053): the browser runs plain functions and a runtime of under 1 kB,
 * never a parser. Writes common/i18n/compiled/{locale}-{bundle}.js (common/i18n/bundles.ts) with their types, and
 * types.ts, which types every message's values from the English text. Run by `npm install`, the build, the typecheck
 * and the development server.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import MessageFormat from "@messageformat/core";
import compileModule from "@messageformat/core/lib/compile-module.js";
import { BUNDLES, bundleOf } from "#common/i18n/bundles.ts";
import { placeholdersOf, type PlaceholderKind } from "#common/i18n/placeholders.ts";
import { LOCALES } from "#common/locales.ts";
import { PROJECT_ROOT } from "#server/paths.ts";

const outDir = path.join(PROJECT_ROOT, "common/i18n/compiled");
const TYPES: Record<PlaceholderKind, string> = {
  number: "number",
  date: "Date | number",
  choice: "string",
  text: "string | number",
};

/** Writes a file only when its text changes, so that a watcher sees no change when there is none. */
async function writeIfChanged(file: string, text: string) {
  const before = await readFile(file, "utf8").catch(() => null);
  if (before !== text) await writeFile(file, text);
}

await mkdir(outDir, { recursive: true });
const header = "// Written by scripts/compile-messages.ts from common/i18n/catalogues: edit those, not this.\n";
for (const locale of LOCALES) {
  const { default: catalogue } = (await import(`#common/i18n/catalogues/${locale}.ts`)) as {
    default: Record<string, string>;
  };
  // A message that does not parse is named, with the parser's reason.
  for (const [key, message] of Object.entries(catalogue)) {
    try {
      placeholdersOf(message);
    } catch (error) {
      throw new Error(`${locale}.ts: "${key}" is not ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  for (const bundle of BUNDLES) {
    const messages = Object.fromEntries(Object.entries(catalogue).filter(([key]) => bundleOf(key) === bundle));
    const source = compileModule(new MessageFormat(locale, { strict: false }), messages);
    // Named {locale}-{bundle}: the browser's chunk of it is called so too (fr-shell-{hash}.js), which the bench reads.
    await writeIfChanged(path.join(outDir, `${locale}-${bundle}.js`), header + source + "\n");
    await writeIfChanged(
      path.join(outDir, `${locale}-${bundle}.d.ts`),
      `${header}import type { Messages } from "./types.ts";\ndeclare const messages: Partial<Messages>;\nexport default messages;\n`,
    );
  }
}

const { default: english } = (await import("#common/i18n/catalogues/en.ts")) as { default: Record<string, string> };
const lines = Object.entries(english).map(([key, message]) => {
  const placeholders = [...placeholdersOf(message)];
  const values =
    placeholders.length === 0
      ? "undefined"
      : `{ ${placeholders.map(([name, kind]) => `${JSON.stringify(name)}: ${TYPES[kind]}`).join("; ")} }`;
  return `  ${JSON.stringify(key)}: ${values};`;
});
await writeIfChanged(
  path.join(outDir, "types.ts"),
  `${header}/** Each message's values, by key, as its English text takes them. */\nexport type MessageValues = {\n${lines.join("\n")}\n};\n\nexport type MessageKey = keyof MessageValues;\n\n/** A compiled catalogue: one function per message. */\nexport type Messages = { [Key in MessageKey]: (values: MessageValues[Key]) => string };\n`,
);
process.stdout.write(`compiled ${LOCALES.length} message catalogues (${Object.keys(english).length} messages each)\n`);
