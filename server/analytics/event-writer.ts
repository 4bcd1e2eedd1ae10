/**
 * Writes the collector's batches (./events.ts) in one SQL statement each, so one round trip and one commit: the raw
 * events, the tools' `views` and `clicks` counters, the searches' counts and visitors, the day's new visitors and the daily counts
 * (./metrics.ts). One statement is one transaction: a tool's counters always equal the sum of its daily counts.
 */
import { sql } from "drizzle-orm";
import { OUTBOUND_CLICK_EVENT, PAGEVIEW_EVENT, SPONSOR_CLICK_EVENT, SPONSOR_VIEW_EVENT } from "#common/constants.ts";
import type { Database } from "../db/client.ts";
import {
  dailyStats,
  dailyVisitors,
  events,
  searches,
  searchVisitors,
  sponsorships,
  sponsorVisitors,
  tools,
} from "../db/schema.ts";
import { dayOf, METRICS } from "./metrics.ts";

/** A search a page view shows: its text, and how many tools its first page found (null: the page did not say). */
export type EventSearch = { text: string; resultCount: number | null };

/** An event as the collector gathered it, waiting for its batch. */
export type PendingEvent = typeof events.$inferInsert & {
  createdAt: Date;
  visitor: string;
  path: string;
  search: EventSearch | null;
};

/** A daily count to add; `tool` names the tool whose counter must have counted the event (a live tool), if any. */
type CountRow = {
  metric: string;
  subject: string;
  detail: string;
  day: string;
  count: number;
  tool: string | null;
};

