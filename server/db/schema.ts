/** The database schema: every entity of docs/product.md §3, with the indexes the pages' queries use. */
// Every timestamp keeps millisecond precision, what a JavaScript Date holds, so keyset cursors round-trip exactly.
import { sql } from "drizzle-orm";
import type { LinkCheckPause } from "#common/link-check-pause.ts";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** PostgreSQL's full-text document type; maintained by a trigger (migration 0004), never written by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
};

export type FaqItem = { question: string; answer: string };

export const categories = pgTable(
  "categories",
  {
    id: text("id").primaryKey(),
    label: text("label").notNull(),
    slug: text("slug").notNull(),
    /** The short description, shown on lists and under the heading. */
    description: text("description").notNull().default(""),
    /** An optional longer text (Markdown) for the category page. */
    longDescription: text("long_description"),
    color: text("color").notNull().default("#E5E7EB"),
    /** Live tools in this category; maintained by a trigger (migration 0004). */
    toolCount: integer("tool_count").notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex("categories_slug_key").on(table.slug), index("categories_label_idx").on(table.label)],
);

export const tools = pgTable(
  "tools",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** Slugified words of the name (docs/product.md §7: the text search matches them). */
    keywords: text("keywords").array().notNull().default(sql`'{}'::text[]`),
    shortDesc: text("short_desc").notNull().default(""),
    /** Markdown. */
    longDesc: text("long_desc").notNull().default(""),
    /** Category ids. */
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    website: text("website").notNull(),
    /** The slug of the user the tool belongs to, once submitted by or claimed by them. */
    creatorUsername: text("creator_username"),
    isLinkedToCreator: boolean("is_linked_to_creator").notNull().default(false),
    hasBeenClaimed: boolean("has_been_claimed").notNull().default(false),
    wasClaimedAccepted: boolean("was_claimed_accepted").notNull().default(false),
    logo: text("logo"),
    largeImage: text("large_image"),
    paymentType: text("payment_type").notNull().default("free"),
    views: integer("views").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    /** People who like the tool: its favourites that count (decision 042), kept by a trigger on favorites. */
    likes: integer("likes").notNull().default(0),
    /** This week's likes and views, weighted by age (decision 042), in hundredths; the hourly job keeps it. */
    trending: integer("trending").notNull().default(0),
    /** Its live reviews (decision 043): how many, the sum of their ratings, and how many of each rating 1 to 5; kept by a trigger on reviews. */
    reviewCount: integer("review_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCounts: integer("rating_counts").array().notNull().default(sql`'{0,0,0,0,0}'::integer[]`),
    isActive: boolean("is_active").notNull().default(true),
    isVerified: boolean("is_verified").notNull().default(false),
    isFeaturedHome: boolean("is_featured_home").notNull().default(false),
    isFeaturedCategory: boolean("is_featured_category").notNull().default(false),
    isFeaturedNL: boolean("is_featured_nl").notNull().default(false),
    pros: text("pros").array(),
    cons: text("cons").array(),
    faq: jsonb("faq").$type<FaqItem[]>(),
    /** premiumFeatures.isHomeBoosted: shown in the home page's Featured section with a badge. */
    isHomeBoosted: boolean("is_home_boosted").notNull().default(false),
    /** premiumFeatures.hasSkippedLine and dateSkippedLine: moved to the front of the verification queue. */
    hasSkippedLine: boolean("has_skipped_line").notNull().default(false),
    dateSkippedLine: timestamp("date_skipped_line", { withTimezone: true, mode: "date", precision: 3 }),
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** The user who submitted the tool (null for the demo catalogue, or once that account is deleted). */
    submittedBy: text("submitted_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** The website's host without "www.": a second tool for the same site is caught on submission. */
    websiteDomain: text("website_domain").notNull().default(""),
    /** The website as two listings of one tool share it (canonicalWebsite), and its registrable domain: duplicates are found by them (decision 022). */
    canonicalWebsite: text("canonical_website").notNull().default(""),
    registrableDomain: text("registrable_domain").notNull().default(""),
    /** A verifier asked the maker for changes, with this message: the tool leaves the queue until its maker edits it (decision 022). */
    changesRequestedAt: timestamp("changes_requested_at", { withTimezone: true, mode: "date", precision: 3 }),
    changesRequestedMessage: text("changes_requested_message"),
    /** Set when a maker changes the name or website, so a verifier looks again; cleared on verification. */
    hasIdentityChanged: boolean("has_identity_changed").notNull().default(false),
    rejectedAt: timestamp("rejected_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** When its maker was sent the first week's figures (seven days after it went live); set once, so it is sent once. */
    followUpSentAt: timestamp("follow_up_sent_at", { withTimezone: true, mode: "date", precision: 3 }),
    rejectionReason: text("rejection_reason"),
    /** Who asked for the claim (docs/product.md §4), and whether their verified e-mail's domain is the website's. */
    claimedBy: text("claimed_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    isClaimLikelyGenuine: boolean("is_claim_likely_genuine").notNull().default(false),
    /** Weighted words of the name (A), tags and category labels (B), short (C) and long description (D); kept by a trigger. */
    searchVector: tsvector("search_vector"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("tools_slug_key").on(table.slug),
    // The public lists: newest first, keyset-paged on (created_at, id), only live tools.
    // NULLS FIRST is what a plain ORDER BY ... DESC means; drizzle's default (NULLS LAST) would not match it and every page would sort the table.
    index("tools_public_latest_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isActive} and ${table.isVerified}`),
    index("tools_home_boosted_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isHomeBoosted} and ${table.isActive} and ${table.isVerified}`),
    // The other sort orders of /tools: most viewed, most clicked.
    index("tools_public_views_idx")
      .on(table.views.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isActive} and ${table.isVerified}`),
    index("tools_public_clicks_idx")
      .on(table.clicks.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isActive} and ${table.isVerified}`),
    // Most liked and trending (decision 042).
    index("tools_public_likes_idx")
      .on(table.likes.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isActive} and ${table.isVerified}`),
    index("tools_public_trending_idx")
      .on(table.trending.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isActive} and ${table.isVerified}`),
    // The tools the trending job may have to take back to 0: those it scored.
    index("tools_trending_idx").on(table.id).where(sql`${table.trending} > 0`),
    // Recently verified first (decision 034): a tool verified before verified_at was kept counts from its creation.
    index("tools_public_verified_idx")
      .on(sql`(coalesce(${table.verifiedAt}, ${table.createdAt})) desc`, table.id.desc().nullsFirst())
      .where(sql`${table.isActive} and ${table.isVerified}`),
    // By name, A to Z (decision 034): the lowercased name in byte order (collation "C"), whatever the database's locale.
    index("tools_public_name_idx")
      .on(sql`(lower(${table.name}) collate "C")`, table.id)
      .where(sql`${table.isActive} and ${table.isVerified}`),
    // The featured tools in each other order of /tools (the newest first is tools_home_boosted_idx): few, whatever the
    // catalogue's size, and a page of them in any order reads only its own.
    index("tools_featured_views_idx")
      .on(table.views.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isHomeBoosted} and ${table.isActive} and ${table.isVerified}`),
    index("tools_featured_clicks_idx")
      .on(table.clicks.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isHomeBoosted} and ${table.isActive} and ${table.isVerified}`),
    index("tools_featured_likes_idx")
      .on(table.likes.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isHomeBoosted} and ${table.isActive} and ${table.isVerified}`),
    index("tools_featured_trending_idx")
      .on(table.trending.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isHomeBoosted} and ${table.isActive} and ${table.isVerified}`),
    index("tools_featured_verified_idx")
      .on(sql`(coalesce(${table.verifiedAt}, ${table.createdAt})) desc`, table.id.desc().nullsFirst())
      .where(sql`${table.isHomeBoosted} and ${table.isActive} and ${table.isVerified}`),
    index("tools_featured_name_idx")
      .on(sql`(lower(${table.name}) collate "C")`, table.id)
      .where(sql`${table.isHomeBoosted} and ${table.isActive} and ${table.isVerified}`),
    index("tools_search_vector_idx").using("gin", table.searchVector),
    // Typo tolerance: trigram similarity of the lowercased name (pg_trgm, migration 0002).
    index("tools_name_trgm_idx").using("gin", sql`lower(${table.name}) gin_trgm_ops`),
    index("tools_unverified_idx").on(table.createdAt, table.id).where(sql`not ${table.isVerified}`),
    // The verification queue: tools that skipped the line first, then the oldest.
    index("tools_queue_idx")
      .on(table.hasSkippedLine.desc().nullsFirst(), table.dateSkippedLine, table.createdAt, table.id)
      .where(sql`not ${table.isVerified} and ${table.rejectedAt} is null and ${table.changesRequestedAt} is null`),
    index("tools_canonical_website_idx").on(table.canonicalWebsite),
    index("tools_registrable_domain_idx").on(table.registrableDomain),
    // Live tools renamed by their maker, shown to verifiers.
    index("tools_identity_changed_idx")
      .on(table.updatedAt, table.id)
      .where(sql`${table.hasIdentityChanged} and ${table.isVerified}`),
    index("tools_submitted_by_idx").on(
      table.submittedBy,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("tools_claims_idx")
      .on(table.updatedAt)
      .where(sql`${table.hasBeenClaimed} and not ${table.wasClaimedAccepted}`),
    index("tools_categories_idx").using("gin", table.categories),
    // A category's featured tools, the top of its first page: few, found by their category among the featured only.
    index("tools_featured_category_idx")
      .using("gin", table.categories)
      .where(sql`${table.isFeaturedCategory} and ${table.isActive} and ${table.isVerified}`),
    index("tools_tags_idx").using("gin", table.tags),
    index("tools_keywords_idx").using("gin", table.keywords),
    // A maker's tools, newest first (/my-tools, profiles, the session cache).
    index("tools_creator_username_idx").on(
      table.creatorUsername,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The 'added by makers' block: live tools with a creator, newest first.
    index("tools_public_with_creator_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isActive} and ${table.isVerified} and ${table.creatorUsername} is not null`),
    index("tools_verified_at_idx").on(table.verifiedAt),
    // Submissions per UTC day (/admin/analytics). On the day, not on created_at: the lists, which order by created_at,
    // must keep their own indexes.
    index("tools_created_day_idx").on(sql`((${table.createdAt} at time zone 'UTC')::date)`),
  ],
);

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

/** A category's former addresses: after an admin changes its slug, /category/{old slug} redirects to its current one. */
export const categorySlugRedirects = pgTable(
  "category_slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index("category_slug_redirects_category_id_idx").on(table.categoryId)],
);

/** Search texts people typed (docs/product.md §3), one row per text, with how often it was searched. */
export const searches = pgTable(
  "searches",
  {
    text: text("text").primaryKey(),
    count: integer("count").notNull().default(1),
    /** How many tools the search found the last time it was made; 0 marks the searches that found nothing. */
    resultCount: integer("result_count"),
    /** How many visitors made it: each visitor counts once a day (their hash changes every day). */
    visitors: integer("visitors").notNull().default(0),
    /** Hidden by an admin for good: never listed on /searches or in the sitemap. */
    isHidden: boolean("is_hidden").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("searches_count_idx").on(table.count.desc(), table.text),
    // The most searched texts that found nothing (/admin/analytics).
    // The most searched texts that found tools (/admin/analytics).
    index("searches_found_tools_idx").on(table.count.desc(), table.text).where(sql`${table.resultCount} > 0`),
    index("searches_found_nothing_idx").on(table.count.desc(), table.text).where(sql`${table.resultCount} = 0`),
    // The listed searches, by how many visitors made them (/searches and the sitemap): those with enough visitors are a
    // range of its first column.
    index("searches_listed_idx")
      .on(table.visitors.desc(), table.text)
      .where(sql`${table.resultCount} > 0 and not ${table.isHidden}`),
    // "Did you mean": the searches that found tools, by the trigrams of their text (pg_trgm).
    index("searches_text_trgm_idx")
      .using("gin", sql`${table.text} gin_trgm_ops`)
      .where(sql`${table.resultCount} > 0 and not ${table.isHidden}`),
  ],
);

/** Who made a search on a day (the day's visitor hash): a search's visitors count each of them once. Kept two days. */
export const searchVisitors = pgTable(
  "search_visitors",
  {
    text: text("text").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.text, table.day, table.visitor] }),
    index("search_visitors_day_idx").on(table.day),
  ],
);

/** How many live tools carry each tag; maintained by a trigger (migration 0004), so /tags reads it without scanning tools. */
export const tagCounts = pgTable(
  "tag_counts",
  {
    tag: text("tag").primaryKey(),
    count: integer("count").notNull(),
  },
  (table) => [
    index("tag_counts_count_idx").on(table.count.desc().nullsFirst(), table.tag),
    // "Did you mean": the tags by the trigrams of their name (pg_trgm).
    index("tag_counts_tag_trgm_idx").using("gin", sql`${table.tag} gin_trgm_ops`),
    // The search box's suggestions: the tags that start with what is typed, in byte order whatever the database's locale.
    index("tag_counts_tag_c_idx").on(sql`${table.tag} collate "C"`),
  ],
);

/**
 * Each live tool's categories and tags, one row each, with the tool's popularity (views + clicks): a tool's closest
 * alternatives are ranked among the most popular tools of each of its categories and tags, which
 * tool_terms_popular_idx gives in order (decision 036). Kept by the database on every write of a tool (migration 0033).
 */
export const toolTerms = pgTable(
  "tool_terms",
  {
    /** No foreign key: the rows are the triggers' to write and delete, and a key's check on each would slow every write. */
    toolId: text("tool_id").notNull(),
    /** 'c:' and a category id, or 't:' and a tag. */
    term: text("term").notNull(),
    popularity: bigint("popularity", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.toolId, table.term] }),
    index("tool_terms_popular_idx").on(
      table.term,
      table.popularity.desc().nullsFirst(),
      table.toolId.desc().nullsFirst(),
    ),
  ],
);

