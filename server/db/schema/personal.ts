/** What a person keeps: favourites, follows and the newsletter's sends to them, API keys. */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { tools } from "./tools.ts";
import { users } from "./users.ts";

/** A user's favourite tools (docs/product.md §3), as a join table so both directions are indexed. */
export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toolId: text("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    /** When the favourite started to count as a public like (decision 042); null while it waits to qualify. */
    countedAt: timestamp("counted_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** While it waits: when the likes' job looks at it again (the account's first day over, or its daily limit freed). */
    countAfter: timestamp("count_after", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.toolId] }),
    index("favorites_tool_id_idx").on(table.toolId),
    // A user's favourites, newest first, ties broken by tool: the order of /my-favorites (written "desc nulls last").
    index("favorites_user_created_idx").on(table.userId, table.createdAt.desc(), table.toolId.desc()),
    // The likes that wait, in the order the likes' job takes them.
    index("favorites_waiting_idx").on(table.countAfter).where(sql`${table.countedAt} is null`),
    // This week's likes, by the day they counted: the trending job's read.
    index("favorites_counted_at_idx").on(table.countedAt).where(sql`${table.countedAt} is not null`),
  ],
);

/** The categories and tags a person follows (decision 044): the weekly e-mail of their new tools. */
export const follows = pgTable(
  "follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'category' (value: the category's id) or 'tag' (value: the tag). */
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.value] })],
);

/**
 * The newsletter sent from the console to every subscriber (decision 044): its words, fixed when it was started, and
 * how far the send has gone through the subscribers (by id), so a send cut short goes on where it stopped.
 */
export const newsletterSends = pgTable(
  "newsletter_sends",
  {
    id: text("id").primaryKey(),
    days: integer("days").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** 'sending' until every subscriber's mail is in the outbox, then 'sent'. */
    state: text("state").notNull(),
    /** The last subscriber (by id) whose mail is in the outbox. */
    lastUserId: text("last_user_id"),
    recipients: integer("recipients").notNull().default(0),
    /** The ad of its sponsor line (decision 064): each mail written counts as one view of it. */
    sponsorshipId: text("sponsorship_id"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (table) => [
    index("newsletter_sends_created_idx").on(table.createdAt),
    index("newsletter_sends_sending_idx").on(table.createdAt).where(sql`${table.state} = 'sending'`),
  ],
);

/**
 * Personal API keys (docs/decisions/028-personal-api-keys.md): a user's bearer tokens for /api/v1. Only the SHA-256 of
 * the token is kept, and its first characters to recognise it; the token itself is shown once, when it is made.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The token's first characters (it_live_ and a few more), shown beside the name. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text("token_hash").notNull(),
    /** 'read' or 'write' (read and write). */
    scope: text("scope").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    /** The last request made with the key, written at most once a minute. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date", precision: 3 }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date", precision: 3 }),
    revokedBy: text("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("api_keys_token_hash_key").on(table.tokenHash),
    // A user's keys, newest first (their settings page, and the count against the limit).
    index("api_keys_user_created_idx").on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Every key, newest first (/admin/api-keys).
    index("api_keys_created_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("api_keys_revoked_by_idx").on(table.revokedBy).where(sql`${table.revokedBy} is not null`),
  ],
);
