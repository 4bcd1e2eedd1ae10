/**
 * Public likes (decision 042). A favourite is also a like: it counts in its tool's `likes` once its account is a day
 * old and within the account's daily limit; until then it is kept and waits, and the minute's job counts it when it
 * qualifies. The count itself is kept by the database (favorites_count_likes, migration 0039). The hourly job scores
 * this week's likes and views as `trending`.
 */
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { LIKE_ACCOUNT_MIN_AGE_MS } from "#common/constants.ts";
import { LIMITS, type RateLimiter } from "../auth/rate-limit.ts";
import { pageTags } from "../cache/page-tags.ts";
import { type Database, rowsOf } from "../db/client.ts";
import { favorites, users } from "../db/schema.ts";
import { dayOf, METRICS } from "../analytics/metrics.ts";

/** How many waiting likes one run of the minute's job looks at: the oldest due first, so none waits behind another. */
const WAITING_BATCH = 500;

/**
 * The trending score's weights (decision 042): a like weighs as much as this many views, and a day's activity loses
 * half its weight every TRENDING_HALF_LIFE_DAYS days; only the last TRENDING_DAYS days (today included) count.
 */
export const TRENDING_LIKE_WEIGHT = 10;
export const TRENDING_HALF_LIFE_DAYS = 2;
export const TRENDING_DAYS = 7;
/** The score is kept in hundredths, an integer the lists' cursors compare exactly. */
const TRENDING_SCALE = 100;
const MAX_SCORE = 2_000_000_000;

/**
 * Every tool's trending score for the week ending on `today` (a UTC day), from the daily views the analytics keep
 * (daily_stats, by metric and day) and the likes that counted that week (favorites_counted_at_idx):
 *   score = 100 × Σ over the days d = 0 (today) … 6 of 0.5^(d / 2) × (views on day d + 10 × likes counted on day d).
 * Tools scored before and not now go back to 0 (tools_trending_idx). Only changed rows are written.
 */
export function trendingScoresStatement(today: string) {
  return sql`with activity as (
      select subject as tool_id, (${today}::date - day) as age, count::float8 as points
      from daily_stats
      where metric = ${METRICS.toolView} and detail = '' and day > ${today}::date - ${TRENDING_DAYS}::int and day <= ${today}::date
      union all
      select tool_id, ${today}::date - (counted_at at time zone 'UTC')::date, ${TRENDING_LIKE_WEIGHT}::float8
      from favorites
      where counted_at is not null
        and counted_at >= (${today}::date - ${TRENDING_DAYS - 1}::int)::timestamp at time zone 'UTC'
        and counted_at < (${today}::date + 1)::timestamp at time zone 'UTC'
    ), scored as (
      select tool_id, least(round(${TRENDING_SCALE}::float8 * sum(points * power(0.5, age / ${TRENDING_HALF_LIFE_DAYS}::float8))), ${MAX_SCORE}::float8)::int as score
      from activity group by tool_id
    ), scores as (
      select coalesce(s.tool_id, was.id) as id, coalesce(s.score, 0) as score
      from scored s full join (select id from tools where trending > 0) was on was.id = s.tool_id
    )
    update tools t set trending = scores.score from scores where t.id = scores.id and t.trending <> scores.score
    returning t.id`;
}

export function likeCounting(db: Database, limiter: RateLimiter, clock: () => Date) {
  /**
   * Starts counting one waiting like when its account's daily limit allows; otherwise it waits for the limit's next
   * window. Only a like still waiting changes: one removed or already counted meanwhile is left as it is.
   */
  async function countWithinLimit(userId: string, toolId: string, now: Date): Promise<boolean> {
    const limit = await limiter.take(`likes:${userId}`, LIMITS.likesCountedPerUser, now);
    const waiting = and(eq(favorites.userId, userId), eq(favorites.toolId, toolId), isNull(favorites.countedAt));
    if (limit.allowed) await db.update(favorites).set({ countedAt: now, countAfter: null }).where(waiting);
    else await db.update(favorites).set({ countAfter: limit.resetAt }).where(waiting);
    return limit.allowed;
  }

  return {
    countWithinLimit,

    /**
     * The minute's job: counts the waiting likes that are due (their account's first day is over, or their limit's
     * window has passed), the oldest due first, WAITING_BATCH at most. Answers how many started to count.
     */
    async countWaitingLikes(now = clock()): Promise<number> {
      const due = await db
        .select({ userId: favorites.userId, toolId: favorites.toolId, accountCreatedAt: users.createdAt })
        .from(favorites)
        .innerJoin(users, eq(users.id, favorites.userId))
        .where(and(isNull(favorites.countedAt), lte(favorites.countAfter, now)))
        .orderBy(asc(favorites.countAfter))
        .limit(WAITING_BATCH);
      let counted = 0;
      for (const like of due) {
        const oldFrom = new Date(like.accountCreatedAt.getTime() + LIKE_ACCOUNT_MIN_AGE_MS);
        if (oldFrom > now) {
          await db
            .update(favorites)
            .set({ countAfter: oldFrom })
            .where(
              and(eq(favorites.userId, like.userId), eq(favorites.toolId, like.toolId), isNull(favorites.countedAt)),
            );
        } else if (await countWithinLimit(like.userId, like.toolId, now)) counted += 1;
      }
      return counted;
    },

    /** The hourly job: rewrites every tool's trending score (trendingScoresStatement); the lists that sort by it are told once. */
    async scoreTrending(now = clock()): Promise<number> {
      return db.transaction(async (tx) => {
        const changed = rowsOf<{ id: string }>(await tx.execute(trendingScoresStatement(dayOf(now)))).length;
        if (changed > 0) await tx.execute(sql`select page_cache_notify(array[${pageTags.trending}]::text[])`);
        return changed;
      });
    },
  };
}

export type LikeCounting = ReturnType<typeof likeCounting>;