/**
 * How many live tools each filter value leaves, within each list a single filter makes (decision 036): the lists'
 * counts are read by key instead of counting the tools. Kept by the database on every write of a tool (migration 0033).
 */
export const facetCounts = pgTable(
  "facet_counts",
  {
    /** The tools counted: '' every live tool, 'c:{category id}', 't:{tag}', 'p:{pricing}', or 'f' the featured ones. */
    scope: text("scope").notNull(),
    /** What is counted among them: 'c' each category, 't' each tag, 'p' each pricing, 'f' the featured, 'v' each UTC day of verification, '' all. */
    kind: text("kind").notNull(),
    /** The category id, tag, pricing or day (YYYY-MM-DD); '' for the featured and for all. */
    value: text("value").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.kind, table.value] }),
    // The most common tags of a list.
    index("facet_counts_top_tags_idx")
      .on(table.scope, table.count.desc().nullsFirst(), table.value)
      .where(sql`${table.kind} = 't'`),
  ],
);

// --- Analytics (POST /api/event): no cookie and no IP address is stored ---

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

export type CategoryRow = typeof categories.$inferSelect;
export type ToolRow = typeof tools.$inferSelect;
export type UserRow = typeof users.$inferSelect;

// --- Authentication (Better Auth's own tables; the product's user record is `users`, linked by users.auth_id) ---

