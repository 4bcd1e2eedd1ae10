/**
 * `npm run db:migrate`: applies the migrations the build ships to the server's database (DATABASE_URL, or the embedded
 * one in DATA_DIR), as the server does at start. On PostgreSQL they run under the server's advisory lock, so it may
 * run while servers start; the embedded database allows one process at a time.
 */
import { sql } from "drizzle-orm";
import { listPendingMigrations } from "#server/db/migration-status.ts";
import { fail, openToolDatabase } from "./open-database.ts";

const { config, database } = await openToolDatabase();
try {
  const pending = await listPendingMigrations(database.db);
  if (pending.length > 0) fail(`migrations still not applied: ${pending.join(", ")}`);
  const [applied] = await database.db.select({ count: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
  const where = config.DATABASE_URL ? "the PostgreSQL database" : `the embedded database in ${config.DATA_DIR}`;
  process.stdout.write(`${where} is up to date: ${applied?.count ?? 0} migrations applied\n`);
} finally {
  await database.close();
}
