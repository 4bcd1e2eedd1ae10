/** The claims waiting for an answer (docs/product.md §4: askForClaim, then acceptClaim or a refusal), oldest first, with who claims. */
import { and, asc, eq, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { tools, users } from "../db/schema.ts";
import { requireModerator } from "../access.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";

export type PendingClaim = {
  toolId: string;
  name: string;
  slug: string;
  logo: string | null;
  website: string;
  /** Whether the tool is live: only then does its public page exist. */
  isLive: boolean;
  /** When the claim was made, or the tool last changed since. */
  updatedAt: string;
  /** Whether the claimer's verified e-mail is at the tool's website domain. */
  isClaimLikelyGenuine: boolean;
  claimer: { id: string; username: string; slug: string; email: string } | null;
};

export type ClaimPage = { claims: PendingClaim[]; nextCursor: string | null };

/** Served by tools_claims_idx (updated_at, partial on waiting claims). */
export const isClaimWaiting = sql`(${tools.hasBeenClaimed} and not ${tools.wasClaimedAccepted})`;

export function adminClaims(db: Database) {
  return {
    /** The claims waiting for an answer, oldest first, one keyset page after `cursor` (key: updated_at in ms). */
    async listClaims(
      user: SessionUser | null,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ): Promise<ClaimPage> {
      requireModerator(user);
      const rows = await db
        .select({
          toolId: tools.id,
          name: tools.name,
          slug: tools.slug,
          logo: tools.logo,
          website: tools.website,
          isLive: sql<boolean>`(${tools.isActive} and ${tools.isVerified})`,
          updatedAt: tools.updatedAt,
          isClaimLikelyGenuine: tools.isClaimLikelyGenuine,
          claimerId: users.id,
          claimerUsername: users.username,
          claimerSlug: users.slug,
          claimerEmail: users.email,
        })
        .from(tools)
        .leftJoin(users, eq(users.id, tools.claimedBy))
        .where(and(isClaimWaiting, seekAfter(cursor, [tools.updatedAt, tools.id], { ascending: true })))
        .orderBy(asc(tools.updatedAt), asc(tools.id))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({
        key: last.updatedAt.getTime(),
        id: last.toolId,
      }));
      return {
        claims: items.map((row) => ({
          toolId: row.toolId,
          name: row.name,
          slug: row.slug,
          logo: row.logo,
          website: row.website,
          isLive: Boolean(row.isLive),
          updatedAt: row.updatedAt.toISOString(),
          isClaimLikelyGenuine: row.isClaimLikelyGenuine,
          claimer: row.claimerId
            ? { id: row.claimerId, username: row.claimerUsername!, slug: row.claimerSlug!, email: row.claimerEmail! }
            : null,
        })),
        nextCursor,
      };
    },
  };
}
