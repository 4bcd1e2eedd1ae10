/**
 * Alternatives and comparisons (decision 032): the live tools closest to a tool, ranked by the categories and tags they
 * share with it, then by popularity (views and clicks). /tool/{slug}/alternatives lists them, the tool page links to
 * its comparisons with the closest few, and the sitemap lists both.
 */
import { and, desc, ne, type SQL, sql } from "drizzle-orm";
import { ALTERNATIVES_LIMIT, SITEMAP_COMPARISON_TOOLS } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { COUNTERS_MAX_AGE_MS, dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import type { Database } from "../db/client.ts";
import { tools } from "../db/schema.ts";
import { afterCursor, isPublicTool, toCard, type ToolCard, toolCardColumns, type ToolCardRow } from "./queries.ts";

/** What a tool is compared on: its categories and tags. */
export type ComparedTool = { id: string; categories: { id: string; label: string }[]; tags: string[] };

export type Alternative = ToolCard & { views: number; clicks: number; sharedCategories: number; sharedTags: number };

/** A tool's alternatives: the closest first, and how many live tools share a category or a tag with it in all. */
export type Alternatives = { alternatives: Alternative[]; total: number };

/** A pair of tools that the sitemap lists a comparison of, each by its slug. */
export type ComparedPair = { a: string; b: string };

/** A text[] literal of any texts (tags may hold commas, quotes or spaces): each element quoted and escaped. */
function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((value) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
  return sql`${literal}::text[]`;
}

/**
 * The live tools sharing a category or a tag with the tool, closest first: most shared categories and tags, then most
 * views and clicks, then by id. The GIN indexes on categories and tags find the candidates; a top-N sort keeps `limit`.
 * Exported for the query-plan test.
 */
export function alternativesQuery(db: Database, tool: { id: string; categoryIds: string[]; tags: string[] }, limit: number) {
  const categoryIds = textArray(tool.categoryIds);
  const tags = textArray(tool.tags);
  const sharedCategories = sql<number>`cardinality(array(select unnest(${tools.categories}) intersect select unnest(${categoryIds})))`;
  const sharedTags = sql<number>`cardinality(array(select unnest(${tools.tags}) intersect select unnest(${tags})))`;
  return db
    .select({
      ...toolCardColumns,
      views: tools.views,
      clicks: tools.clicks,
      sharedCategories: sharedCategories.as("shared_categories"),
      sharedTags: sharedTags.as("shared_tags"),
      total: sql<number>`(count(*) over ())::int`.as("total"),
    })
    .from(tools)
    .where(and(isPublicTool, ne(tools.id, tool.id), sql`(${tools.categories} && ${categoryIds} or ${tools.tags} && ${tags})`))
    .orderBy(sql`${sharedCategories} + ${sharedTags} desc`, sql`${tools.views} + ${tools.clicks} desc`, tools.id)
    .limit(limit);
}

/**
 * A live tool has an alternative when one of its categories or tags holds another live tool: the categories' and tags'
 * live counts (kept by triggers) say so with one key lookup each.
 */
const hasAlternatives = sql`(exists (select 1 from categories c where c.id = any(${tools.categories}) and c.tool_count > 1)
  or exists (select 1 from tag_counts g where g.tag = any(${tools.tags}) and g.count > 1))`;

/**
 * The `limit` most viewed live tools (tools_public_views_idx), each with its closest alternative ranked as
 * alternativesQuery ranks them. Exported for the query-plan test.
 */
export function closestPairsQuery(limit: number): SQL {
  return sql`
  select t.slug as a, closest.slug as b
  from (
    select id, slug, categories, tags from tools
    where ${isPublicTool}
    order by views desc, id desc
    limit ${limit}
  ) t
  cross join lateral (
    select o.slug from tools o
    where (o.is_active and o.is_verified) and o.id <> t.id and (o.categories && t.categories or o.tags && t.tags)
    order by cardinality(array(select unnest(o.categories) intersect select unnest(t.categories)))
           + cardinality(array(select unnest(o.tags) intersect select unnest(t.tags))) desc,
             o.views + o.clicks desc, o.id
    limit 1
  ) closest`;
}

export function alternativeQueries(db: Database) {
  async function listAlternatives(tool: ComparedTool, { limit = ALTERNATIVES_LIMIT }: { limit?: number } = {}): Promise<Alternatives> {
    // The list changes when a tool joins or leaves one of these categories or tags, and with the counters.
    dependsOn(...tool.categories.map((category) => pageTags.category(category.id)), ...tool.tags.map((tag) => pageTags.tag(tag)));
    expiresWithin(COUNTERS_MAX_AGE_MS);
    if (tool.categories.length === 0 && tool.tags.length === 0) return { alternatives: [], total: 0 };
    const rows = await alternativesQuery(db, { id: tool.id, categoryIds: tool.categories.map((category) => category.id), tags: tool.tags }, limit);
    const alternatives = rows.map(({ views, clicks, sharedCategories, sharedTags, total: _total, ...card }) => ({
      ...toCard(card as ToolCardRow),
      views,
      clicks,
      sharedCategories: Number(sharedCategories),
      sharedTags: Number(sharedTags),
    }));
    return { alternatives, total: rows[0]?.total ?? 0 };
  }

  return {
    listAlternatives,

    /** Every live tool that has at least one alternative, by slug, newest first, read `batchSize` rows at a time. */
    async *listToolsWithAlternatives({ batchSize = 1000 }: { batchSize?: number } = {}): AsyncGenerator<string> {
      let cursor: Cursor | null = null;
      for (;;) {
        const rows = await db
          .select({ id: tools.id, slug: tools.slug, createdAt: tools.createdAt })
          .from(tools)
          .where(and(cursor ? and(isPublicTool, afterCursor(cursor)) : isPublicTool, hasAlternatives))
          .orderBy(desc(tools.createdAt), desc(tools.id))
          .limit(batchSize);
        for (const { slug } of rows) yield slug;
        const last = rows.at(-1);
        if (!last || rows.length < batchSize) return;
        cursor = { key: last.createdAt.getTime(), id: last.id };
      }
    },

    /**
     * The comparisons the sitemap lists: the `limit` most viewed live tools (tools_public_views_idx), each with its
     * closest alternative, each pair once.
     */
    async listClosestPairs({ limit = SITEMAP_COMPARISON_TOOLS }: { limit?: number } = {}): Promise<ComparedPair[]> {
      const result = await db.execute(closestPairsQuery(limit));
      // node-postgres answers { rows }, PGlite's driver too; an array is read as it is.
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { a: string; b: string }[];
      const seen = new Set<string>();
      const pairs: ComparedPair[] = [];
      for (const { a, b } of rows) {
        const [first, second] = a < b ? [a, b] : [b, a];
        const key = `${first} ${second}`;
        if (seen.has(key)) continue;
        seen.add(key);
        pairs.push({ a: first, b: second });
      }
      return pairs;
    },
  };
}

export type AlternativeQueries = ReturnType<typeof alternativeQueries>;
