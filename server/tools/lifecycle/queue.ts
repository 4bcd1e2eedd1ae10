/** The verification queue's one definition (docs/product.md §4): which tools wait in it, and how many do. */
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.ts";
import { tools } from "../../db/schema.ts";

/**
 * A tool in the verification queue: not verified, not refused, not waiting for its maker's changes. It is the condition of tools_queue_idx, written as
 * literal SQL, not as parameters, so that the partial index matches even in a generic plan.
 */
export const isQueuedTool = sql`(not ${tools.isVerified} and ${tools.rejectedAt} is null and ${tools.changesRequestedAt} is null)`;

/** How many tools wait in the queue (an index-only count of tools_queue_idx). Callers check who asks. */
export async function countQueuedTools(db: Database | Transaction): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(tools).where(isQueuedTool);
  return row?.count ?? 0;
}
