/**
 * The analytics dashboards' reads: a maker's linked tools (/my-tools) and the whole site (/admin/analytics).
 * They read the daily counts (daily_stats), never the raw events, plus the tools, users and searches tables; every
 * series has one point per day of the range, zeros filled, days in UTC.
 */
import { and, between, desc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { ANALYTICS_TOP_SIZE, type AnalyticsRange, MAKER_DASHBOARD_TOOLS } from "#common/constants.ts";
import { requireAdmin, requireSignedIn } from "../access.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { dailyStats, searches, tools, users } from "../db/schema.ts";
import { addDays, dayOf, lastDays, METRICS, type Metric } from "./metrics.ts";

/** The range a dashboard shows: its length in days, and the moment it ends (today is its last day). */
export type RangeInput = { days: AnalyticsRange; now: Date };

/** Views and clicks over a range; the click-through rate is clicks / views, null without a view. */
export type ToolTotals = { views: number; clicks: number; ctr: number | null };

/**
 * Where visitors came from: '' for none (typed, bookmarked), a path starting with '/' for one of our own pages, or
 * another site's host.
 */
export type ReferrerCount = { source: string; views: number };

export type MakerToolStats = {
  id: string;
  name: string;
  slug: string;
  /** Active and verified: only a live tool has a public page, and so views and clicks. */
  isLive: boolean;
  totals: ToolTotals;
  /** The tool's counters since it was listed (tools.views and tools.clicks). */
  allTime: { views: number; clicks: number };
  /** From the range's first day, or from the day the tool was listed when that came later: no days of zeros before it existed. */
  series: { day: string; views: number; clicks: number }[];
  referrers: ReferrerCount[];
};

export type MakerDashboard = {
  days: AnalyticsRange;
  tools: MakerToolStats[];
  /** More tools are linked to the user than the MAKER_DASHBOARD_TOOLS newest shown. */
  hasMoreTools: boolean;
};

export type SiteDay = { day: string; pageviews: number; visitors: number; signups: number; submissions: number };
export type TopTool = { id: string; name: string; slug: string; count: number };
/** A search as the console counts it; `isHidden`: an admin keeps it off /searches and the sitemap. */
export type SearchCount = { text: string; count: number; isHidden: boolean };

export type SiteDashboard = {
  days: AnalyticsRange;
  series: SiteDay[];
  /** Sums over the range; unique visitors are not summed, a visitor of two days would count twice. */
  totals: { pageviews: number; signups: number; submissions: number };
  topPages: { path: string; views: number }[];
  topToolsByViews: TopTool[];
  topToolsByClicks: TopTool[];
  topReferrers: ReferrerCount[];
  /** Named events ('home_click_nl', 'Outbound Link: Click'...), most frequent first. */
  events: { name: string; count: number }[];
  /** All-time counts: a search text is counted, not dated. */
  topSearches: SearchCount[];
  searchesFoundNothing: SearchCount[];
};

/** The days of a range, its first and last day, and the same as a half-open interval of moments. */
function rangeOf({ days, now }: RangeInput) {
  const list = lastDays(days, now);
  const first = list[0]!;
  const last = list.at(-1)!;
  return { list, first, last, start: new Date(`${first}T00:00:00Z`), end: new Date(`${addDays(last, 1)}T00:00:00Z`) };
}

/** The count of each day of `list` in `counts`, 0 for a day it does not have. */
function fill(list: string[], counts: Map<string, number> | undefined): number[] {
  return list.map((day) => counts?.get(day) ?? 0);
}

const total = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0);

type DailyToolCounts = { views: Map<string, number>; clicks: Map<string, number> };
type LinkedToolRow = Awaited<ReturnType<typeof linkedToolsQuery>>[number];

/** A linked tool's figures over the days of `list`, from its daily counts and top referrers. */
function toToolStats(
  tool: LinkedToolRow,
  list: string[],
  counts: DailyToolCounts | undefined,
  referrers: ReferrerCount[],
): MakerToolStats {
  const views = fill(list, counts?.views);
  const clicks = fill(list, counts?.clicks);
  const totalViews = total(views);
  const totalClicks = total(clicks);
  // The listed day, or the first day with a count if one came before it (a catalogue imported with its old dates).
  const listed = list.indexOf(dayOf(tool.createdAt));
  const counted = list.findIndex((_, index) => views[index]! > 0 || clicks[index]! > 0);
  const start = Math.max(0, Math.min(listed === -1 ? 0 : listed, counted === -1 ? list.length - 1 : counted));
  return {
    id: tool.id,
    name: tool.name,
    slug: tool.slug,
    isLive: tool.isLive,
    totals: { views: totalViews, clicks: totalClicks, ctr: totalViews > 0 ? totalClicks / totalViews : null },
    allTime: { views: tool.views, clicks: tool.clicks },
    series: list
      .slice(start)
      .map((day, index) => ({ day, views: views[start + index]!, clicks: clicks[start + index]! })),
    referrers,
  };
}

const summed = sql<number>`sum(${dailyStats.count})::int`;

