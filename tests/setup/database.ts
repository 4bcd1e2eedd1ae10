/** Opens a fresh, migrated test database: an embedded PGlite cloned from the template, or a new database on the PostgreSQL of TEST_DATABASE_URL. */
import { openAsBlob } from "node:fs";
import { sql, type SQLWrapper } from "drizzle-orm";
import postgres from "postgres";
import { inject } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "#server/db/client.ts";

export type DatabaseKind = "pglite" | "postgres";

/** The kinds every integration test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDatabase = {
  kind: DatabaseKind;
  db: Database;
  handle: DatabaseHandle;
  /** The URL of the PostgreSQL database (empty for PGlite). */
  url: string;
  /** Empties every table. */
  reset(): Promise<void>;
  close(): Promise<void>;
};

// tag_counts too: a truncate fires no row trigger, so the counts would outlive their tools.
const TABLES = [
  "api_keys",
  "favorites",
  "tool_reports",
  "link_checks",
  "link_check_runs",
  "searches",
  "search_visitors",
  "tools",
  "categories",
  "users",
  "tag_counts",
  "auth_users",
  "auth_verifications",
  "rate_limits",
  "spent_proofs",
  "events",
  "daily_stats",
  "daily_visitors",
  "analytics_salts",
  "outbox",
  "scheduled_runs",
  "auth_rate_limits",
  "import_files",
  "webhook_deliveries",
  "webhook_endpoints",
  "purchases",
  "featuring_offers",
  "featuring_settings",
  "stripe_events",
  "audit_records",
  "tool_revisions",
  "site_settings",
  "setup_tokens",
  "backup_runs",
  "app_processes",
];

export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const handle = await openDatabase({ loadDataDir: await openAsBlob(inject("pgliteTemplate")) });
    return wrap(kind, handle, "", () => handle.close());
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `indie_tools_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  // A copy of the project's migrated template (tests/setup/global-database.ts), or, outside a project that made one, migrated here.
  const template = inject("postgresTemplate");
  await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: 20 });
  if (!template) await handle.migrate();
  return wrap(kind, handle, url.toString(), async () => {
    await handle.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
}

function wrap(kind: DatabaseKind, handle: DatabaseHandle, url: string, close: () => Promise<void>): TestDatabase {
  return {
    kind,
    db: handle.db,
    handle,
    url,
    reset: async () => {
      // The app's background work (the outbox worker, a kept timer) may hold a row lock on one of the tables while it
      // waits for another: PostgreSQL then ends one side with a deadlock, and the truncate is simply tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          await handle.db.execute(sql.raw(`truncate ${TABLES.join(", ")} cascade`));
          return;
        } catch (error) {
          if (attempt >= 5 || !isDeadlock(error)) throw error;
        }
      }
    },
    close,
  };
}

/**
 * The plan PostgreSQL chooses for `query` with sequential scans ruled out, which shows whether an index can deliver
 * its rows in order. Subplans (a card's category lookup, at most three rows) are cut off: what matters is above them.
 */
export async function explainMainPlan(db: Database, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
    return rows
      .map((row) => Object.values(row)[0])
      .join("\n")
      .split("SubPlan")[0]!;
  });
}

/** The whole plan, subplans and CTEs included, with sequential scans ruled out as in explainMainPlan. */
export async function explainAll(db: Database, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
    return rows.map((row) => Object.values(row)[0]).join("\n");
  });
}

/** PostgreSQL's deadlock_detected, whichever driver reports it (drizzle wraps the driver's error). */
function isDeadlock(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === "40P01") return true;
  }
  return false;
}
