/**
 * Importing a catalogue file (docs/decisions/025-bulk-import-export.md): a plan says, row by row, what would be created,
 * updated or refused and why (the dry run); the import carries out the same plan in one transaction, with set-based
 * writes (rows as one JSON parameter). New tools are live at once, with no submitter; a tool already listed (same
 * canonical website) gets the fields the file gives and keeps its state, and one that has them already is left alone.
 */
import { isDeepStrictEqual } from "node:util";
import { getTableColumns, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { createId, toolKeywords } from "#common/ids.ts";
import { LICENCE_MAX_LENGTH } from "#common/constants.ts";
import { MESSAGES } from "#common/messages.ts";
import type { ImportField } from "#common/schemas/catalogue.ts";
import { categoryInput } from "#common/schemas/moderation.ts";
import { slugify } from "#common/slugify.ts";
import { canonicalWebsite, registrableDomain, type ToolInput, toolInput, websiteDomain } from "#common/tool-input.ts";
import type { Database, Transaction } from "../db/client.ts";
import { categories, type FaqItem, tagCounts, tools } from "../db/schema.ts";
import { isPublicTool } from "../tools/read/queries.ts";
import { PAGE_CACHE_CHANNEL } from "../cache/invalidation.ts";
import { buildToolRow, type NewToolRow } from "../tools/lifecycle/rows.ts";
import { licenceColumns } from "../tools/licences.ts";
import { findToolsByCanonicalWebsite, type MatchedTool } from "./matching.ts";
import type { ImportSource, RawTool, SkippedLine } from "./sources.ts";

/** "unchanged": a listed tool that already has every field the row gives; nothing is written for it. */
export type RowAction = "create" | "update" | "unchanged" | "refuse";

/**
 * What happens to one row of the file: why when it is refused, and which of the listed tool's fields it changes when
 * it updates one. `canonicalWebsite` is what it is matched by.
 */
export type RowOutcome = {
  line: number;
  name: string;
  website: string;
  canonicalWebsite: string | null;
  action: RowAction;
  reasons: string[];
  changes: ImportField[];
  toolId: string | null;
  /** What the report says beside the outcome: the other lines of an awesome list this tool is on. */
  notes: string[];
};

type CategoryRow = typeof categories.$inferInsert & { id: string; slug: string; label: string };

export type ImportPlan = {
  /** The rows' outcomes, in the file's order: every row's, or only those `keepRow` kept. */
  rows: RowOutcome[];
  /** Every row's outcome, counted. */
  counts: Record<RowAction, number>;
  /** Categories the import adds (named by a row when missing ones may be created, or brought by a JSON export) or changes. */
  categories: { label: string; slug: string; action: "create" | "update" }[];
  /** The file's lines that are no tool, each with why (an awesome list's table of contents, an item with no link). */
  skipped: SkippedLine[];
};

/**
 * `keepRow` says which rows' outcomes the plan lists (all by default): a dry run of a large file keeps the page it
 * shows, so that what it holds is bounded by the page, not by the file's rows.
 */
export type ImportOptions = {
  createCategories?: boolean;
  /** A listed tool keeps its short and long descriptions (curated in the console): the file's are used for new tools only. */
  keepDescriptions?: boolean;
  now?: Date;
  keepRow?: (row: RowOutcome) => boolean;
};

/** The fields `keepDescriptions` leaves as a listed tool has them. */
const DESCRIPTION_FIELDS: readonly ImportField[] = ["shortDesc", "longDesc"];

const DEFAULT_CATEGORY_COLOR = "#E5E7EB";

/** "true"/"yes"/"1" and "false"/"no"/"0"/"" (a CSV cell), or a JSON boolean. */
/** The longest licence a file may give: an SPDX expression, or a few words. */

function readFlag(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  const text = String(value ?? "")
    .trim()
    .toLowerCase();
  if (["true", "yes", "1", "y"].includes(text)) return true;
  if (["false", "no", "0", "n", ""].includes(text)) return false;
  return null;
}

function readDate(value: unknown): Date | null | undefined {
  if (value === null || value === undefined || String(value).trim() === "") return undefined;
  const date = new Date(String(value).trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

const asList = (value: unknown, separator: RegExp): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : String(value ?? "")
        .split(separator)
        .map((item) => item.trim())
        .filter(Boolean);

function readFaq(value: unknown): FaqItem[] | null {
  if (Array.isArray(value)) return value as FaqItem[];
  const text = String(value ?? "").trim();
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      Array.isArray(parsed) &&
      parsed.every((item) => item && typeof item.question === "string" && typeof item.answer === "string")
    ) {
      return parsed.map(({ question, answer }: FaqItem) => ({ question, answer }));
    }
  } catch {
    // Refused below, with the way to write it.
  }
  return null;
}

/** The database columns of the tools table, by the schema's field names. */
const TOOL_COLUMN_NAMES = Object.fromEntries(
  Object.entries(getTableColumns(tools)).map(([key, column]) => [key, column.name]),
);

/** The categories a row may name: by slug, by label (any case), or by its label's slug. */
function categoryDirectory(existing: CategoryRow[]) {
  const byKey = new Map<string, CategoryRow>();
  const add = (category: CategoryRow) => {
    for (const key of [category.slug, category.label.trim().toLowerCase(), slugify(category.label)])
      if (key && !byKey.has(key)) byKey.set(key, category);
  };
  existing.forEach(add);
  return {
    find: (name: string) => byKey.get(name.trim().toLowerCase()) ?? byKey.get(slugify(name)),
    add,
  };
}

type PlannedWrites = { inserts: NewToolRow[]; updates: Record<string, unknown>[] };

/**
 * What a file brings, checked against the catalogue: nothing is written, and what would be written is not kept (a
 * new tool's row holds its search text: a large file's would fill the memory).
 */
export async function planImport(db: Database, source: ImportSource, options: ImportOptions = {}): Promise<ImportPlan> {
  const planner = await createPlanner(db, source, options);
  for (let start = 0; start < source.tools.length; start += PLAN_CHUNK) {
    planner.planRows(start, Math.min(source.tools.length, start + PLAN_CHUNK));
    // A large file is planned a little at a time: other requests are served in between.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return planner.finish();
}

/**
 * Plans a file's rows a slice at a time (the import writes one slice while it plans the next), keeping what a later
 * row is checked against: the websites of the rows before it and the categories made for them.
 */
async function createPlanner(
  db: Database | Transaction,
  source: ImportSource,
  { createCategories = false, keepDescriptions = false, now = new Date(), keepRow = () => true }: ImportOptions,
) {
  const existing = (await db.select().from(categories)) as CategoryRow[];
  const directory = categoryDirectory(existing);
  const newCategories: CategoryRow[] = [];
  const changedCategories: CategoryRow[] = [];

  // A JSON export's own categories, matched by slug: created, or changed to what the file says.
  for (const [index, given] of source.categories.entries()) {
    const checked = categoryInput.safeParse(given);
    if (!checked.success)
      throw new AppError(
        "invalid-argument",
        `${MESSAGES.catalogue.notAnExport}: category ${index + 1}: ${checked.error.issues[0]!.message}`,
      );
    const listed = existing.find((category) => category.slug === checked.data.slug);
    const fields = { ...checked.data, longDescription: given.longDescription };
    if (!listed) {
      const created = { id: createId("c", now), ...fields, createdAt: now, updatedAt: now };
      newCategories.push(created);
      directory.add(created);
    } else if (
      listed.label !== fields.label ||
      listed.description !== fields.description ||
      listed.color !== fields.color ||
      (listed.longDescription ?? null) !== fields.longDescription
    ) {
      changedCategories.push({ ...listed, ...fields, updatedAt: now });
    }
  }
  const importedCategoryIds = new Set(newCategories.map((category) => category.id));

  const canonicals = source.tools.map((raw) => canonicalWebsite(String(raw.values.website ?? "")));
  const matched = await findToolsByCanonicalWebsite(
    db,
    canonicals.filter((canonical): canonical is string => Boolean(canonical)),
  );
  const firstLineOf = new Map<string, number>();
  const usedNewCategories = new Set<string>();
  const rows: RowOutcome[] = [];
  const counts: Record<RowAction, number> = { create: 0, update: 0, unchanged: 0, refuse: 0 };

  /** Plans the rows from `from` up to `to` (not included), in the file's order: what to write for them. */
  function planRows(from: number, to: number): PlannedWrites {
    const inserts: NewToolRow[] = [];
    const updates: Record<string, unknown>[] = [];
    for (let index = from; index < to; index++) {
      const outcome = planRow(source.tools[index]!, index, inserts, updates);
      counts[outcome.action] += 1;
      if (keepRow(outcome)) rows.push(outcome);
    }
    return { inserts, updates };
  }

  function planRow(raw: RawTool, index: number, inserts: NewToolRow[], updates: Record<string, unknown>[]): RowOutcome {
    const canonical = canonicals[index] ?? null;
    const listed = canonical ? matched.get(canonical) : undefined;
    const reasons: string[] = [];
    // The file's fields this row uses: a listed tool's descriptions stay when the admin chose to keep them.
    const used =
      listed && keepDescriptions ? raw.fields.filter((field) => !DESCRIPTION_FIELDS.includes(field)) : raw.fields;
    const has = (field: ImportField) => used.includes(field);

    // Categories by name or slug; a missing one is created only when the admin chose so.
    let categoryIds: string[] | undefined;
    if (has("categories")) {
      categoryIds = [];
      for (const name of asList(raw.values.categories, /[,;|]/)) {
        let category = directory.find(name);
        if (!category && createCategories && slugify(name)) {
          category = {
            id: createId("c", now),
            label: name.trim(),
            slug: slugify(name),
            description: "",
            color: DEFAULT_CATEGORY_COLOR,
            createdAt: now,
            updatedAt: now,
          };
          newCategories.push(category);
          directory.add(category);
        }
        if (category) categoryIds.push(category.id);
        else reasons.push(MESSAGES.catalogue.unknownCategory(name));
      }
    }
    const faq = has("faq") ? readFaq(raw.values.faq) : undefined;
    if (faq === null) reasons.push(MESSAGES.catalogue.badFaq);
    const featured = has("featured") ? readFlag(raw.values.featured) : undefined;
    if (featured === null) reasons.push(MESSAGES.catalogue.badFeatured);
    const selfHostable = has("selfHostable") ? readFlag(raw.values.selfHostable) : undefined;
    if (selfHostable === null) reasons.push(MESSAGES.catalogue.badSelfHostable);
    const licence = has("licence") ? String(raw.values.licence ?? "").trim() : undefined;
    if (licence && licence.length > LICENCE_MAX_LENGTH) reasons.push(MESSAGES.catalogue.longLicence);
    const createdAt = has("createdAt") ? readDate(raw.values.createdAt) : undefined;
    if (createdAt === null) reasons.push(MESSAGES.catalogue.badDate("date added"));
    const verifiedAt = has("verifiedAt") ? readDate(raw.values.verifiedAt) : undefined;
    if (verifiedAt === null) reasons.push(MESSAGES.catalogue.badDate("date verified"));

    // The whole tool as the submission form would send it: what the file gives, the rest as the listed tool has it.
    const text = (field: ImportField, kept: string | undefined) =>
      has(field) ? String(raw.values[field] ?? "") : (kept ?? "");
    const fields = {
      name: text("name", listed?.name),
      website: text("website", listed?.website),
      shortDesc: text("shortDesc", listed?.shortDesc),
      longDesc: text("longDesc", listed?.longDesc),
      categories: categoryIds ?? listed?.categories ?? [],
      tags: has("tags") ? asList(raw.values.tags, /[,\n]/).join(",") : (listed?.tags ?? []).join(","),
      repository: text("repository", listed?.repositoryUrl ?? undefined),
      paymentType: has("paymentType")
        ? String(raw.values.paymentType ?? "")
            .trim()
            .toLowerCase() || "free"
        : (listed?.paymentType ?? "free"),
      pros: has("pros") ? asList(raw.values.pros, /\r?\n/) : (listed?.pros ?? []),
      cons: has("cons") ? asList(raw.values.cons, /\r?\n/) : (listed?.cons ?? []),
      faq: faq ?? listed?.faq ?? [],
    };
    const checked = toolInput.safeParse(fields);
    // A category named but unknown is said once: not again as "no category".
    const hasUnknownCategory =
      reasons.length > 0 &&
      categoryIds !== undefined &&
      categoryIds.length < asList(raw.values.categories, /[,;|]/).length;
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        if (hasUnknownCategory && issue.path[0] === "categories") continue;
        if (!reasons.includes(issue.message)) reasons.push(issue.message);
      }
    }
    if (canonical && firstLineOf.has(canonical))
      reasons.push(MESSAGES.catalogue.sameWebsiteAs(firstLineOf.get(canonical)!));
    else if (canonical) firstLineOf.set(canonical, raw.line);

    const outcome: RowOutcome = {
      line: raw.line,
      name: fields.name.trim(),
      website: fields.website.trim(),
      canonicalWebsite: canonical,
      action: "refuse",
      reasons,
      changes: [],
      toolId: listed?.id ?? null,
      notes: raw.alsoOnLines?.length ? [MESSAGES.catalogue.alsoOnLines(raw.alsoOnLines.join(", "))] : [],
    };
    if (reasons.length > 0 || !checked.success) return outcome;
    const input = checked.data;
    for (const id of input.categories)
      if (!importedCategoryIds.has(id) && newCategories.some((category) => category.id === id))
        usedNewCategories.add(id);
    if (listed) {
      const change = updateRecord({ ...raw, fields: used }, listed, input, {
        featured: featured ?? undefined,
        selfHostable: selfHostable ?? undefined,
        licence,
        createdAt: createdAt ?? undefined,
        verifiedAt: verifiedAt ?? undefined,
        now,
      });
      outcome.changes = changedFields(change, listed);
      outcome.action = outcome.changes.length > 0 ? "update" : "unchanged";
      if (outcome.action === "update") updates.push(change);
    } else {
      const row = buildToolRow(
        {
          ...toolColumns(input),
          isActive: true,
          isVerified: true,
          isHomeBoosted: featured ?? false,
          ...licenceColumns(licence),
          // An admin's file is a verifier's word.
          selfHostable: selfHostable ? "confirmed" : null,
          createdAt: createdAt ?? now,
          verifiedAt: verifiedAt ?? createdAt ?? now,
        },
        now,
      );
      outcome.action = "create";
      outcome.toolId = row.id;
      inserts.push(row);
    }
    return outcome;
  }

  /** A category made for a row is kept only when a row that is not refused uses it; a JSON export's are kept. */
  const keptNewCategories = () =>
    newCategories.filter((category) => importedCategoryIds.has(category.id) || usedNewCategories.has(category.id));

  /** The plan of every row planned. */
  function finish(): ImportPlan {
    return {
      rows,
      counts: { ...counts },
      skipped: source.skipped,
      categories: [
        ...keptNewCategories().map((category) => ({
          label: category.label,
          slug: category.slug,
          action: "create" as const,
        })),
        ...changedCategories.map((category) => ({
          label: category.label,
          slug: category.slug,
          action: "update" as const,
        })),
      ],
    };
  }

  return { planRows, finish, keptNewCategories, changedCategories };
}

