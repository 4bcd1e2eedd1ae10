/**
 * The deal a tool's page shows (decision 061): read with the rest of the page (./related.ts). Makers give deals and
 * visitors browse them in server/deals/.
 */
import { and, eq, gt } from "drizzle-orm";
import { dependsOn, expiresWithin, pageTags } from "../../cache/page-tags.ts";
import type { Database } from "../../db/client.ts";
import { deals } from "../../db/schema.ts";

/** A deal as a page shows it: its code, what it gives, and when it ends (the end of its last day, UTC). */
export type Deal = { code: string; offer: string; endsAt: string };

/** A deal's row as a page shows it. */
export const dealOf = (row: { code: string; offer: string; endsAt: Date }): Deal => ({
  code: row.code,
  offer: row.offer,
  endsAt: row.endsAt.toISOString(),
});

/** The deal a tool's page shows (./related.ts): its current one, or null. */
export async function readToolDeal(db: Database, toolId: string, now: Date): Promise<Deal | null> {
  dependsOn(pageTags.tool(toolId));
  const [row] = await db
    .select({ code: deals.code, offer: deals.offer, endsAt: deals.endsAt })
    .from(deals)
    .where(and(eq(deals.toolId, toolId), gt(deals.endsAt, now)))
    .limit(1);
  if (!row) return null;
  // The page stops showing it when it ends, whatever else keeps it.
  expiresWithin(Math.max(1000, row.endsAt.getTime() - now.getTime()));
  return dealOf(row);
}
