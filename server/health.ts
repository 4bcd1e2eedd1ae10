/**
 * Whether this process may be sent traffic (GET /readyz): its database answers, every migration the build ships is
 * applied, and its file storage can be written to. A process that is shutting down says it is not ready, so a load
 * balancer stops sending it new requests while it finishes the ones it has.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./db/client.ts";
import { listPendingMigrations } from "./db/migration-status.ts";
import type { FileStorage } from "./storage/files.ts";

export type CheckOutcome = "ok" | "failed";
export type Readiness = {
  isReady: boolean;
  checks: { database: CheckOutcome; migrations: CheckOutcome; storage: CheckOutcome; accepting: CheckOutcome };
  /** Why each failed check failed, for the log (never sent to the client). */
  problems: string[];
};

/** A check that has not answered within this long has failed: a probe must answer before the balancer's own timeout. */
const CHECK_TIMEOUT_MS = 3000;

export function readinessChecks({ db, storage }: { db: Database; storage: FileStorage }) {
  let isStopping = false;
  return {
    /** From now on the process says it is not ready (it is shutting down). */
    markStopping() {
      isStopping = true;
    },
    async check(): Promise<Readiness> {
      const problems: string[] = [];
      const outcome = async (name: string, run: () => Promise<string | undefined>): Promise<CheckOutcome> => {
        try {
          const problem = await withTimeout(run(), CHECK_TIMEOUT_MS);
          if (problem === undefined) return "ok";
          problems.push(`${name}: ${problem}`);
        } catch (error) {
          problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        }
        return "failed";
      };
      const [database, migrations, storageOutcome] = await Promise.all([
        outcome("database", async () => {
          await db.execute(sql`select 1`);
          return undefined;
        }),
        outcome("migrations", async () => {
          const pending = await listPendingMigrations(db);
          return pending.length === 0 ? undefined : `not applied: ${pending.join(", ")}`;
        }),
        outcome("storage", async () => {
          await storage.check();
          return undefined;
        }),
      ]);
      const accepting: CheckOutcome = isStopping ? "failed" : "ok";
      if (isStopping) problems.push("the process is shutting down");
      const checks = { database, migrations, storage: storageOutcome, accepting } satisfies Readiness["checks"];
      return { isReady: Object.values(checks).every((value) => value === "ok"), checks, problems };
    },
  };
}

export type ReadinessChecks = ReturnType<typeof readinessChecks>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
