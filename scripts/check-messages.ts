/**
 * Lists each language's missing keys (and keys English does not have), and the English keys no source file uses
 * (`npm run i18n:check`): what to translate after adding a language, and what to delete after removing a string.
 * Exits with 1 when anything is listed.
 */
import { checkCatalogues } from "#common/i18n/catalogue-check.ts";
import { PROJECT_ROOT } from "#server/paths.ts";

const report = await checkCatalogues(PROJECT_ROOT);
const lines: string[] = [];
for (const [locale, keys] of Object.entries(report.missing))
  lines.push(`${locale}: missing ${keys.length}: ${keys.join(", ")}`);
for (const [locale, keys] of Object.entries(report.unknown))
  lines.push(`${locale}: not in English ${keys.length}: ${keys.join(", ")}`);
if (report.unused.length) lines.push(`unused in the source ${report.unused.length}: ${report.unused.join(", ")}`);
process.stdout.write(lines.length ? `${lines.join("\n")}\n` : "every catalogue has every key, and every key is used\n");
process.exitCode = lines.length ? 1 : 0;
