/**
 * The catalogue as a file: every category and every live tool, with all a fresh install needs to show them again
 * (decision 025). Nothing about users: no submitter, maker, claim, e-mail, view or click. The JSON file imports back
 * as it is; the CSV file has one row a tool, with the import's field names as its header, and no cell a spreadsheet
 * would run as a formula.
 */
import { and, asc, sql } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { IMPORT_FIELDS } from "#common/schemas/catalogue.ts";
import type { CatalogueExportFile } from "#common/schemas/catalogue.ts";
import type { Database } from "../db/client.ts";
import { categories, tools } from "../db/schema.ts";
import { isPublicTool } from "../tools/read/queries.ts";
import { spreadsheetSafe } from "./csv-cells.ts";
import { seekAfter } from "../db/keyset.ts";

export type ExportedTool = {
  name: string;
  website: string;
  shortDesc: string;
  longDesc: string;
  categories: string[];
  tags: string[];
  paymentType: string;
  pros: string[];
  cons: string[];
  faq: { question: string; answer: string }[];
  featured: boolean;
  /** The repository's address (decision 060), its licence as kept (an SPDX id, or the words given), and whether a
   * verifier confirmed it can be self-hosted. */
  repository: string | null;
  licence: string | null;
  selfHostable: boolean;
  createdAt: string;
  verifiedAt: string | null;
};

/** Tools read a page at a time, in the order they were added (tools_public_latest_idx). */
const PAGE_SIZE = 5_000;

/** The whole catalogue, as the JSON export holds it. */
export async function readCatalogue(
  db: Database,
  now = new Date(),
): Promise<Omit<CatalogueExportFile, "tools"> & { tools: ExportedTool[] }> {
  const categoryRows = await db
    .select({
      id: categories.id,
      label: categories.label,
      slug: categories.slug,
      description: categories.description,
      longDescription: categories.longDescription,
      color: categories.color,
    })
    .from(categories)
    .orderBy(asc(categories.label), asc(categories.id));
  const slugOf = new Map(categoryRows.map((category) => [category.id, category.slug]));
  const exported: ExportedTool[] = [];
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: SQLCursor = after;
    const page: ToolPageRow[] = await db
      .select({
        id: tools.id,
        name: tools.name,
        website: tools.website,
        shortDesc: tools.shortDesc,
        longDesc: tools.longDesc,
        categories: tools.categories,
        tags: tools.tags,
        paymentType: tools.paymentType,
        pros: tools.pros,
        cons: tools.cons,
        faq: tools.faq,
        featured: tools.isHomeBoosted,
        repository: tools.repositoryUrl,
        licence: tools.licence,
        selfHostable: sql<boolean>`${tools.selfHostable} is not distinct from 'confirmed'`,
        createdAt: tools.createdAt,
        verifiedAt: tools.verifiedAt,
      })
      .from(tools)
      .where(
        and(
          isPublicTool,
          seekAfter(cursor && { key: cursor.createdAt.getTime(), id: cursor.id }, [tools.createdAt, tools.id]),
        ),
      )
      .orderBy(sql`${tools.createdAt} desc`, sql`${tools.id} desc`)
      .limit(PAGE_SIZE);
    for (const tool of page) {
      exported.push({
        name: tool.name,
        website: tool.website,
        shortDesc: tool.shortDesc,
        longDesc: tool.longDesc,
        categories: tool.categories.map((id: string) => slugOf.get(id)).filter((slug): slug is string => Boolean(slug)),
        tags: tool.tags,
        paymentType: tool.paymentType,
        pros: tool.pros ?? [],
        cons: tool.cons ?? [],
        faq: tool.faq ?? [],
        featured: tool.featured,
        repository: tool.repository,
        licence: tool.licence,
        selfHostable: tool.selfHostable,
        createdAt: tool.createdAt.toISOString(),
        verifiedAt: tool.verifiedAt?.toISOString() ?? null,
      });
    }
    if (page.length < PAGE_SIZE) break;
    const last: ToolPageRow = page.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }
  return {
    format: "indie-tools-catalogue",
    version: 1,
    exportedAt: now.toISOString(),
    categories: categoryRows.map(({ id: _id, ...category }) => category),
    // Oldest first: imported in this order, the tools come back in the same order.
    tools: exported.reverse(),
  };
}

type SQLCursor = { createdAt: Date; id: string } | null;
type ToolPageRow = Omit<ExportedTool, "pros" | "cons" | "faq" | "createdAt" | "verifiedAt"> & {
  id: string;
  pros: string[] | null;
  cons: string[] | null;
  faq: { question: string; answer: string }[] | null;
  createdAt: Date;
  verifiedAt: Date | null;
};

export type ExportFormat = "json" | "csv";

/** The catalogue file in `format`: its text, its name and its media type. */
export async function exportCatalogue(db: Database, format: ExportFormat, now = new Date()) {
  return catalogueFile(await readCatalogue(db, now), format, now);
}

/** `catalogue`, as read by readCatalogue, written as the file of `format`. */
export function catalogueFile(
  catalogue: Awaited<ReturnType<typeof readCatalogue>>,
  format: ExportFormat,
  now = new Date(),
) {
  const day = now.toISOString().slice(0, 10);
  if (format === "json") {
    return {
      text: `${JSON.stringify(catalogue, null, 2)}\n`,
      fileName: `catalogue-${day}.json`,
      contentType: "application/json; charset=utf-8",
      count: catalogue.tools.length,
    };
  }
  // In IMPORT_FIELDS' order: the header names each cell.
  const rows = catalogue.tools.map((tool) => [
    tool.name,
    tool.website,
    tool.shortDesc,
    tool.longDesc,
    tool.categories.join(", "),
    tool.tags.join(", "),
    tool.paymentType,
    tool.pros.join("\n"),
    tool.cons.join("\n"),
    tool.faq.length ? JSON.stringify(tool.faq) : "",
    String(tool.featured),
    tool.repository ?? "",
    tool.licence ?? "",
    String(tool.selfHostable),
    tool.createdAt,
    tool.verifiedAt ?? "",
  ]);
  // Every value quoted, and none a spreadsheet would run: a maker writes most of them (csv-cells.ts).
  const text =
    stringify([[...IMPORT_FIELDS]]) +
    stringify(
      rows.map((row) => row.map(spreadsheetSafe)),
      { quoted: true },
    );
  return {
    text,
    fileName: `catalogue-${day}.csv`,
    contentType: "text/csv; charset=utf-8",
    count: catalogue.tools.length,
  };
}
