/**
 * `npm run restore -- <archive> [--data-dir ./data]`: puts a backup made by `npm run backup` back into an empty (or
 * new) data folder (server/backup/backup.ts). A folder that holds anything is refused.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { isAppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { restoreBackup } from "#server/backup/backup.ts";
import { dataDirOf, fail } from "./open-database.ts";

const USAGE = "Usage: npm run restore -- <archive.tar.gz> [--data-dir ./data]";

let parsed;
try {
  parsed = parseArgs({ options: { "data-dir": { type: "string" } }, strict: true, allowPositionals: true });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (parsed.positionals.length !== 1) fail(USAGE);
const { dataDir, isPostgres } = dataDirOf(parsed.values["data-dir"]);
if (isPostgres) fail(MESSAGES.backup.postgres);
const archivePath = path.resolve(parsed.positionals[0]!);

try {
  const summary = await restoreBackup({ archivePath, dataDir });
  process.stdout.write(`restored the database and ${summary.files} stored files from ${archivePath} into ${dataDir}\n`);
} catch (error) {
  if (isAppError(error)) fail(error.message);
  throw error;
}
