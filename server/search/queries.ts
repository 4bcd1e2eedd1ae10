/**
 * Tool search (docs/product.md §7) and the record of what people search.
 * The spec's rule comes first: for each hyphen-separated word, tools whose name keywords or tags contain it.
 * Full-text search (weighted, with prefixes, stemmed) and trigram similarity of the name add to it and rank everything.
 */
import { and, desc, type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { requireAdmin } from "../access.ts";
import { DEFAULT_SEARCHES_MIN_VISITORS, PAGE_SIZE, SEARCHES_PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { COUNTERS_MAX_AGE_MS, dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import { type Database, rowsOf, type Transaction } from "../db/client.ts";
import { searches, tagCounts, tools } from "../db/schema.ts";
import { type FacetFilters, toolFacetQueries, type ToolFacets } from "../tools/read/facets.ts";
import { filtersOf } from "../tools/read/lists.ts";
import {
  isPublicTool,
  toCard,
  type ToolCard,
  toolCardColumns,
  type ToolCardRow,
  type ToolPage,
} from "../tools/read/queries.ts";
import { namedOrTagged, searchArrays, searchWords } from "./words.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";

/** How much each kind of match weighs in the rank; the spec's rule outranks everything else. */
const WEIGHT = { keyword: 4, tag: 2, fullText: 1, name: 1 };
/** Ranks are compared as integers so that a cursor can hold them exactly. */
const RANK_SCALE = 1_000_000;
/** How many of the newest matches of each kind are ranked: a search pages through at most twice this. */
const SEARCH_CANDIDATES = 200;

/** A listed search: its text, and how many visitors made it. */
export type SearchedText = { text: string; visitors: number };

/**
 * Whether a search is listed on /searches and in the sitemap: it found tools, at least `minVisitors` visitors made it
 * (SEARCHES_MIN_VISITORS), and no admin hid it. Anyone can put words in a search; only what several people looked
 * for, and found, becomes a public, indexed link.
 */
function isListed(minVisitors: number): SQL {
  return sql`${searches.resultCount} > 0 and not ${searches.isHidden} and ${searches.visitors} >= ${minVisitors}`;
}

/**
 * Up to `limit` listed searches after `after`, most visitors first, then alphabetical. The directions differ, so they
 * are read as two index-served slices of searches_listed_idx (visitors desc, text): the rest of the texts with the
 * last one's visitors, then fewer visitors, down to `minVisitors` (a range of the index's first column).
 */
export async function listedSearchesAfter(
  db: Database,
  minVisitors: number,
  after: SearchedText | null,
  limit: number,
): Promise<SearchedText[]> {
  const same = after
    ? await listedSearchesQuery(
        db,
        minVisitors,
        sql`${searches.visitors} = ${after.visitors} and ${searches.text} > ${after.text}`,
        limit,
      )
    : [];
  if (same.length >= limit) return same;
  const fewer = await listedSearchesQuery(
    db,
    minVisitors,
    after ? sql`${searches.visitors} < ${after.visitors}` : undefined,
    limit - same.length,
  );
  return [...same, ...fewer];
}

/** One slice of the listed searches, by visitors then text, where `where` holds too: read from searches_listed_idx. */
export function listedSearchesQuery(db: Database, minVisitors: number, where: SQL | undefined, limit: number) {
  return db
    .select({ text: searches.text, visitors: searches.visitors })
    .from(searches)
    .where(and(isListed(minVisitors), where))
    .orderBy(sql`${searches.visitors} desc nulls last`, searches.text)
    .limit(limit);
}

/** Searches made, by text: how many times, and how many tools the last one found (null: not told). */
export type SearchCounts = Map<string, { count: number; resultCount: number | null }>;

/**
 * Counts searches (docs/product.md §7: a search record, added when new), each with how many tools it found the last time:
 * 0 puts it among the searches that found nothing (/admin/analytics). In text order, so that two writers take the
 * rows' locks in the same order.
 */
export async function recordSearches(db: Database | Transaction, counts: SearchCounts): Promise<void> {
  const rows = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([text, { count, resultCount }]) => ({ text, count, resultCount }));
  if (rows.length === 0) return;
  await db
    .insert(searches)
    .values(rows)
    .onConflictDoUpdate({
      target: searches.text,
      set: {
        count: sql`${searches.count} + excluded.count`,
        resultCount: sql`coalesce(excluded.result_count, ${searches.resultCount})`,
        updatedAt: sql`now()`,
      },
    });
}

export type SearchedTextPage = { searches: SearchedText[]; nextCursor: string | null };

/**
 * Which matches a search ranks: the spec's (a word of the name, or a tag), full text too, or, when neither finds
 * anything, names that look like the words (a typo: 'supabse' finds Supabase). The trigram match is the costly one:
 * a common word's trigrams are in most names, each compared again, so it runs only when it is needed, and only on the
 * newest SIMILAR_NAMES_SCAN tools.
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

/** What the search box suggests: this many tools, and this many tags among the first SUGGESTED_TAG_SCAN that start with the text. */
const SUGGESTED_TOOLS = 5;
const SUGGESTED_TAGS = 3;
const SUGGESTED_TAG_SCAN = 50;

/** A search that finds fewer tools than this may get a "Did you mean": one that finds more, spelt closely. */
const DID_YOU_MEAN_BELOW = 3;
/** Shorter texts have too few trigrams to tell a typo from another word. */
const DID_YOU_MEAN_MIN_LENGTH = 4;
/** How many of the closest tags, and of the closest searches, are weighed. */
const CLOSE_SPELLINGS = 5;

/**
 * The closest spelling of `text` among the tags and the listed searches that finds more than `found` tools: a few of
 * the closest of each, found through their trigram indexes. Exported for the query-plan tests.
 */
export function closerSpellingQuery(text: string, found: number, minVisitors: number): SQL {
  return sql`
    select term from (
      (select ${tagCounts.tag} as term, ${tagCounts.count} as found, similarity(${tagCounts.tag}, ${text}) as score
        from ${tagCounts} where ${tagCounts.tag} % ${text} order by score desc limit ${CLOSE_SPELLINGS})
      union all
      (select ${searches.text} as term, ${searches.resultCount} as found, similarity(${searches.text}, ${text}) as score
        from ${searches} where ${isListed(minVisitors)} and ${searches.text} % ${text} order by score desc limit ${CLOSE_SPELLINGS})
    ) as close
    where term <> ${text} and found > ${found}
    order by score desc, found desc, term
    limit 1`;
}

/** How many of the newest live tools a search reads to tell a rare word from a common one. */
const SEARCH_PROBE = 5_000;
/** Fewer matches than this among the newest SEARCH_PROBE tools make a word rare. */
const RARE_BELOW = 20;
/** How many of the newest live tools the typo search reads: no index finds names that look alike in bounded time. */
const SIMILAR_NAMES_SCAN = 5_000;

/** The newest `limit` live tools, in order (tools_public_latest_idx), under the name `tools`, so conditions on its columns apply. */
const newestTools = (limit: number) => sql`(
  select id, created_at, name, keywords, tags, search_vector from ${tools}
  where is_active and is_verified order by created_at desc, id desc limit ${limit}
) as ${tools}`;

/**
 * The ids of the SEARCH_CANDIDATES newest live tools meeting `condition` (written on the columns of `tools`), at a cost
 * set by how common the condition is, never by the planner's guess (decision 036). Left to itself, the planner walks
 * the newest tools for any word it has no statistics of, and for a word no tool has, that walk reads every live tool;
 * a GIN index, for its part, gives a common word's every match before any can be sorted by date. So the newest
 * SEARCH_PROBE tools are read first, stopping at RARE_BELOW matches:
 * - that many: the word is common, and walking the newest tools finds its candidates after a few thousand (at most
 *   about SEARCH_CANDIDATES * SEARCH_PROBE / RARE_BELOW, 50,000, whatever the catalogue);
 * - fewer: it is rare, and its GIN index gives every match (about catalogue / SEARCH_PROBE * RARE_BELOW of them at most,
 *   unless its use fell off with time), newest first.
 */
function newestMatches(condition: SQL): SQL {
  return sql`select id from (
    with probe as materialized (
      select count(*) as found from (select 1 from ${newestTools(SEARCH_PROBE)} where ${condition} limit ${RARE_BELOW}) as matched
    ), walked as materialized (
      select ${tools.id}, ${tools.createdAt} from ${tools}
      where (select found from probe) >= ${RARE_BELOW} and ${isPublicTool} and ${condition}
      order by ${tools.createdAt} desc, ${tools.id} desc limit ${SEARCH_CANDIDATES}
    ), indexed as materialized (
      select ${tools.id}, ${tools.createdAt} from ${tools}
      where (select found from probe) < ${RARE_BELOW} and ${isPublicTool} and ${condition}
    )
    select id from walked
    union all
    (select id from indexed order by created_at desc, id desc limit ${SEARCH_CANDIDATES})
  ) as newest`;
}

/**
 * The ids of the tools a search ranks: the newest matches of each kind, a bounded number each (newestMatches), so a
 * common word ranks a few hundred tools, not every match. Names that look like the words are looked for among the
 * newest SIMILAR_NAMES_SCAN tools. Its facets count these same tools (decision 034). Exported for the query-plan tests.
 */
export function searchCandidatesQuery(words: string[], matches: SearchMatches): SQL {
  const { phrase, query } = searchTerms(words);
  const specMatch = namedOrTagged(words);
  return matches === "exact"
    ? newestMatches(specMatch)
    : matches === "words"
      ? sql`${newestMatches(specMatch)} union ${newestMatches(sql`${tools.searchVector} @@ ${query}`)}`
      : sql`select ${tools.id} from ${newestTools(SIMILAR_NAMES_SCAN)} where lower(${tools.name}) % ${phrase}
          order by ${tools.createdAt} desc, ${tools.id} desc limit ${SEARCH_CANDIDATES}`;
}

/** The condition "among these tools": a search's candidates, for its page and its facets' counts. */
export function amongTools(ids: readonly string[]): SQL {
  return sql`${tools.id} = any(${`{${ids.join(",")}}`}::text[])`;
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
  {
    candidates,
    cursor,
    limit,
    filters = {},
  }: { candidates: readonly string[]; cursor?: Cursor | null; limit: number; filters?: SearchFilters },
) {
  const { wordArray, tagArray, phrase, query } = searchTerms(words);
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
      .where(and(isPublicTool, amongTools(candidates), ...filtersOf(filters))),
  );
  // Only the ids and ranks: the page's cards are read after it (each card's category chips are a subquery).
  return db
    .with(ranked)
    .select()
    .from(ranked)
    .where(seekAfter(cursor, [ranked.rank, ranked.id], { keyAs: "as-is" }))
    .orderBy(desc(ranked.rank), desc(ranked.id))
    .limit(limit + 1);
}

type SearchInput = { cursor?: Cursor | null; limit?: number; filters?: SearchFilters };

/** `minVisitors`: SEARCHES_MIN_VISITORS, what makes a search listed (`isListed`). */
export function searchQueries(
  db: Database,
  { minVisitors = DEFAULT_SEARCHES_MIN_VISITORS }: { minVisitors?: number } = {},
) {
  /** The ids of the tools a search ranks (searchCandidatesQuery): a few hundred at most. */
  async function candidatesOf(words: string[], matches: SearchMatches): Promise<string[]> {
    return rowsOf<{ id: string }>(await db.execute(searchCandidatesQuery(words, matches))).map((row) => row.id);
  }

  /**
   * One page of a search and the tools it ranked. When its words match nothing at all, names that look like them:
   * maybe a typo. A filtered page can be empty while the words match: then it stays empty.
   */
  async function rankedPage(
    words: string[],
    {
      cursor,
      limit,
      exact,
      filters = {},
      whenNone,
    }: Required<Pick<SearchInput, "limit">> & SearchInput & { exact: boolean; whenNone?: () => Promise<string | null> },
  ) {
    let candidates = await candidatesOf(words, exact ? "exact" : "words");
    // Words that match nothing: names that look like them, and beside that read what a page that found nothing says.
    let spelling: string | null = null;
    if (candidates.length === 0 && !exact)
      [candidates, spelling] = await Promise.all([candidatesOf(words, "similar-names"), whenNone?.() ?? null]);
    const rows =
      candidates.length === 0 ? [] : await rankedSearchQuery(db, words, { candidates, cursor, limit, filters });
    const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: Number(last.rank), id: last.id }));
    const cards: ToolCardRow[] = items.length
      ? await db
          .select(toolCardColumns)
          .from(tools)
          .where(amongTools(items.map((row) => row.id)))
      : [];
    const byId = new Map(cards.map((card) => [card.id, card]));
    const page: ToolPage = {
      tools: items.flatMap(({ id }) => (byId.has(id) ? [toCard(byId.get(id)!)] : [])),
      nextCursor,
    };
    return { page, candidates, spelling };
  }

  /**
   * "Did you mean": when the search of `text` found fewer than DID_YOU_MEAN_BELOW tools, the closest spelling among the
   * tags and the listed searches that finds more (pg_trgm's similarity, from their trigram indexes), or null.
   */
  async function findCloserSpelling(text: string, found: number): Promise<string | null> {
    if (found >= DID_YOU_MEAN_BELOW || text.length < DID_YOU_MEAN_MIN_LENGTH) return null;
    const rows = rowsOf<{ term: string }>(await db.execute(closerSpellingQuery(text, found, minVisitors)));
    return rows[0]?.term ?? null;
  }

  return {
    /**
     * What the search box suggests while a person types `text` (a slug): the search's own first tools (so a suggestion
     * is what the results page would show first, prefixes included), and the tags that start with it, the most used
     * first among the first SUGGESTED_TAG_SCAN in byte order (tag_counts_tag_c_idx). Bounded whatever the catalogue's size.
     */
    async suggest(text: string): Promise<{ tools: ToolCard[]; tags: { tag: string; count: number }[] }> {
      dependsOn(pageTags.search, pageTags.tags);
      const words = searchWords(text);
      if (words.length === 0) return { tools: [], tags: [] };
      // The texts that start with `text`, in byte order: from it to it with its last character one higher.
      const upTo = `${text.slice(0, -1)}${String.fromCharCode(text.charCodeAt(text.length - 1) + 1)}`;
      const [ranked, tags] = await Promise.all([
        rankedPage(words, { limit: SUGGESTED_TOOLS, exact: false }),
        db
          .select({ tag: sql<string>`first.tag`, count: sql<number>`first.count` })
          .from(
            sql`(select ${tagCounts.tag} as tag, ${tagCounts.count} as count from ${tagCounts}
              where ${tagCounts.tag} collate "C" >= ${text} and ${tagCounts.tag} collate "C" < ${upTo}
              order by ${tagCounts.tag} collate "C" limit ${SUGGESTED_TAG_SCAN}) as first`,
          )
          .orderBy(sql`first.count desc`, sql`first.tag`)
          .limit(SUGGESTED_TAGS),
      ]);
      return { tools: ranked.page.tools, tags };
    },

    findCloserSpelling,

    /**
     * The tools the search of `text` finds, as its results page finds them (a few hundred at most), as a condition: a
     * list filtered by words (the API's `q`) shows these in its own order, so a query finds the same tools everywhere.
     */
    async matchingTools(text: string): Promise<SQL> {
      const words = searchWords(text);
      if (words.length === 0) return amongTools([]);
      const candidates = await candidatesOf(words, "words");
      return amongTools(candidates.length > 0 ? candidates : await candidatesOf(words, "similar-names"));
    },

    /**
     * Live tools matching the words of `text`, most relevant first, one keyset page after `cursor`, narrowed by `filters`.
     * `exact` keeps only the spec's matches (a word in the name or a tag), for lists that must stay on topic.
     */
    async searchTools(
      text: string,
      { cursor, limit = PAGE_SIZE, exact = false, filters }: SearchInput & { exact?: boolean } = {},
    ): Promise<ToolPage> {
      dependsOn(pageTags.search);
      const words = searchWords(text);
      if (words.length === 0) return { tools: [], nextCursor: null };
      return (await rankedPage(words, { cursor, limit, exact, filters })).page;
    },

    /**
     * A page of the search results page (/search/{text}) narrowed by `filters`, and each facet value's count among the
     * tools the search ranks (decision 034): the same candidates, so a count is what choosing its value shows.
     */
    async searchToolsWithFacets(
      text: string,
      { cursor, limit = PAGE_SIZE, filters = {}, spelling = false }: SearchInput & { spelling?: boolean } = {},
    ): Promise<{ page: ToolPage; facets: ToolFacets | null; closerSpelling: string | null }> {
      dependsOn(pageTags.search);
      const words = searchWords(text);
      if (words.length === 0) return { page: { tools: [], nextCursor: null }, facets: null, closerSpelling: null };
      // With `spelling`, "Did you mean" too: read beside the names that look alike when the words match nothing (what
      // costs a search most), after the page when it found a little.
      const {
        page,
        candidates,
        spelling: whenNone,
      } = await rankedPage(words, {
        cursor,
        limit,
        exact: false,
        filters,
        whenNone: spelling ? () => findCloserSpelling(text, 0) : undefined,
      });
      const [facets, closerSpelling] = await Promise.all([
        toolFacetQueries(db).countToolFacets({ ...filters, among: amongTools(candidates) }),
        !spelling
          ? null
          : page.tools.length === 0 && candidates.length === 0
            ? whenNone
            : findCloserSpelling(text, page.tools.length),
      ]);
      return { page, facets, closerSpelling };
    },

    /** Counts one more search of `text`, which found `resultCount` tools. People's searches come with their page views. */
    async recordSearch(text: string, resultCount: number): Promise<void> {
      await recordSearches(db, new Map([[text, { count: 1, resultCount }]]));
    },

    /**
     * The listed searches (`isListed`), most visitors first, then alphabetical; one keyset page after `cursor` (key: the
     * visitors, id: the text).
     */
    async listSearches({
      cursor,
      limit = SEARCHES_PAGE_SIZE,
    }: {
      cursor?: Cursor | null;
      limit?: number;
    } = {}): Promise<SearchedTextPage> {
      // Searches are counted as people make them, without a write the page cache hears of.
      expiresWithin(COUNTERS_MAX_AGE_MS);
      const rows = await listedSearchesAfter(
        db,
        minVisitors,
        cursor ? { visitors: cursor.key, text: cursor.id } : null,
        limit + 1,
      );
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.visitors, id: last.text }));
      return { searches: items, nextCursor };
    },

    /** Whether the search of `text` is listed: its results page is indexed only then. */
    async isSearchListed(text: string): Promise<boolean> {
      expiresWithin(COUNTERS_MAX_AGE_MS);
      const [row] = await db
        .select({ text: searches.text })
        .from(searches)
        .where(and(sql`${searches.text} = ${text}`, isListed(minVisitors)));
      return row !== undefined;
    },

    /** Hides a search from /searches and the sitemap for good, or shows it again (admins). */
    async setSearchHidden(user: SessionUser | null, text: string, isHidden: boolean): Promise<void> {
      requireAdmin(user);
      const changed = await db
        .update(searches)
        .set({ isHidden, updatedAt: new Date() })
        .where(sql`${searches.text} = ${text}`)
        .returning({ text: searches.text });
      if (changed.length === 0) throw new AppError("not-found", MESSAGES.search.notFound);
    },
  };
}
