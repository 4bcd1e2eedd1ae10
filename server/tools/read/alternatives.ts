/**
 * Alternatives and comparisons (decision 032): the live tools closest to a tool, ranked by the categories and tags they
 * share with it, then by popularity (views and clicks). /tool/{slug}/alternatives lists them, the tool page links to
 * its comparisons with the closest few, and the sitemap lists both. The candidates are bounded (decision 036).
 */
import { and, ne, type SQL, sql } from "drizzle-orm";
import { ALTERNATIVE_CANDIDATES, ALTERNATIVES_LIMIT, SITEMAP_COMPARISON_TOOLS } from "#common/constants.ts";
import { COUNTERS_MAX_AGE_MS, dependsOn, expiresWithin, pageTags } from "../../cache/page-tags.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { tools } from "../../db/schema.ts";
import { isPublicTool, toCard, type ToolCard, toolCardColumns, type ToolCardRow } from "./queries.ts";

/** What a tool is compared on: its categories and tags. */
export type ComparedTool = { id: string; categories: { id: string; label: string }[]; tags: string[] };

export type Alternative = ToolCard & { views: number; clicks: number; sharedCategories: number; sharedTags: number };

/**
 * A tool's alternatives: the closest first, and how many live tools share a category or a tag with it in all; past the
 * candidates ranked, a lower bound (`isTotalExact` false).
 */
export type Alternatives = { alternatives: Alternative[]; total: number; isTotalExact: boolean };

/** A pair of tools that the sitemap lists a comparison of, each by its slug. */
export type ComparedPair = { a: string; b: string };

/** A text[] literal of any texts (tags may hold commas, quotes or spaces): each element quoted and escaped. */
function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((value) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
  return sql`${literal}::text[]`;
}

/** A tool's terms as tool_terms keeps them: 'c:' and each category id, 't:' and each tag (migration 0033). */
export function termsOf(tool: { categoryIds: readonly string[]; tags: readonly string[] }): string[] {
  return [...tool.categoryIds.map((id) => `c:${id}`), ...tool.tags.map((tag) => `t:${tag}`)];
}

/**
 * The live tools `terms` hold, as candidates: the ALTERNATIVE_CANDIDATES most popular of each term, one seek into
 * tool_terms_popular_idx per term (decision 036), plus one more, which tells whether a term holds more than those.
 */
function candidatesOf(terms: SQL) {
  return sql`select c.tool_id, c.term from unnest(${terms}) as wanted(term)
    cross join lateral (
      select t.tool_id, t.term from tool_terms t where t.term = wanted.term
      order by t.popularity desc, t.tool_id desc limit ${ALTERNATIVE_CANDIDATES + 1}
    ) c`;
}

/**
 * The closest live tools to the tool among its candidates, read by their ids (an array, so the planner looks each up by
 * its key rather than reading every live tool to join them): most shared categories and tags, then most views and
 * clicks, then by id; with how many tools the candidates are (a term with more than the candidates makes it a lower
 * bound: `isComplete` false). Exported for the query-plan test.
 */
export function alternativesQuery(
  db: Database,
  tool: { id: string; categoryIds: string[]; tags: string[] },
  limit: number,
) {
  const categoryIds = textArray(tool.categoryIds);
  const tags = textArray(tool.tags);
  const sharedCategories = sql<number>`cardinality(array(select unnest(${tools.categories}) intersect select unnest(${categoryIds})))`;
  const sharedTags = sql<number>`cardinality(array(select unnest(${tools.tags}) intersect select unnest(${tags})))`;
  const candidates = db
    .$with("candidates")
    .as(
      db
        .select({ toolId: sql<string>`tool_id`.as("tool_id"), term: sql<string>`term`.as("term") })
        .from(sql`(${candidatesOf(textArray(termsOf(tool)))}) as found`),
    );
  return db
    .with(candidates)
    .select({
      ...toolCardColumns,
      views: tools.views,
      clicks: tools.clicks,
      sharedCategories: sharedCategories.as("shared_categories"),
      sharedTags: sharedTags.as("shared_tags"),
      total: sql<number>`(select count(distinct tool_id)::int from candidates where tool_id <> ${tool.id})`.as("total"),
      isComplete:
        sql<boolean>`(select coalesce(bool_and(n <= ${ALTERNATIVE_CANDIDATES}), true) from (select count(*) as n from candidates group by term) as per_term)`.as(
          "is_complete",
        ),
      atLeast: sql<number>`(select coalesce(max(n), 1)::int - 1 from (
        select tool_count as n from categories where id = any(${categoryIds})
        union all select g.count from unnest(${tags}) as wanted(tag) join tag_counts g on g.tag collate "C" = wanted.tag
      ) as kept)`.as("at_least"),
    })
    .from(tools)
    .where(
      and(
        isPublicTool,
        ne(tools.id, tool.id),
        sql`${tools.id} = any(array(select ${candidates.toolId} collate "default" from ${candidates}))`,
      ),
    )
    .orderBy(sql`${sharedCategories} + ${sharedTags} desc`, sql`${tools.views} + ${tools.clicks} desc`, tools.id)
    .limit(limit);
}

