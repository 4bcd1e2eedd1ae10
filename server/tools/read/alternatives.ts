/**
 * Alternatives and comparisons (decisions 032, 059 and 060): the live tools closest to a tool that share a category
 * with it (a tool that shares only a tag, "open-source" or "privacy", is no alternative), ranked by what they share, each shared category and tag weighted by how rare it is, a shared first category counting double,
 * and each word its short description shares and a licence of the same kind adding a little; popularity (views and
 * clicks) only breaks ties.
 * /tool/{slug}/alternatives lists them with why, the tool page shows the closest few and links to its comparisons with
 * them, and the sitemap lists both. The candidates are bounded (decision 036).
 */
import { type SQL, sql } from "drizzle-orm";
import { ALTERNATIVE_CANDIDATES, ALTERNATIVES_LIMIT, SITEMAP_COMPARISON_TOOLS } from "#common/constants.ts";
import type { LicenceKind } from "#common/repository.ts";
import { COUNTERS_MAX_AGE_MS, dependsOn, expiresWithin, pageTags } from "../../cache/page-tags.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { tools } from "../../db/schema.ts";
import { isPublicTool, toCard, type ToolCard, toolCardColumns, type ToolCardRow } from "./queries.ts";

/** What a tool is compared on: its categories (its first is its main one), tags and licence kind. */
export type ComparedTool = {
  id: string;
  categories: { id: string; label: string }[];
  tags: string[];
  licenceKind: LicenceKind | null;
};

/**
 * A tool among another's alternatives, with what they share: the categories (by id) and tags, the most telling (the
 * rarest) first, and how many words of their short descriptions.
 */
export type Alternative = ToolCard & {
  views: number;
  clicks: number;
  sharedCategoryIds: string[];
  sharedTags: string[];
  sharedWords: number;
  /** Whether both have a licence of the same kind (decision 060). */
  sharesLicenceKind: boolean;
};

/**
 * A tool's alternatives: the closest first, and how many live tools share a category with it in all; past the
 * candidates ranked, a lower bound (`isTotalExact` false).
 */
export type Alternatives = { alternatives: Alternative[]; total: number; isTotalExact: boolean };

/** A pair of tools that the sitemap lists a comparison of, each by its slug. */
export type ComparedPair = { a: string; b: string };

/**
 * The ranking's weights (decision 059). A shared category or tag weighs the square of how rare it is, ln((live tools
 * + 1) / (its live tools + 1))²: a tag three tools have outweighs several that half the catalogue has. The first
 * category of a tool is its main one: shared as either tool's first, it counts double (as both's, four times). Each
 * stemmed word the short descriptions share adds `WORD_WEIGHT`, about what a tag a third of the tools have weighs.
 */
export const MAIN_CATEGORY_FACTOR = 2;
export const WORD_WEIGHT = 1;
/** A licence of the same kind (both open source, both source-available...) weighs as a shared word (decision 060). */
export const LICENCE_KIND_WEIGHT = 1;

/** A text[] literal of any texts (tags may hold commas, quotes or spaces): each element quoted and escaped. */
function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((value) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
  return sql`${literal}::text[]`;
}

/**
 * Which alternatives are read: of every licence, or open source only (/tool/{slug}/alternatives/open-source), ranked
 * among the most popular open-source tools of each term, which tool_terms keeps apart (migration 0057).
 */
export type AlternativesScope = "any" | "open-source";

/**
 * A tool's terms as tool_terms keeps them: 'c:' and each category id, 't:' and each tag (migration 0033); for the
 * open-source tools that share them, the same after 'o:' (migration 0057).
 */
