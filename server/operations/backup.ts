/**
 * `npm run backup -- [--data-dir ./data] [--out backup.tar.gz]`: one archive of the embedded database and the stored
 * files (server/backup/backup.ts). While the server runs on that folder, the server makes it from its own database.
 * It refuses when the server keeps its files in a bucket (S3_*): they are not in the data folder.
 *
 * `npm run restore -- <archive> [--data-dir ./data]`: puts a backup back into an empty (or new) data folder. A folder
 * that holds anything is refused, a running server's first of all.
 */
import { MESSAGES } from "#common/messages.ts";
import { createBackup, restoreBackup } from "../backup/backup.ts";
import { recordBackup } from "../system/monitor.ts";
import {
  type Command,
  CommandFailure,
  type CommandHost,
  type CommandIO,
  operatorPath,
  parseCommandArgs,
} from "./command.ts";

const BACKUP_USAGE = "Usage: npm run backup -- [--data-dir ./data] [--out ./indie-tools-backup-<time>.tar.gz]";
const RESTORE_USAGE = "Usage: npm run restore -- <archive.tar.gz> [--data-dir ./data]";

/** The folder given with --data-dir (then no other setting matters), else the config's; a PostgreSQL config has none. */
function dataDirOf(given: string | undefined, io: CommandIO, host: CommandHost): string {
  if (given) return operatorPath(io, given);
  if (host.config.DATABASE_URL) throw new CommandFailure(MESSAGES.backup.postgres);
  return host.dataDir;
}

export const backupCommand: Command = {
  name: "backup",
  runsInServer: true,
  async run(args, io, host) {
    const { values } = parseCommandArgs(
      args,
      { options: { "data-dir": { type: "string" }, out: { type: "string" } }, allowPositionals: false },
      BACKUP_USAGE,
    );
    // With a bucket, the stored files are not in the data folder: an archive of it alone would restore a site without them.
    if (host.config.storage.kind === "s3") throw new CommandFailure(MESSAGES.backup.bucket(host.config.storage.bucket));
    const dataDir = dataDirOf(values["data-dir"], io, host);
    const archivePath = operatorPath(
      io,
      values.out ?? `indie-tools-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`,
    );
    const summary = await createBackup({ dataDir, archivePath, dump: host.dumpOf(dataDir) });
    // The site's own database keeps it, for /admin/system.
    if (!host.config.DATABASE_URL && dataDir === host.dataDir) {
      await recordBackup((await host.database()).db, {
        archive: archivePath,
        databaseBytes: summary.databaseBytes,
        files: summary.files,
      });
    }
    io.out(
      `backed up the database (${summary.databaseBytes.toLocaleString("en")} bytes) and ${summary.files} stored files of ${dataDir} to ${archivePath}\n`,
    );
  },
};

export const restoreCommand: Command = {
  name: "restore",
  runsInServer: false,
  async run(args, io, host) {
    const { values, positionals } = parseCommandArgs(
      args,
      { options: { "data-dir": { type: "string" } }, allowPositionals: true },
      RESTORE_USAGE,
    );
    if (positionals.length !== 1) throw new CommandFailure(RESTORE_USAGE);
    const dataDir = dataDirOf(values["data-dir"], io, host);
    const archivePath = operatorPath(io, positionals[0]!);
    const summary = await restoreBackup({ archivePath, dataDir });
    io.out(`restored the database and ${summary.files} stored files from ${archivePath} into ${dataDir}\n`);
  },
};
