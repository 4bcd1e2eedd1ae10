/**
 * `npm run backup` and `npm run restore`, as an operator runs them: a data folder with a user, a tool and its uploaded
 * logo is backed up, restored into a fresh folder, and both are compared, row for row and file for file.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { loadAuthSecret } from "#server/auth/secret.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { localFileStorage } from "#server/storage/files.ts";
import { insertTool, insertUser } from "../factories.ts";
import { npmRun } from "../setup/commands.ts";

// A PNG's first bytes and some more: the backup copies bytes, it does not read images.
const LOGO = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.from(Array.from({ length: 3000 }, (_, index) => index % 251))]);

/** Every row of every table (the migrations' own table included), in a stable order. */
async function everyRow(handle: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const tables = (await handle.db.execute(
    sql`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) {
    const result = (await handle.db.execute(sql.raw(`select to_jsonb(t)::text as row from ${name} t order by 1`))) as unknown as { rows: { row: string }[] };
    rows[name] = result.rows.map((row) => row.row);
  }
  return rows;
}

/** Every file under `root`: its bytes and its modification time, by path. */
function everyFile(root: string): Record<string, { bytes: string; modifiedAt: number }> {
  const files: Record<string, { bytes: string; modifiedAt: number }> = {};
  for (const relative of readdirSync(root, { recursive: true }) as string[]) {
    const full = path.join(root, relative);
    if (statSync(full).isFile()) files[relative] = { bytes: readFileSync(full).toString("base64"), modifiedAt: Math.floor(statSync(full).mtimeMs / 1000) };
  }
  return files;
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
    const tool = await insertTool(handle.db, { name: "Backed Up", creatorUsername: maker.slug, isLinkedToCreator: true });
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
    expect(readFileSync(path.join(restoredDir, "auth-secret"), "utf8")).toBe(readFileSync(path.join(dataDir, "auth-secret"), "utf8"));
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
    const bucketEnv = { S3_ENDPOINT: "http://127.0.0.1:9", S3_BUCKET: "indie-files", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };
    const out = path.join(work, "with-bucket.tar.gz");
    for (const args of [["--data-dir", dataDir, "--out", out], ["--out", out]]) {
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