/**
 * The tool columns of a checked input, as the submission form stores them (empty lists as none). Self-hosting is the
 * file's own field (selfHostable), read as "featured" is: the form's tick is left out.
 */
function toolColumns({ repository, isSelfHostable: _isSelfHostable, ...input }: ToolInput) {
  return {
    ...input,
    repositoryUrl: repository,
    pros: input.pros.length ? input.pros : null,
    cons: input.cons.length ? input.cons : null,
    faq: input.faq.length ? input.faq : null,
    websiteDomain: websiteDomain(input.website),
    canonicalWebsite: canonicalWebsite(input.website) ?? "",
    registrableDomain: registrableDomain(input.website) ?? "",
  };
}

/** The columns of a listed tool that the file's fields change; what goes with them (keywords, domain) follows. */
function updateRecord(
  raw: RawTool,
  listed: MatchedTool,
  input: ToolInput,
  {
    featured,
    selfHostable,
    licence,
    createdAt,
    verifiedAt,
    now,
  }: {
    featured: boolean | undefined;
    selfHostable: boolean | undefined;
    licence: string | undefined;
    createdAt: Date | undefined;
    verifiedAt: Date | undefined;
    now: Date;
  },
): Record<string, unknown> {
  const columns = toolColumns(input);
  const change: Record<string, unknown> = { id: listed.id, updatedAt: now };
  for (const field of raw.fields) {
    if (field === "featured") change.isHomeBoosted = featured;
    else if (field === "repository") change.repositoryUrl = columns.repositoryUrl;
    else if (field === "licence") Object.assign(change, licenceColumns(licence));
    // The file's word confirms it; "false" (not confirmed) leaves a maker's declaration waiting for a verifier.
    else if (field === "selfHostable")
      change.selfHostable = selfHostable ? "confirmed" : listed.selfHostable === "declared" ? "declared" : null;
    else if (field === "createdAt") {
      if (createdAt) change.createdAt = createdAt;
    } else if (field === "verifiedAt") {
      // Only a live tool has a verification date: a queued one keeps waiting for a verifier.
      if (verifiedAt && listed.isVerified) change.verifiedAt = verifiedAt;
    } else change[field] = columns[field];
  }
  if (raw.fields.includes("name")) change.keywords = toolKeywords(input.name);
  if (raw.fields.includes("website"))
    Object.assign(change, {
      websiteDomain: columns.websiteDomain,
      canonicalWebsite: columns.canonicalWebsite,
      registrableDomain: columns.registrableDomain,
    });
  return change;
}

