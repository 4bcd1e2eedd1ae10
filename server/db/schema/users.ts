/** The user record (the product's, beside Better Auth's account), its old slugs, and the first admin's setup tokens. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

export type SocialProfile = { network: string; url: string };

export type Payment = {
  kind: string;
  toolId?: string;
  amount?: number;
  currency?: string;
  createdAt: string;
  status: string;
};

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** The id of the account in the authentication layer. */
    authId: text("auth_id"),
    email: text("email").notNull(),
    username: text("username").notNull(),
    slug: text("slug").notNull(),
    bio: text("bio").notNull().default(""),
    boosts: integer("boosts").notNull().default(0),
    role: text("role").notNull().default("guest"),
    hasSubscribedToNewsletter: boolean("has_subscribed_to_newsletter").notNull().default(false),
    isSolo: boolean("is_solo").notNull().default(false),
    payments: jsonb("payments").$type<Payment[]>().notNull().default(sql`'[]'::jsonb`),
    socialProfiles: jsonb("social_profiles").$type<SocialProfile[]>().notNull().default(sql`'[]'::jsonb`),
    authMethod: text("auth_method").notNull().default("email"),
    /** A disabled user cannot sign in, and their sessions end on their next request. */
    isDisabled: boolean("is_disabled").notNull().default(false),
    /** Whether they get the weekly e-mail of the new tools in what they follow (decision 044); the unsubscribe link turns it off. */
    followDigest: boolean("follow_digest").notNull().default(true),
    /** When their next weekly e-mail of what they follow is due; null while they follow nothing or turned it off. */
    followDigestDueAt: timestamp("follow_digest_due_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** The language of their e-mails (decision 053): the page's when they signed up, or the one they chose; null for the site's default. */
    locale: text("locale"),
    /**
     * When an e-mailed sign-in link, the first proof of the address, removed a password nobody had proven (anyone may
     * register another person's address); cleared once the person has been told, on the page the link opened.
     */
    passwordRemovedAt: timestamp("password_removed_at", { withTimezone: true, mode: "date", precision: 3 }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_auth_id_key").on(table.authId),
    uniqueIndex("users_email_key").on(sql`lower(${table.email})`),
    uniqueIndex("users_slug_key").on(table.slug),
    // Featuring requests are entries of payments: the console finds the users with an open one by containment.
    index("users_payments_idx").using("gin", sql`${table.payments} jsonb_path_ops`),
    // Sign-ups per day (/admin/analytics).
    index("users_created_at_idx").on(table.createdAt),
    // The weekly e-mails of what people follow that are due, the oldest due first.
    index("users_follow_digest_due_idx").on(table.followDigestDueAt).where(sql`${table.followDigestDueAt} is not null`),
    // The newsletter's subscribers, in the order a send walks them.
    index("users_newsletter_idx").on(table.id).where(sql`${table.hasSubscribedToNewsletter}`),
    // Whether the site has an admin yet (the setup link), and who they are.
    index("users_admins_idx").on(table.id).where(sql`${table.role} = 'admin'`),
  ],
);

/**
 * The one-time links that make the first admin (decision 047): written to the log at a start while the site has no
 * admin, valid 24 hours. Only the token's SHA-256 is kept; the first use removes every one.
 */
export const setupTokens = pgTable("setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/**
 * A profile's former addresses: after a username change, /profile/{old slug} redirects to the user's current one.
 * A user's current slug wins over a former one, so a freed slug can be taken by someone else.
 */
export const userSlugRedirects = pgTable(
  "user_slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index("user_slug_redirects_user_id_idx").on(table.userId)],
);

export type UserRow = typeof users.$inferSelect;
