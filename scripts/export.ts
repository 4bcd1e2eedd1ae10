/**
 * `npm run export -- --format json|csv [--out file]`: the catalogue (every category and live tool, no user data) as
 * the console's download makes it (decision 025), to a file or to standard output.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { countOf } from "#common/plural.ts";
import { exportFormatParam } from "#common/schemas/catalogue.ts";
import { exportCatalogue } from "#server/catalogue/export.ts";
import { fail, openToolDatabase } from "./open-database.ts";

const USAGE = "Usage: npm run export -- --format json|csv [--out file]";

let values;
try {
  ({ values } = parseArgs({ options: { format: { type: "string", default: "json" }, out: { type: "string" }, help: { type: "boolean", short: "h" } } }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const format = exportFormatParam.safeParse(values.format);
if (!format.success) fail(`${format.error.issues[0]!.message}\n${USAGE}`);

const { database } = await openToolDatabase();
try {
  const file = await exportCatalogue(database.db, format.data);
  if (values.out) {
    writeFileSync(values.out, file.text);
    process.stderr.write(`wrote ${countOf(file.count, "tool")} to ${values.out}\n`);
  } else process.stdout.write(file.text);
} finally {
  await database.close();
}
