/**
 * What a catalogue file says, read into raw tools: a CSV file (with a column for each field, mapped by the admin or
 * guessed from its header), a Markdown awesome list, or our own JSON export. Nothing is checked against the catalogue
 * here: that is the plan's job (plan.ts). A file that cannot be read is refused whole, with a message that says why.
 */
import { parse } from "csv-parse/sync";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import {
  type CatalogueExportFile,
  catalogueExportFile,
  type ColumnMapping,
  IMPORT_FIELDS,
  type ImportField,
  type ImportFormat,
} from "#common/schemas/catalogue.ts";
import { slugify } from "#common/slugify.ts";
import { canonicalWebsite } from "#common/tool-input.ts";
import { classifyLicence } from "../tools/licences.ts";
import { fromSpreadsheetSafe } from "./csv-cells.ts";

/** One tool as the file gives it. `fields` are the ones the file provides: for a tool already listed, only those change. */
export type RawTool = {
  /** Where it is in the file: the line (CSV, Markdown) or the tool's position (JSON), from 1. */
  line: number;
  fields: ImportField[];
  values: Partial<Record<ImportField, unknown>>;
  /** The other lines of an awesome list that list the same website, under other headings: they add their categories. */
  alsoOnLines?: number[];
};

/** A line of the file that is no tool, and why (an awesome list's table of contents, a list item without a link). */
export type SkippedLine = { line: number; reason: string };

export type ImportSource = {
  format: ImportFormat;
  tools: RawTool[];
  /** The CSV header (for the column mapping). */
  columns: string[];
  /** The categories a JSON export brings with it, created or updated by slug. */
  categories: CatalogueExportFile["categories"];
  /** Lines that are no tool, each with why: the report names them. */
  skipped: SkippedLine[];
};

const refuse = (message: string) => new AppError("invalid-argument", message);

/** A file's bytes as text; a binary file (not UTF-8, or with a NUL byte) is refused. */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw refuse(MESSAGES.catalogue.notText);
  }
  if (text.includes("\u0000")) throw refuse(MESSAGES.catalogue.notText);
  if (!text.trim()) throw refuse(MESSAGES.catalogue.emptyFile);
  return text;
}

/** The format a file is in: by its name's extension, else by its first character (a JSON export starts with "{"). */
export function detectFormat(fileName: string, text: string): ImportFormat {
  if (/\.(md|markdown)$/i.test(fileName)) return "markdown";
  if (/\.json$/i.test(fileName)) return "json";
  if (/\.(csv|tsv|txt)$/i.test(fileName)) return "csv";
  const first = text.trimStart()[0];
  if (first === "{") return "json";
  if (first === "#") return "markdown";
  return "csv";
}

/** What csv-parse's error codes mean, in words. */
const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted value is never closed",
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "this row does not have as many values as the header",
  CSV_RECORD_INCONSISTENT_COLUMNS: "this row does not have as many values as the header",
  INVALID_OPENING_QUOTE: "a quote opens in the middle of a value",
  CSV_INVALID_CLOSING_QUOTE: "a quote closes in the middle of a value",
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "text follows a closing quote",
  CSV_MAX_RECORD_SIZE: "a value is too long",
};

/** The rows of a CSV file with the line each ends on; the first is the header. `to` stops after that many rows. */
function csvRecords(text: string, to?: number): { record: string[]; line: number }[] {
  try {
    const rows = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      max_record_size: 1_000_000,
      to,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return rows.map((row) => ({ record: row.record, line: row.info.lines }));
  } catch (error) {
    const { code, lines } = (error ?? {}) as { code?: string; lines?: number };
    if (typeof code === "string")
      throw refuse(
        MESSAGES.catalogue.malformedCsv(lines ?? 1, CSV_PROBLEMS[code] ?? "its quotes or columns do not line up"),
      );
    throw error;
  }
}

/**
 * The header of a CSV file (the console shows it to map the columns), read alone: the rows under it are read, and a
 * malformed one refused, when the file is checked or imported.
 */
export function csvColumns(text: string): string[] {
  const [header] = csvRecords(text, 1);
  return header ? header.record.map((name) => name.trim()) : [];
}

