/** How long outbox rows are kept: delivered rows a while, for the record; a failed row's secret no longer than it is valid. */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { outbox } from "../db/schema.ts";

/**
 * Delivered rows are deleted after this; a failed secret row too (by then its session or link has expired), and a
 * failed webhook (its delivery goes with it), so that the webhooks kept stay bounded.
 */
export const OUTBOX_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the delivered rows older than the retention, and the failed rows that hold a secret or a webhook; says how many. */
export async function purgeOutbox(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * DAY_MS);
  const deleted = await db
    .delete(outbox)
    .where(
      sql`(${and(eq(outbox.state, "delivered"), lt(outbox.deliveredAt, before))}) or (${and(eq(outbox.state, "failed"), sql`(${outbox.isSecret} or ${outbox.channel} = 'webhook')`, lt(outbox.createdAt, before))})`,
    )
    .returning({ id: outbox.id });
  return deleted.length;
}