export const authUsers = pgTable("auth_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
  },
  (table) => [index("auth_sessions_user_id_idx").on(table.userId)],
);

export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true, mode: "date", precision: 3 }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true, mode: "date", precision: 3 }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index("auth_accounts_user_id_idx").on(table.userId),
    index("auth_accounts_provider_idx").on(table.providerId, table.accountId),
  ],
);

export const authVerifications = pgTable(
  "auth_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index("auth_verifications_identifier_idx").on(table.identifier)],
);

/** Request counts per key and window, shared by every app process: the rate limits of sign-in, sign-up and mail. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
});

/**
 * Proofs of work already spent (server/spam/proof-of-work.ts): each solved challenge passes one form, once. Keyed by the
 * challenge's signature; kept until the challenge expires, then the hourly job deletes it.
 */
export const spentProofs = pgTable("spent_proofs", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
});

/**
 * Better Auth's own rate limits on its HTTP endpoints (its `rateLimit` model, storage "database"), so that every app
 * process counts the same requests. `lastRequest` is milliseconds since 1970, as Better Auth writes it.
 */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * The last run of each scheduled job (server/jobs.ts), shared by every app process: a process runs a job only when it
 * claims its row, so a job runs once per period however many processes there are. `finishedAt` is null while it runs.
 */
