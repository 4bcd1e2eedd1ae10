/** The FileStorage a process uses, from its config: the S3-compatible bucket when one is configured, else `filesDir`. */
import { type Config, FILES_URL } from "../config.ts";
import { type FileStorage, localFileStorage } from "./files.ts";
import { s3FileStorage } from "./s3.ts";

export function fileStorageFromConfig(config: Config, filesDir: string): FileStorage {
  return config.storage.kind === "s3" ? s3FileStorage(config.storage) : localFileStorage(filesDir, FILES_URL);
}
