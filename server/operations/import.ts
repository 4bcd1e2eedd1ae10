/**
 * `npm run import -- file.csv [--map name=Title,website=URL,...] [--format csv|markdown|json] [--create-categories] [--keep-descriptions] [--dry-run]`:
 * imports tools from a CSV file, a Markdown awesome list or a JSON export into the server's database, as the console's
 * /admin/import does (decision 025). A dry run prints one line per row, as the console's table shows it: what would
 * happen to it, the tool's name and canonical website, and why a refused row is refused or what an update changes; an
 * import prints the refused rows so. Both end with the counts.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { changedFieldWords, IMPORT_FORMATS, type ImportFormat } from "#common/schemas/catalogue.ts";
import { importCatalogue, type RowOutcome } from "../catalogue/import.ts";
import {
  csvColumns,
  decodeText,
  detectFormat,
  guessMapping,
  parseMappingFlag,
  readImportSource,
} from "../catalogue/sources.ts";
import { fileStorageFromConfig } from "../storage/from-config.ts";
import { toolSnapshots } from "../tools/read/snapshots.ts";
import { type Command, CommandFailure, operatorPath, parseCommandArgs } from "./command.ts";

const USAGE = `Usage: npm run import -- <file> [--map name=Title,website=URL,...] [--format ${IMPORT_FORMATS.join("|")}] [--create-categories] [--keep-descriptions] [--dry-run]

Without --map, a CSV file's columns are guessed from its header. Rows are matched to listed tools by website.`;

/** "line 3: create: Name (example.com)", then for a refused row ": why; and why", for an update ": name, tags". */
function rowLine({ line, action, name, canonicalWebsite, reasons, changes, notes }: RowOutcome): string {
  const details = [reasons.length ? reasons.join("; ") : changedFieldWords(changes), ...notes]
    .filter(Boolean)
    .join("; ");
  return `line ${line}: ${action}: ${name || "(no name)"} (${canonicalWebsite ?? "no website"})${details ? `: ${details}` : ""}`;
}

export const importCommand: Command = {
  name: "import",
  runsInServer: true,
  async run(args, io, host) {
    const { values, positionals } = parseCommandArgs(
      args,
      {
        options: {
          map: { type: "string" },
          format: { type: "string" },
          "create-categories": { type: "boolean" },
          "keep-descriptions": { type: "boolean" },
          "dry-run": { type: "boolean" },
          help: { type: "boolean", short: "h" },
        },
        allowPositionals: true,
      },
      USAGE,
    );
    if (values.help) {
      io.out(`${USAGE}\n`);
      return;
    }
    if (positionals.length !== 1) throw new CommandFailure(USAGE);
    const file = operatorPath(io, positionals[0]!);
    if (values.format && !(IMPORT_FORMATS as readonly string[]).includes(values.format))
      throw new CommandFailure(`--format must be one of ${IMPORT_FORMATS.join(", ")}\n${USAGE}`);

    const bytes = await readFile(file).catch(() => {
      throw new CommandFailure(`No such file: ${file}`);
    });
    const text = decodeText(bytes);
    const format = (values.format as ImportFormat | undefined) ?? detectFormat(file, text);
    const mapping = format !== "csv" ? {} : values.map ? parseMappingFlag(values.map) : guessMapping(csvColumns(text));
    // Read whole first: a malformed file is refused before anything is said about its columns.
    const source = readImportSource(format, text, mapping);
    if (format === "csv")
      io.out(
        `columns: ${
          Object.entries(mapping)
            .map(([field, column]) => `${field}=${column}`)
            .join(", ") || "(none matched)"
        }\n`,
      );

    const database = await host.database();
    const started = performance.now();
    const result = await importCatalogue(database.db, source, {
      createCategories: values["create-categories"],
      keepDescriptions: values["keep-descriptions"],
      dryRun: values["dry-run"],
    });
    const elapsed = (performance.now() - started) / 1000;
    for (const row of result.rows) if (values["dry-run"] || row.action === "refuse") io.out(`${rowLine(row)}\n`);
    for (const { line, reason } of result.skipped) io.out(`line ${line}: skipped: ${reason}\n`);
    for (const category of result.categories)
      io.out(`category ${category.label} (${category.slug}): ${category.action}\n`);
    const { create, update, unchanged, refuse } = result.counts;
    io.out(
      `${values["dry-run"] ? "dry run, nothing written: would create" : "created"} ${create}, ${values["dry-run"] ? "update" : "updated"} ${update}, ` +
        `${unchanged > 0 ? `unchanged ${unchanged}, ` : ""}refused ${refuse} (${elapsed.toFixed(2)} s)\n`,
    );
    if (result.toolIds.length) {
      // The tool pages read these first: what was imported shows at once.
      const snapshots = toolSnapshots(
        database.db,
        fileStorageFromConfig(host.config, path.join(host.dataDir, "files")),
      );
      for (const id of result.toolIds) await snapshots.writeToolSnapshot(id);
    }
  },
};
