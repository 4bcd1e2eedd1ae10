/**
 * Backups of the embedded database (`npm run backup`, `npm run restore`): one .tar.gz holding a manifest, PGlite's own
 * dump of its data folder, every stored file (DATA_DIR/files, with its modification time, which the cleanup of unused
 * images reads) and the generated auth secret when there is one (sessions and signed links stay valid after a restore).
 *
 * PGlite serves one process at a time, and only that process can dump it: the backup opens the data folder itself, so
 * it runs while the server is stopped, and the data folder's lock refuses it (DatabaseInUseError) while one runs.
 * PostgreSQL has pg_dump and pg_restore for that (README, "Backups").
 */
import { once } from "node:events";
import { createWriteStream, existsSync, type Stats } from "node:fs";
import { chmod, lstat, mkdir, readdir, readFile, rename, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync, createGzip } from "node:zlib";
import { z } from "#common/zod.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { openDatabase } from "../db/client.ts";
import { readTar, tarEnd, tarEntry, type TarEntry } from "./tar.ts";

const FORMAT = 1;
const MANIFEST = "manifest.json";
const DATABASE = "database.tar.gz";
const AUTH_SECRET = "auth-secret";
const FILES = "files";

const manifest = z.object({ format: z.literal(FORMAT), createdAt: z.string(), files: z.number().int().min(0) });

export type BackupSummary = { files: number; databaseBytes: number };

/** Writes the backup of the embedded database and stored files in `dataDir` to `archivePath` (which must not exist). */
export async function createBackup({ dataDir, archivePath }: { dataDir: string; archivePath: string }): Promise<BackupSummary> {
  if (!existsSync(path.join(dataDir, "pglite"))) throw new AppError("not-found", MESSAGES.backup.noDatabase(dataDir));
  if (existsSync(archivePath)) throw new AppError("aborted", MESSAGES.backup.archiveExists(archivePath));

  // The lock of the data folder stops here while a server holds it.
  const database = await openDatabase({ dataDir });
  let dump: Uint8Array;
  try {
    dump = new Uint8Array(await (await database.dump()).arrayBuffer());
  } finally {
    await database.close();
  }

  const stored = await storedFiles(path.join(dataDir, FILES));
  const createdAt = new Date();
  const entries: TarEntry[] = [
    { name: MANIFEST, body: Buffer.from(JSON.stringify({ format: FORMAT, createdAt: createdAt.toISOString(), files: stored.length })), modifiedAt: createdAt },
    { name: DATABASE, body: dump, modifiedAt: createdAt },
  ];
  const secretFile = path.join(dataDir, AUTH_SECRET);
  if (existsSync(secretFile)) entries.push({ name: AUTH_SECRET, body: await readFile(secretFile), modifiedAt: modifiedAt(await lstat(secretFile)) });

  // Written beside the archive, then renamed: an archive that exists is a whole one.
  const partial = `${archivePath}.partial`;
  const gzip = createGzip();
  const output = createWriteStream(partial, { flags: "wx", mode: 0o600 });
  const written = once(output, "close");
  gzip.pipe(output);
  const write = async (chunks: Buffer[]) => {
    for (const chunk of chunks) if (!gzip.write(chunk)) await once(gzip, "drain");
  };
  try {
    for (const entry of entries) await write(tarEntry(entry));
    for (const file of stored) {
      await write(tarEntry({ name: `${FILES}/${file.key}`, body: await readFile(file.path), modifiedAt: file.modifiedAt }));
    }
    gzip.end(tarEnd());
    await written;
    await rename(partial, archivePath);
  } catch (error) {
    gzip.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  return { files: stored.length, databaseBytes: dump.byteLength };
}

/** Puts the backup in `archivePath` back into `dataDir`, which must be empty or not exist yet. */
export async function restoreBackup({ archivePath, dataDir }: { archivePath: string; dataDir: string }): Promise<BackupSummary> {
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) throw new AppError("aborted", MESSAGES.backup.notEmpty(dataDir));
  let entries: TarEntry[];
  try {
    entries = [...readTar(gunzipSync(await readFile(archivePath)))];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new AppError("not-found", MESSAGES.backup.noArchive(archivePath));
    throw new AppError("invalid-argument", MESSAGES.backup.damaged(archivePath, error instanceof Error ? error.message : String(error)));
  }
  const [first, ...rest] = entries;
  const parsed = first?.name === MANIFEST ? manifest.safeParse(parseJson(first.body)) : null;
  if (!parsed?.success) throw new AppError("invalid-argument", MESSAGES.backup.notABackup(archivePath));
  const dump = rest.find((entry) => entry.name === DATABASE);
  const files = rest.filter((entry) => entry.name.startsWith(`${FILES}/`));
  const unknown = rest.find((entry) => entry.name !== DATABASE && entry.name !== AUTH_SECRET && !entry.name.startsWith(`${FILES}/`));
  if (!dump || unknown || files.length !== parsed.data.files) throw new AppError("invalid-argument", MESSAGES.backup.notABackup(archivePath));

  await mkdir(dataDir, { recursive: true });
  try {
    for (const entry of rest) {
      if (entry.name === DATABASE) continue;
      const target = path.join(dataDir, entry.name);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, entry.body, { flag: "wx", mode: entry.name === AUTH_SECRET ? 0o600 : 0o644 });
      if (entry.name === AUTH_SECRET) await chmod(target, 0o600);
      if (entry.modifiedAt) await utimes(target, entry.modifiedAt, entry.modifiedAt);
    }
    // PGlite unpacks its own dump into the new data folder.
    const database = await openDatabase({ dataDir, loadDataDir: new Blob([new Uint8Array(dump.body)]) });
    await database.close();
  } catch (error) {
    // The folder was empty: what the restore wrote goes, so that it can be tried again.
    for (const name of await readdir(dataDir)) await rm(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  }
  return { files: files.length, databaseBytes: dump.body.byteLength };
}

type StoredFile = { key: string; path: string; modifiedAt: Date };

/** Every regular file under `root` (links are not followed), by key, in a stable order. */
async function storedFiles(root: string): Promise<StoredFile[]> {
  if (!existsSync(root)) return [];
  const found: StoredFile[] = [];
  for (const relative of (await readdir(root, { recursive: true })).sort()) {
    const full = path.join(root, relative);
    const info = await lstat(full);
    if (info.isFile()) found.push({ key: relative.split(path.sep).join("/"), path: full, modifiedAt: modifiedAt(info) });
  }
  return found;
}

/** When a file was last written, to the second below (a Stats' own `mtime` rounds to the nearest millisecond, which may be the next second). */
function modifiedAt(info: Stats): Date {
  return new Date(Math.floor(info.mtimeMs / 1000) * 1000);
}

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    return null;
  }
}
