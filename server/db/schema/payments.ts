/** Paid featuring (server/payments/, docs/decisions/040-paid-featuring.md). */
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { tools } from "./tools.ts";
import { users } from "./users.ts";

/**
 * What the site sells, one row per kind, priced by the operator in the console: 'skip-line' (a one-off payment: the
 * tool goes to the front of the verification queue), 'featured' (a one-off payment for `days` days on the home page),
 * 'featured-monthly' (a subscription that keeps the tool featured until it is cancelled). `amount` is in the currency's
 * smallest unit, as Stripe counts it. Nothing is for sale until the operator puts it on sale.
 */
export const featuringOffers = pgTable("featuring_offers", {
  kind: text("kind").primaryKey(),
  amount: integer("amount").notNull(),
  /** Stripe's lowercase ISO code: 'usd', 'eur'... */
  currency: text("currency").notNull(),
  /** For 'featured': how long the tool is featured. */
  days: integer("days"),
  isOnSale: boolean("is_on_sale").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/**
 * The one row of the featuring's settings: how many tools may be featured at once. Whatever books a place locks this
 * row first, so two payments for the last place are placed one after the other.
 */
export const featuringSettings = pgTable("featuring_settings", {
  id: boolean("id").primaryKey().default(true),
  places: integer("places").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/**
 * One thing bought through Stripe, or granted by an admin: what, for which tool, by whom, at what price, and when it
 * holds. `state`: 'pending' (a Checkout session is open), 'booked' (paid, its period starts later), 'active', 'ended',
 * 'refunded', 'disputed', 'expired' (the session closed unpaid). The Stripe ids tie it to Stripe's records; the session's
 * metadata names this row, and the webhook checks both ways.
 */
export const purchases = pgTable(
  "purchases",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    toolId: text("tool_id").references(() => tools.id, { onDelete: "set null" }),
    /** The offer's kind: 'skip-line', 'featured' or 'featured-monthly'. */
    kind: text("kind").notNull(),
    /** 'stripe' or 'grant'. */
    source: text("source").notNull(),
    state: text("state").notNull(),
    amount: integer("amount").notNull().default(0),
    currency: text("currency").notNull().default(""),
    /** What the maker asked for when they chose it, then when the featuring holds; null for skipping the line. */
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** Null: until it is cancelled (a subscription that renews, an open grant). */
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date", precision: 3 }),
    stripeSessionId: text("stripe_session_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    receiptUrl: text("receipt_url"),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** When the maker was told that the featuring ends soon. */
    remindedAt: timestamp("reminded_at", { withTimezone: true, mode: "date", precision: 3 }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("purchases_stripe_session_key").on(table.stripeSessionId),
    index("purchases_payment_intent_idx").on(table.stripePaymentIntentId),
    index("purchases_subscription_idx").on(table.stripeSubscriptionId),
    // A user's receipts, newest first (their profile).
    index("purchases_user_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    // A tool's featuring: one at a time.
    index("purchases_tool_idx").on(table.toolId, table.state),
    // The places taken: what holds or will hold a place, by when it ends (the calendar, the job, the next free date).
    index("purchases_holding_idx")
      .on(table.endsAt)
      .where(sql`${table.state} in ('booked', 'active') and ${table.kind} <> 'skip-line'`),
    // Every payment, newest first, and the revenue by month (the console).
    index("purchases_created_idx").on(table.createdAt.desc(), table.id.desc()),
    // The Checkout sessions still open, oldest first: the hourly job closes those Stripe never said closed.
    index("purchases_pending_idx").on(table.createdAt).where(sql`${table.state} = 'pending'`),
  ],
);

/** The Stripe events already handled, by id: a replay or a duplicate changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/**
 * The sponsor placements (decision 064), one row per kind ('banner', 'home-card', 'list-slot', 'newsletter'): the
 * price of one week in the currency's smallest unit, how many weeks ahead are sold, and whether it is on sale.
 */
export const sponsorPlacements = pgTable("sponsor_placements", {
  kind: text("kind").primaryKey(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  weeksAhead: integer("weeks_ahead").notNull(),
  isOnSale: boolean("is_on_sale").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/**
 * An ad a sponsor bought: one per purchase (its id is the purchase's), for one placement and some weeks (their Mondays).
 * `state`: 'pending' (its Checkout session is open), 'review' (paid, its weeks held, an admin has yet to look),
 * 'approved' (it runs on its weeks), 'rejected' (refunded in full), 'refunded' (refunded or disputed in Stripe), 'lost'
 * (another sponsor paid for one of its weeks first: refunded), 'expired' (never paid).
 */
export const sponsorships = pgTable(
  "sponsorships",
  {
    id: text("id")
      .primaryKey()
      .references(() => purchases.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    placement: text("placement").notNull(),
    weeks: date("weeks", { mode: "string" }).array().notNull(),
    /** The Monday after its last week: when its run ends. */
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    text: text("text").notNull(),
    url: text("url").notNull(),
    logo: text("logo"),
    state: text("state").notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date", precision: 3 }),
    reviewedBy: text("reviewed_by"),
    /** When the sponsor was sent the summary of its run. */
    summarySentAt: timestamp("summary_sent_at", { withTimezone: true, mode: "date", precision: 3 }),
    ...timestamps,
  },
  (table) => [
    // A sponsor's ads, newest first (their own list).
    index("sponsorships_user_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    // The ads an admin has yet to review, oldest first.
    index("sponsorships_review_idx").on(table.createdAt, table.id).where(sql`${table.state} = 'review'`),
    // The runs over whose sponsors have yet to get their summary (the daily jobs).
    index("sponsorships_summary_idx")
      .on(table.endsOn)
      .where(sql`${table.state} = 'approved' and ${table.summarySentAt} is null`),
  ],
);

/**
 * The weeks sold, one row per placement and week (its Monday): the key is the rule that a placement never shows two
 * ads at once. A paid ad holds its weeks from its payment until it is rejected or refunded.
 */
export const sponsorWeeks = pgTable(
  "sponsor_weeks",
  {
    placement: text("placement").notNull(),
    week: date("week", { mode: "string" }).notNull(),
    sponsorshipId: text("sponsorship_id")
      .notNull()
      .references(() => sponsorships.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.placement, table.week] }),
    index("sponsor_weeks_sponsorship_idx").on(table.sponsorshipId),
  ],
);

/**
 * Who saw or followed an ad on a day, by the analytics' daily visitor hash: an ad's view and its click count once per
 * visitor and day, whatever a page or a script sends (the fourth hostile round). Kept until the day is over, as the
 * searches' visitors are.
 */
export const sponsorVisitors = pgTable(
  "sponsor_visitors",
  {
    sponsorshipId: text("sponsorship_id").notNull(),
    metric: text("metric").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sponsorshipId, table.metric, table.day, table.visitor] }),
    index("sponsor_visitors_day_idx").on(table.day),
  ],
);
