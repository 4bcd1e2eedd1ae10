/**
 * What the command-line tools share: the server's own configuration (the environment, or the .env file it reads) and
 * its database, migrated as the server would. A problem stops the tool with a message, as `fail` does.
 */
import path from "node:path";
import { ConfigError, loadProcessConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { DatabaseInUseError } from "#server/db/data-dir-lock.ts";
import { PROJECT_ROOT } from "#server/paths.ts";

/** Prints the message and ends the process with status 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The server's config; a wrong setting ends the command with its message. */
function loadConfigOrFail() {
  try {
    return loadProcessConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/**
 * The data folder a backup or restore works on: `--data-dir` when given (no other setting is read then), else the
 * server's DATA_DIR; and whether the server's database is PostgreSQL instead (then the folder holds no database).
 */
export function dataDirOf(given: string | undefined): { dataDir: string; isPostgres: boolean } {
  if (given) return { dataDir: path.resolve(given), isPostgres: false };
  const config = loadConfigOrFail();
  return { dataDir: path.resolve(PROJECT_ROOT, config.DATA_DIR), isPostgres: Boolean(config.DATABASE_URL) };
}

/** The bucket the server keeps its files in (S3_BUCKET, with the other S3 settings), when its configuration names one. */
export function bucketOf(): string | undefined {
  const { storage } = loadConfigOrFail();
  return storage.kind === "s3" ? storage.bucket : undefined;
}

/** The config and the database (one connection, migrated); the embedded database held by a running server is a failure. */
export async function openToolDatabase() {
  const config = loadConfigOrFail();
  let database;
  try {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.resolve(PROJECT_ROOT, config.DATA_DIR), maxConnections: 1 });
  } catch (error) {
    if (error instanceof DatabaseInUseError) fail(error.message);
    throw error;
  }
  // A database the server has never started on gets its tables first, as the server would make them.
  await database.migrate();
  return { config, database };
}
