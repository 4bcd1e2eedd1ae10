/**
 * Reads for the sitemap, the feeds and the badges: every public address, a part at a time from the key it starts at
 * (never by OFFSET), the newest verified tools, a badge's tool.
 */
import { and, asc, desc, eq, gt, gte, isNotNull, type SQL, sql } from "drizzle-orm";
import { SITEMAP_SEARCHES } from "#common/constants.ts";
import { dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import { type Database, rowsOf } from "../db/client.ts";
import { categories, facetCounts, tagCounts, tools, users } from "../db/schema.ts";
import { hasAlternatives, hasOpenSourceAlternatives } from "../tools/read/alternatives.ts";
import { isPublicTool } from "../tools/read/queries.ts";
import { listedSearchesAfter, type SearchedText } from "../search/queries.ts";

/** Rows read per query while walking a whole table: a site of any size is read in bounded steps. */
export const FEED_BATCH_SIZE = 1000;
/** Items in a feed (RSS or JSON Feed): enough for a reader that checks once a day, small enough to fetch often. */
export const FEED_ITEM_LIMIT = 50;

export type ToolLink = {
  id: string;
  slug: string;
  updatedAt: Date;
  hasAlternatives: boolean;
  hasOpenSourceAlternatives: boolean;
  listedAt: number;
};

/** A sitemap is read by crawlers an hour apart at most: what changes without a write the cache hears of shows within it. */
const SITEMAP_MAX_AGE_MS = 60 * 60_000;

/** A user whose profile shows a live tool: one whose claim is not waiting for its answer. */
const showsLiveTool = sql`exists (select 1 from ${tools} where ${tools.creatorUsername} = ${users.slug} and ${isPublicTool} and not (${tools.hasBeenClaimed} and not ${tools.wasClaimedAccepted}))`;
export type FeedTool = { name: string; slug: string; shortDesc: string; verifiedAt: Date; categoryLabels: string[] };
/** What a tool's badge shows: its name (in the image's title), whether it is featured, and its views. */
export type BadgeTool = { id: string; name: string; isFeatured: boolean; views: number };
/** Which live tools a feed holds: every one, or those of one category or one tag. */
export type FeedFilter = { categoryId?: string; tag?: string };

/** Where a sitemap part of tools starts within its days: the first tool's time of listing (µs since 1970) and id. */
export type ListedKey = { at: number; id: string };

/** When a live tool was listed: verified, or created when that was not kept (tools_public_verified_idx's key). */
const listedAt = sql`coalesce(${tools.verifiedAt}, ${tools.createdAt})`;
/** That time in µs since 1970, exact: the database keeps microseconds. */
const listedAtMicros = sql<number>`(extract(epoch from ${listedAt}) * 1000000)::bigint`.mapWith(Number);

/** The licences live tools have, the most used first (facet_counts_top_licences_idx). */
export function licencesQuery(db: Database, limit: number) {
  return db
    .select({ value: facetCounts.value })
    .from(facetCounts)
    .where(and(sql`${facetCounts.scope} = ''`, sql`${facetCounts.kind} = 'i'`, gt(facetCounts.count, 0)))
    .orderBy(desc(facetCounts.count), asc(facetCounts.value))
    .limit(limit);
}

/** The live tools listed from the start of `first` to the end of `last` (UTC days). */
function listedBetween(first: string, last: string): SQL {
  return and(
    isPublicTool,
    sql`${listedAt} >= ${`${first}T00:00:00Z`}::timestamptz`,
    sql`${listedAt} < ${`${last}T00:00:00Z`}::timestamptz + interval '1 day'`,
  )!;
}

/**
 * The live tools listed from the start of `first` to the end of `last` (UTC days), most recently listed first, `limit`
 * of them from the key `from` on (the days a sitemap part covers hold a bounded share of the catalogue): a range of
 * tools_public_verified_idx, entered at the key. Each says whether it has alternatives, and open-source ones.
 */
export function toolsListedBetweenQuery(
  db: Database,
  first: string,
  last: string,
  { from, limit }: { from: ListedKey | null; limit: number },
) {
  return db
    .select({
      id: tools.id,
      slug: tools.slug,
      updatedAt: tools.updatedAt,
      hasAlternatives: sql<boolean>`${hasAlternatives}`,
      hasOpenSourceAlternatives: sql<boolean>`${hasOpenSourceAlternatives}`,
      listedAt: listedAtMicros,
    })
    .from(tools)
    .where(
      and(
        listedBetween(first, last),
        from
          ? sql`(${listedAt}, ${tools.id}) <= ('epoch'::timestamptz + ${from.at}::bigint * interval '1 microsecond', ${from.id})`
          : undefined,
      ),
    )
    .orderBy(sql`${listedAt} desc`, desc(tools.id))
    .limit(limit);
}

/**
 * The first of every `every` rows of `rows` in their `order`, the first row included: where each part of a sitemap of
 * `every` entries starts. One walk of the rows in the order's index, the read a count of them would be.
 */
function everyNth(rows: SQL, order: SQL, every: number): SQL {
  return sql`select * from (select starts.*, row_number() over (order by ${order}) - 1 as n from (${rows}) as starts) as numbered where n % ${every} = 0 order by n`;
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
    async listToolsListedBetween(
      first: string,
      last: string,
      { from, limit }: { from: ListedKey | null; limit: number },
    ): Promise<ToolLink[]> {
      dependsOn(pageTags.tools);
      expiresWithin(SITEMAP_MAX_AGE_MS);
      return toolsListedBetweenQuery(db, first, last, { from, limit });
    },

    /** Where each part of `every` tools listed on `day` (UTC) starts, most recently listed first. */
    async listToolPartStarts(day: string, every: number): Promise<ListedKey[]> {
      dependsOn(pageTags.tools);
      expiresWithin(SITEMAP_MAX_AGE_MS);
      const listed = sql`select ${listedAtMicros} as at, ${tools.id} as id from ${tools} where ${listedBetween(day, day)}`;
      return rowsOf<ListedKey>(await db.execute(everyNth(listed, sql`at desc, id desc`, every))).map(({ at, id }) => ({
        at: Number(at),
        id,
      }));
    },

    /** Every category's slug. The categories are a short list kept by the operator, read at once. */
    async listCategorySlugs(): Promise<string[]> {
      dependsOn(pageTags.categories);
      const rows = await db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.label));
      return rows.map((row) => row.slug);
    },

    /**
     * The licences live tools have, as tools.licence keeps them, the most used first, `limit` at most: their kept
     * counts (migration 0058). A licence given as words that no other tool has is one of many: the limit bounds them.
     */
    async listLicences(limit: number): Promise<string[]> {
      dependsOn(pageTags.tools);
      expiresWithin(SITEMAP_MAX_AGE_MS);
      return (await licencesQuery(db, limit)).map((row) => row.value);
    },

    /** Where each part of `every` tags live tools carry starts, alphabetically (tag_counts_pkey). */
    async listTagPartStarts(every: number): Promise<string[]> {
      dependsOn(pageTags.tags);
      const tags = sql`select ${tagCounts.tag} as key from ${tagCounts} where ${tagCounts.count} > 0`;
      return rowsOf<{ key: string }>(await db.execute(everyNth(tags, sql`key`, every))).map((row) => row.key);
    },

    /** The tags live tools carry, alphabetically, `limit` from `from` on (tag_counts_pkey). */
    async listLiveTagsFrom(from: string, limit: number): Promise<string[]> {
      dependsOn(pageTags.tags);
      const rows = await db
        .select({ tag: tagCounts.tag })
        .from(tagCounts)
        .where(and(gt(tagCounts.count, 0), gte(tagCounts.tag, from)))
        .orderBy(asc(tagCounts.tag))
        .limit(limit);
      return rows.map((row) => row.tag);
    },

    /** Where each part of `every` profiles that show a live tool starts, by slug (see listProfileSlugsFrom). */
    async listProfilePartStarts(every: number): Promise<string[]> {
      dependsOn(pageTags.byMakers);
      expiresWithin(SITEMAP_MAX_AGE_MS);
      const slugs = sql`select ${users.slug} as key from ${users} where ${showsLiveTool}`;
      return rowsOf<{ key: string }>(await db.execute(everyNth(slugs, sql`key`, every))).map((row) => row.key);
    },

    /**
     * The profiles that show a live tool (the others are not indexed), by slug, `limit` from `from` on. A tool counts
     * for its maker as the profile shows it: not while a claim of it waits for its answer.
     */
    async listProfileSlugsFrom(from: string, limit: number): Promise<string[]> {
      dependsOn(pageTags.byMakers);
      expiresWithin(SITEMAP_MAX_AGE_MS);
      const rows = await db
        .select({ slug: users.slug })
        .from(users)
        .where(and(showsLiveTool, gte(users.slug, from)))
        .orderBy(asc(users.slug))
        .limit(limit);
      return rows.map((row) => row.slug);
    },

    /**
     * The listed searches (search/queries.ts: found tools, made by enough visitors, not hidden; decision 032), at most
     * `limit`, most visitors first, then alphabetical, read `batchSize` rows at a time.
     */
    async *listSearchTexts({
      batchSize = FEED_BATCH_SIZE,
      limit = SITEMAP_SEARCHES,
    }: {
      batchSize?: number;
      limit?: number;
    } = {}): AsyncGenerator<string> {
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
    async listNewlyVerifiedTools({
      limit = FEED_ITEM_LIMIT,
      ...filter
    }: FeedFilter & { limit?: number } = {}): Promise<FeedTool[]> {
      // A feed kept in the page cache changes with the list it follows, and with the categories' labels it names.
      dependsOn(
        filter.categoryId
          ? pageTags.category(filter.categoryId)
          : filter.tag
            ? pageTags.tag(filter.tag)
            : pageTags.tools,
        pageTags.categories,
      );
      const rows = await newlyVerifiedToolsQuery(db, filter, limit);
      // The query keeps only rows with a verification date.
      return rows.map((row) => ({ ...row, verifiedAt: row.verifiedAt! }));
    },

    /** The live tool a badge is drawn for, by its slug (tools_slug_key); undefined for any other. */
    async findBadgeTool(slug: string): Promise<BadgeTool | undefined> {
      const [row] = await db
        .select({ id: tools.id, name: tools.name, isFeatured: tools.isHomeBoosted, views: tools.views })
        .from(tools)
        .where(and(isPublicTool, eq(tools.slug, slug)))
        .limit(1);
      return row;
    },
  };
}

export type FeedQueries = ReturnType<typeof feedQueries>;