/** The columns an update sets besides the file's fields: they follow from those fields, or say when the row was written. */
const FOLLOWING_COLUMNS = new Set([
  "id",
  "licenceKind",
  "updatedAt",
  "keywords",
  "websiteDomain",
  "canonicalWebsite",
  "registrableDomain",
]);

/** An empty list and no list are the same to a tool (the form stores none). Dates compare by their instant. */
const comparable = (value: unknown) =>
  value === undefined || (Array.isArray(value) && value.length === 0) ? null : value;

/**
 * The file's fields whose values an update gives the listed tool anew. None: a file imported twice, or a catalogue's
 * own export imported back, changes nothing, and its rows are left as they are, with their update date.
 */
function changedFields(change: Record<string, unknown>, listed: MatchedTool): ImportField[] {
  return Object.entries(change)
    .filter(
      ([key, value]) =>
        !FOLLOWING_COLUMNS.has(key) &&
        !isDeepStrictEqual(comparable(value), comparable(listed[key as keyof MatchedTool])),
    )
    .map(([key]) => (FIELD_OF_COLUMN[key] ?? key) as ImportField);
}

/** The file's field a column of a different name holds. */
const FIELD_OF_COLUMN: Record<string, ImportField> = { isHomeBoosted: "featured", repositoryUrl: "repository" };

