/**
 * The console's import and export (/admin/import, admins only): an uploaded file is kept until it is imported, so the
 * admin can map its columns and run dry runs on it first; the import and the export are those of import.ts and
 * export.ts, which `npm run import` and `npm run export` call too.
 */
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { type ColumnMapping, IMPORT_MAX_BYTES, type ImportFormat } from "#common/schemas/catalogue.ts";
import { requireAdmin } from "../access.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Database } from "../db/client.ts";
import { importFiles } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { type ExportFormat, exportCatalogue } from "./export.ts";
import { importCatalogue, type RowOutcome } from "./import.ts";
import { OPEN_DATA_FORMATS, openDataKey, writeOpenData } from "./open-data.ts";
import type { FileStorage } from "../storage/files.ts";
import { checkReadable, csvColumns, decodeText, detectFormat, guessMapping, readImportSource } from "./sources.ts";

/** How long an uploaded file waits to be imported. */
const KEEP_UPLOADS_MS = 24 * 3_600_000;
/** Rows of a dry run the console shows at once; the counts cover them all. */
export const PREVIEW_PAGE_ROWS = 100;
/** Refused rows an import lists, the first ones of the file. */
export const LISTED_REFUSALS = 500;
/** Snapshots written at once after an import. */
const SNAPSHOT_CONCURRENCY = 8;

export type ImportChoices = { mapping: ColumnMapping; createCategories: boolean; keepDescriptions: boolean };

export type CatalogueDependencies = {
  db: Database;
  logger: Logger;
  storage: FileStorage;
  writeToolSnapshot: (id: string) => Promise<void>;
};

export function catalogueService({ db, logger, storage, writeToolSnapshot }: CatalogueDependencies) {
  async function getFile(id: string) {
    const [file] = await db.select().from(importFiles).where(eq(importFiles.id, id)).limit(1);
    if (!file) throw new AppError("not-found", MESSAGES.catalogue.noSuchFile);
    return { ...file, format: file.format as ImportFormat };
  }

  /** A CSV file's mapping as chosen, or guessed from its header when none was chosen yet. */
  function mappingFor(file: { format: ImportFormat; content: string }, chosen: ColumnMapping): ColumnMapping {
    if (file.format !== "csv") return {};
    return Object.keys(chosen).length ? chosen : guessMapping(csvColumns(file.content));
  }

  /** Live tools' snapshots follow what the import wrote (the tool page reads them first). */
  async function refreshSnapshots(ids: string[]) {
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        await writeToolSnapshot(id).catch((error: unknown) =>
          logger.error(`writing the snapshot of imported tool ${id} failed`, error),
        );
      }
    };
    await Promise.all(Array.from({ length: SNAPSHOT_CONCURRENCY }, worker));
  }

  return {
    /** What the import page says before a file is chosen: the largest file it takes. */
    async importLimits(user: SessionUser | null) {
      requireAdmin(user);
      return { maxBytes: IMPORT_MAX_BYTES };
    },

    /**
     * Keeps an uploaded file for the next steps, once it reads as a CSV file, an awesome list or our JSON export;
     * a file that does not is refused, and nothing is kept.
     */
    async uploadImportFile(user: SessionUser | null, { fileName, bytes }: { fileName: string; bytes: Uint8Array }) {
      const admin = requireAdmin(user);
      if (bytes.byteLength === 0 && !fileName) throw new AppError("invalid-argument", MESSAGES.catalogue.noFile);
      if (bytes.byteLength > IMPORT_MAX_BYTES)
        throw new AppError("invalid-argument", MESSAGES.catalogue.fileTooLarge(IMPORT_MAX_BYTES));
      const content = decodeText(bytes);
      const format = detectFormat(fileName, content);
      // Read once now, so that a malformed file is refused at once, with its reason.
      checkReadable(format, content);
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await tx.delete(importFiles).where(lt(importFiles.createdAt, new Date(Date.now() - KEEP_UPLOADS_MS)));
        await tx
          .insert(importFiles)
          .values({ id, fileName: fileName.slice(0, 200), format, content, uploadedBy: admin.id });
      });
      return { id, format };
    },

    /** An uploaded file: its name, format, and for a CSV file its columns and the guessed mapping. */
    async getImportFile(user: SessionUser | null, id: string) {
      requireAdmin(user);
      const file = await getFile(id);
      const columns = file.format === "csv" ? csvColumns(file.content) : [];
      return {
        id: file.id,
        fileName: file.fileName,
        format: file.format,
        columns,
        guessedMapping: file.format === "csv" ? guessMapping(columns) : {},
      };
    },

    /**
     * The dry run: what the import of the file would do, counted for every row, and shown row by row a page at a time,
     * from the first row after the line `after` (keyset by line). Nothing is written; `nextAfter` is the line the next
     * page starts after, or null on the last page.
     */
    async previewImport(user: SessionUser | null, id: string, choices: ImportChoices, after = 0) {
      requireAdmin(user);
      const file = await getFile(id);
      const source = readImportSource(file.format, file.content, mappingFor(file, choices.mapping));
      let kept = 0;
      const keepRow = (row: RowOutcome) => row.line > after && kept++ <= PREVIEW_PAGE_ROWS;
      const plan = await importCatalogue(db, source, {
        createCategories: choices.createCategories,
        keepDescriptions: choices.keepDescriptions,
        dryRun: true,
        keepRow,
      });
      const rows = plan.rows.slice(0, PREVIEW_PAGE_ROWS);
      return {
        ...plan,
        rows,
        total: source.tools.length,
        nextAfter: plan.rows.length > PREVIEW_PAGE_ROWS ? rows.at(-1)!.line : null,
      };
    },

    /** Imports the file (its accepted rows, all in one transaction), then forgets it; lists the first refused rows. */
    async importFile(user: SessionUser | null, id: string, choices: ImportChoices) {
      const admin = requireAdmin(user);
      const file = await getFile(id);
      const source = readImportSource(file.format, file.content, mappingFor(file, choices.mapping));
      let refused = 0;
      const keepRow = (row: RowOutcome) => row.action === "refuse" && refused++ < LISTED_REFUSALS;
      const { toolIds, ...result } = await importCatalogue(db, source, {
        createCategories: choices.createCategories,
        keepDescriptions: choices.keepDescriptions,
        keepRow,
      });
      await db.delete(importFiles).where(eq(importFiles.id, id));
      await recordAudit(db, admin, { kind: "catalogue.imported", subject: file.fileName, after: { ...result.counts } });
      await refreshSnapshots(toolIds);
      return result;
    },

    /** The catalogue as a JSON or CSV file to download. */
    async exportCatalogue(user: SessionUser | null, format: ExportFormat) {
      requireAdmin(user);
      return exportCatalogue(db, format);
    },

    /** Writes the nightly open data dumps (the daily job); answers how many tools they hold. */
    writeOpenData(now = new Date()) {
      return writeOpenData(db, storage, now);
    },

    /**
     * Writes the dumps when none is stored yet (each start): /open-data links them, and a fresh site's first daily run
     * is a moment away. Answers how many tools they hold, or null when they were there already.
     */
    async writeMissingOpenData(now = new Date()): Promise<{ tools: number } | null> {
      for await (const file of storage.list(path.dirname(openDataKey("json"))))
        if (OPEN_DATA_FORMATS.some((format) => file.key === openDataKey(format))) return null;
      return writeOpenData(db, storage, now);
    },

    /** Where the storage serves the open data dump of `format`. */
    openDataUrl(format: ExportFormat): string {
      return storage.publicUrl(openDataKey(format));
    },
  };
}
