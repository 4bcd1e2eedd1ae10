/**
 * `npm run bench:import -- --tools 20000 [--database-url postgres://...]`: measures the catalogue import (decision 025)
 * on a synthetic CSV file: reading, checking every row and writing, once as new tools, once more as updates of the
 * same tools, and a third time with the same file (every row unchanged, nothing written). The tools it made are deleted
 * at the end (the categories it needed stay), and the tables it touched vacuumed.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { inArray, sql } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { PAYMENT_TYPES } from "#common/constants.ts";
import { importCatalogue } from "#server/catalogue/import.ts";
import { guessMapping, csvColumns, readImportSource } from "#server/catalogue/sources.ts";
import { openDatabase } from "#server/db/client.ts";
import { categories, tagCounts, tools } from "#server/db/schema.ts";
import { readDemoCatalogue } from "#server/demo/catalogue.ts";
import {
  chooseDatabase,
  databaseOptions,
  describeDatabase,
  FIRST_WORDS,
  intFlag,
  parseFlags,
  SECOND_WORDS,
  seconds,
  TAGS,
} from "./bench-lib.ts";

const USAGE = `Usage: npm run bench:import -- [--tools 20000] [--database-url postgres://...] [--data-dir ./data/bench]`;
const values = parseFlags({ ...databaseOptions, tools: { type: "string" } }, USAGE);
const toolCount = intFlag("tools", values.tools, 20_000);
const target = chooseDatabase(values);

// One connection: the import is one transaction, and its server process is the one whose CPU time is read below.
const handle = await openDatabase(
  target.kind === "postgres" ? { url: target.url, maxConnections: 1 } : { dataDir: target.dataDir },
);

/** CPU seconds used so far by this process and, on a local PostgreSQL, by its server process (0 when unreadable). */
async function cpuSeconds(): Promise<{ client: number; server: number }> {
  const { user, system } = process.cpuUsage();
  let server = 0;
  if (target.kind === "postgres") {
    const [row] = (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { pid: number }[];
    try {
      // Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 a second on Linux).
      const fields = readFileSync(`/proc/${row!.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      server = (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      server = 0;
    }
  }
  return { client: (user + system) / 1e6, server };
}
try {
  await handle.migrate();
  const labels = readDemoCatalogue().categories.map((category) => category.label);
  // The file names the demo categories: they are created by the first import when missing.
  const run = Date.now().toString(36);
  const file = (version: string) =>
    stringify([
      ["Name", "URL", "Description", "Category", "Tags", "Pricing"],
      ...Array.from({ length: toolCount }, (_, n) => [
        `${FIRST_WORDS[n % FIRST_WORDS.length]} ${SECOND_WORDS[(n >> 4) % SECOND_WORDS.length]} ${n + 1}`,
        `https://bench-${run}-${n + 1}.example.com/`,
        `A synthetic tool for the import benchmark, ${version} of row ${n + 1}.`,
        [labels[n % labels.length], labels[(n * 7) % labels.length]].join(", "),
        [TAGS[n % TAGS.length], TAGS[(n * 3) % TAGS.length]].join(", "),
        PAYMENT_TYPES[n % PAYMENT_TYPES.length],
      ]),
    ]);

  // Deleting tools runs the counts trigger row by row, leaving thousands of dead versions of the few category and tag
  // rows, which every later insert reads (the search vector trigger looks up its categories): a run that followed
  // another would measure the last one's garbage. Vacuumed before each measurement and after the clean-up.
  const vacuum = () => handle.db.execute(sql`vacuum analyze ${tools}, ${categories}, ${tagCounts}`);
  const measure = async (label: string, text: string) => {
    await vacuum();
    const cpuBefore = await cpuSeconds();
    const started = performance.now();
    const source = readImportSource("csv", text, guessMapping(csvColumns(text)));
    const result = await importCatalogue(handle.db, source, { createCategories: true });
    const ms = performance.now() - started;
    const cpuAfter = await cpuSeconds();
    const cpu = cpuAfter.client - cpuBefore.client + (cpuAfter.server - cpuBefore.server);
    const { create, update, unchanged, refuse } = result.counts;
    process.stdout.write(
      `${label}: ${toolCount.toLocaleString("en")} rows (${(text.length / 1e6).toFixed(1)} MB) in ${seconds(ms)}: ` +
        `${Math.round(toolCount / (ms / 1000)).toLocaleString("en")} tools/s (created ${create}, updated ${update}, unchanged ${unchanged}, refused ${refuse})\n` +
        // On a busy machine the wall clock measures the neighbours too; the CPU time is what the import itself costs.
        `  CPU: ${(cpuAfter.client - cpuBefore.client).toFixed(1)} s client + ${(cpuAfter.server - cpuBefore.server).toFixed(1)} s database server: ` +
        `${Math.round(toolCount / cpu).toLocaleString("en")} tools per CPU second (load average ${loadavg()[0]!.toFixed(1)})\n`,
    );
    return result.toolIds;
  };

  process.stdout.write(`import benchmark on ${describeDatabase(target)}\n`);
  const ids = await measure("new tools", file("first version"));
  const second = file("second version");
  await measure("updates", second);
  // The same file once more: every row is matched and compared, and none written.
  await measure("unchanged", second);
  for (let start = 0; start < ids.length; start += 5_000)
    await handle.db.delete(tools).where(inArray(tools.id, ids.slice(start, start + 5_000)));
  await vacuum();
} finally {
  await handle.close();
}
