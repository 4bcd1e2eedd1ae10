/** Analytics (POST /api/event): no cookie and no IP address is stored. */
import { sql } from "drizzle-orm";
import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Raw events, written in batches and kept ANALYTICS_RETENTION_DAYS days. `visitor` is a hash of the address and
 * browser salted with the day's salt, which is deleted the day after: it cannot be traced back to a person.
 */
export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    /** 'pageview', 'Outbound Link: Click', or a named event such as 'home_click_nl'. */
    name: text("name").notNull(),
    /** The page's path, without its query string. */
    path: text("path").notNull(),
    /** Where the visitor came from: another site's host, one of our own paths, or null (typed or bookmarked). */
    referrer: text("referrer"),
    /** The tool the event is about: the tool page viewed, or the tool whose website link was clicked. */
    toolId: text("tool_id"),
    visitor: text("visitor").notNull(),
    props: jsonb("props").$type<Record<string, string | number | boolean>>().notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [index("events_created_at_idx").on(table.createdAt)],
);

/**
 * Daily counts that the charts and tables read, kept forever: one row per day, metric and subject (a path, a tool id,
 * a referrer, an event name) and detail (a tool's referrer). server/analytics/metrics.ts names the metrics.
 */
export const dailyStats = pgTable(
  "daily_stats",
  {
    metric: text("metric").notNull(),
    subject: text("subject").notNull().default(""),
    detail: text("detail").notNull().default(""),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.metric, table.subject, table.detail, table.day] }),
    // A metric over a range of days (the admin's top pages, tools and referrers).
    index("daily_stats_metric_day_idx").on(table.metric, table.day),
  ],
);

/** The visitor hashes already seen on a day, so unique visitors are counted exactly; deleted with the day's salt. */
export const dailyVisitors = pgTable(
  "daily_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.visitor] })],
);

/** One random salt per day for the visitor hash, shared by every app process; deleted once its day is over. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});