/** The rows of `metric` in the range, summed per subject, the largest first (daily_stats_metric_day_idx). */
export function topSubjectsQuery(db: Database, metric: Metric, first: string, last: string) {
  return db
    .select({ subject: dailyStats.subject, count: summed.as("count") })
    .from(dailyStats)
    .where(and(eq(dailyStats.metric, metric), between(dailyStats.day, first, last)))
    .groupBy(dailyStats.subject)
    .orderBy(desc(summed), dailyStats.subject)
    .limit(ANALYTICS_TOP_SIZE);
}

/** The tools most viewed (or clicked) over the range, with what links to them. */
export function topToolsQuery(
  db: Database,
  metric: typeof METRICS.toolView | typeof METRICS.toolClick,
  first: string,
  last: string,
) {
  const top = topSubjectsQuery(db, metric, first, last).as("top");
  return db
    .select({ id: tools.id, name: tools.name, slug: tools.slug, count: top.count })
    .from(top)
    .innerJoin(tools, eq(tools.id, top.subject))
    .orderBy(desc(top.count), tools.id);
}

/** Site-wide daily counts (page views, unique visitors): their subject and detail are empty, so the primary key serves them. */
export function siteCountsQuery(db: Database, first: string, last: string) {
  return db
    .select({ metric: dailyStats.metric, day: dailyStats.day, count: dailyStats.count })
    .from(dailyStats)
    .where(
      and(
        inArray(dailyStats.metric, [METRICS.pageviews, METRICS.visitors]),
        eq(dailyStats.subject, ""),
        eq(dailyStats.detail, ""),
        between(dailyStats.day, first, last),
      ),
    );
}

/** Users who signed up per UTC day in [start, end), read through users_created_at_idx. */
export function signupsPerDayQuery(db: Database, start: Date, end: Date) {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(gte(users.createdAt, start), lt(users.createdAt, end)))
    .groupBy(day);
}

/**
 * Tools submitted per UTC day from `first` to `last`: the tools users submitted, not the demo catalogue's. Read through
 * tools_created_day_idx, whose expression this repeats word for word.
 */
export function submissionsPerDayQuery(db: Database, first: string, last: string) {
  const day = sql`((${tools.createdAt} at time zone 'UTC')::date)`;
  return db
    .select({ day: sql<string>`to_char(${day}, 'YYYY-MM-DD')`, count: sql<number>`count(*)::int` })
    .from(tools)
    .where(and(sql`${day} between ${first} and ${last}`, isNotNull(tools.submittedBy)))
    .groupBy(day);
}

/** The most searched texts (searches_count_idx), or only those that found nothing (searches_found_nothing_idx). */
export function searchCountsQuery(db: Database, foundNothing: boolean) {
  return db
    .select({ text: searches.text, count: searches.count, isHidden: searches.isHidden })
    .from(searches)
    .where(foundNothing ? eq(searches.resultCount, 0) : undefined)
    .orderBy(sql`${searches.count} desc nulls last`, searches.text)
    .limit(ANALYTICS_TOP_SIZE);
}

/**
 * The tools linked to the user (server/tools/read/user-tools.ts: their slug is the creator's and the link was made), newest
 * first through tools_creator_username_idx, one more than shown.
 */
export function linkedToolsQuery(db: Database, user: Pick<SessionUser, "slug">) {
  return db
    .select({
      id: tools.id,
      name: tools.name,
      slug: tools.slug,
      isLive: sql<boolean>`(${tools.isActive} and ${tools.isVerified})`,
      views: tools.views,
      clicks: tools.clicks,
      createdAt: tools.createdAt,
    })
    .from(tools)
    .where(and(eq(tools.creatorUsername, user.slug), eq(tools.isLinkedToCreator, true)))
    .orderBy(desc(tools.createdAt), desc(tools.id))
    .limit(MAKER_DASHBOARD_TOOLS + 1);
}

/** The views and clicks of each of the tools per day (the primary key: metric, then tool id). */
export function toolDailyCountsQuery(db: Database, ids: string[], first: string, last: string) {
  return db
    .select({ metric: dailyStats.metric, toolId: dailyStats.subject, day: dailyStats.day, count: summed })
    .from(dailyStats)
    .where(
      and(
        inArray(dailyStats.metric, [METRICS.toolView, METRICS.toolClick]),
        inArray(dailyStats.subject, ids),
        between(dailyStats.day, first, last),
      ),
    )
    .groupBy(dailyStats.metric, dailyStats.subject, dailyStats.day);
}

