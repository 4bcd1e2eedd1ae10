/**
 * File storage: where tool snapshots and uploaded images live. Everything that stores, lists or removes files goes
 * through this interface: a folder of the local disk (the default) or an S3-compatible bucket (server/storage/s3.ts).
 */
import { constants } from "node:fs";
import { access, mkdir, opendir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

export interface FileStorage {
  /** Stores `body` under `key` (such as "tools/t1/t1.json"), replacing what was there. */
  write(key: string, body: string | Uint8Array, contentType: string): Promise<void>;
  /** Removes the file under `key`; nothing happens if there is none. */
  remove(key: string): Promise<void>;
  /** The public URL of the file under `key`. */
  publicUrl(key: string): string;
  /** Every file under the folder `prefix` (such as "tools"), at any depth, with when it was last written. */
  list(prefix: string): AsyncIterable<StoredFile>;
  /** Resolves when files can be stored (the folder is writable, the bucket answers); throws saying why not. */
  check(): Promise<void>;
}

export type StoredFile = { key: string; modifiedAt: Date };

/**
 * How long a stored file may be kept by browsers and CDNs. An uploaded image is written once under a new random name,
 * and a link preview under its content's hash, and neither is ever rewritten: kept for a year. A snapshot or a dump
 * keeps its name and changes: kept a minute.
 */
export function cacheControlOf(key: string): string {
  return key.endsWith(".webp") || /(?:^|\/)og\/.+-[0-9a-f]{8}\.png$/.test(key)
    ? "public, max-age=31536000, immutable"
    : "public, max-age=60";
}

export const SAFE_KEY = /^[a-zA-Z0-9_-]+(\/[a-zA-Z0-9_-]+)*(\.[a-z0-9]+)+$/;

/** `key`, if it is one a FileStorage accepts (letters, digits, '-', '_', folders, extensions such as .json.gz); throws otherwise. */
export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`Not a valid file key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in a folder of the local disk, served by the app under `publicPath`. */
export function localFileStorage(rootDir: string, publicPath = "/files"): FileStorage {
  const root = path.resolve(rootDir);
  return {
    async write(key, body) {
      const file = path.join(root, checkKey(key));
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: a reader never sees half a file.
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async remove(key) {
      await rm(path.join(root, checkKey(key)), { force: true });
    },
    publicUrl(key) {
      return `${publicPath}/${checkKey(key)}`;
    },
    async *list(prefix) {
      // One folder open at a time, so a store of many thousands of tools is walked without holding its listing in memory.
      async function* walk(folder: string): AsyncIterable<StoredFile> {
        let entries;
        try {
          entries = await opendir(path.join(root, folder));
        } catch {
          return;
        }
        for await (const entry of entries) {
          const key = `${folder}/${entry.name}`;
          if (entry.isDirectory()) yield* walk(key);
          else if (entry.isFile() && SAFE_KEY.test(key))
            yield { key, modifiedAt: (await stat(path.join(root, key))).mtime };
        }
      }
      yield* walk(prefix.replace(/\/+$/, ""));
    },
    async check() {
      // The folder is made on the first write; what matters is that it can be made, and written to.
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
