/** What people say of a tool: reviews, their votes and reports, and problem reports on a tool. */
import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { tools } from "./tools.ts";
import { users } from "./users.ts";

/**
 * People's reviews of tools (decision 043): a rating from 1 to 5 and optional words, one per person and tool. 'live'
 * reviews are public and counted in the tool's rating; 'waiting' ones wait in the moderators' queue; 'hidden' ones were
 * hidden by a moderator, with a reason told to their author.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    toolId: text("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    /** Plain text, shown as text: a link in it stays words. */
    body: text("body").notNull().default(""),
    status: text("status").notNull(),
    /** The moderator's reason for the last hide or restore, told to the author. */
    moderationReason: text("moderation_reason"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** The maker's one reply. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** People who found it helpful, one vote each; kept by a trigger on review_votes. */
    helpful: integer("helpful").notNull().default(0),
    /** Reports since a moderator last looked at it. */
    reports: integer("reports").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("reviews_tool_user_key").on(table.toolId, table.userId),
    // A tool's live reviews, newest first and most helpful first (its pages, the API, its feed).
    index("reviews_live_newest_idx")
      .on(table.toolId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'live'`),
    index("reviews_live_helpful_idx")
      .on(table.toolId, table.helpful.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'live'`),
    // The moderators' lists: waiting (oldest first), reported, hidden.
    index("reviews_waiting_idx").on(table.createdAt, table.id).where(sql`${table.status} = 'waiting'`),
    index("reviews_reported_idx")
      .on(table.updatedAt, table.id)
      .where(sql`${table.reports} > 0 and ${table.status} <> 'hidden'`),
    index("reviews_hidden_idx").on(table.moderatedAt, table.id).where(sql`${table.status} = 'hidden'`),
    // A person's reviews (the daily limit, an account's deletion).
    index("reviews_user_idx").on(table.userId, table.createdAt),
  ],
);

/** "Helpful" votes on reviews: one per person and review. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] }), index("review_votes_user_idx").on(table.userId)],
);

/** Reports on reviews, from anyone: what the moderators read beside the review. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index("review_reports_review_idx").on(table.reviewId, table.createdAt)],
);

/**
 * Problems visitors report on a tool's page (docs/decisions/024-problem-reports.md): what is wrong, in their words, until
 * a verifier or an admin resolves or dismisses it. Who reported is kept for signed-in people only; no address is stored.
 */
export const toolReports = pgTable(
  "tool_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    toolId: text("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** One of REPORT_KINDS (common/constants.ts). */
    kind: text("kind").notNull(),
    /** The reporter's own words, plain text; empty when they gave none. */
    text: text("text").notNull().default(""),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    /** 'open', 'resolved' or 'dismissed'. */
    status: text("status").notNull().default("open"),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true, mode: "date", precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // The console's list of open reports, oldest first, and its count in the navigation.
    index("tool_reports_open_idx").on(table.createdAt, table.id).where(sql`${table.status} = 'open'`),
    // One tool's open reports: on its page for moderators, in /admin/reports?tool=, and the counts of /admin/tools.
    index("tool_reports_tool_open_idx")
      .on(table.toolId, table.createdAt, table.id)
      .where(sql`${table.status} = 'open'`),
    // A deleted user's reports lose their name (on delete set null) without a scan.
    index("tool_reports_reporter_idx").on(table.reporterId).where(sql`${table.reporterId} is not null`),
    index("tool_reports_handled_by_idx").on(table.handledBy).where(sql`${table.handledBy} is not null`),
  ],
);