export const scheduledRuns = pgTable("scheduled_runs", {
  job: text("job").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date", precision: 3 }),
});

/**
 * The site's settings an admin changed in the console (decision 048): one row, whose values replace the defaults the
 * environment gives. A change tells every process (migration 0046's trigger), which reloads them and drops its pages.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey(),
    values: jsonb("values").$type<Record<string, string>>().notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check("site_settings_one_row", sql`${table.id} = 1`)],
);

/**
 * Who changed what in the console or through the API, as a verifier or an admin (decision 049): kept for good, and
 * never changed (migration 0047's trigger refuses an update or a delete). The actor is named as they were then.
 */
export const auditRecords = pgTable(
  "audit_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    /** The user who acted; null for the command line. Not a reference: the record outlives the account. */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role").notNull(),
    /** What was done, as `thing.action`: tool.verified, user.role, settings.updated... */
    kind: text("kind").notNull(),
    toolId: text("tool_id"),
    /** What it was done to, in words: the tool's name, the user's address, the category's label. */
    subject: text("subject").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (table) => [
    // /admin/audit, newest first: all of it, or one person's, one kind's, one tool's.
    index("audit_records_actor_idx").on(table.actorId, table.id),
    index("audit_records_kind_idx").on(table.kind, table.id),
    index("audit_records_tool_idx").on(table.toolId, table.id),
  ],
);

