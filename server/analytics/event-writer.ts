/**
 * Writes the collector's batches (./events.ts) in one transaction each: the raw events, the tools' `views` and `clicks`
 * counters, the day's new visitors and the daily counts (./metrics.ts), so a tool's counters always equal the sum of
 * its daily counts.
 */
import { and, eq, sql } from "drizzle-orm";
import { OUTBOUND_CLICK_EVENT, PAGEVIEW_EVENT } from "#common/constants.ts";
import type { Database, Transaction } from "../db/client.ts";
import { dailyStats, dailyVisitors, events, tools } from "../db/schema.ts";
import { recordSearches, type SearchCounts } from "../search/queries.ts";
import { dayOf, METRICS } from "./metrics.ts";

/** A search a page view shows: its text, and how many tools its first page found (null: the page did not say). */
export type EventSearch = { text: string; resultCount: number | null };

/** An event as the collector gathered it, waiting for its batch. */
export type PendingEvent = typeof events.$inferInsert & { createdAt: Date; visitor: string; path: string; search: EventSearch | null };

/** Rows per INSERT statement, well under PostgreSQL's limit of parameters. */
const ROWS_PER_INSERT = 1000;

/** Writes a batch in one transaction: the raw events, the tools' counters, the day's new visitors and the daily counts. */
export async function writeBatch(db: Database, batch: PendingEvent[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (let start = 0; start < batch.length; start += ROWS_PER_INSERT) {
      await tx.insert(events).values(batch.slice(start, start + ROWS_PER_INSERT));
    }

    // Only a live tool's views and clicks count; the daily counts of a tool follow its counter exactly. The tools' rows
    // are locked first, in id order, so two processes writing batches at once never wait on each other in a circle.
    const toolIds = [...new Set(batch.flatMap((event) => (event.toolId ? [event.toolId] : [])))].sort();
    if (toolIds.length > 0) {
      await tx.select({ id: tools.id }).from(tools).where(sql`${tools.id} = any(${`{${toolIds.join(",")}}`}::text[])`).orderBy(tools.id).for("update");
    }
    const views = countBy(batch.filter((event) => event.name === PAGEVIEW_EVENT && event.toolId), (event) => event.toolId!);
    const clicks = countBy(batch.filter((event) => event.name === OUTBOUND_CLICK_EVENT && event.toolId), (event) => event.toolId!);
    const viewed = await addToCounters(tx, "views", views);
    const clicked = await addToCounters(tx, "clicks", clicks);
    const searched: SearchCounts = new Map();
    for (const { search } of batch) {
      if (!search) continue;
      const counted = searched.get(search.text);
      searched.set(search.text, { count: (counted?.count ?? 0) + 1, resultCount: search.resultCount ?? counted?.resultCount ?? null });
    }
    await recordSearches(tx, searched);

    const visitorsByDay = new Map<string, Set<string>>();
    for (const event of batch) {
      const day = dayOf(event.createdAt);
      const visitors = visitorsByDay.get(day) ?? new Set();
      visitors.add(event.visitor);
      visitorsByDay.set(day, visitors);
    }
    const counts = new Map<string, { metric: string; subject: string; detail: string; day: string; count: number }>();
    const add = (metric: string, subject: string, detail: string, day: string, count = 1) => {
      const key = `${metric}\u0000${subject}\u0000${detail}\u0000${day}`;
      const row = counts.get(key);
      if (row) row.count += count;
      else counts.set(key, { metric, subject, detail, day, count });
    };
    for (const [day, visitors] of visitorsByDay) {
      const rows = [...visitors].sort().map((visitor) => ({ day, visitor }));
      let added = 0;
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const inserted = await tx
          .insert(dailyVisitors)
          .values(rows.slice(start, start + ROWS_PER_INSERT))
          .onConflictDoNothing()
          .returning({ day: dailyVisitors.day });
        added += inserted.length;
      }
      if (added > 0) add(METRICS.visitors, "", "", day, added);
    }
    for (const event of batch) {
      const day = dayOf(event.createdAt);
      if (event.name === PAGEVIEW_EVENT) {
        add(METRICS.pageviews, "", "", day);
        add(METRICS.page, event.path, "", day);
        // A visitor arriving (from another site, or from nowhere); moving from one of our pages to another is not a source.
        if (!event.referrer?.startsWith("/")) add(METRICS.referrer, event.referrer ?? "", "", day);
        if (event.toolId && viewed.has(event.toolId)) {
          add(METRICS.toolView, event.toolId, "", day);
          add(METRICS.toolReferrer, event.toolId, event.referrer ?? "", day);
        }
      } else {
        add(METRICS.event, event.name, event.name === OUTBOUND_CLICK_EVENT ? linkOf(event.props ?? {}) : "", day);
        if (event.name === OUTBOUND_CLICK_EVENT && event.toolId && clicked.has(event.toolId)) add(METRICS.toolClick, event.toolId, "", day);
      }
    }
    // In key order, so two processes writing at once take the rows' locks in the same order.
    const rows = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await tx
        .insert(dailyStats)
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .onConflictDoUpdate({
          target: [dailyStats.metric, dailyStats.subject, dailyStats.detail, dailyStats.day],
          set: { count: sql`${dailyStats.count} + excluded.count` },
        });
    }
  });
}

function countBy<T>(items: T[], keyOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

/** Adds to a counter of live tools (one statement per distinct amount); answers the ids that were live and counted. */
async function addToCounters(tx: Transaction, column: "views" | "clicks", amounts: Map<string, number>): Promise<Set<string>> {
  const byAmount = new Map<number, string[]>();
  for (const [id, amount] of amounts) byAmount.set(amount, [...(byAmount.get(amount) ?? []), id]);
  const counted = new Set<string>();
  for (const [amount, ids] of byAmount) {
    const rows = await tx
      .update(tools)
      .set({ [column]: sql`${tools[column]} + ${amount}` })
      .where(and(sql`${tools.id} = any(${`{${ids.sort().join(",")}}`}::text[])`, eq(tools.isActive, true), eq(tools.isVerified, true)))
      .returning({ id: tools.id });
    for (const row of rows) counted.add(row.id);
  }
  return counted;
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
