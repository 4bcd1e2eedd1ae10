/** Reads for the sitemap, the feeds and the badges: every public address, read in keyset batches, the newest verified tools, a badge's tool. */
import { and, asc, count, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { SITEMAP_SEARCHES } from "#common/constants.ts";
import { dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import type { Database } from "../db/client.ts";
import { categories, facetCounts, tagCounts, tools, users } from "../db/schema.ts";
import { hasAlternatives } from "../tools/alternatives.ts";
import { isPublicTool } from "../tools/queries.ts";
import { listedSearchesAfter, type SearchedText } from "../search/queries.ts";

/** Rows read per query while walking a whole table: a site of any size is read in bounded steps. */
export const FEED_BATCH_SIZE = 1000;
/** Items in a feed (RSS or JSON Feed): enough for a reader that checks once a day, small enough to fetch often. */
export const FEED_ITEM_LIMIT = 50;

export type ToolLink = { slug: string; updatedAt: Date; hasAlternatives: boolean };

/** A sitemap is read by crawlers an hour apart at most: what changes without a write the cache hears of shows within it. */
const SITEMAP_MAX_AGE_MS = 60 * 60_000;

/** A user whose profile shows a live tool: one whose claim is not waiting for its answer. */
const showsLiveTool = sql`exists (select 1 from ${tools} where ${tools.creatorUsername} = ${users.slug} and ${isPublicTool} and not (${tools.hasBeenClaimed} and not ${tools.wasClaimedAccepted}))`;
export type FeedTool = { name: string; slug: string; shortDesc: string; verifiedAt: Date; categoryLabels: string[] };
/** What a tool's badge shows: its name (in the image's title), whether it is featured, and its views. */
export type BadgeTool = { name: string; isFeatured: boolean; views: number };
/** Which live tools a feed holds: every one, or those of one category or one tag. */
export type FeedFilter = { categoryId?: string; tag?: string };

/**
 * The live tools listed from the start of `first` to the end of `last` (UTC days; listed: verified, or created when
 * that was not kept), most recently listed first, one slice of `limit` after `offset` (the days a sitemap part covers
 * hold a bounded share of the catalogue): a range of tools_public_verified_idx. Each says whether it has alternatives.
 */
export function toolsListedBetweenQuery(db: Database, first: string, last: string, { offset, limit }: { offset: number; limit: number }) {
  const listedAt = sql`coalesce(${tools.verifiedAt}, ${tools.createdAt})`;
  return db
    .select({ slug: tools.slug, updatedAt: tools.updatedAt, hasAlternatives: sql<boolean>`${hasAlternatives}` })
    .from(tools)
    .where(and(isPublicTool, sql`${listedAt} >= ${`${first}T00:00:00Z`}::timestamptz`, sql`${listedAt} < ${`${last}T00:00:00Z`}::timestamptz + interval '1 day'`))
    .orderBy(sql`${listedAt} desc`, desc(tools.id))
    .offset(offset)
    .limit(limit);
}

/** The newest verified live tools, optionally of one category or tag: a backward walk of tools_verified_at_idx. */
export function newlyVerifiedToolsQuery(db: Database, { categoryId, tag }: FeedFilter, limit: number) {
  return db
    .select({
      name: tools.name,
      slug: tools.slug,
      shortDesc: tools.shortDesc,
      verifiedAt: tools.verifiedAt,
      categoryLabels: sql<string[]>`coalesce((
        select json_agg(c.label order by array_position(${tools.categories}, c.id))
        from categories c where c.id = any(${tools.categories})
      ), '[]'::json)`,
    })
    .from(tools)
    .where(
      and(
        isPublicTool,
        isNotNull(tools.verifiedAt),
        categoryId ? sql`${tools.categories} @> ARRAY[${categoryId}]::text[]` : undefined,
        tag ? sql`${tools.tags} @> ARRAY[${tag}]::text[]` : undefined,
      ),
    )
    .orderBy(desc(tools.verifiedAt))
    .limit(limit);
}

export function feedQueries(db: Database, { minVisitors }: { minVisitors: number }) {
  return {
    /** The UTC days live tools were listed on (verified, or created when that was not kept), newest first, with how many: kept counts, one per day. */
    async listListingDays(): Promise<{ day: string; count: number }[]> {
      dependsOn(pageTags.tools);
      expiresWithin(SITEMAP_MAX_AGE_MS);
      const rows = await db
        .select({ day: facetCounts.value, count: facetCounts.count })
        .from(facetCounts)
        .where(and(eq(facetCounts.scope, ""), eq(facetCounts.kind, "v")))
        .orderBy(desc(facetCounts.value));
      return rows;
    },

    /** The live tools listed from the start of `first` to the end of `last` (UTC days): see toolsListedBetweenQuery. */
    async listToolsListedBetween(first: string, last: string, { offset, limit }: { offset: number; limit: number }): Promise<ToolLink[]> {
      dependsOn(pageTags.tools);
      expiresWithin(SITEMAP_MAX_AGE_MS);
      return toolsListedBetweenQuery(db, first, last, { offset, limit });
    },

    /** Every category's slug. The categories are a short list kept by the operator, read at once. */
    async listCategorySlugs(): Promise<string[]> {
      dependsOn(pageTags.categories);
      const rows = await db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.label));
      return rows.map((row) => row.slug);
    },

    /** How many tags live tools carry (a row each in tag_counts). */
    async countLiveTags(): Promise<number> {
      dependsOn(pageTags.tags);
      const [row] = await db.select({ n: count() }).from(tagCounts).where(gt(tagCounts.count, 0));
      return row?.n ?? 0;
    },

    /** The tags live tools carry, alphabetically, `limit` after `offset` (tag_counts_pkey). */
    async listLiveTagsPage({ offset, limit }: { offset: number; limit: number }): Promise<string[]> {
      dependsOn(pageTags.tags);
      const rows = await db.select({ tag: tagCounts.tag }).from(tagCounts).where(gt(tagCounts.count, 0)).orderBy(asc(tagCounts.tag)).offset(offset).limit(limit);
      return rows.map((row) => row.tag);
    },

    /** How many profiles show a live tool (see listProfileSlugsPage). */
    async countProfiles(): Promise<number> {
      dependsOn(pageTags.byMakers);
      expiresWithin(SITEMAP_MAX_AGE_MS);
      const [row] = await db.select({ n: count() }).from(users).where(showsLiveTool);
      return row?.n ?? 0;
    },

    /**
     * The profiles that show a live tool (the others are not indexed), by slug, `limit` after `offset`. A tool counts
     * for its maker as the profile shows it: not while a claim of it waits for its answer.
     */
    async listProfileSlugsPage({ offset, limit }: { offset: number; limit: number }): Promise<string[]> {
      dependsOn(pageTags.byMakers);
      expiresWithin(SITEMAP_MAX_AGE_MS);
      const rows = await db.select({ slug: users.slug }).from(users).where(showsLiveTool).orderBy(asc(users.slug)).offset(offset).limit(limit);
      return rows.map((row) => row.slug);
    },

    /**
     * The listed searches (search/queries.ts: found tools, made by enough visitors, not hidden; decision 032), at most
     * `limit`, most visitors first, then alphabetical, read `batchSize` rows at a time.
     */
    async *listSearchTexts({ batchSize = FEED_BATCH_SIZE, limit = SITEMAP_SEARCHES }: { batchSize?: number; limit?: number } = {}): AsyncGenerator<string> {
      // Searches are counted with page views, without a write the page cache hears of.
      expiresWithin(SITEMAP_MAX_AGE_MS);
      let last: SearchedText | null = null;
      let left = limit;
      while (left > 0) {
        const size = Math.min(batchSize, left);
        const rows = await listedSearchesAfter(db, minVisitors, last, size);
        for (const { text } of rows) yield text;
        left -= rows.length;
        if (rows.length < size) return;
        last = rows.at(-1)!;
      }
    },

    /** The newest verified live tools, newest first; with a category id or a tag, only that category's or tag's. */
    async listNewlyVerifiedTools({ limit = FEED_ITEM_LIMIT, ...filter }: FeedFilter & { limit?: number } = {}): Promise<FeedTool[]> {
      // A feed kept in the page cache changes with the list it follows, and with the categories' labels it names.
      dependsOn(filter.categoryId ? pageTags.category(filter.categoryId) : filter.tag ? pageTags.tag(filter.tag) : pageTags.tools, pageTags.categories);
      const rows = await newlyVerifiedToolsQuery(db, filter, limit);
      // The query keeps only rows with a verification date.
      return rows.map((row) => ({ ...row, verifiedAt: row.verifiedAt! }));
    },

    /** The live tool a badge is drawn for, by its slug (tools_slug_key); undefined for any other. */
    async findBadgeTool(slug: string): Promise<BadgeTool | undefined> {
      const [row] = await db
        .select({ name: tools.name, isFeatured: tools.isHomeBoosted, views: tools.views })
        .from(tools)
        .where(and(isPublicTool, eq(tools.slug, slug)))
        .limit(1);
      return row;
    },
  };
}

export type FeedQueries = ReturnType<typeof feedQueries>;
