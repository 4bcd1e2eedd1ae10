/** Reads of a user's favourite tools: the /my-favorites list, and which tools wear a filled heart. */
import { and, eq, sql } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import { type Cursor, keysetPage } from "#common/cursor.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { favorites, tools } from "../db/schema.ts";
import { isPublicTool, toCard, toolCardColumns, type ToolCardRow, type ToolPage } from "../tools/queries.ts";

/**
 * A user's live favourite tools after `cursor`, newest favourite first, keyset on (favorites.created_at, tool id).
 * favorites_user_created_idx is (user_id, created_at DESC NULLS LAST): the ORDER BY spells NULLS LAST so the index
 * delivers the rows in order (a plain DESC means NULLS FIRST and would sort every favourite of the user). The plan is
 * checked by a test.
 */
export function favoriteToolsQuery(db: Database, userId: string, cursor: Cursor | null | undefined, limit: number) {
  const mine = eq(favorites.userId, userId);
  const after = cursor
    ? sql`(${favorites.createdAt}, ${favorites.toolId}) < (${new Date(cursor.key).toISOString()}::timestamptz, ${cursor.id})`
    : undefined;
  return db
    .select({ ...toolCardColumns, favoritedAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(tools, eq(tools.id, favorites.toolId))
    .where(and(mine, isPublicTool, after))
    .orderBy(sql`${favorites.createdAt} desc nulls last`, sql`${favorites.toolId} desc nulls last`)
    .limit(limit);
}

export function favoriteQueries(db: Database) {
  return {
    /** The user's favourite tools that are live, newest favourite first, one keyset page after `cursor`. */
    async listFavoriteTools(user: SessionUser, { cursor, limit = PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {}): Promise<ToolPage> {
      const rows = (await favoriteToolsQuery(db, user.id, cursor, limit + 1)) as (ToolCardRow & { favoritedAt: Date })[];
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.favoritedAt.getTime(), id: last.id }));
      return { tools: items.map(({ favoritedAt: _favoritedAt, ...row }) => toCard(row)), nextCursor };
    },

    /**
     * The ids of every tool the user has favourited: the hearts of any page read it (docs/decisions/006). One index-only
     * read of the favourites' primary key (user_id, tool_id).
     */
    async listFavoriteIds(user: SessionUser): Promise<string[]> {
      const rows = await db.select({ toolId: favorites.toolId }).from(favorites).where(eq(favorites.userId, user.id));
      return rows.map((row) => row.toolId);
    },
  };
}

export type FavoriteQueries = ReturnType<typeof favoriteQueries>;
