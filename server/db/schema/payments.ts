/** Paid featuring (server/payments/, docs/decisions/040-paid-featuring.md). */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
  ],
);

/** The Stripe events already handled, by id: a replay or a duplicate changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});