/** Rows a statement writes at most: one JSON parameter each way, a few megabytes at most. */
const BATCH_SIZE = 2_000;
/** Rows planned between two turns of the event loop, while the slice before them is sent and written. */
const PLAN_CHUNK = 200;

/** Records keyed by column name, as json_populate_recordset reads them. */
function asRecords(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [TOOL_COLUMN_NAMES[key] ?? key, value])),
  );
}

/** The columns a tool's search document is made from: those whose change makes the search trigger (migration 0004) write it again. */
const DOCUMENT_COLUMNS = ["name", "tags", "categories", "short_desc", "long_desc"];

/** A tool's search document, as the search trigger writes it (migration 0030), from the columns `column` names. */
function searchVector(column: (name: string) => SQLWrapper): SQL {
  const [name, tags, categoryIds, shortDesc, longDesc] = DOCUMENT_COLUMNS.map(column);
  return sql`tool_search_vector(${name}, ${tags}, tool_category_labels(${categoryIds}), ${shortDesc}, ${longDesc})`;
}

/**
 * The statements that insert `rows`, one per BATCH_SIZE rows, built (and their JSON written) before any is sent. With
 * `withSearchVector` they write each tool's search document themselves, for an import that switched the trigger off.
 */
function insertStatements(rows: NewToolRow[], withSearchVector: boolean): SQL[] {
  const statements: SQL[] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const records = asRecords(rows.slice(start, start + BATCH_SIZE));
    const names = [...new Set(records.flatMap((record) => Object.keys(record)))];
    const list = sql.join(
      names.map((name) => sql.identifier(name)),
      sql`, `,
    );
    const rowsJson = sql`json_populate_recordset(null::${tools}, ${JSON.stringify(records)}::json)`;
    statements.push(
      withSearchVector
        ? sql`insert into ${tools} (${list}, search_vector) select ${list}, ${searchVector((name) => sql.identifier(name))} from ${rowsJson}`
        : sql`insert into ${tools} (${list}) select ${list} from ${rowsJson}`,
    );
  }
  return statements;
}

