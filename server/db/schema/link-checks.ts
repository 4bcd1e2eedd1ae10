/** The link checker (server/tools/jobs/link-checks.ts): each live tool's website, read once a day. */
import { sql } from "drizzle-orm";
import type { LinkCheckPause } from "#common/link-check-pause.ts";
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { tools } from "./tools.ts";

/**
 * The last check of a tool's website: the answer's status (null when none came: refused, unreachable, timed out),
 * where its redirects ended, and why it failed. `failures` counts the failed checks in a row. A redirect to another
 * registrable domain (`is_moved`) or repeated failures flag the tool for the admins (`flagged_at`); after
 * LINK_CHECK_HIDE_AFTER failures the checker switches the tool off and says so in `hidden_at`, until an admin acts.
 */
export const linkChecks = pgTable(
  "link_checks",
  {
    toolId: text("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    checkedAt: timestamp("checked_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    status: integer("status"),
    finalUrl: text("final_url"),
    error: text("error"),
    failures: integer("failures").notNull().default(0),
    isMoved: boolean("is_moved").notNull().default(false),
    flaggedAt: timestamp("flagged_at", { withTimezone: true, mode: "date", precision: 3 }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** When a check last found the website working: what the tool page says ("Link checked today"). */
    workingAt: timestamp("working_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** When its failures in a row began: /admin/links says since when a link fails. */
    failingSince: timestamp("failing_since", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (table) => [
    // /admin/links: the flagged tools, most recently flagged first, keyset-paged.
    index("link_checks_flagged_idx")
      .on(table.flaggedAt.desc().nullsFirst(), table.toolId.desc().nullsFirst())
      .where(sql`${table.flaggedAt} is not null`),
    // /admin/links: the tools the checker hid, counted and brought back together.
    index("link_checks_hidden_idx").on(table.toolId).where(sql`${table.hiddenAt} is not null`),
  ],
);

/** Each daily link check's outcome, the latest shown on /admin/links; the last few dozen are kept. */
export const linkCheckRuns = pgTable("link_check_runs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  ranAt: timestamp("ran_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
  checked: integer("checked").notNull(),
  moved: integer("moved").notNull(),
  failed: integer("failed").notNull(),
  hidden: integer("hidden").notNull(),
  skipped: integer("skipped").notNull(),
  pause: jsonb("pause").$type<LinkCheckPause | null>(),
});
