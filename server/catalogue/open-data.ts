/**
 * The open data dumps (decision 033): every night the daily job writes the live catalogue as gzipped JSON and CSV,
 * the very files of the console's export, through the file storage (the local disk or the S3 bucket). Their stable
 * addresses are /open-data/catalogue.json.gz and /open-data/catalogue.csv.gz, which lead to wherever the storage serves
 * them; the JSON file imports back with `npm run import`.
 */
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { openDataPath } from "#common/page-paths.ts";
import type { Database } from "../db/client.ts";
import type { FileStorage } from "../storage/files.ts";
import { catalogueFile, type ExportFormat, readCatalogue } from "./export.ts";

const gzipped = promisify(gzip);

export const OPEN_DATA_FORMATS = ["json", "csv"] as const satisfies readonly ExportFormat[];

/** Where the dump of `format` is stored: its stable address without the leading slash. */
export function openDataKey(format: ExportFormat): string {
  return openDataPath(format).slice(1);
}

/** Writes both dumps from one read of the catalogue; answers how many tools they hold. */
export async function writeOpenData(db: Database, storage: FileStorage, now = new Date()): Promise<{ tools: number }> {
  const catalogue = await readCatalogue(db, now);
  for (const format of OPEN_DATA_FORMATS) {
    const file = catalogueFile(catalogue, format, now);
    await storage.write(openDataKey(format), await gzipped(file.text), "application/gzip");
  }
  return { tools: catalogue.tools.length };
}
