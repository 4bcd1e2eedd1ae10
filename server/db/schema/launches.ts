/** Launch days (decision 063): the day a maker chose for their tool to go live, and whether it is held until then. */
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { tools } from "./tools.ts";

/**
 * A tool's launch: the moment it goes live (the start of the day its maker chose, UTC), chosen while it waits in the
 * queue or after it was verified. `is_waiting`: verified and held until then, off every list but /coming-soon; the
 * minute's job lists it at its moment and clears it. A tool shown by other means (an admin) is no longer waiting
 * (migration 0061's trigger).
 */
export const launches = pgTable(
  "launches",
  {
    toolId: text("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    launchAt: timestamp("launch_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    isWaiting: boolean("is_waiting").notNull().default(false),
    /** Whether the tool is live (active and verified): its trigger follows the tool's (migration 0062). */
    isLive: boolean("is_live").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // /coming-soon and the minute's job: the held tools, the soonest first.
    index("launches_waiting_idx").on(table.launchAt, table.toolId).where(sql`${table.isWaiting}`),
    // A day's or a week's launches, for their leaderboards.
    index("launches_live_idx").on(table.launchAt, table.toolId).where(sql`${table.isLive}`),
  ],
);
