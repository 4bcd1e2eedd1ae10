/** Reads for the sitemap, the feeds and the badges: every public address, read in keyset batches, the newest verified tools, a badge's tool. */
import { and, asc, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Cursor } from "#common/cursor.ts";
import { SITEMAP_SEARCHES } from "#common/constants.ts";
import type { Database } from "../db/client.ts";
import { categories, searches, tagCounts, tools, users } from "../db/schema.ts";
import { afterCursor, isPublicTool } from "../tools/queries.ts";

/** Rows read per query while walking a whole table: a site of any size is read in bounded steps. */
export const FEED_BATCH_SIZE = 1000;
/** Items in a feed (RSS or JSON Feed): enough for a reader that checks once a day, small enough to fetch often. */
export const FEED_ITEM_LIMIT = 50;

export type ToolLink = { slug: string; updatedAt: Date };
export type FeedTool = { name: string; slug: string; shortDesc: string; verifiedAt: Date; categoryLabels: string[] };
/** What a tool's badge shows: its name (in the image's title), whether it is featured, and its views. */
export type BadgeTool = { name: string; isFeatured: boolean; views: number };
/** Which live tools a feed holds: every one, or those of one category or one tag. */
export type FeedFilter = { categoryId?: string; tag?: string };

/** One batch of live tools' addresses after `cursor`: one seek into tools_public_latest_idx. */
export function publicToolLinksQuery(db: Database, cursor: Cursor | null, limit: number) {
  return db
    .select({ id: tools.id, slug: tools.slug, createdAt: tools.createdAt, updatedAt: tools.updatedAt })
    .from(tools)
    .where(cursor ? and(isPublicTool, afterCursor(cursor)) : isPublicTool)
    .orderBy(desc(tools.createdAt), desc(tools.id))
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

export function feedQueries(db: Database) {
  return {
    /** Every live tool's slug and last change, newest first, read `batchSize` rows at a time. */
    async *listPublicToolLinks({ batchSize = FEED_BATCH_SIZE }: { batchSize?: number } = {}): AsyncGenerator<ToolLink> {
      let cursor: Cursor | null = null;
      for (;;) {
        const rows = await publicToolLinksQuery(db, cursor, batchSize);
        for (const { slug, updatedAt } of rows) yield { slug, updatedAt };
        const last = rows.at(-1);
        if (!last || rows.length < batchSize) return;
        cursor = { key: last.createdAt.getTime(), id: last.id };
      }
    },

    /** Every category's slug. The categories are a short list kept by the operator, read at once. */
    async listCategorySlugs(): Promise<string[]> {
      const rows = await db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.label));
      return rows.map((row) => row.slug);
    },

    /** Every tag carried by at least one live tool, alphabetically, read `batchSize` rows at a time. */
    async *listLiveTags({ batchSize = FEED_BATCH_SIZE }: { batchSize?: number } = {}): AsyncGenerator<string> {
      let after: string | null = null;
      for (;;) {
        const rows: { tag: string }[] = await db
          .select({ tag: tagCounts.tag })
          .from(tagCounts)
          .where(after === null ? gt(tagCounts.count, 0) : and(gt(tagCounts.count, 0), gt(tagCounts.tag, after)))
          .orderBy(asc(tagCounts.tag))
          .limit(batchSize);
        for (const { tag } of rows) yield tag;
        const last = rows.at(-1);
        if (!last || rows.length < batchSize) return;
        after = last.tag;
      }
    },

    /**
     * Every profile that shows a live tool (the others are not indexed), by slug, read `batchSize` rows at a time.
     * A tool counts for its maker as the profile shows it: not while a claim of it waits for its answer.
     */
    async *listProfileSlugs({ batchSize = FEED_BATCH_SIZE }: { batchSize?: number } = {}): AsyncGenerator<string> {
      let after = "";
      for (;;) {
        const rows: { slug: string }[] = await db
          .select({ slug: users.slug })
          .from(users)
          .where(
            and(
              gt(users.slug, after),
              sql`exists (select 1 from ${tools} where ${tools.creatorUsername} = ${users.slug} and ${isPublicTool} and not (${tools.hasBeenClaimed} and not ${tools.wasClaimedAccepted}))`,
            ),
          )
          .orderBy(asc(users.slug))
          .limit(batchSize);
        for (const { slug } of rows) yield slug;
        const last = rows.at(-1);
        if (!last || rows.length < batchSize) return;
        after = last.slug;
      }
    },

    /**
     * The most searched texts that found tools (decision 032), at most `limit`, most searched first, then alphabetical,
     * read `batchSize` rows at a time: each batch is two slices of searches_found_tools_idx, the rest of the texts with
     * the last count, then the lower counts.
     */
    async *listSearchTexts({ batchSize = FEED_BATCH_SIZE, limit = SITEMAP_SEARCHES }: { batchSize?: number; limit?: number } = {}): AsyncGenerator<string> {
      const columns = { text: searches.text, count: searches.count };
      const byCount = [sql`${searches.count} desc nulls last`, searches.text];
      const foundTools = sql`${searches.resultCount} > 0`;
      let last: { text: string; count: number } | null = null;
      let left = limit;
      while (left > 0) {
        const size = Math.min(batchSize, left);
        const sameCount: { text: string; count: number }[] = last
          ? await db.select(columns).from(searches).where(sql`${foundTools} and ${searches.count} = ${last.count} and ${searches.text} > ${last.text}`).orderBy(...byCount).limit(size)
          : [];
        const lower: { text: string; count: number }[] =
          sameCount.length === size
            ? []
            : await db
                .select(columns)
                .from(searches)
                .where(last ? sql`${foundTools} and ${searches.count} < ${last.count}` : foundTools)
                .orderBy(...byCount)
                .limit(size - sameCount.length);
        const rows: { text: string; count: number }[] = [...sameCount, ...lower];
        for (const { text } of rows) yield text;
        left -= rows.length;
        if (rows.length < size) return;
        last = rows.at(-1)!;
      }
    },

    /** The newest verified live tools, newest first; with a category id or a tag, only that category's or tag's. */
    async listNewlyVerifiedTools({ limit = FEED_ITEM_LIMIT, ...filter }: FeedFilter & { limit?: number } = {}): Promise<FeedTool[]> {
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
