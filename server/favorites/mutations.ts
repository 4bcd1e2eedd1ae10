/**
 * Changes to a user's favourites: only a signed-in user, only live tools; adding or removing twice changes nothing.
 * A favourite is also a public like (decision 042): the answer says how many likes the tool now has.
 */
import { and, eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { LIKE_ACCOUNT_MIN_AGE_MS } from "#common/constants.ts";
import type { SessionUser } from "#common/access.ts";
import { requireSignedIn } from "../access.ts";
import { type Database, rowsOf } from "../db/client.ts";
import { favorites, tools } from "../db/schema.ts";
import { isPublicTool } from "../tools/read/queries.ts";
import type { LikeCounting } from "./likes.ts";

/**
 * A heart's state after a change: whether the tool is a favourite, its public likes, and whether the person's own like
 * is among them; while it is not, `likesCountFrom` says from when a young account's likes count (null: within minutes).
 */
export type FavoriteState = { favorited: boolean; likes: number; isCounted: boolean; likesCountFrom: string | null };

/** How long a like that may count at once is left to the request that made it, before the minute's job would take it. */
const COUNTING_GRACE = "5 minutes";

export function favoriteMutations(db: Database, likes: LikeCounting, clock: () => Date) {
  /** The tool's likes, when it is live; a hidden tool is refused as if it did not exist: nothing tells a visitor it is there. */
  async function publicLikes(toolId: string): Promise<number> {
    const [tool] = await db
      .select({ likes: tools.likes })
      .from(tools)
      .where(and(eq(tools.id, toolId), isPublicTool))
      .limit(1);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundById);
    return tool.likes;
  }

  return {
    /**
     * Adds a live tool to the user's favourites; a tool already there keeps its place (and its date). The like counts
     * at once when the account is a day old and within its daily limit; otherwise it waits (decision 042).
     */
    async addFavorite(user: SessionUser | null, toolId: string): Promise<FavoriteState> {
      const { id: userId } = requireSignedIn(user, MESSAGES.favorite.needsAccount);
      const now = clock();
      const minAge = `${LIKE_ACCOUNT_MIN_AGE_MS} milliseconds`;
      // One statement checks the tool is live and adds it, so a tool hidden meanwhile cannot slip in. A young account's
      // like waits for the end of its first day; an older one's is counted below, or by the job should this request end.
      const [added] = rowsOf<{ is_account_old: boolean; counts_from: Date | string }>(
        await db.execute(sql`with account as (
            select created_at, created_at <= ${now.toISOString()}::timestamptz - ${minAge}::interval as is_old from users where id = ${userId}
          ), added as (
            insert into ${favorites} (user_id, tool_id, created_at, counted_at, count_after)
            select ${userId}, t.id, ${now.toISOString()}::timestamptz, null,
              case when a.is_old then ${now.toISOString()}::timestamptz + ${COUNTING_GRACE}::interval else a.created_at + ${minAge}::interval end
            from ${tools} t, account a where t.id = ${toolId} and t.is_active and t.is_verified
            on conflict do nothing
            returning 1
          )
          select a.is_old as is_account_old, a.created_at + ${minAge}::interval as counts_from from added, account a`),
      );
      // Nothing added: either it was there already (fine), or the tool is not live (refused).
      if (added?.is_account_old) await likes.countWithinLimit(userId, toolId, now);
      const [own] = await db
        .select({ countedAt: favorites.countedAt })
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.toolId, toolId)))
        .limit(1);
      const isCounted = Boolean(own?.countedAt);
      const countsFrom = added && !added.is_account_old ? new Date(added.counts_from).toISOString() : null;
      return {
        favorited: true,
        likes: await publicLikes(toolId),
        isCounted,
        likesCountFrom: isCounted ? null : countsFrom,
      };
    },

    /** Takes a live tool out of the user's favourites; one that is not there is not an error. A like that counted stops counting. */
    async removeFavorite(user: SessionUser | null, toolId: string): Promise<FavoriteState> {
      const { id: userId } = requireSignedIn(user, MESSAGES.favorite.needsAccount);
      await publicLikes(toolId);
      await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.toolId, toolId)));
      return { favorited: false, likes: await publicLikes(toolId), isCounted: false, likesCountFrom: null };
    },
  };
}

export type FavoriteMutations = ReturnType<typeof favoriteMutations>;
