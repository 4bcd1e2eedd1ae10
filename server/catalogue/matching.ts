/**
 * Which listed tool a file's row is: the one whose website has the same canonical form (canonicalWebsite), so that a
 * second import of a file updates its tools instead of listing them twice. The one place that matches; it reads every
 * tool's website and computes the canonical forms in memory.
 */
import { inArray } from "drizzle-orm";
import { canonicalWebsite } from "#common/tool-input.ts";
import type { Database, Transaction } from "../db/client.ts";
import { tools } from "../db/schema.ts";

/** The fields of a listed tool that an import reads (to keep what a file does not give) and may change. */
export const matchedToolColumns = {
  id: tools.id,
  name: tools.name,
  website: tools.website,
  shortDesc: tools.shortDesc,
  longDesc: tools.longDesc,
  categories: tools.categories,
  tags: tools.tags,
  paymentType: tools.paymentType,
  pros: tools.pros,
  cons: tools.cons,
  faq: tools.faq,
  isVerified: tools.isVerified,
};

export type MatchedTool = Pick<typeof tools.$inferSelect, keyof typeof matchedToolColumns>;

/** The listed tools (any state) whose canonical website is one of `canonicals`, by that canonical form. */
export async function findToolsByCanonicalWebsite(db: Database | Transaction, canonicals: Iterable<string>): Promise<Map<string, MatchedTool>> {
  const wanted = new Set(canonicals);
  const found = new Map<string, MatchedTool>();
  if (wanted.size === 0) return found;
  const ids = new Map<string, string>();
  for (const row of await db.select({ id: tools.id, website: tools.website }).from(tools)) {
    const canonical = canonicalWebsite(row.website);
    // Two listed tools of one website: the first keeps it (the duplicate finder is the place to merge them).
    if (canonical && wanted.has(canonical) && !ids.has(canonical)) ids.set(canonical, row.id);
  }
  const byId = new Map<string, string>([...ids].map(([canonical, id]) => [id, canonical]));
  const idList = [...byId.keys()];
  for (let start = 0; start < idList.length; start += 5_000) {
    const rows = await db.select(matchedToolColumns).from(tools).where(inArray(tools.id, idList.slice(start, start + 5_000)));
    for (const row of rows) found.set(byId.get(row.id)!, row);
  }
  return found;
}
