/** Catalogue files: which tool fields an import fills, the shape of our own JSON export, and the console's import form. */
import { z } from "#common/zod.ts";
import { say } from "../i18n/say.ts";
import { MESSAGES } from "../messages.ts";

/** The tool fields a file's columns can fill, in the order the console and the CSV export show them. */
export const IMPORT_FIELDS = [
  "name",
  "website",
  "shortDesc",
  "longDesc",
  "categories",
  "tags",
  "paymentType",
  "pros",
  "cons",
  "faq",
  "featured",
  "repository",
  "licence",
  "selfHostable",
  "createdAt",
  "verifiedAt",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const importFieldLabel = (field: ImportField) => say("adminImport.fieldLabel", { field });

/** What an update of a listed tool changes, as the dry run says it (each field as a sentence names it): "short description, tags". */
export const changedFieldWords = (fields: ImportField[]) =>
  fields.map((field) => say("adminImport.fieldWord", { field })).join(", ");

/** Which column fills each field; a field left out is not read (and, for a tool already listed, kept as it is). */
export type ColumnMapping = Partial<Record<ImportField, string>>;

export const IMPORT_FORMATS = ["csv", "markdown", "json"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const EXPORT_FORMATS = ["json", "csv"] as const;
export const exportFormatParam = z.enum(EXPORT_FORMATS, { message: "Choose json or csv" });

/** The largest file /admin/import takes, in bytes; the HTTP layer refuses a larger body before reading it. */
export const IMPORT_MAX_BYTES = 10_000_000;

/** What our JSON export holds (server/catalogue/export.ts); each tool is checked again, field by field, as any imported row. */
export const catalogueExportFile = z.object({
  format: z.literal("indie-tools-catalogue"),
  version: z.literal(1),
  exportedAt: z.string(),
  categories: z.array(
    z.object({
      label: z.string(),
      slug: z.string(),
      description: z.string().default(""),
      longDescription: z.string().nullable().default(null),
      color: z.string(),
    }),
  ),
  tools: z.array(
    z.object({
      name: z.string().optional(),
      website: z.string().optional(),
      shortDesc: z.string().optional(),
      longDesc: z.string().optional(),
      categories: z.array(z.string()).optional(),
      tags: z.array(z.string()).optional(),
      paymentType: z.string().optional(),
      pros: z.array(z.string()).nullable().optional(),
      cons: z.array(z.string()).nullable().optional(),
      faq: z
        .array(z.object({ question: z.string(), answer: z.string() }))
        .nullable()
        .optional(),
      featured: z.boolean().optional(),
      repository: z.string().nullable().optional(),
      licence: z.string().nullable().optional(),
      selfHostable: z.boolean().optional(),
      createdAt: z.string().optional(),
      verifiedAt: z.string().nullable().optional(),
    }),
  ),
});
export type CatalogueExportFile = z.infer<typeof catalogueExportFile>;

/** An upload's id, as the console's import page names it in its address and forms. */
export const importFileIdParam = z.uuid({ error: () => MESSAGES.catalogue.noSuchFile });

/** The console's mapping and options, from a form or the page's address: `map.<field>` names a column. */
export function importOptionsFrom(params: URLSearchParams | FormData) {
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const column = params.get(`map.${field}`);
    if (typeof column === "string" && column !== "") mapping[field] = column;
  }
  return {
    mapping,
    createCategories: params.get("createCategories") === "on",
    keepDescriptions: params.get("keepDescriptions") === "on",
  };
}
