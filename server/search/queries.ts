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
import { isPublicTool, toCard, toolCardColumns, type ToolCardRow, type ToolPage } from "../tools/queries.ts";

/** The words of a search: the hyphen-separated parts of its slug, each only letters and digits, without repeats. */
export function searchWords(text: string): string[] {
  return [...new Set(text.toLowerCase().split("-").filter((word) => /^[a-z0-9]+$/.test(word)))];
}

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

/** The words as array parameters: one parameter, not one per word. */
function searchArrays(words: string[]) {
  // Tags are slugs too: a search for "open-source" matches the tag itself, which its two words alone would not.
  const tagTerms = words.length > 1 ? [...words, words.join("-")] : words;
  return { wordArray: sql`${`{${words.join(",")}}`}::text[]`, tagArray: sql`${`{${tagTerms.join(",")}}`}::text[]` };
}

/** The spec's rule for a search: tools with one of the words in their name, or one of them as a tag (GIN indexes). */
export function namedOrTagged(words: string[]): SQL {
  const { wordArray, tagArray } = searchArrays(words);
  return sql`(${tools.keywords} && ${wordArray} or ${tools.tags} && ${tagArray})`;
}

/**
 * The ids and ranks of one page of a search (limit + 1 rows, to tell whether a next page exists), most relevant first.
 * Exported for the query-plan tests.
 */
export function rankedSearchQuery(db: Database, words: string[], { cursor, limit, matches }: { cursor?: Cursor | null; limit: number; matches: SearchMatches }) {
  const { wordArray, tagArray } = searchArrays(words);
  const phrase = words.join(" ");
  const prefixes = words.map((word) => `${word}:*`).join(" | ");
  const query = sql`(to_tsquery('simple', ${prefixes}) || to_tsquery('english', ${prefixes}))`;

  const specMatch = namedOrTagged(words);
  // The candidates: the newest matches of each kind, a bounded number each (tools_public_latest_idx walks them in
  // order, or a GIN index finds a rare word's few), so a common word ranks a few hundred tools, not every match.
  const newestMatches = (condition: SQL) =>
    db.select({ id: tools.id }).from(tools).where(and(isPublicTool, condition)).orderBy(desc(tools.createdAt), desc(tools.id)).limit(SEARCH_CANDIDATES);
  const candidates = db
    .$with("candidates")
    .as(
      matches === "exact"
        ? newestMatches(specMatch)
        : matches === "words"
          ? union(newestMatches(specMatch), newestMatches(sql`${tools.searchVector} @@ ${query}`))
          : newestMatches(sql`lower(${tools.name}) % ${phrase}`),
    );
  const rank = sql<number>`round((
      (case when ${tools.keywords} && ${wordArray} then ${WEIGHT.keyword} else 0 end)
    + (case when ${tools.tags} && ${tagArray} then ${WEIGHT.tag} else 0 end)
    + ${WEIGHT.fullText} * ts_rank(${tools.searchVector}, ${query})
    + ${WEIGHT.name} * similarity(lower(${tools.name}), ${phrase})
  ) * ${RANK_SCALE})::int`.as("rank");
  const ranked = db.$with("ranked").as(db.select({ id: tools.id, rank }).from(tools).innerJoin(candidates, eq(candidates.id, tools.id)));
  // Only the ids and ranks: the page's cards are read after it (each card's category chips are a subquery).
  return db
    .with(candidates, ranked)
    .select()
    .from(ranked)
    .where(cursor ? sql`(${ranked.rank}, ${ranked.id}) < (${cursor.key}, ${cursor.id})` : undefined)
    .orderBy(desc(ranked.rank), desc(ranked.id))
    .limit(limit + 1);
}

export function searchQueries(db: Database) {
  return {
    /**
     * Live tools matching the words of `text`, most relevant first, one keyset page after `cursor`.
     * `exact` keeps only the spec's matches (a word in the name or a tag), for lists that must stay on topic.
     */
    async searchTools(
      text: string,
      { cursor, limit = PAGE_SIZE, exact = false }: { cursor?: Cursor | null; limit?: number; exact?: boolean } = {},
    ): Promise<ToolPage> {
      dependsOn(pageTags.search);
      const words = searchWords(text);
      if (words.length === 0) return { tools: [], nextCursor: null };
      let rows = await rankedSearchQuery(db, words, { cursor, limit, matches: exact ? "exact" : "words" });
      // Nothing at all (on this page or any other, since the candidates do not depend on the page): maybe a typo.
      if (rows.length === 0 && !exact) rows = await rankedSearchQuery(db, words, { cursor, limit, matches: "similar-names" });
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: Number(last.rank), id: last.id }));
      const cards: ToolCardRow[] = items.length
        ? await db.select(toolCardColumns).from(tools).where(sql`${tools.id} = any(${`{${items.map((row) => row.id).join(",")}}`}::text[])`)
        : [];
      const byId = new Map(cards.map((card) => [card.id, card]));
      return { tools: items.flatMap(({ id }) => (byId.has(id) ? [toCard(byId.get(id)!)] : [])), nextCursor };
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
