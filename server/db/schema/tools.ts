/** The catalogue: categories, tools, and what is kept of them on every write (tag counts, terms, facet counts, revisions). */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tsvector, timestamps } from "./columns.ts";
import { users } from "./users.ts";

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
    /**
     * How fast its repository's stars grow (decision 060): the stars gained since last week's record, relative to that
     * week's stars (plus RISING_DAMPING), in ten-thousandths; the repositories' refresh keeps it, 0 without a record.
     */
    rising: integer("rising").notNull().default(0),
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
    /** The tool's code repository on a forge (GitHub today), whose facts the hourly job keeps (repository_facts, decision 060). */
    repositoryUrl: text("repository_url"),
    /** The licence as an SPDX expression ("MIT", "AGPL-3.0-only", "BUSL-1.1"), from the repository or an admin; null when unknown. */
    licence: text("licence"),
    /** The licence's kind (server/tools/licences.ts): open-source, source-available or proprietary; null when not recognised. */
    licenceKind: text("licence_kind").$type<"open-source" | "source-available" | "proprietary">(),
    /** An admin set the licence by hand: the repository's later reads no longer change it. */
    isLicenceSetByAdmin: boolean("is_licence_set_by_admin").notNull().default(false),
    /** Its maker says it can be self-hosted ('declared'); a verifier checked it ('confirmed'), which visitors see. */
    selfHostable: text("self_hostable").$type<"declared" | "confirmed">(),
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
    // Rising (decision 060): the stars' growth, kept by the repositories' refresh.
    index("tools_public_rising_idx")
      .on(table.rising.desc().nullsFirst(), table.id.desc().nullsFirst())
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
    index("tools_featured_rising_idx")
      .on(table.rising.desc().nullsFirst(), table.id.desc().nullsFirst())
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
    // A list filtered by licence kind or self-hosting (decision 060), when the kept counts say its matches are few:
    // read through these instead of walking the order's index in vain.
    index("tools_public_licence_kind_idx")
      .on(table.licenceKind, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isActive} and ${table.isVerified} and ${table.licenceKind} is not null`),
    // A licence's page (/licence/{id}), newest first.
    index("tools_public_licence_idx")
      .on(table.licence, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isActive} and ${table.isVerified} and ${table.licence} is not null`),
    // Live tools whose maker says they can be self-hosted, waiting for a verifier's look (the queue's last section).
    index("tools_self_hosting_declared_idx")
      .on(table.updatedAt, table.id)
      .where(sql`${table.isVerified} and ${table.selfHostable} = 'declared'`),
    index("tools_public_self_hostable_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isActive} and ${table.isVerified} and ${table.selfHostable} = 'confirmed'`),
    // Submissions per UTC day (/admin/analytics). On the day, not on created_at: the lists, which order by created_at,
    // must keep their own indexes.
    index("tools_created_day_idx").on(sql`((${table.createdAt} at time zone 'UTC')::date)`),
  ],
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
    // The licences live tools have, the most used first (the sitemap's licence pages).
    index("facet_counts_top_licences_idx")
      .on(table.count.desc().nullsFirst(), table.value)
      .where(sql`${table.scope} = '' and ${table.kind} = 'i'`),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;

export type ToolRow = typeof tools.$inferSelect;

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