export function termsOf(
  tool: { categoryIds: readonly string[]; tags: readonly string[] },
  scope: AlternativesScope = "any",
): string[] {
  const prefix = scope === "open-source" ? "o:" : "";
  return [...tool.categoryIds.map((id) => `${prefix}c:${id}`), ...tool.tags.map((tag) => `${prefix}t:${tag}`)];
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
 * The weight of each of the tool's categories and tags (decision 059), from their live counts and the live total,
 * which facet_counts keeps (decision 036): one key lookup each. A term no live tool has is left out: no candidate has it.
 */
function termWeights(categoryIds: SQL, tags: SQL, mainCategoryId: SQL): SQL {
  return sql`select f.kind, f.value,
      power(ln((total.count + 1)::float8 / (f.count + 1)), 2)
        * (case when f.kind = 'c' and f.value = ${mainCategoryId} then ${MAIN_CATEGORY_FACTOR} else 1 end) as weight
    from facet_counts f
    cross join (select count from facet_counts where scope = '' and kind = '' and value = '') total
    where f.scope = '' and ((f.kind = 'c' and f.value = any(${categoryIds})) or (f.kind = 't' and f.value = any(${tags})))`;
}

/** The stemmed words of a tool's short description, as its search vector keeps them (weight C, migration 0030). */
const shortDescWords = (vector: SQL) => sql`tsvector_to_array(ts_filter(${vector}, '{c}'))`;

/**
 * How close the candidate `o` (a row of tools) is to the tool whose term weights are the relation `weights`
 * (termWeights) and whose short description's words and licence kind are the relation `own_words`: lateral joins,
 * computed once per candidate, giving `closeness.score`, `closeness.shared_terms` (the rarest first),
 * `closeness.shared_words` and `closeness.same_licence_kind`.
 * Both relations are materialized, a few rows read once: inlined, the planner looked the weights up again in
 * facet_counts for each candidate, by the candidate's own terms (0.03 ms each, 11 ms for a tool's 370 candidates).
 */
const closeness = sql`cross join lateral (
    select coalesce(sum(w.weight * (case when w.kind = 'c' and w.value = o.categories[1] then ${MAIN_CATEGORY_FACTOR} else 1 end)), 0) as term_score,
      coalesce(array_agg(w.kind || ':' || w.value order by w.weight desc, w.value), '{}') as shared_terms
    from weights w
    where (w.kind = 'c' and w.value = any(o.categories)) or (w.kind = 't' and w.value = any(o.tags))
  ) shared
  cross join lateral (
    select cardinality(array(select unnest(${shortDescWords(sql`o.search_vector`)}) intersect select unnest(own.words))) as shared_words,
      coalesce(o.licence_kind = own.licence_kind, false) as same_licence_kind
    from own_words own
  ) words
  cross join lateral (
    -- Rounded, so that two equal sums added in another order tie, and popularity decides.
    select round((shared.term_score + ${WORD_WEIGHT} * words.shared_words
        + case when words.same_licence_kind then ${LICENCE_KIND_WEIGHT} else 0 end)::numeric, 6) as score,
      shared.shared_terms, words.shared_words, words.same_licence_kind
  ) closeness`;

/** The order of the candidates: the closest first, then the most viewed and clicked, then by id. */
const closestFirst = sql`closeness.score desc, o.views + o.clicks desc, o.id`;

/**
 * The closest live tools to the tool among its candidates, read by their ids (an array, so the planner looks each up by
 * its key rather than reading every live tool to join them), scored once each as decision 059 says; only the `limit`
 * closest are then read as cards. With how many tools the candidates are (a term with more than the candidates makes
 * it a lower bound: `isComplete` false). Exported for the query-plan test.
 */
export function alternativesQuery(
  db: Database,
  tool: { id: string; categoryIds: string[]; tags: string[] },
  limit: number,
  scope: AlternativesScope = "any",
) {
  const categoryIds = textArray(tool.categoryIds);
  const tags = textArray(tool.tags);
  const closest = db.$with("closest").as(
    db
      .select({
        id: sql<string>`id`.as("closest_id"),
        sharedTerms: sql<string[]>`shared_terms`.as("shared_terms"),
        sharedWords: sql<number>`shared_words`.as("shared_words"),
        sameLicenceKind: sql<boolean>`same_licence_kind`.as("same_licence_kind"),
        rank: sql<number>`rank`.as("rank"),
        total: sql<number>`total`.as("total"),
        isComplete: sql<boolean>`is_complete`.as("is_complete"),
      })
      .from(
        sql`(
            with candidates as (${candidatesOf(textArray(termsOf(tool, scope)))}),
              weights as materialized (${termWeights(categoryIds, tags, sql`${tool.categoryIds[0] ?? ""}`)}),
              own_words as materialized (select ${shortDescWords(sql`search_vector`)} as words, licence_kind from tools where id = ${tool.id})
            select o.id, closeness.shared_terms, closeness.shared_words, closeness.same_licence_kind,
              row_number() over (order by ${closestFirst}) as rank,
              (select count(distinct tool_id)::int from candidates where tool_id <> ${tool.id} and ${isCategoryTerm}) as total,
              (select coalesce(bool_and(n <= ${ALTERNATIVE_CANDIDATES}), true) from (select count(*) as n from candidates where ${isCategoryTerm} group by term) as per_term) as is_complete
            from tools o ${closeness}
            where o.is_active and o.is_verified and o.id <> ${tool.id}${scope === "open-source" ? sql` and o.licence_kind = 'open-source'` : sql``}
              and o.categories && ${categoryIds}
              and o.id = any(array(select tool_id collate "default" from candidates))
            order by ${closestFirst}
            limit ${limit}
          ) as ranked`,
      ),
  );
  return db
    .with(closest)
    .select({
      ...toolCardColumns,
      views: tools.views,
      clicks: tools.clicks,
      sharedTerms: closest.sharedTerms,
      sharedWords: closest.sharedWords,
      sameLicenceKind: closest.sameLicenceKind,
      total: closest.total,
      isComplete: closest.isComplete,
      atLeast:
        sql<number>`(select coalesce(max(n), 1)::int - 1 from (${scope === "open-source" ? openSourceCounts(categoryIds) : categoryCounts(categoryIds)}) as kept)`.as(
          "at_least",
        ),
    })
    .from(tools)
    .innerJoin(closest, sql`${tools.id} = ${closest.id}`)
    .orderBy(closest.rank);
}

/** A candidate's term is one of the tool's categories ('c:' or, among the open-source tools, 'o:c:'). */
const isCategoryTerm = sql`(term like 'c:%' or term like 'o:c:%')`;

/** The live counts of the categories `categoryIds` (kept by triggers), one key lookup each. */
const categoryCounts = (categoryIds: SQL) => sql`select tool_count as n from categories where id = any(${categoryIds})`;

/** How many open-source live tools each of those categories holds, as the lists' counts keep them (migration 0055). */
const openSourceCounts = (categoryIds: SQL) => sql`select count as n from facet_counts
  where scope = 'l:open-source' and kind = 'c' and value = any(${categoryIds})`;

/**
 * A live tool has an open-source alternative when one of its categories holds an open-source live tool other than
 * itself: the lists' kept counts say so (migration 0055), one key lookup each.
 */
export const hasOpenSourceAlternatives = sql`(exists (select 1 from facet_counts f
  where f.scope = 'l:open-source' and f.kind = 'c' and f.value = any(${tools.categories})
    and f.count > (case when ${tools.licenceKind} = 'open-source' then 1 else 0 end)))`;

/**
 * A live tool has an alternative when one of its categories holds another live tool: the categories' live counts
 * (kept by triggers) say so with one key lookup each.
 */
export const hasAlternatives = sql`(exists (select 1 from categories c where c.id = any(${tools.categories}) and c.tool_count > 1))`;

/**
 * The `limit` most viewed live tools (tools_public_views_idx), each with its closest alternative ranked as
 * alternativesQuery ranks them, among the same candidates. Exported for the query-plan test.
 */
export function closestPairsQuery(limit: number): SQL {
  return sql`
  select t.slug as a, closest.slug as b
  from (
    select id, slug, categories, tags, search_vector, licence_kind from tools
    where ${isPublicTool}
    order by views desc, id desc
    limit ${limit}
  ) t
  cross join lateral (
    with weights as materialized (${termWeights(sql`t.categories`, sql`t.tags`, sql`t.categories[1]`)}),
      own_words as materialized (select ${shortDescWords(sql`t.search_vector`)} as words, t.licence_kind)
    select o.slug from tools o ${closeness}
    where (o.is_active and o.is_verified) and o.id <> t.id and o.categories && t.categories
      and o.id = any(array(
        select found.tool_id collate "default" from (${candidatesOf(sql`array(select 'c:' || unnest(t.categories) union all select 't:' || unnest(t.tags))`)}) found
      ))
    order by ${closestFirst}
    limit 1
  ) closest`;
}

export function alternativeQueries(db: Database) {
  async function listAlternatives(
    tool: ComparedTool,
    { limit = ALTERNATIVES_LIMIT, scope = "any" }: { limit?: number; scope?: AlternativesScope } = {},
  ): Promise<Alternatives> {
    // The list changes when a tool joins or leaves one of these categories or tags, and with the counters.
    dependsOn(
      ...tool.categories.map((category) => pageTags.category(category.id)),
      ...tool.tags.map((tag) => pageTags.tag(tag)),
    );
    expiresWithin(COUNTERS_MAX_AGE_MS);
    // An alternative does the same job: it shares a category, whatever the tags.
    if (tool.categories.length === 0) return { alternatives: [], total: 0, isTotalExact: true };
    const rows = await alternativesQuery(
      db,
      { id: tool.id, categoryIds: tool.categories.map((category) => category.id), tags: tool.tags },
      limit,
      scope,
    );
    const alternatives = rows.map(
      ({
        views,
        clicks,
        sharedTerms,
        sharedWords,
        sameLicenceKind,
        total: _total,
        isComplete: _complete,
        atLeast: _atLeast,
        ...card
      }) => ({
        ...toCard(card as ToolCardRow),
        views,
        clicks,
        sharedCategoryIds: sharedTerms.filter((term) => term.startsWith("c:")).map((term) => term.slice(2)),
        sharedTags: sharedTerms.filter((term) => term.startsWith("t:")).map((term) => term.slice(2)),
        sharedWords: Number(sharedWords),
        sharesLicenceKind: Boolean(sameLicenceKind),
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