/**
 * The statements that update `rows`: rows that change the same columns in one statement each (a CSV's rows all do).
 * With `withSearchVector`, a change to what a tool's search document reads writes the document too.
 */
function updateStatements(rows: Record<string, unknown>[], withSearchVector: boolean): SQL[] {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const record of asRecords(rows)) {
    const key = Object.keys(record).sort().join(",");
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  const statements: SQL[] = [];
  for (const [key, group] of groups) {
    const names = key.split(",");
    const assignments: SQL[] = names
      .filter((name) => name !== "id")
      .map((name) => sql`${sql.identifier(name)} = r.${sql.identifier(name)}`);
    if (withSearchVector && DOCUMENT_COLUMNS.some((name) => names.includes(name))) {
      assignments.push(
        sql`search_vector = ${searchVector((name) => sql`${sql.raw(names.includes(name) ? "r" : "t")}.${sql.identifier(name)}`)}`,
      );
    }
    for (let start = 0; start < group.length; start += BATCH_SIZE) {
      const batch = JSON.stringify(group.slice(start, start + BATCH_SIZE));
      statements.push(
        sql`update ${tools} t set ${sql.join(assignments, sql`, `)} from json_populate_recordset(null::${tools}, ${batch}::json) r where t.id = r.id`,
      );
    }
  }
  return statements;
}