/**
 * A live tool has an alternative when one of its categories or tags holds another live tool: the categories' and tags'
 * live counts (kept by triggers) say so with one key lookup each. A tag is compared byte by byte (collate "C"), which
 * only the btree tag_counts_tag_c_idx answers: compared as text, by a parameter, the planner read the tags' trigram
 * index instead, which answers equality too (pg_trgm 1.6), at 4 ms a tag at a million tools and 12,500 tags.
 */
export const hasAlternatives = sql`(exists (select 1 from categories c where c.id = any(${tools.categories}) and c.tool_count > 1)
  or exists (select 1 from unnest(${tools.tags}) as wanted(tag) join tag_counts g on g.tag collate "C" = wanted.tag where g.count > 1))`;

/**
 * The `limit` most viewed live tools (tools_public_views_idx), each with its closest alternative ranked as
 * alternativesQuery ranks them, among the same candidates. Exported for the query-plan test.
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
    where (o.is_active and o.is_verified) and o.id <> t.id
      and o.id = any(array(
        select found.tool_id collate "default" from (${candidatesOf(sql`array(select 'c:' || unnest(t.categories) union all select 't:' || unnest(t.tags))`)}) found
      ))
    order by cardinality(array(select unnest(o.categories) intersect select unnest(t.categories)))
           + cardinality(array(select unnest(o.tags) intersect select unnest(t.tags))) desc,
             o.views + o.clicks desc, o.id
    limit 1
  ) closest`;
}

export function alternativeQueries(db: Database) {
  async function listAlternatives(
    tool: ComparedTool,
    { limit = ALTERNATIVES_LIMIT }: { limit?: number } = {},
  ): Promise<Alternatives> {
    // The list changes when a tool joins or leaves one of these categories or tags, and with the counters.
    dependsOn(
      ...tool.categories.map((category) => pageTags.category(category.id)),
      ...tool.tags.map((tag) => pageTags.tag(tag)),
    );
    expiresWithin(COUNTERS_MAX_AGE_MS);
    if (tool.categories.length === 0 && tool.tags.length === 0)
      return { alternatives: [], total: 0, isTotalExact: true };
    const rows = await alternativesQuery(
      db,
      { id: tool.id, categoryIds: tool.categories.map((category) => category.id), tags: tool.tags },
      limit,
    );
    const alternatives = rows.map(
      ({
        views,
        clicks,
        sharedCategories,
        sharedTags,
        total: _total,
        isComplete: _complete,
        atLeast: _atLeast,
        ...card
      }) => ({
        ...toCard(card as ToolCardRow),
        views,
        clicks,
        sharedCategories: Number(sharedCategories),
        sharedTags: Number(sharedTags),
      }),
    );
    const [first] = rows;
    if (!first) return { alternatives, total: 0, isTotalExact: true };
    // Past the candidates, the largest of its categories and tags (their live counts, kept) is how many share one at least.
    return first.isComplete
      ? { alternatives, total: first.total, isTotalExact: true }
      : { alternatives, total: Math.max(first.total, first.atLeast), isTotalExact: false };
  }

  return {
    listAlternatives,

    /**
     * The comparisons the sitemap lists: the `limit` most viewed live tools (tools_public_views_idx), each with its
     * closest alternative, each pair once.
     */
    async listClosestPairs({ limit = SITEMAP_COMPARISON_TOOLS }: { limit?: number } = {}): Promise<ComparedPair[]> {
      // The most viewed tools move with the counters: the pairs are kept an hour at most.
      dependsOn(pageTags.tools);
      expiresWithin(60 * 60_000);
      const rows = rowsOf<{ a: string; b: string }>(await db.execute(closestPairsQuery(limit)));
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
