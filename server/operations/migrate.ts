/**
 * `npm run db:migrate`: applies the migrations the build ships to the server's database (DATABASE_URL, or the embedded
 * one in DATA_DIR), as the server does at start. On PostgreSQL they run under the server's advisory lock, so it may
 * run while servers start; a server running on the embedded database has applied them, and says so.
 */
import { sql } from "drizzle-orm";
import { listPendingMigrations } from "../db/migration-status.ts";
import { type Command, CommandFailure } from "./command.ts";

export const migrateCommand: Command = {
  name: "migrate",
  runsInServer: true,
  async run(_args, io, host) {
    const database = await host.database();
    const pending = await listPendingMigrations(database.db);
    if (pending.length > 0) throw new CommandFailure(`migrations still not applied: ${pending.join(", ")}`);
    const [applied] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`drizzle.__drizzle_migrations`);
    const where = host.config.DATABASE_URL
      ? "the PostgreSQL database"
      : `the embedded database in ${host.config.DATA_DIR}`;
    io.out(`${where} is up to date: ${applied?.count ?? 0} migrations applied\n`);
  },
};
