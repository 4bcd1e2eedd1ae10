/** Reads of the tools a user submitted or is linked to, live or not, each with where it stands (/my-tools). */
import { and, desc, eq, sql } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import { type Cursor, encodeCursor } from "#common/cursor.ts";
import type { SessionUser } from "../context.ts";
import type { Database } from "../db/client.ts";
import { tools } from "../db/schema.ts";
import { afterCursor } from "./queries.ts";

/**
 * Where a tool stands, first match wins: a claim still waiting for its answer; switched off by an admin; turned down by
 * a verifier; not verified yet; otherwise live (active and verified, the only state with a public page).
 */
export const USER_TOOL_STATES = ["claim-pending", "switched-off", "rejected", "waiting-for-verification", "live"] as const;
export type UserToolState = (typeof USER_TOOL_STATES)[number];

export type UserTool = {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  shortDesc: string;
  createdAt: string;
  state: UserToolState;
  /** The verifier's reason, for a rejected tool. */
  rejectionReason: string | null;
};

export type UserToolPage = { tools: UserTool[]; nextCursor: string | null };

const stateColumn = sql<UserToolState>`case
  when ${tools.hasBeenClaimed} and not ${tools.wasClaimedAccepted} then 'claim-pending'
  when not ${tools.isActive} then 'switched-off'
  when not ${tools.isVerified} and ${tools.rejectedAt} is not null then 'rejected'
  when not ${tools.isVerified} then 'waiting-for-verification'
  else 'live' end`.as("state");

/** The user's tools after `cursor`, newest first: tools_creator_username_idx finds them, then they are ordered. */
export function userToolsQuery(db: Database, slug: string, cursor: Cursor | null | undefined, limit: number) {
  return db
    .select({
      id: tools.id,
      name: tools.name,
      slug: tools.slug,
      logo: tools.logo,
      shortDesc: tools.shortDesc,
      createdAt: tools.createdAt,
      state: stateColumn,
      rejectionReason: tools.rejectionReason,
    })
    .from(tools)
    .where(and(eq(tools.creatorUsername, slug), cursor ? afterCursor(cursor) : undefined))
    .orderBy(desc(tools.createdAt), desc(tools.id))
    .limit(limit);
}

export function userToolQueries(db: Database) {
  return {
    /** The tools whose creator is the user (submitted, linked or claimed), whatever their state, one keyset page. */
    async listUserTools(user: SessionUser, { cursor, limit = PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {}): Promise<UserToolPage> {
      const rows = await userToolsQuery(db, user.slug, cursor, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        tools: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        nextCursor: rows.length > limit && last ? encodeCursor({ key: last.createdAt.getTime(), id: last.id }) : null,
      };
    },
  };
}
