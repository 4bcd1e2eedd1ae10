/** Whether every migration the build ships has been applied to the database this process reads. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "#common/zod.ts";
import { MIGRATIONS_DIR } from "../paths.ts";
import type { Database } from "./client.ts";

const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) });

let journal: Promise<z.infer<typeof journalSchema>> | undefined;

function readJournal() {
  journal ??= readFile(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8").then((text) =>
    journalSchema.parse(JSON.parse(text)),
  );
  return journal;
}

/**
 * The tags of the migrations the journal lists that the database has not applied. Drizzle's migrator records each
 * applied migration with its journal time (`created_at`) and applies those later than the last one recorded, so the
 * same comparison tells what it would apply now. Throws when the database does not answer.
 */
export async function listPendingMigrations(db: Database): Promise<string[]> {
  const [{ entries }, [applied]] = await Promise.all([
    readJournal(),
    db.select({ last: sql<string | number | null>`max(created_at)` }).from(sql`drizzle.__drizzle_migrations`),
  ]);
  const last = Number(applied?.last ?? 0);
  return entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}