/** A name compared loosely: "Short description", "short_desc" and "shortDescription" are alike. */
const loose = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Other names a column of each field often has. */
const FIELD_SYNONYMS: Record<ImportField, string[]> = {
  name: ["name", "title", "tool", "toolname", "product"],
  website: ["website", "url", "link", "homepage", "site", "websiteurl", "web"],
  shortDesc: ["shortdesc", "shortdescription", "description", "summary", "tagline", "desc", "oneliner"],
  longDesc: ["longdesc", "longdescription", "details", "body", "content", "about"],
  categories: ["categories", "category", "section"],
  tags: ["tags", "tag", "keywords", "labels"],
  paymentType: ["paymenttype", "pricing", "price", "payment", "plan"],
  pros: ["pros", "pro", "advantages"],
  cons: ["cons", "con", "drawbacks"],
  faq: ["faq", "faqs", "questions"],
  featured: ["featured", "ishomeboosted", "boosted"],
  repository: ["repository", "repo", "repositoryurl", "github", "source", "sourcecode"],
  licence: ["licence", "license", "spdx", "spdxid"],
  selfHostable: ["selfhostable", "selfhosted", "selfhost"],
  createdAt: ["createdat", "created", "dateadded", "added", "date"],
  verifiedAt: ["verifiedat", "verified", "dateverified"],
};

/** A guess of which column fills each field, by the columns' names; each column fills one field at most. */
export function guessMapping(columns: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    for (const synonym of FIELD_SYNONYMS[field]) {
      const column = columns.find((name) => !used.has(name) && loose(name) === synonym);
      if (column !== undefined) {
        mapping[field] = column;
        used.add(column);
        break;
      }
    }
  }
  return mapping;
}

/** A mapping from the command line: "name=Title,website=URL". */
export function parseMappingFlag(text: string): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const pair of text.split(",").filter((part) => part.trim())) {
    const [field, ...column] = pair.split("=");
    const name = (field ?? "").trim();
    if (!(IMPORT_FIELDS as readonly string[]).includes(name)) throw refuse(MESSAGES.catalogue.unknownField(name));
    mapping[name as ImportField] = column.join("=").trim();
  }
  return mapping;
}

function readCsv(text: string, mapping: ColumnMapping): ImportSource {
  const [header, ...rows] = csvRecords(text);
  const columns = (header?.record ?? []).map((name) => name.trim());
  if (rows.length === 0) throw refuse(MESSAGES.catalogue.noCsvRows);
  if (!mapping.website) throw refuse(MESSAGES.catalogue.websiteNotMapped);
  const indexes: [ImportField, number][] = [];
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === undefined) continue;
    const index = columns.indexOf(column);
    if (index < 0) throw refuse(MESSAGES.catalogue.unknownColumn(column));
    indexes.push([field, index]);
  }
  const fields = indexes.map(([field]) => field);
  const tools = rows.map(({ record, line }) => ({
    line,
    fields,
    values: Object.fromEntries(indexes.map(([field, index]) => [field, fromSpreadsheetSafe(record[index] ?? "")])),
  }));
  return { format: "csv", tools, columns, categories: [], skipped: [] };
}

/**
 * "- [Name](https://...) - description", with "-", "–", "—" or ":" before the description; the link may be written in
 * bold, as lists mark their sponsors or favourites ("- **[Name](url)** - ..." or "- [**Name**](url) - ...").
 */
const AWESOME_ITEM =
  /^\s*[-*+]\s+(?:\*\*|__)?\[(?:\*\*|__)?([^\]]+?)(?:\*\*|__)?\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)(?:\*\*|__)?\s*(?:[-–—:]\s*)?(.*)$/;
const LIST_ITEM = /^\s*[-*+]\s+\S/;
const HEADING = /^(#{2,6})\s+(.+?)\s*#*\s*$/;
/** A Markdown link: its words and its address. */
const LINK = /\[([^\]]*)\]\(\s*<?([^)\s>]+)>?[^)]*\)/g;
/** The words of a link that leads to a tool's source code, in an item's parentheses: "([Demo](...), [Source Code](...))". */
const SOURCE_LINK = /^(source(?: code)?|code|repo(?:sitory)?|github|gitlab)$/i;
/** A star count an awesome list writes after the description ("⭐ 41K", "★ 2.3k"): a figure of one day, not kept. */
const STARS = /^[⭐★]\s*[\d.,]+\s*[kKmM]?$/u;

/**
 * What an awesome list writes after an item's description, taken out of it: its `code spans` (an SPDX licence, the
 * stars, or a word such as a language or a platform, kept as a tag), and the parenthesised links to a demo or the
 * source code (the source is the tool's repository).
 */
