/**
 * A program, run with --expose-gc by the import memory test: uploads a CSV file of `ROWS` rows (about 3 MB at 20,000, 9.5 MB at 65,000)
 * to the catalogue service on a fresh embedded database, shows its dry run three times as the console does, and prints
 * the JavaScript heap in use after a full collection, before and after each preview, as one JSON line.
 */
import "#server/i18n.ts";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { catalogueService } from "#server/catalogue/service.ts";
import { openDatabase } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import type { FileStorage } from "#server/storage/files.ts";

const rowCount = Number(process.env.ROWS ?? 20_000);
const collect = (globalThis as { gc?: () => void }).gc!;
const heapInUse = () => {
  collect();
  return process.memoryUsage().heapUsed;
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-import-memory-"));
const handle = await openDatabase({ dataDir });
try {
  await handle.migrate();
  await handle.db.execute(
    sql`insert into users (id, email, username, slug, role) values ('importer', 'importer@example.com', 'importer', 'importer', 'admin')`,
  );
  const admin = { id: "importer", slug: "importer", username: "importer", role: "admin" } as const;
  const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
  const catalogue = catalogueService({
    db: handle.db,
    logger: quiet,
    storage: {} as FileStorage,
    writeToolSnapshot: async () => {},
  });
  const bytes = new TextEncoder().encode(
    stringify([
      ["Name", "URL", "Description", "Category", "Tags", "Pricing"],
      ...Array.from({ length: rowCount }, (_, n) => [
        `Tool ${n}`,
        `https://tool-${n}.example.com/`,
        `A tool of the memory check, whose description is long enough for row ${n}.`,
        "Analytics",
        "seo, cms",
        "Free",
      ]),
    ]),
  );
  const { id } = await catalogue.uploadImportFile(admin, { fileName: "tools.csv", bytes });
  const heaps = [heapInUse()];
  for (let view = 0; view < 3; view++) {
    const file = await catalogue.getImportFile(admin, id);
    const plan = await catalogue.previewImport(admin, id, {
      mapping: file.guessedMapping,
      createCategories: true,
      keepDescriptions: true,
    });
    if (plan.total !== rowCount) throw new Error(`The preview read ${plan.total} rows of ${rowCount}`);
    heaps.push(heapInUse());
  }
  process.stdout.write(`${JSON.stringify({ fileBytes: bytes.byteLength, heaps })}\n`);
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