/**
 * From this many rows in the file on (known before any is planned, as the writes start with the first slice), the
 * live-tool counts are rebuilt once at the end instead of row by row: the counts trigger (migration 0004) updates the
 * same few category and tag rows for every tool, which one transaction makes ever slower; the page cache's notices (migration 0014) are replaced by one that drops every page; the search documents
 * (migration 0030) are written by the import's own statements rather than by a trigger call per row.
 * Switching them off takes a lock that lets pages read the tools but makes other writes wait for the import.
 */
const BULK_ROWS = 500;
const BULK_TRIGGERS = ["tools_counts", "tools_page_cache_insert", "tools_page_cache_update", "tools_search_vector"];

/** The live tools per tag and per category, counted again from the tools (what the counts trigger keeps row by row). */
export async function rebuildLiveCounts(tx: Transaction) {
  await tx.execute(sql`delete from ${tagCounts}`);
  await tx.execute(
    sql`insert into ${tagCounts} (tag, count) select t, count(*) from ${tools}, unnest(${tools.tags}) as t where ${isPublicTool} group by t`,
  );
  await tx.execute(
    sql`update ${categories} c set tool_count = n from (select c2.id, (select count(*) from ${tools} where ${tools.categories} @> array[c2.id] and ${isPublicTool}) as n from ${categories} c2) counted where counted.id = c.id and c.tool_count <> counted.n`,
  );
}

