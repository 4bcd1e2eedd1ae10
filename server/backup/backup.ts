/**
 * Backups of the embedded database (`npm run backup`, `npm run restore`): one .tar.gz holding a manifest, PGlite's own
 * dump of its data folder, every stored file (DATA_DIR/files, with its modification time, which the cleanup of unused
 * images reads) and the generated auth secret when there is one (sessions and signed links stay valid after a restore).
 *
 * The archive is a stream both ways (tar-stream, then node's gzip): each stored file goes from the disk into the archive,
 * and back, a chunk at a time, so a site with gigabytes of files backs up in the memory of one chunk. Only the database's
 * dump is held whole as a backup makes it (PGlite makes it as one Blob); a restore streams it to disk, within a limit,
 * and unpacks it into PGlite's folder a file at a time, never holding it whole.
 *
 * PGlite serves one process at a time, and only that process can dump it: while the server runs, the command asks the
 * server to make the backup (server/operations/channel.ts), which passes its own `dump`. PostgreSQL has pg_dump and
 * pg_restore for that (README, "Backups").
 */
import { createReadStream, createWriteStream, existsSync, type Stats } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, readdir, rename, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import { z } from "#common/zod.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { openDatabase, PGLITE_FOLDER } from "../db/client.ts";

const FORMAT = 1;
const MANIFEST = "manifest.json";
const DATABASE = "database.tar.gz";
const AUTH_SECRET = "auth-secret";
const FILES = "files";
/** A manifest and an auth secret are a few hundred bytes: anything larger is not this archive's. */
const SMALL_ENTRY_BYTES = 64 * 1024;

const manifest = z.object({ format: z.literal(FORMAT), createdAt: z.string(), files: z.number().int().min(0) });

export type BackupSummary = { files: number; databaseBytes: number };

/**
 * Writes the backup of the embedded database and stored files in `dataDir` to `archivePath` (which must not exist).
 * `dump` is the database's own copy when a running server makes the backup; without it, the backup opens the data
 * folder itself, and its lock refuses that while a server holds it (DatabaseInUseError).
 */
export async function createBackup({
  dataDir,
  archivePath,
  dump,
}: {
  dataDir: string;
  archivePath: string;
  dump?: () => Promise<Blob>;
}): Promise<BackupSummary> {
  if (!existsSync(path.join(dataDir, PGLITE_FOLDER)))
    throw new AppError("not-found", MESSAGES.backup.noDatabase(dataDir));
  if (existsSync(archivePath)) throw new AppError("aborted", MESSAGES.backup.archiveExists(archivePath));

  const databaseDump = new Uint8Array(await (await (dump ?? (() => dumpOwnDatabase(dataDir)))()).arrayBuffer());
  const stored = await storedFiles(path.join(dataDir, FILES));
  const createdAt = new Date();
  const secretFile = path.join(dataDir, AUTH_SECRET);

  const pack = tar.pack();
  // Written beside the archive, then renamed: an archive that exists is a whole one.
  const partial = `${archivePath}.partial`;
  const written = pipeline(pack, createGzip(), createWriteStream(partial, { flags: "wx", mode: 0o600 }));
  const filling = (async () => {
    await addEntry(
      pack,
      { name: MANIFEST, mtime: createdAt },
      Buffer.from(JSON.stringify({ format: FORMAT, createdAt: createdAt.toISOString(), files: stored.length })),
    );
    await addEntry(pack, { name: DATABASE, mtime: createdAt }, databaseDump);
    if (existsSync(secretFile)) {
      const info = await lstat(secretFile);
      await addEntry(
        pack,
        { name: AUTH_SECRET, mtime: modifiedAt(info), size: info.size },
        createReadStream(secretFile),
      );
    }
    for (const file of stored)
      await addEntry(
        pack,
        { name: `${FILES}/${file.key}`, mtime: file.modifiedAt, size: file.size },
        createReadStream(file.path),
      );
    pack.finalize();
  })();
  try {
    await Promise.all([filling, written]);
    await rename(partial, archivePath);
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
  return { files: stored.length, databaseBytes: databaseDump.byteLength };
}

async function dumpOwnDatabase(dataDir: string): Promise<Blob> {
  const database = await openDatabase({ dataDir });
  try {
    return await database.dump();
  } finally {
    await database.close();
  }
}

/** Adds one entry to the archive: bytes at hand, or a file's stream of `size` bytes. */
async function addEntry(
  pack: tar.Pack,
  header: { name: string; mtime: Date; size?: number },
  body: Uint8Array | Readable,
) {
  if (body instanceof Uint8Array) {
    await new Promise<void>((resolve, reject) =>
      pack.entry({ ...header, mode: 0o644 }, body, (error) => (error ? reject(error) : resolve())),
    );
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const sink = pack.entry({ ...header, mode: 0o644 }, (error) => (error ? reject(error) : resolve()));
    body.on("error", (error) => {
      sink.destroy(error);
      reject(error);
    });
    body.pipe(sink as unknown as NodeJS.WritableStream);
  });
}