/** Rows sorted by a text key: locks are taken in that order, the same in every process. */
function sortedBy<T>(rows: Iterable<T>, key: (row: T) => string): T[] {
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Rows as one JSON parameter, read back with json_to_recordset: any number of rows, one parameter. */
const asJson = (rows: unknown[]) => sql`${JSON.stringify(rows)}::json`;

/**
 * Writes a batch in one statement. Its parts, as data-modifying WITH queries, see the same snapshot and commit
 * together: the counters of the batch's live tools (their rows locked first, in id order, so that two processes
 * writing batches at once never wait on each other in a circle), the day's visitors not seen before (their number is
 * the day's new unique visitors), then the daily counts, added in key order; the raw events and the searches' counts.
 */
export async function writeBatch(db: Database, batch: PendingEvent[]): Promise<void> {
  if (batch.length === 0) return;
  const eventRows = batch.map((event) => ({
    created_at: event.createdAt.toISOString(),
    name: event.name,
    path: event.path,
    referrer: event.referrer ?? null,
    tool_id: event.toolId ?? null,
    visitor: event.visitor,
    props: event.props ?? {},
  }));

  // Only a live tool's views and clicks count; the daily counts of a tool follow its counter exactly.
  const toolCounts = new Map<string, { id: string; views: number; clicks: number }>();
  for (const event of batch) {
    if (!event.toolId || (event.name !== PAGEVIEW_EVENT && event.name !== OUTBOUND_CLICK_EVENT)) continue;
    const counted = toolCounts.get(event.toolId) ?? { id: event.toolId, views: 0, clicks: 0 };
    if (event.name === PAGEVIEW_EVENT) counted.views++;
    else counted.clicks++;
    toolCounts.set(event.toolId, counted);
  }

  // Searches made, each with how many tools it found the last time: recordSearches' upsert (search/queries.ts), in the statement.
  const searched = new Map<string, { text: string; count: number; result_count: number | null }>();
  for (const { search } of batch) {
    if (!search) continue;
    const counted = searched.get(search.text);
    searched.set(search.text, {
      text: search.text,
      count: (counted?.count ?? 0) + 1,
      result_count: search.resultCount ?? counted?.result_count ?? null,
    });
  }

  // Who made each search that day: a search's visitors grow by those not seen making it that day before.
  const searchers = new Map<string, { text: string; day: string; visitor: string }>();
  for (const event of batch) {
    if (!event.search) continue;
    const day = dayOf(event.createdAt);
    searchers.set(`${event.search.text} ${day} ${event.visitor}`, {
      text: event.search.text,
      day,
      visitor: event.visitor,
    });
  }

  const visitors = new Map<string, { day: string; visitor: string }>();
  for (const event of batch) {
    const day = dayOf(event.createdAt);
    visitors.set(`${day} ${event.visitor}`, { day, visitor: event.visitor });
  }

  const counts = new Map<string, CountRow>();
  const add = (metric: string, subject: string, detail: string, day: string, tool: string | null = null) => {
    const key = `${metric}\u0000${subject}\u0000${detail}\u0000${day}`;
    const row = counts.get(key);
    if (row) row.count++;
    else counts.set(key, { metric, subject, detail, day, count: 1, tool });
  };
  // Who saw or followed each ad that day: an ad's views and clicks grow by the visitors not seen doing so that day.
  const adVisitors = new Map<string, { sponsorship: string; metric: string; day: string; visitor: string }>();
  for (const event of batch) {
    const day = dayOf(event.createdAt);
    if (event.name === PAGEVIEW_EVENT) {
      add(METRICS.pageviews, "", "", day);
      add(METRICS.page, event.path, "", day);
      // A visitor arriving (from another site, or from nowhere); moving from one of our pages to another is not a source.
      if (!event.referrer?.startsWith("/")) add(METRICS.referrer, event.referrer ?? "", "", day);
      if (event.toolId) {
        add(METRICS.toolView, event.toolId, "", day, event.toolId);
        add(METRICS.toolReferrer, event.toolId, event.referrer ?? "", day, event.toolId);
      }
    } else {
      add(METRICS.event, event.name, event.name === OUTBOUND_CLICK_EVENT ? linkOf(event.props ?? {}) : "", day);
      if (event.name === OUTBOUND_CLICK_EVENT && event.toolId)
        add(METRICS.toolClick, event.toolId, "", day, event.toolId);
      const ad = adOf(event.name, event.props ?? {});
      if (ad) {
        const metric = event.name === SPONSOR_VIEW_EVENT ? METRICS.sponsorView : METRICS.sponsorClick;
        adVisitors.set(`${ad} ${metric} ${day} ${event.visitor}`, {
          sponsorship: ad,
          metric,
          day,
          visitor: event.visitor,
        });
      }
    }
  }

  await db.execute(sql`
    with stored as (
      insert into ${events} (created_at, name, path, referrer, tool_id, visitor, props)
      select created_at, name, path, referrer, tool_id, visitor, coalesce(props, '{}'::jsonb)
      from json_to_recordset(${asJson(eventRows)}) as e(created_at timestamptz, name text, path text, referrer text, tool_id text, visitor text, props jsonb)
    ),
    tool_counts as (
      select * from json_to_recordset(${asJson(sortedBy(toolCounts.values(), (row) => row.id))}) as c(id text, views int, clicks int)
    ),
    locked as materialized (
      select ${tools.id} as id from ${tools} where ${tools.id} in (select id from tool_counts) order by ${tools.id} for update
    ),
    counted as (
      update ${tools} set views = ${tools.views} + c.views, clicks = ${tools.clicks} + c.clicks
      from tool_counts c
      where ${tools.id} = c.id and ${tools.id} in (select id from locked) and ${tools.isActive} and ${tools.isVerified}
      returning ${tools.id} as id
    ),
    new_searchers as (
      insert into ${searchVisitors} (text, day, visitor)
      select text, day, visitor
      from json_to_recordset(${asJson(sortedBy(searchers.values(), (row) => `${row.text} ${row.day} ${row.visitor}`))}) as v(text text, day date, visitor text)
      order by text, day, visitor
      on conflict do nothing
      returning text
    ),
    searched as (
      insert into ${searches} (text, count, result_count, visitors)
      select s.text, s.count, s.result_count, (select count(*)::int from new_searchers n where n.text = s.text)
      from json_to_recordset(${asJson(sortedBy(searched.values(), (row) => row.text))}) as s(text text, count int, result_count int)
      order by s.text
      on conflict (text) do update
        set count = ${searches.count} + excluded.count, result_count = coalesce(excluded.result_count, ${searches.resultCount}),
          visitors = ${searches.visitors} + excluded.visitors, updated_at = now()
    ),
    new_visitors as (
      insert into ${dailyVisitors} (day, visitor)
      select day, visitor from json_to_recordset(${asJson(sortedBy(visitors.values(), (row) => `${row.day} ${row.visitor}`))}) as v(day date, visitor text)
      order by day, visitor
      on conflict do nothing
      returning day
    ),
    new_ad_visitors as (
      insert into ${sponsorVisitors} (sponsorship_id, metric, day, visitor)
      select v.sponsorship, v.metric, v.day, v.visitor
      from json_to_recordset(${asJson(sortedBy(adVisitors.values(), (row) => `${row.sponsorship} ${row.metric} ${row.day} ${row.visitor}`))}) as v(sponsorship text, metric text, day date, visitor text)
      where v.sponsorship in (select ${sponsorships.id} from ${sponsorships} where ${sponsorships.state} = 'approved')
      order by v.sponsorship, v.metric, v.day, v.visitor
      on conflict do nothing
      returning sponsorship_id, metric, day
    ),
    added as (
      select metric, subject, detail, day, count
      from json_to_recordset(${asJson([...counts.values()])}) as a(metric text, subject text, detail text, day date, count int, tool text)
      where tool is null or tool in (select id from counted)
      union all
      select ${METRICS.visitors}::text, '', '', day, count(*)::int from new_visitors group by day
      union all
      select metric, sponsorship_id, '', day, count(*)::int from new_ad_visitors group by metric, sponsorship_id, day
    )
    insert into ${dailyStats} (metric, subject, detail, day, count)
    select metric, subject, detail, day, count from added
    order by metric, subject, detail, day
    on conflict (metric, subject, detail, day) do update set count = ${dailyStats.count} + excluded.count
  `);
}

/** The ad an ad's event names, when it is one and names an ad's id. */
function adOf(name: string, props: Record<string, unknown>): string | null {
  if (name !== SPONSOR_VIEW_EVENT && name !== SPONSOR_CLICK_EVENT) return null;
  const id = props.sponsorship;
  return typeof id === "string" && /^p[a-z0-9_]{1,40}$/.test(id) ? id : null;
}

/** The address of an outbound link as counted: without its query string (our ref parameter, trackers). */
function linkOf(props: Record<string, unknown>): string {
  if (typeof props.url !== "string") return "";
  try {
    const url = new URL(props.url);
    return `${url.origin}${url.pathname}`.slice(0, 300);
  } catch {
    return "";
  }
}

/** Whether the database answers at all (then a failed batch holds a bad event rather than meeting a database that is down). */
export async function isDatabaseAnswering(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