/** One import at a time: two admins importing the same file would otherwise both create its tools. */
const IMPORT_LOCK = 7_203_115;

/** The plan carried out, and the tools it created or changed (not those left unchanged). */
export type ImportResult = ImportPlan & { toolIds: string[] };

/**
 * Plans and writes in one transaction: all of the file's accepted rows are written, or none (a failure leaves the
 * database as it was). Refused rows are left out and listed. With `dryRun` the transaction writes nothing.
 *
 * The rows are planned BATCH_SIZE at a time, PLAN_CHUNK rows between two turns of the event loop, while the database
 * writes the slice before: this process checks rows while the database writes the ones before them.
 */
export async function importCatalogue(
  db: Database,
  source: ImportSource,
  options: ImportOptions & { dryRun?: boolean } = {},
): Promise<ImportResult> {
  if (options.dryRun) return { ...(await planImport(db, source, options)), toolIds: [] };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const planner = await createPlanner(tx, source, options);
    const writtenCategories = new Set<string>();
    /** The new categories kept so far that are not written yet: before the tools that name them (their search text reads the labels). */
    async function writeNewCategories() {
      const fresh = planner.keptNewCategories().filter((category) => !writtenCategories.has(category.id));
      for (const category of fresh) writtenCategories.add(category.id);
      if (fresh.length) await tx.insert(categories).values(fresh);
    }
    await writeNewCategories();
    for (const category of planner.changedCategories) {
      const { id, label, description, longDescription, color, updatedAt } = category;
      await tx
        .update(categories)
        .set({ label, description, longDescription, color, updatedAt })
        .where(sql`${categories.id} = ${id}`);
    }
    const isBulk = source.tools.length >= BULK_ROWS;
    if (isBulk)
      for (const trigger of BULK_TRIGGERS)
        await tx.execute(sql`alter table ${tools} disable trigger ${sql.identifier(trigger)}`);
    const inserts: NewToolRow[] = [];
    const updates: Record<string, unknown>[] = [];
    let writing: Promise<void> = Promise.resolve();
    for (let start = 0; start < source.tools.length; start += BATCH_SIZE) {
      const slice: PlannedWrites = { inserts: [], updates: [] };
      const end = Math.min(source.tools.length, start + BATCH_SIZE);
      // Planned a little at a time, giving the event loop a turn in between: a statement of a few hundred kilobytes
      // leaves for the database only as the socket drains, and planning the next slice in one go held it back.
      for (let from = start; from < end; from += PLAN_CHUNK) {
        const part = planner.planRows(from, Math.min(end, from + PLAN_CHUNK));
        slice.inserts.push(...part.inserts);
        slice.updates.push(...part.updates);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const statements = [...insertStatements(slice.inserts, isBulk), ...updateStatements(slice.updates, isBulk)];
      await writing;
      inserts.push(...slice.inserts);
      updates.push(...slice.updates);
      writing = (async () => {
        await writeNewCategories();
        for (const statement of statements) await tx.execute(statement);
      })();
      // Awaited at the next slice or after the last; until then a failure must not count as unhandled.
      writing.catch(() => {});
    }
    await writing;
    const plan = planner.finish();
    if (isBulk) {
      for (const trigger of BULK_TRIGGERS)
        await tx.execute(sql`alter table ${tools} enable trigger ${sql.identifier(trigger)}`);
      // A file whose every row is unchanged or refused wrote no tool: the counts and the cached pages still hold.
      if (inserts.length + updates.length > 0) {
        await rebuildLiveCounts(tx);
        // Every cached page is dropped at the commit, as the page cache's notices switched off would have done.
        await tx.execute(sql`select pg_notify(${PAGE_CACHE_CHANNEL}, '*')`);
      }
    }
    return { ...plan, toolIds: [...inserts.map((row) => row.id!), ...updates.map((row) => String(row.id))] };
  });
}
