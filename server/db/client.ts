/** Opens the database: PostgreSQL when a URL is given, otherwise the embedded PGlite kept in the data folder. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { type DataDirLock, lockDataDir } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";
import { MIGRATIONS_DIR } from "../paths.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction(async (tx) => ...)` callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies pending migrations, then runs `afterMigrate` (the demo seed), holding a lock so that several processes starting at once do it once. */
  migrate(afterMigrate?: (db: Database) => Promise<void>): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`: from every process on PostgreSQL, from this one on
   * the embedded database (which delivers it before the statement that sent it returns). `onConnect` runs each time the
   * listening connection is made, the first time and after a reconnection: what was sent while it was down is lost.
   */
  listen(channel: string, onMessage: (payload: string) => void, onConnect?: () => void): Promise<() => Promise<void>>;
  /** A compressed copy of an embedded database's files (used to clone a migrated template in tests). */
  dump(): Promise<Blob>;
  close(): Promise<void>;
};

/** The rows of `db.execute(sql)`: PostgreSQL's driver answers an array of them, PGlite's `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

/** PostgreSQL's unique_violation, whichever driver reports it (drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === "23505") return true;
  }
  return false;
}

/** Any constant works; it only has to be the same for every process of this app. */
const MIGRATION_LOCK_ID = 727_001;

export type OpenDatabaseOptions = {
  /** postgres:// URL; empty for the embedded database. */
  url?: string;
  /** Folder for the embedded database's files; omitted for an in-memory database (tests). */
  dataDir?: string;
  /** A dump of a migrated embedded database to start from (tests clone one template). */
  loadDataDir?: Blob;
  /** Connections in the PostgreSQL pool. */
  maxConnections?: number;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.maxConnections ?? 10) : openPglite(options);
}

/** The embedded database's own folder inside DATA_DIR. */
export const PGLITE_FOLDER = "pglite";

async function openPglite({ dataDir, loadDataDir }: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let location: string | undefined;
  let lock: DataDirLock | undefined;
  if (dataDir) {
    location = path.resolve(dataDir, PGLITE_FOLDER);
    // PGlite creates its own folder, but not the parents.
    mkdirSync(path.dirname(location), { recursive: true });
    // PGlite allows one process per data folder and does not check it: a second server or script stops here instead.
    lock = lockDataDir(path.dirname(location));
  }
  const client = new PGlite({
    dataDir: location,
    loadDataDir,
    extensions: { pg_trgm },
    // The embedded database serves one process: a small buffer pool keeps its idle memory low.
    postgresqlconf: ["shared_buffers=16MB"],
  });
  try {
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    async migrate(afterMigrate) {
      // PGlite allows a single process per data folder, so no lock is needed.
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      await afterMigrate?.(db);
    },
    async listen(channel, onMessage, onConnect) {
      const unlisten = await client.listen(channel, onMessage);
      onConnect?.();
      return () => unlisten();
    },
    dump: () => client.dumpDataDir("gzip"),
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

/**
 * The session settings of every connection. No JIT: the planner's cost of a bounded read that has a costly branch it
 * never runs (a search's GIN branch, a facet's sample) passes jit_above_cost, and compiling it takes 20 to 30 ms, ten
 * times what the read itself costs (measured at 1,000,000 tools). No statement of this application runs long enough
 * to repay the compilation.
 */
const CONNECTION_SETTINGS = { jit: "off", plan_cache_mode: "force_custom_plan" };

/**
 * Every statement drizzle sends outside a transaction is prepared once per connection. Drizzle prepares only the
 * statements given a name, and postgres.js sends any other statement with parameters in two round trips (parse and
 * describe, then bind and execute), parsed again each time. Prepared, it is one round trip of bind and execute: a tool
 * page's miss costs the server process and PostgreSQL less CPU (decision 036). Each is still planned for its own
 * parameters (`plan_cache_mode = force_custom_plan`): a generic plan could serve a large category as if it were a small
 * one. A connection keeps its statements until it is closed (postgres.js closes it after 30 to 60 minutes), and
 * prepares again one that a migration changed.
 */
function preparedByDefault(client: postgres.Sql) {
  const unsafe = client.unsafe;
  client.unsafe = ((
    query: string,
    parameters?: postgres.ParameterOrJSON<never>[],
    options?: postgres.UnsafeQueryOptions,
  ) => unsafe(query, parameters, { ...options, prepare: true })) as typeof client.unsafe;
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const client = postgres(url, { max, onnotice: () => {}, connection: CONNECTION_SETTINGS });
  preparedByDefault(client);
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    async migrate(afterMigrate) {
      const lockClient = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
        const lockedDb = drizzlePostgres(lockClient, { schema });
        await migratePostgres(lockedDb, { migrationsFolder: MIGRATIONS_DIR });
        await afterMigrate?.(lockedDb as unknown as Database);
        await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
      } finally {
        await lockClient.end();
      }
    },
    async listen(channel, onMessage, onConnect) {
      // postgres.js listens on a connection of its own, made again when it drops.
      const { unlisten } = await client.listen(channel, onMessage, onConnect);
      return unlisten;
    },
    dump: () => Promise.reject(new Error("Only the embedded database can be dumped; use pg_dump for PostgreSQL")),
    close: () => client.end(),
  };
}
