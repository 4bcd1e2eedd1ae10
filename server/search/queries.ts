/**
 * Tool search (SPEC section 7) and the record of what people search.
 * The spec's rule comes first: for each hyphen-separated word, tools whose name keywords or tags contain it.
 * Full-text search (weighted, with prefixes, stemmed) and trigram similarity of the name add to it and rank everything.
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import { PAGE_SIZE, SEARCHES_PAGE_SIZE } from "#common/constants.ts";
import { type Cursor, keysetPage } from "#common/cursor.ts";
import { COUNTERS_MAX_AGE_MS, dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import type { Database, Transaction } from "../db/client.ts";
import { searches, tools } from "../db/schema.ts";
import { type FacetFilters, toolFacetQueries, type ToolFacets } from "../tools/facets.ts";
import { filtersOf } from "../tools/lists.ts";
import { isPublicTool, toCard, toolCardColumns, type ToolCardRow, type ToolPage } from "../tools/queries.ts";
import { namedOrTagged, searchArrays, searchWords } from "./words.ts";

/** How much each kind of match weighs in the rank; the spec's rule outranks everything else. */
const WEIGHT = { keyword: 4, tag: 2, fullText: 1, name: 1 };
/** Ranks are compared as integers so that a cursor can hold them exactly. */
const RANK_SCALE = 1_000_000;
/** How many of the newest matches of each kind are ranked: a search pages through at most twice this. */
const SEARCH_CANDIDATES = 200;

export type SearchedText = { text: string; count: number };

/** Searches made, by text: how many times, and how many tools the last one found (null: not told). */
export type SearchCounts = Map<string, { count: number; resultCount: number | null }>;

/**
 * Counts searches (SPEC section 7: a search record, added when new), each with how many tools it found the last time:
 * 0 puts it among the searches that found nothing (/admin/analytics). In text order, so that two writers take the
 * rows' locks in the same order.
 */
export async function recordSearches(db: Database | Transaction, counts: SearchCounts): Promise<void> {
  const rows = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([text, { count, resultCount }]) => ({ text, count, resultCount }));
  if (rows.length === 0) return;
  await db
    .insert(searches)
    .values(rows)
    .onConflictDoUpdate({
      target: searches.text,
      set: { count: sql`${searches.count} + excluded.count`, resultCount: sql`coalesce(excluded.result_count, ${searches.resultCount})`, updatedAt: sql`now()` },
    });
}

export type SearchedTextPage = { searches: SearchedText[]; nextCursor: string | null };

/**
 * Which matches a search ranks: the spec's (a word of the name, or a tag), full text too, or, when neither finds
 * anything, names that look like the words (a typo: 'supabse' finds Supabase). The trigram match is the costly one:
 * a common word's trigrams are in thousands of names, each compared again, so it runs only when it is needed.
 */
export type SearchMatches = "exact" | "words" | "similar-names";

/** The search's terms as SQL: the words and tags arrays, the phrase, and the full-text query (prefixes, simple and stemmed). */
function searchTerms(words: string[]) {
  const prefixes = words.map((word) => `${word}:*`).join(" | ");
  return {
    ...searchArrays(words),
    phrase: words.join(" "),
    query: sql`(to_tsquery('simple', ${prefixes}) || to_tsquery('english', ${prefixes}))`,
  };
}

/**
 * The ids of the tools a search ranks: the newest matches of each kind, a bounded number each (tools_public_latest_idx
 * walks them in order, or a GIN index finds a rare word's few), so a common word ranks a few hundred tools, not every
 * match. Its facets count these same tools (decision 034).
 */
function searchCandidatesQuery(db: Database, words: string[], matches: SearchMatches) {
  const { phrase, query } = searchTerms(words);
  const specMatch = namedOrTagged(words);
  const newestMatches = (condition: SQL) =>
    db.select({ id: tools.id }).from(tools).where(and(isPublicTool, condition)).orderBy(desc(tools.createdAt), desc(tools.id)).limit(SEARCH_CANDIDATES);
  return matches === "exact"
    ? newestMatches(specMatch)
    : matches === "words"
      ? union(newestMatches(specMatch), newestMatches(sql`${tools.searchVector} @@ ${query}`))
      : newestMatches(sql`lower(${tools.name}) % ${phrase}`);
}

/** The condition "among the tools this search ranks", for the facets' counts. Exported for the query-plan tests. */
export function amongSearchCandidates(db: Database, words: string[], matches: SearchMatches): SQL {
  return sql`${tools.id} in (${searchCandidatesQuery(db, words, matches)})`;
}

/** What narrows a search: the lists' facets (decision 034), applied to the tools the search ranks. */
export type SearchFilters = Omit<FacetFilters, "words" | "among">;

/**
 * The ids and ranks of one page of a search (limit + 1 rows, to tell whether a next page exists), most relevant first,
 * among its candidates that `filters` leave. Exported for the query-plan tests.
 */
export function rankedSearchQuery(
  db: Database,
  words: string[],
  { cursor, limit, matches, filters = {} }: { cursor?: Cursor | null; limit: number; matches: SearchMatches; filters?: SearchFilters },
) {
  const { wordArray, tagArray, phrase, query } = searchTerms(words);
  const candidates = db.$with("candidates").as(searchCandidatesQuery(db, words, matches));
  const rank = sql<number>`round((
      (case when ${tools.keywords} && ${wordArray} then ${WEIGHT.keyword} else 0 end)
    + (case when ${tools.tags} && ${tagArray} then ${WEIGHT.tag} else 0 end)
    + ${WEIGHT.fullText} * ts_rank(${tools.searchVector}, ${query})
    + ${WEIGHT.name} * similarity(lower(${tools.name}), ${phrase})
  ) * ${RANK_SCALE})::int`.as("rank");
  const ranked = db.$with("ranked").as(
    db
      .select({ id: tools.id, rank })
      .from(tools)
      .innerJoin(candidates, eq(candidates.id, tools.id))
      .where(and(...filtersOf(filters))),
  );
  // Only the ids and ranks: the page's cards are read after it (each card's category chips are a subquery).
  return db
    .with(candidates, ranked)
    .select()
    .from(ranked)
    .where(cursor ? sql`(${ranked.rank}, ${ranked.id}) < (${cursor.key}, ${cursor.id})` : undefined)
    .orderBy(desc(ranked.rank), desc(ranked.id))
    .limit(limit + 1);
}

