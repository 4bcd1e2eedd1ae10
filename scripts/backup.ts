/**
 * `npm run backup -- [--data-dir ./data] [--out backup.tar.gz]`: one archive of the embedded database and the stored
 * files (server/backup/backup.ts). Run it while the server is stopped: the embedded database serves one process at a time.
 * It refuses when the server keeps its files in a bucket (S3_*): they are not in the data folder.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { isAppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { createBackup } from "#server/backup/backup.ts";
import { DatabaseInUseError } from "#server/db/data-dir-lock.ts";
import { bucketOf, dataDirOf, fail } from "./open-database.ts";

const USAGE = "Usage: npm run backup -- [--data-dir ./data] [--out ./indie-tools-backup-<time>.tar.gz]";

let values;
try {
  ({ values } = parseArgs({ options: { "data-dir": { type: "string" }, out: { type: "string" } }, strict: true, allowPositionals: false }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
// With a bucket, the stored files are not in the data folder: an archive of it alone would restore a site without them.
const bucket = bucketOf();
if (bucket) fail(MESSAGES.backup.bucket(bucket));
const { dataDir, isPostgres } = dataDirOf(values["data-dir"]);
if (isPostgres) fail(MESSAGES.backup.postgres);
const archivePath = path.resolve(values.out ?? `indie-tools-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`);

try {
  const summary = await createBackup({ dataDir, archivePath });
  process.stdout.write(`backed up the database (${summary.databaseBytes.toLocaleString("en")} bytes) and ${summary.files} stored files of ${dataDir} to ${archivePath}\n`);
} catch (error) {
  if (isAppError(error) || error instanceof DatabaseInUseError) fail(error.message);
  throw error;
}
