/** The free way in (decision 062): a maker's page that shows the directory's badge, linking back, and what it earned. */
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { tools } from "./tools.ts";

/**
 * A tool's link back: the page of its own website where the badge was found, what it earned then ('skip-line': the
 * front of the queue; 'live': listed at once), and what the daily check saw since. A link back is watched for
 * LINK_BACK_WATCH_DAYS after it was found; the second look in a row that finds no link takes back what it earned
 * (`taken_back_at`), and a tool's link back earns nothing more once taken back.
 */
export const linkBacks = pgTable(
  "link_backs",
  {
    toolId: text("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    pageUrl: text("page_url").notNull(),
    earned: text("earned").notNull(),
    foundAt: timestamp("found_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    /** The first look of those in a row that found no link; null while the last look found it. */
    missingSince: timestamp("missing_since", { withTimezone: true, mode: "date", precision: 3 }),
    takenBackAt: timestamp("taken_back_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (table) => [
    // The daily look: the link backs still watched, those found last first.
    index("link_backs_watched_idx").on(table.foundAt, table.toolId).where(sql`${table.takenBackAt} is null`),
  ],
);
