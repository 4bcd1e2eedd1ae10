/**
 * Which listed tool a file's row is: the one whose website has the same canonical form (canonicalWebsite), so that a
 * second import of a file updates its tools instead of listing them twice. The one place that matches, on the
 * indexed `canonical_website` column that every write of a tool keeps (decision 022).
 */
import { asc, inArray } from "drizzle-orm";
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
  isHomeBoosted: tools.isHomeBoosted,
  repositoryUrl: tools.repositoryUrl,
  licence: tools.licence,
  licenceKind: tools.licenceKind,
  selfHostable: tools.selfHostable,
  createdAt: tools.createdAt,
  verifiedAt: tools.verifiedAt,
  isVerified: tools.isVerified,
};

export type MatchedTool = Pick<typeof tools.$inferSelect, keyof typeof matchedToolColumns>;

/** The listed tools (any state) whose canonical website is one of `canonicals`, by that canonical form (tools_canonical_website_idx). */
export async function findToolsByCanonicalWebsite(
  db: Database | Transaction,
  canonicals: Iterable<string>,
): Promise<Map<string, MatchedTool>> {
  const wanted = [...new Set(canonicals)];
  const found = new Map<string, MatchedTool>();
  for (let start = 0; start < wanted.length; start += 5_000) {
    const rows = await db
      .select({ ...matchedToolColumns, canonicalWebsite: tools.canonicalWebsite })
      .from(tools)
      .where(inArray(tools.canonicalWebsite, wanted.slice(start, start + 5_000)))
      .orderBy(asc(tools.createdAt), asc(tools.id));
    // Two listed tools of one website: the first keeps it (the duplicate finder is the place to merge them).
    for (const { canonicalWebsite, ...row } of rows) if (!found.has(canonicalWebsite)) found.set(canonicalWebsite, row);
  }
  return found;
}