type SearchInput = { cursor?: Cursor | null; limit?: number; filters?: SearchFilters };

export function searchQueries(db: Database) {
  /**
   * One page of a search and which matches it ranked. When its words match nothing at all (on this page or any other,
   * since the candidates do not depend on the page), names that look like them: maybe a typo. A filtered page can be
   * empty while the words match, so then the words are asked about on their own.
   */
  async function rankedPage(words: string[], { cursor, limit, exact, filters = {} }: Required<Pick<SearchInput, "limit">> & SearchInput & { exact: boolean }) {
    let matches: SearchMatches = exact ? "exact" : "words";
    let rows = await rankedSearchQuery(db, words, { cursor, limit, matches, filters });
    if (rows.length === 0 && !exact && (filtersOf(filters).length === 0 || !(await hasMatches(words)))) {
      matches = "similar-names";
      rows = await rankedSearchQuery(db, words, { cursor, limit, matches, filters });
    }
    const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: Number(last.rank), id: last.id }));
    const cards: ToolCardRow[] = items.length
      ? await db.select(toolCardColumns).from(tools).where(sql`${tools.id} = any(${`{${items.map((row) => row.id).join(",")}}`}::text[])`)
      : [];
    const byId = new Map(cards.map((card) => [card.id, card]));
    const page: ToolPage = { tools: items.flatMap(({ id }) => (byId.has(id) ? [toCard(byId.get(id)!)] : [])), nextCursor };
    return { page, matches };
  }

  /** Whether any live tool matches the words by name, tag or full text (one row of a GIN index). */
  async function hasMatches(words: string[]): Promise<boolean> {
    const { query } = searchTerms(words);
    const rows = await db
      .select({ id: tools.id })
      .from(tools)
      .where(and(isPublicTool, sql`(${namedOrTagged(words)} or ${tools.searchVector} @@ ${query})`))
      .limit(1);
    return rows.length > 0;
  }

  return {
    /**
     * Live tools matching the words of `text`, most relevant first, one keyset page after `cursor`, narrowed by `filters`.
     * `exact` keeps only the spec's matches (a word in the name or a tag), for lists that must stay on topic.
     */
    async searchTools(text: string, { cursor, limit = PAGE_SIZE, exact = false, filters }: SearchInput & { exact?: boolean } = {}): Promise<ToolPage> {
      dependsOn(pageTags.search);
      const words = searchWords(text);
      if (words.length === 0) return { tools: [], nextCursor: null };
      return (await rankedPage(words, { cursor, limit, exact, filters })).page;
    },

    /**
     * A page of the search results page (/search/{text}) narrowed by `filters`, and each facet value's count among the
     * tools the search ranks (decision 034): the same candidates, so a count is what choosing its value shows.
     */
    async searchToolsWithFacets(text: string, { cursor, limit = PAGE_SIZE, filters = {} }: SearchInput = {}): Promise<{ page: ToolPage; facets: ToolFacets | null }> {
      dependsOn(pageTags.search);
      const words = searchWords(text);
      if (words.length === 0) return { page: { tools: [], nextCursor: null }, facets: null };
      const { page, matches } = await rankedPage(words, { cursor, limit, exact: false, filters });
      const facets = await toolFacetQueries(db).countToolFacets({ ...filters, among: amongSearchCandidates(db, words, matches) });
      return { page, facets };
    },

    /** Counts one more search of `text`, which found `resultCount` tools. People's searches come with their page views. */
    async recordSearch(text: string, resultCount: number): Promise<void> {
      await recordSearches(db, new Map([[text, { count: 1, resultCount }]]));
    },

    /**
     * The most searched texts, most searched first, then alphabetical; one keyset page after `cursor` (key: the count,
     * id: the text). The directions differ, so a page is read as two index-served slices of searches_count_idx
     * (count desc nulls last, text): the rest of the texts with the cursor's count, then the lower counts.
     */
    async listSearches({ cursor, limit = SEARCHES_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {}): Promise<SearchedTextPage> {
      // Searches are counted as people make them, without a write the page cache hears of.
      expiresWithin(COUNTERS_MAX_AGE_MS);
      const columns = { text: searches.text, count: searches.count };
      const byCount = [sql`${searches.count} desc nulls last`, searches.text];
      const sameCount = cursor
        ? await db.select(columns).from(searches).where(sql`${searches.count} = ${cursor.key} and ${searches.text} > ${cursor.id}`).orderBy(...byCount).limit(limit + 1)
        : [];
      const lower =
        sameCount.length > limit
          ? []
          : await db
              .select(columns)
              .from(searches)
              .where(cursor ? sql`${searches.count} < ${cursor.key}` : undefined)
              .orderBy(...byCount)
              .limit(limit + 1 - sameCount.length);
      const { items, nextCursor } = keysetPage([...sameCount, ...lower], limit, (last) => ({ key: last.count, id: last.text }));
      return { searches: items, nextCursor };
    },
  };
}
