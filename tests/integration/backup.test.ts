/**
 * `npm run backup` and `npm run restore`, as an operator runs them: a data folder with a user, a tool and its uploaded
 * logo is backed up, restored into a fresh folder, and both are compared, row for row and file for file.
 */
import { execFile } from "node:child_process";
import {
  closeSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { loadAuthSecret } from "#server/auth/secret.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { localFileStorage } from "#server/storage/files.ts";
import { insertTool, insertUser } from "../factories.ts";
import { BUILD_DIR } from "../setup/build-dir.ts";
import { npmRun } from "../setup/commands.ts";

// A PNG's first bytes and some more: the backup copies bytes, it does not read images.
const LOGO = Buffer.concat([
  Buffer.from("89504e470d0a1a0a", "hex"),
  Buffer.from(Array.from({ length: 3000 }, (_, index) => index % 251)),
]);

/** Every row of every table (the migrations' own table included), in a stable order. */
async function everyRow(handle: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const tables = (await handle.db.execute(
    sql`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) {
    const result = (await handle.db.execute(
      sql.raw(`select to_jsonb(t)::text as row from ${name} t order by 1`),
    )) as unknown as { rows: { row: string }[] };
    rows[name] = result.rows.map((row) => row.row);
  }
  return rows;
}

/** Every file under `root`: its bytes and its modification time, by path. */
function everyFile(root: string): Record<string, { bytes: string; modifiedAt: number }> {
  const files: Record<string, { bytes: string; modifiedAt: number }> = {};
  for (const relative of readdirSync(root, { recursive: true }) as string[]) {
    const full = path.join(root, relative);
    if (statSync(full).isFile())
      files[relative] = {
        bytes: readFileSync(full).toString("base64"),
        modifiedAt: Math.floor(statSync(full).mtimeMs / 1000),
      };
  }
  return files;
}

const BIG_FILE_BYTES = 1024 * 1024 * 1024;
/** What a backup or restore may hold at its peak: the embedded database's own share, and far less than BIG_FILE_BYTES. */
const COMMAND_MEMORY_BYTES = 512 * 1024 * 1024;

/**
 * Writes, as the command exits, its own peak resident memory in kB: the high-water mark of its memory (VmHWM), not
 * getrusage's maxRSS, which Linux carries over from the process that spawned it (a test worker of 550 MB).
 */
const PEAK_PROBE =
  "import { readFileSync } from 'node:fs'; process.on('exit', () => process.stderr.write(`maxRSS ${/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]}\\n`));\n";

/** Runs a compiled command on plain node, and reads its peak resident memory as it exits. */
async function measuredCommand(name: string, args: string[]) {
  const probe = path.join(os.tmpdir(), `indie-tools-rss-${process.pid}.mjs`);
  writeFileSync(probe, PEAK_PROBE);
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [`--import=${probe}`, path.join(BUILD_DIR, `server/commands/${name}.js`), ...args],
    {
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  const kilobytes = Number(/maxRSS (\d+)/.exec(stderr)?.[1]);
  return { stdout, maxRssBytes: kilobytes * 1024 };
}

describe("backup and restore of the embedded database", () => {
  let work: string;
  let dataDir: string;
  let restoredDir: string;
  let archive: string;
  let logoKey: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), "indie-tools-backup-"));
    dataDir = path.join(work, "data");
    restoredDir = path.join(work, "restored");
    archive = path.join(work, "backup.tar.gz");
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    const maker = await insertUser(handle.db, { username: "Mara", email: "mara@example.com" });
    const tool = await insertTool(handle.db, {
      name: "Backed Up",
      creatorUsername: maker.slug,
      isLinkedToCreator: true,
    });
    const storage = localFileStorage(path.join(dataDir, "files"));
    logoKey = `tools/${tool.id}/logo.png`;
    await storage.write(logoKey, LOGO, "image/png");
    await handle.db.execute(sql`update tools set logo = ${storage.publicUrl(logoKey)} where id = ${tool.id}`);
    await handle.close();
    loadAuthSecret("", dataDir);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("restores into a fresh folder the same rows and the same files", async () => {
    const backup = await npmRun("backup", ["--data-dir", dataDir, "--out", archive]);
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/backed up the database \([\d,]+ bytes\) and 1 stored files of/);
    const restore = await npmRun("restore", [archive, "--data-dir", restoredDir]);
    expect(restore.stderr).toBe("");
    expect(restore.stdout).toContain(`restored the database and 1 stored files from ${archive} into ${restoredDir}`);

    expect(everyFile(path.join(restoredDir, "files"))).toEqual(everyFile(path.join(dataDir, "files")));
    expect(Object.keys(everyFile(path.join(restoredDir, "files")))).toEqual([logoKey]);
    expect(readFileSync(path.join(restoredDir, "auth-secret"), "utf8")).toBe(
      readFileSync(path.join(dataDir, "auth-secret"), "utf8"),
    );
    expect(statSync(path.join(restoredDir, "auth-secret")).mode & 0o777).toBe(0o600);

    const original = await openDatabase({ dataDir });
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const [before, after] = [await everyRow(original), await everyRow(restored)];
      expect(after).toEqual(before);
      expect(before["public.tools"]!.join("\n")).toContain("Backed Up");
      expect(before["public.users"]!.join("\n")).toContain("mara@example.com");
      expect(before["drizzle.__drizzle_migrations"]!.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([original.close(), restored.close()]);
    }
  });

  // A gibibyte compressed and written back: on a busy machine, longer than the 30 s a test is given by default.
  it("backs up and restores a stored file larger than the memory the command holds, a chunk at a time", {
    timeout: 120_000,
  }, async () => {
    const bigDir = path.join(work, "big");
    const handle = await openDatabase({ dataDir: bigDir });
    await handle.migrate();
    await handle.close();
    // 1 GiB that takes no disk (a sparse file reads as zeros), with marks that must come back in their places.
    const big = path.join(bigDir, "files", "tools", "big.bin");
    mkdirSync(path.dirname(big), { recursive: true });
    writeFileSync(big, "");
    truncateSync(big, BIG_FILE_BYTES);
    const marks = [0, 123_456_789, BIG_FILE_BYTES - 5];
    const fd = openSync(big, "r+");
    for (const offset of marks) writeSync(fd, "mark!", offset);
    closeSync(fd);

    const bigArchive = path.join(work, "big.tar.gz");
    const backup = await measuredCommand("backup", ["--data-dir", bigDir, "--out", bigArchive]);
    expect(backup.stdout).toContain("and 1 stored files of");
    const restoredBig = path.join(work, "big-restored");
    const restore = await measuredCommand("restore", [bigArchive, "--data-dir", restoredBig]);
    expect(restore.stdout).toContain("restored the database and 1 stored files");
    // Each command holds far less than the file: it never had it whole.
    expect(backup.maxRssBytes).toBeLessThan(COMMAND_MEMORY_BYTES);
    expect(restore.maxRssBytes).toBeLessThan(COMMAND_MEMORY_BYTES);

    const copy = path.join(restoredBig, "files", "tools", "big.bin");
    expect(statSync(copy).size).toBe(BIG_FILE_BYTES);
    const copyFd = openSync(copy, "r");
    const read = Buffer.alloc(5);
    for (const offset of marks) {
      readSync(copyFd, read, 0, 5, offset);
      expect(read.toString()).toBe("mark!");
    }
    closeSync(copyFd);
    rmSync(restoredBig, { recursive: true, force: true });
    rmSync(bigDir, { recursive: true, force: true });
  });

  it("refuses an archive whose file would land outside the data folder, and writes nothing", async () => {
    const hostile = path.join(work, "hostile.tar.gz");
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(hostile));
    pack.entry({ name: "manifest.json" }, JSON.stringify({ format: 1, createdAt: new Date().toISOString(), files: 1 }));
    pack.entry({ name: "database.tar.gz" }, "not a database");
    pack.entry({ name: "files/../../escaped.txt" }, "out");
    pack.finalize();
    await written;
    const target = path.join(work, "hostile-target");
    const restore = await npmRun("restore", [hostile, "--data-dir", target]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`${hostile} is not a backup made by npm run backup`);
    expect(existsSync(path.join(work, "escaped.txt"))).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  /** An archive of a manifest and a database entry of `databaseBytes` bytes from `body`, packed as npm run backup packs. */
  async function archiveWithDatabase(file: string, databaseBytes: number, body: () => AsyncIterable<Buffer>) {
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(file));
    pack.entry({ name: "manifest.json" }, JSON.stringify({ format: 1, createdAt: new Date().toISOString(), files: 0 }));
    const entry = pack.entry({ name: "database.tar.gz", size: databaseBytes });
    await pipeline(Readable.from(body()), entry as unknown as NodeJS.WritableStream);
    pack.finalize();
    await written;
  }
  async function* zeros(bytes: number) {
    const chunk = Buffer.alloc(1024 * 1024);
    for (let sent = 0; sent < bytes; sent += chunk.length)
      yield chunk.subarray(0, Math.min(chunk.length, bytes - sent));
  }

  it("unpacks a dump just under the limit a file at a time: a damaged one is refused within the command's memory", {
    timeout: 120_000,
  }, async () => {
    // PGlite's dump is a gzipped tar of its folder: this one holds 700 MB of zeros and no database, in under a megabyte (PGlite alone unpacked it whole, at least 700 MB).
    const inner = tar.pack();
    const packed: Buffer[] = [];
    const packing = (async () => {
      for await (const chunk of inner.pipe(createGzip())) packed.push(chunk as Buffer);
    })();
    const bytes = 700 * 1024 * 1024;
    await pipeline(Readable.from(zeros(bytes)), inner.entry({ name: "/base/1/16384", size: bytes }) as never);
    inner.finalize();
    await packing;
    const dump = Buffer.concat(packed);
    const heavy = path.join(work, "heavy.tar.gz");
    await archiveWithDatabase(heavy, dump.length, async function* () {
      yield dump;
    });
    const target = path.join(work, "heavy-target");
    const probe = path.join(os.tmpdir(), `indie-tools-rss-${process.pid}.mjs`);
    writeFileSync(probe, PEAK_PROBE);
    const failed = await promisify(execFile)(
      process.execPath,
      [`--import=${probe}`, path.join(BUILD_DIR, "server/commands/restore.js"), heavy, "--data-dir", target],
      { env: { ...process.env, NODE_ENV: "production" } },
    ).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("its database is not a PostgreSQL data folder");
    // Before, PGlite's loadDataDir held the dump whole, unpacked, several times over: 4.6 GB.
    expect(Number(/maxRSS (\d+)/.exec(failed!.stderr)?.[1]) * 1024).toBeLessThan(COMMAND_MEMORY_BYTES);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(work).filter((name) => name.includes("restoring"))).toEqual([]);
  });

  it("refuses an archive whose database says it is larger than a restore reads, holding none of it, and leaves the folder as it found it", async () => {
    // 600 MB of zeros pack into well under a megabyte.
    const bomb = path.join(work, "bomb.tar.gz");
    await archiveWithDatabase(bomb, 600 * 1024 * 1024, () => zeros(600 * 1024 * 1024));
    expect(statSync(bomb).size).toBeLessThan(2 * 1024 * 1024);
    const target = path.join(work, "bomb-target");
    mkdirSync(target);
    const probe = path.join(os.tmpdir(), `indie-tools-rss-${process.pid}.mjs`);
    writeFileSync(probe, PEAK_PROBE);
    const failed = await promisify(execFile)(
      process.execPath,
      [`--import=${probe}`, path.join(BUILD_DIR, "server/commands/restore.js"), bomb, "--data-dir", target],
      {
        env: { ...process.env, NODE_ENV: "production" },
      },
    ).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(
      `${bomb} holds a database larger than a restore reads (512 MB): nothing was restored`,
    );
    expect(Number(/maxRSS (\d+)/.exec(failed!.stderr)?.[1]) * 1024).toBeLessThan(COMMAND_MEMORY_BYTES);
    // The empty folder it was given, and nothing beside it.
    expect(readdirSync(target)).toEqual([]);
    expect(readdirSync(work).filter((name) => name.includes("restoring"))).toEqual([]);
  });

  it("refuses a database that is within the limit packed but not unpacked, or that streams past what it declared, and writes nothing", async () => {
    const limits = { databaseBytes: 64 * 1024, unpackedDatabaseBytes: 256 * 1024 };
    // A dump that unpacks to a megabyte of zeros: a thousand bytes packed.
    const packed: Buffer[] = [];
    for await (const chunk of Readable.from(zeros(1024 * 1024)).pipe(createGzip())) packed.push(chunk as Buffer);
    const dump = Buffer.concat(packed);
    expect(dump.length).toBeLessThan(limits.databaseBytes);
    const unpacking = path.join(work, "unpacking.tar.gz");
    await archiveWithDatabase(unpacking, dump.length, async function* () {
      yield dump;
    });
    const { restoreBackup } = await import("#server/backup/backup.ts");
    const target = path.join(work, "unpacking-target");
    await expect(restoreBackup({ archivePath: unpacking, dataDir: target, limits })).rejects.toThrow(
      `${unpacking} holds a database larger than a restore reads (0 MB): nothing was restored`,
    );
    expect(existsSync(target)).toBe(false);
    // An archive made by npm run backup, restored within a limit smaller than its database: refused as it streams.
    await expect(
      restoreBackup({ archivePath: archive, dataDir: target, limits: { ...limits, databaseBytes: 1024 } }),
    ).rejects.toThrow("holds a database larger than a restore reads");
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(work).filter((name) => name.includes("restoring"))).toEqual([]);
  });

  it("refuses to restore into a folder that is not empty, and leaves it as it was", async () => {
    const occupied = path.join(work, "occupied");
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, "keep.txt"), "mine");
    const restore = await npmRun("restore", [archive, "--data-dir", occupied]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`${occupied} is not empty: a backup is restored into an empty or new folder only`);
    expect(readdirSync(occupied)).toEqual(["keep.txt"]);
  });

  it("refuses a file that is not a backup, and writes nothing", async () => {
    const other = path.join(work, "other.tar.gz");
    writeFileSync(other, "not an archive");
    const target = path.join(work, "never");
    const restore = await npmRun("restore", [other, "--data-dir", target]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`${other} cannot be read:`);
    expect(existsSync(target)).toBe(false);
  });

  it("refuses to back up when the files are kept in a bucket, and says how to back up instead", async () => {
    const bucketEnv = {
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_BUCKET: "indie-files",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    const out = path.join(work, "with-bucket.tar.gz");
    for (const args of [
      ["--data-dir", dataDir, "--out", out],
      ["--out", out],
    ]) {
      const backup = await npmRun("backup", args, bucketEnv);
      expect(backup.code).toBe(1);
      expect(backup.stdout).toBe("");
      expect(backup.stderr).toContain(
        "The files are kept in the bucket indie-files (S3_BUCKET), which a backup archive would miss: copy the bucket with its own tools (such as aws s3 sync), and back up the database, as the README's Backups section says",
      );
      expect(existsSync(out)).toBe(false);
    }
  });

  it("refuses to back up while a process holds the database", async () => {
    const holder = await openDatabase({ dataDir });
    try {
      const backup = await npmRun("backup", ["--data-dir", dataDir, "--out", path.join(work, "second.tar.gz")]);
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain("is in use by another process");
      expect(existsSync(path.join(work, "second.tar.gz"))).toBe(false);
    } finally {
      await holder.close();
    }
  });
});
