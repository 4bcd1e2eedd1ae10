/** Reads of a user's favourite tools: the /my-favorites list, and which tools wear a filled heart. */
import { and, eq, sql } from "drizzle-orm";
import { LIKE_ACCOUNT_MIN_AGE_MS, PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import type { SessionUser } from "#common/access.ts";
import { type Database, rowsOf } from "../db/client.ts";
import { favorites, tools, users } from "../db/schema.ts";
import { isPublicTool, toCard, toolCardColumns, type ToolCardRow, type ToolPage } from "../tools/read/queries.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";

/**
 * A user's live favourite tools after `cursor`, newest favourite first, keyset on (favorites.created_at, tool id).
 * favorites_user_created_idx is (user_id, created_at DESC NULLS LAST): the ORDER BY spells NULLS LAST so the index
 * delivers the rows in order (a plain DESC means NULLS FIRST and would sort every favourite of the user). The plan is
 * checked by a test.
 */
export function favoriteToolsQuery(db: Database, userId: string, cursor: Cursor | null | undefined, limit: number) {
  const mine = eq(favorites.userId, userId);
  const after = seekAfter(cursor, [favorites.createdAt, favorites.toolId]);
  return db
    .select({ ...toolCardColumns, favoritedAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(tools, eq(tools.id, favorites.toolId))
    .where(and(mine, isPublicTool, after))
    .orderBy(sql`${favorites.createdAt} desc nulls last`, sql`${favorites.toolId} desc nulls last`)
    .limit(limit);
}

/** A person's own likes, as their hearts show them; their view counts their like at once, the public's once it counts. */
export type OwnLikes = { favoriteToolIds: string[]; waitingLikeIds: string[]; likesCountFrom: string | null };

export function favoriteQueries(db: Database) {
  return {
    /** The user's favourite tools that are live, newest favourite first, one keyset page after `cursor`. */
    async listFavoriteTools(
      user: SessionUser,
      { cursor, limit = PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ): Promise<ToolPage> {
      const rows = (await favoriteToolsQuery(db, user.id, cursor, limit + 1)) as (ToolCardRow & {
        favoritedAt: Date;
      })[];
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({
        key: last.favoritedAt.getTime(),
        id: last.id,
      }));
      return { tools: items.map(({ favoritedAt: _favoritedAt, ...row }) => toCard(row)), nextCursor };
    },

    /**
     * What the user's hearts show (docs/decisions/006 and 042): the ids of every tool they favourited, those whose like
     * does not count yet (a young account's, or one over the day's limit), and, while the account is younger than a
     * day, when its likes start to count. One read of the user and of their favourites' primary key (user_id, tool_id).
     */
    async listOwnLikes(user: SessionUser): Promise<OwnLikes> {
      const [row] = rowsOf<{ favorites: string[]; waiting: string[]; counts_from: Date | string | null }>(
        await db.execute(sql`select
            coalesce(array_agg(f.tool_id) filter (where f.tool_id is not null), '{}') as favorites,
            coalesce(array_agg(f.tool_id) filter (where f.tool_id is not null and f.counted_at is null), '{}') as waiting,
            case when u.created_at + ${LIKE_ACCOUNT_MIN_AGE_MS} * interval '1 millisecond' > now() then u.created_at + ${LIKE_ACCOUNT_MIN_AGE_MS} * interval '1 millisecond' end as counts_from
          from ${users} u left join ${favorites} f on f.user_id = u.id where u.id = ${user.id} group by u.id, u.created_at`),
      );
      return {
        favoriteToolIds: row?.favorites ?? [],
        waitingLikeIds: row?.waiting ?? [],
        likesCountFrom: row?.counts_from ? new Date(row.counts_from).toISOString() : null,
      };
    },
  };
}

export type FavoriteQueries = ReturnType<typeof favoriteQueries>;