/**
 * How much of an archive a restore reads at most: its database's dump, and that dump unpacked (PGlite unpacks it in
 * its own memory, which stops at 2 GB). An archive that says more is refused before it is read: a few megabytes of
 * zeros pack into an entry of gigabytes, and the whole dump is held in memory to be loaded.
 */
export const RESTORE_LIMITS = { databaseBytes: 512 * 1024 * 1024, unpackedDatabaseBytes: 1536 * 1024 * 1024 };

/**
 * Puts the backup in `archivePath` back into `dataDir`, which must be empty or not exist yet. Everything is written in a
 * folder beside it first, which becomes `dataDir` only once the database opens: a restore that fails, however it
 * fails, leaves `dataDir` as it found it. The database's dump is streamed to that folder, then loaded from there,
 * within `limits`.
 */
export async function restoreBackup({
  archivePath,
  dataDir,
  limits = RESTORE_LIMITS,
}: {
  archivePath: string;
  dataDir: string;
  limits?: typeof RESTORE_LIMITS;
}): Promise<BackupSummary> {
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0)
    throw new AppError("aborted", MESSAGES.backup.notEmpty(dataDir));
  if (!existsSync(archivePath)) throw new AppError("not-found", MESSAGES.backup.noArchive(archivePath));
  const notABackup = () => new AppError("invalid-argument", MESSAGES.backup.notABackup(archivePath));
  const target = path.resolve(dataDir);
  await mkdir(path.dirname(target), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}.restoring-`));
  const filesRoot = path.join(staging, FILES);
  const dumpFile = path.join(staging, DATABASE);

  let files = 0;
  let expectedFiles: number | undefined;
  let databaseBytes: number | undefined;
  try {
    const extract = tar.extract();
    const reading = pipeline(
      createReadStream(archivePath),
      createGunzip(),
      extract as unknown as NodeJS.WritableStream,
    );
    try {
      for await (const entry of extract) {
        const { name, type, mtime, size } = entry.header;
        if (type !== "file") throw notABackup();
        if (expectedFiles === undefined) {
          // The manifest comes first: anything else is not our archive, and nothing is written from it.
          const parsed =
            name === MANIFEST ? manifest.safeParse(parseJson(await readWhole(entry, SMALL_ENTRY_BYTES))) : null;
          if (!parsed?.success) throw notABackup();
          expectedFiles = parsed.data.files;
        } else if (name === DATABASE && databaseBytes === undefined) {
          if ((size ?? 0) > limits.databaseBytes)
            throw new AppError("invalid-argument", MESSAGES.backup.tooLarge(archivePath, limits.databaseBytes));
          databaseBytes = await writeBounded(entry, dumpFile, limits.databaseBytes, () =>
            MESSAGES.backup.tooLarge(archivePath, limits.databaseBytes),
          );
        } else if (name === AUTH_SECRET) {
          const secret = path.join(staging, AUTH_SECRET);
          await writeFile(secret, await readWhole(entry, SMALL_ENTRY_BYTES), { flag: "wx", mode: 0o600 });
          await chmod(secret, 0o600);
          await utimes(secret, mtime, mtime);
        } else if (name.startsWith(`${FILES}/`)) {
          // A name that leads out of the files folder (../) is not one that npm run backup writes.
          const file = path.resolve(filesRoot, name.slice(FILES.length + 1));
          if (!file.startsWith(`${filesRoot}${path.sep}`)) throw notABackup();
          await mkdir(path.dirname(file), { recursive: true });
          await pipeline(entry, createWriteStream(file, { flags: "wx", mode: 0o644 }));
          await utimes(file, mtime, mtime);
          files++;
        } else throw notABackup();
      }
      await reading;
    } catch (error) {
      await reading.catch(() => undefined);
      throw error;
    }
    if (expectedFiles === undefined || databaseBytes === undefined || files !== expectedFiles) throw notABackup();
    // What the dump unpacks to, counted as it streams by, before anything of it is written.
    const tooLarge = () => MESSAGES.backup.tooLarge(archivePath, limits.unpackedDatabaseBytes);
    await writeBounded(createReadStream(dumpFile).pipe(createGunzip()), null, limits.unpackedDatabaseBytes, tooLarge);
    // The dump is unpacked into PGlite's folder a chunk at a time: PGlite's own loadDataDir holds it whole, unpacked,
    // several times over (4.6 GB for a dump just under the limit). PGlite then opens the folder as it opens any.
    await unpackDump(dumpFile, path.join(staging, PGLITE_FOLDER), limits.unpackedDatabaseBytes, tooLarge);
    const database = await openDatabase({ dataDir: staging });
    await database.close();
    await rm(dumpFile);
    // The whole restore becomes the data folder at once (replacing it when it is an empty folder).
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (error instanceof AppError) throw error;
    throw new AppError(
      "invalid-argument",
      MESSAGES.backup.damaged(archivePath, error instanceof Error ? error.message : String(error)),
    );
  }
  return { files, databaseBytes };
}

/** Streams `source` to `file` (or only counts it, for null), refused with `tooLarge` past `limit` bytes; answers how many. */
async function writeBounded(
  source: Readable | AsyncIterable<unknown>,
  file: string | null,
  limit: number,
  tooLarge: () => string,
): Promise<number> {
  let size = 0;
  const counted = async function* () {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > limit) throw new AppError("invalid-argument", tooLarge());
      if (file) yield chunk;
    }
  };
  if (file) await pipeline(counted, createWriteStream(file, { flags: "wx", mode: 0o600 }));
  else for await (const _ of counted());
  return size;
}

/**
 * Unpacks PGlite's dump (a gzipped tar of its data folder, as dumpDataDir writes it) into `folder`, each file streamed
 * to disk, within `limit` bytes in all. Only files and folders, inside `folder`; a dump without PG_VERSION is no
 * database.
 */
async function unpackDump(dumpFile: string, folder: string, limit: number, tooLarge: () => string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const extract = tar.extract();
  const reading = pipeline(createReadStream(dumpFile), createGunzip(), extract as unknown as NodeJS.WritableStream);
  let unpacked = 0;
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      const target = path.resolve(folder, name.replace(/^\/+/, ""));
      if (target !== folder && !target.startsWith(`${folder}${path.sep}`))
        throw new Error(`its database names a file outside its folder: ${name}`);
      if (type === "directory") {
        await mkdir(target, { recursive: true });
        entry.resume();
      } else if (type === "file") {
        await mkdir(path.dirname(target), { recursive: true });
        unpacked += await writeBounded(entry, target, limit - unpacked, tooLarge);
      } else throw new Error(`its database holds a ${type}, ${name}`);
    }
    await reading;
  } catch (error) {
    await reading.catch(() => undefined);
    throw error;
  }
  if (!existsSync(path.join(folder, "PG_VERSION"))) throw new Error("its database is not a PostgreSQL data folder");
}

/** An entry's bytes, refused past `limit`. */
async function readWhole(entry: AsyncIterable<unknown>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > limit) throw new Error(`an entry is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

type StoredFile = { key: string; path: string; modifiedAt: Date; size: number };

/** Every regular file under `root` (links are not followed), by key, in a stable order. */
async function storedFiles(root: string): Promise<StoredFile[]> {
  if (!existsSync(root)) return [];
  const found: StoredFile[] = [];
  for (const relative of (await readdir(root, { recursive: true })).sort()) {
    const full = path.join(root, relative);
    const info = await lstat(full);
    if (info.isFile())
      found.push({
        key: relative.split(path.sep).join("/"),
        path: full,
        modifiedAt: modifiedAt(info),
        size: info.size,
      });
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