/** Each edit of a tool, with the values it left (decision 049): the tool's history compares and restores them. */
export const toolRevisions = pgTable(
  "tool_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    toolId: text("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    values: jsonb("values").$type<Record<string, unknown>>().notNull(),
  },
  (table) => [index("tool_revisions_tool_idx").on(table.toolId, table.id)],
);

/** The blog's posts (decision 050): written in the console in Markdown, shown once published, newest first. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    body: text("body").notNull(),
    /** 'draft' (only admins see it) or 'published'. */
    state: text("state").notNull(),
    /** The date the post shows, YYYY-MM-DD. */
    date: text("date").notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("blog_posts_slug_key").on(table.slug),
    // The blog's list: the published posts, newest first.
    index("blog_posts_published_idx").on(table.date, table.slug).where(sql`${table.state} = 'published'`),
  ],
);

/** The terms of service and the privacy policy (decision 050), written in the console in Markdown. */
export const legalPages = pgTable("legal_pages", {
  name: text("name").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  body: text("body").notNull(),
  /** The date of the last change the page shows, YYYY-MM-DD. */
  updated: text("updated").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/** The technology top-lists (decision 050): written in the console, shown in the footer in their order. */
export const topLists = pgTable(
  "top_lists",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The page's address: /top- and lowercase words. */
    path: text("path").notNull(),
    label: text("label").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull(),
    /** The words whose tools the page lists. */
    search: text("search").notNull(),
    image: text("image"),
    /** Three sections of Markdown: the first above the tools, the others below. */
    sections: jsonb("sections").$type<{ heading: string; body: string }[]>().notNull(),
    seoTitle: text("seo_title").notNull(),
    seoDescription: text("seo_description").notNull(),
    /** The order of the footer and the API's list. */
    position: integer("position").notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("top_lists_path_key").on(table.path),
    index("top_lists_position_idx").on(table.position, table.id),
  ],
);

/** The backups `npm run backup` made of the embedded database, for /admin/system (the last one matters). */
export const backupRuns = pgTable("backup_runs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  archive: text("archive").notNull(),
  databaseBytes: bigint("database_bytes", { mode: "number" }).notNull(),
  files: integer("files").notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/** Every app process running on this database: each writes its row every minute and removes it when it stops (/admin/system). */
export const appProcesses = pgTable(
  "app_processes",
  {
    id: text("id").primaryKey(),
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    version: text("version").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
  },
  (table) => [index("app_processes_seen_at_idx").on(table.seenAt)],
);

// --- Side effects of writes (server/outbox/): written in the change's transaction, delivered by the outbox worker ---

/**
 * One side effect on one channel (a mail, a bot notice, a token sync), written in the same transaction as the change
 * that causes it. `key` names the effect, so enqueuing it twice keeps one row. A row is `due` until it is delivered or,
 * after the last attempt, `failed`; `due_at` is when it may next be taken (a claim pushes it by a lease, so a row whose
 * process died becomes due again). A secret payload (a session token, a sign-in link) is blanked once delivered.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    /** 'mail', 'notice', 'token-sync' or 'webhook' (server/outbox/effects.ts). */
    channel: text("channel").notNull(),
    /** The lane within the channel whose sends are limited together: a webhook's host; null for the others. */
    lane: text("lane"),
    payload: jsonb("payload").$type<unknown>().notNull(),
    isSecret: boolean("is_secret").notNull().default(false),
    /** 'due', 'delivered' or 'failed'. */
    state: text("state").notNull().default("due"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date", precision: 3 }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date", precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("outbox_key_key").on(table.key),
    // The worker's claim: the due rows whose time has come, soonest first.
    index("outbox_due_idx").on(table.dueAt, table.id).where(sql`${table.state} = 'due'`),
    // The console's failed deliveries, newest first, and the purge of old delivered rows.
    index("outbox_failed_idx").on(table.id).where(sql`${table.state} = 'failed'`),
    index("outbox_delivered_idx").on(table.deliveredAt).where(sql`${table.state} = 'delivered'`),
  ],
);

// --- The link checker (server/tools/jobs/link-checks.ts): each live tool's website, read once a day ---

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
// --- Catalogue imports (server/catalogue/) ---

/**
 * A file an admin uploaded to /admin/import, kept between the upload, the dry runs and the import (a form without
 * JavaScript cannot send the same file twice). Removed once imported; a newer upload removes those older than a day.
 */
export const importFiles = pgTable("import_files", {
  id: text("id").primaryKey(),
  fileName: text("file_name").notNull(),
  /** csv, markdown (an awesome list) or json (our own export). */
  format: text("format").notNull(),
  content: text("content").notNull(),
  uploadedBy: text("uploaded_by").references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

// --- Signed webhooks (server/webhooks/): the admins' endpoints, and each event's delivery to one of them ---

/**
 * A receiver an admin registered: its address (checked by the safe fetcher's rules when it is saved and again at each
 * delivery), the events it gets, and the Standard Webhooks secret (`whsec_` + base64) its deliveries are signed with.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  /** The event types it gets ('tool.submitted', ... server/webhooks/events.ts). */
  events: text("events").array().notNull(),
  isEnabled: boolean("is_enabled").notNull().default(true),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/**
 * One event's message to one endpoint: written with its outbox row (channel 'webhook') in the change's transaction, and
 * deleted with it when the outbox's retention purges it. `message_id` is the `webhook-id` of every attempt, redeliveries
 * included; the last attempt's answer (status, a bounded excerpt of the body, how long it took, or why none came) is
 * kept here, the attempts and state on the outbox row.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    outboxId: bigint("outbox_id", { mode: "number" })
      .notNull()
      .references(() => outbox.id, { onDelete: "cascade" }),
    endpointId: bigint("endpoint_id", { mode: "number" })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    event: text("event").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    lastStatus: integer("last_status"),
    lastResponse: text("last_response"),
    lastDurationMs: integer("last_duration_ms"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_message_id_key").on(table.messageId),
    uniqueIndex("webhook_deliveries_outbox_id_key").on(table.outboxId),
    // An endpoint's deliveries in the console, newest first, keyset-paged.
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.id.desc()),
  ],
);

// --- Paid featuring (server/payments/, docs/decisions/040-paid-featuring.md) ---

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
