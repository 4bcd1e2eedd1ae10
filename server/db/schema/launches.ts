/** Launch days (decision 063): the day a maker chose for their tool to go live, and whether it is held until then. */
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    /** The tool's counted likes, kept by the tools' trigger (migration 0063): the leaderboards' order. */
    likes: integer("likes").notNull().default(0),
    /** The launch's day and the Monday of its ISO week, UTC: the leaderboards' periods. */
    launchDay: date("launch_day", { mode: "string" }).generatedAlwaysAs(sql`((launch_at AT TIME ZONE 'UTC')::date)`),
    launchWeek: date("launch_week", { mode: "string" }).generatedAlwaysAs(
      sql`(date_trunc('week', launch_at AT TIME ZONE 'UTC')::date)`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // /coming-soon and the minute's job: the held tools, the soonest first.
    index("launches_waiting_idx").on(table.launchAt, table.toolId).where(sql`${table.isWaiting}`),
    // A day's or a week's leaderboard: its launches in their order, the first 50 read and no more.
    index("launches_day_board_idx")
      .on(table.launchDay, table.likes.desc().nullsFirst(), table.launchAt, table.toolId)
      .where(sql`${table.isLive}`),
    index("launches_week_board_idx")
      .on(table.launchWeek, table.likes.desc().nullsFirst(), table.launchAt, table.toolId)
      .where(sql`${table.isLive}`),
  ],
);

/**
 * The week's winners (decision 063): the top three of each ISO week's leaderboard, fixed once the week has ended by the
 * daily jobs, and never changed after. `week` is the week's Monday, UTC.
 */
export const launchWinners = pgTable(
  "launch_winners",
  {
    week: date("week", { mode: "string" }).notNull(),
    rank: integer("rank").notNull(),
    toolId: text("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    likes: integer("likes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.week, table.rank] }),
    // A tool's wins, for its badge.
    uniqueIndex("launch_winners_tool_week_idx").on(table.toolId, table.week),
  ],
);