function itemExtras(text: string): { description: string; licence?: string; repository?: string; tags: string[] } {
  let description = text;
  const tags: string[] = [];
  let licence: string | undefined;
  for (const [whole, span] of description.matchAll(/`([^`]+)`/g)) {
    description = description.replace(whole, " ");
    const word = span!.trim();
    if (STARS.test(word)) continue;
    const known = classifyLicence(word);
    if (known && !licence) licence = known.id;
    else if (!known && slugify(word)) tags.push(slugify(word));
  }
  let repository: string | undefined;
  description = description.replace(/\(([^()]*\]\([^)]*\)[^()]*)+\)/g, (group) => {
    for (const [, words, url] of group.matchAll(LINK)) if (SOURCE_LINK.test(words!.trim())) repository ??= url;
    return " ";
  });
  // Any other link keeps its words, without the address.
  description = description.replace(LINK, "$1").replace(/\s+/g, " ").trim();
  return { description, licence, repository, tags };
}

/**
 * A Markdown awesome list: each `##` heading is a category, each linked list item under it a tool, its licence and
 * tags and repository read from what follows its description (itemExtras). A website listed under several headings
 * is one tool in several categories: its later lines join its first. Every list item that is not a tool is named, with
 * why, in `skipped`.
 */
function readAwesomeList(text: string): ImportSource {
  const tools: RawTool[] = [];
  const skipped: SkippedLine[] = [];
  const byWebsite = new Map<string, RawTool>();
  let category = "";
  text.split(/\r?\n/).forEach((lineText, index) => {
    const line = index + 1;
    const heading = HEADING.exec(lineText);
    if (heading) {
      category = heading[2]!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").trim();
      return;
    }
    if (!LIST_ITEM.test(lineText)) return;
    const item = AWESOME_ITEM.exec(lineText);
    if (!item) {
      skipped.push({ line, reason: MESSAGES.catalogue.notAnItem });
      return;
    }
    // A table of contents links to the page's own headings: not a tool.
    if (item[2]!.startsWith("#")) {
      skipped.push({ line, reason: MESSAGES.catalogue.tableOfContents });
      return;
    }
    const website = item[2]!.trim();
    const extras = itemExtras(item[3]!);
    const canonical = canonicalWebsite(website);
    const first = canonical ? byWebsite.get(canonical) : undefined;
    if (first) {
      // The same tool under another heading: one tool, in this category too.
      const categories = first.values.categories as string[];
      if (category && !categories.includes(category)) categories.push(category);
      first.alsoOnLines = [...(first.alsoOnLines ?? []), line];
      return;
    }
    const values: RawTool["values"] = {
      name: item[1]!.replace(/\*\*|__/g, "").trim(),
      website,
      shortDesc: extras.description,
      categories: category ? [category] : [],
    };
    if (extras.tags.length > 0) values.tags = extras.tags;
    if (extras.licence) values.licence = extras.licence;
    if (extras.repository) values.repository = extras.repository;
    const raw: RawTool = { line, fields: Object.keys(values) as ImportField[], values };
    tools.push(raw);
    if (canonical) byWebsite.set(canonical, raw);
  });
  if (tools.length === 0) throw refuse(MESSAGES.catalogue.noAwesomeItems);
  return { format: "markdown", tools, columns: [], categories: [], skipped };
}

function readExport(text: string): ImportSource {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refuse(MESSAGES.catalogue.notAnExport);
  }
  const file = catalogueExportFile.safeParse(json);
  if (!file.success) throw refuse(MESSAGES.catalogue.notAnExport);
  const tools = file.data.tools.map((tool, index) => {
    const fields = IMPORT_FIELDS.filter((field) => tool[field] !== undefined);
    return { line: index + 1, fields, values: Object.fromEntries(fields.map((field) => [field, tool[field]])) };
  });
  return { format: "json", tools, columns: [], categories: file.data.categories, skipped: [] };
}

/** Refuses a file that cannot be read in its format (a CSV file also needs a row under its header), with the reason. */
export function checkReadable(format: ImportFormat, text: string): void {
  if (format !== "csv") {
    readImportSource(format, text);
    return;
  }
  if (csvRecords(text).length < 2) throw refuse(MESSAGES.catalogue.noCsvRows);
}

/** Reads a file in its format; the mapping applies to a CSV file (the other formats name their fields themselves). */
export function readImportSource(format: ImportFormat, text: string, mapping: ColumnMapping = {}): ImportSource {
  if (format === "markdown") return readAwesomeList(text);
  if (format === "json") return readExport(text);
  return readCsv(text, mapping);
}