/** Each tool's ANALYTICS_TOP_SIZE largest referrers over the range, the largest first (the primary key: metric, then tool id). */
export function toolReferrersQuery(db: Database, ids: string[], first: string, last: string) {
  const ranked = db
    .select({
      toolId: dailyStats.subject,
      source: dailyStats.detail,
      views: summed.as("views"),
      rank: sql<number>`row_number() over (partition by ${dailyStats.subject} order by sum(${dailyStats.count}) desc, ${dailyStats.detail})`.as(
        "rank",
      ),
    })
    .from(dailyStats)
    .where(
      and(
        eq(dailyStats.metric, METRICS.toolReferrer),
        inArray(dailyStats.subject, ids),
        between(dailyStats.day, first, last),
      ),
    )
    .groupBy(dailyStats.subject, dailyStats.detail)
    .as("ranked");
  return db
    .select({ toolId: ranked.toolId, source: ranked.source, views: ranked.views })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${ANALYTICS_TOP_SIZE}`)
    .orderBy(ranked.toolId, ranked.rank);
}

export function analyticsQueries(db: Database) {
  /** Day -> count. */
  const byDay = (rows: { day: string; count: number }[]) => new Map(rows.map((row) => [row.day, row.count]));

  async function siteCounts(first: string, last: string) {
    const pageviews = new Map<string, number>();
    const visitors = new Map<string, number>();
    for (const row of await siteCountsQuery(db, first, last))
      (row.metric === METRICS.pageviews ? pageviews : visitors).set(row.day, row.count);
    return { pageviews, visitors };
  }

  /** Each tool's views and clicks per day, keyed by tool id. */
  async function toolDailyCounts(ids: string[], first: string, last: string): Promise<Map<string, DailyToolCounts>> {
    const counts = new Map(
      ids.map((id) => [id, { views: new Map<string, number>(), clicks: new Map<string, number>() }]),
    );
    for (const row of await toolDailyCountsQuery(db, ids, first, last)) {
      counts.get(row.toolId)?.[row.metric === METRICS.toolView ? "views" : "clicks"].set(row.day, row.count);
    }
    return counts;
  }

  /** Each tool's top referrers, keyed by tool id. */
  async function toolReferrers(ids: string[], first: string, last: string): Promise<Map<string, ReferrerCount[]>> {
    const referrers = new Map<string, ReferrerCount[]>();
    for (const { toolId, ...referrer } of await toolReferrersQuery(db, ids, first, last))
      referrers.set(toolId, [...(referrers.get(toolId) ?? []), referrer]);
    return referrers;
  }

  return {
    /**
     * The figures of the tools linked to the user over the range, newest tool first (at most MAKER_DASHBOARD_TOOLS):
     * each tool's totals, daily views and clicks, and top referrers. Three reads whatever the number of tools.
     */
    async getMakerDashboard(user: SessionUser | null, range: RangeInput): Promise<MakerDashboard> {
      const maker = requireSignedIn(user);
      const { list, first, last } = rangeOf(range);
      const rows = await linkedToolsQuery(db, maker);
      const shown = rows.slice(0, MAKER_DASHBOARD_TOOLS);
      const ids = shown.map((tool) => tool.id);
      const [daily, referrers] = ids.length
        ? await Promise.all([toolDailyCounts(ids, first, last), toolReferrers(ids, first, last)])
        : [new Map(), new Map()];
      return {
        days: range.days,
        hasMoreTools: rows.length > MAKER_DASHBOARD_TOOLS,
        tools: shown.map((tool) => toToolStats(tool, list, daily.get(tool.id), referrers.get(tool.id) ?? [])),
      };
    },

    /**
     * The whole site over the range, for admins: page views, unique visitors, sign-ups and submissions per day; the
     * top pages, tools, referrers and named events; and the most searched texts, with those that found nothing.
     */
    async getSiteDashboard(user: SessionUser | null, range: RangeInput): Promise<SiteDashboard> {
      requireAdmin(user);
      const { list, first, last, start, end } = rangeOf(range);
      const [
        site,
        signups,
        submissions,
        topPages,
        topToolsByViews,
        topToolsByClicks,
        topReferrers,
        events,
        topSearches,
        searchesFoundNothing,
      ] = await Promise.all([
        siteCounts(first, last),
        signupsPerDayQuery(db, start, end).then(byDay),
        submissionsPerDayQuery(db, first, last).then(byDay),
        topSubjectsQuery(db, METRICS.page, first, last),
        topToolsQuery(db, METRICS.toolView, first, last),
        topToolsQuery(db, METRICS.toolClick, first, last),
        topSubjectsQuery(db, METRICS.referrer, first, last),
        topSubjectsQuery(db, METRICS.event, first, last),
        searchCountsQuery(db, false),
        searchCountsQuery(db, true),
      ]);
      const series = list.map((day) => ({
        day,
        pageviews: site.pageviews.get(day) ?? 0,
        visitors: site.visitors.get(day) ?? 0,
        signups: signups.get(day) ?? 0,
        submissions: submissions.get(day) ?? 0,
      }));
      const sum = (key: "pageviews" | "signups" | "submissions") => series.reduce((total, day) => total + day[key], 0);
      return {
        days: range.days,
        series,
        totals: { pageviews: sum("pageviews"), signups: sum("signups"), submissions: sum("submissions") },
        topPages: topPages.map((row) => ({ path: row.subject, views: row.count })),
        topToolsByViews,
        topToolsByClicks,
        topReferrers: topReferrers.map((row) => ({ source: row.subject, views: row.count })),
        events: events.map((row) => ({ name: row.subject, count: row.count })),
        topSearches,
        searchesFoundNothing,
      };
    },
  };
}

export type AnalyticsQueries = ReturnType<typeof analyticsQueries>;
