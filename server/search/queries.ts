/**
 * Tool search (SPEC section 7) and the record of what people search.
 * The spec's rule comes first: for each hyphen-separated word, tools whose name keywords or tags contain it.
 * Full-text search (weighted, with prefixes, stemmed) and trigram similarity of the name add to it and rank everything.
 */
import { and, desc, sql } from "drizzle-orm";
import { PAGE_SIZE, SEARCHES_PAGE_SIZE } from "#common/constants.ts";
import { type Cursor, encodeCursor } from "#common/cursor.ts";
import { COUNTERS_MAX_AGE_MS, dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import type { Database, Transaction } from "../db/client.ts";
import { searches, tools } from "../db/schema.ts";
import { isPublicTool, toCard, toolCardColumns, type ToolPage } from "../tools/queries.ts";

/** The words of a search: the hyphen-separated parts of its slug, each only letters and digits, without repeats. */
export function searchWords(text: string): string[] {
  return [...new Set(text.toLowerCase().split("-").filter((word) => /^[a-z0-9]+$/.test(word)))];
}

/** How much each kind of match weighs in the rank; the spec's rule outranks everything else. */
const WEIGHT = { keyword: 4, tag: 2, fullText: 1, name: 1 };
/** Ranks are compared as integers so that a cursor can hold them exactly. */
const RANK_SCALE = 1_000_000;

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
      // One array parameter, not one parameter per word.
      const wordArray = sql`${`{${words.join(",")}}`}::text[]`;
      // Tags are slugs too: a search for "open-source" matches the tag itself, which its two words alone would not.
      const tagTerms = words.length > 1 ? [...words, words.join("-")] : words;
      const tagArray = sql`${`{${tagTerms.join(",")}}`}::text[]`;
      const phrase = words.join(" ");
      const prefixes = words.map((word) => `${word}:*`).join(" | ");
      const query = sql`(to_tsquery('simple', ${prefixes}) || to_tsquery('english', ${prefixes}))`;

      const rank = sql<number>`round((
          (case when ${tools.keywords} && ${wordArray} then ${WEIGHT.keyword} else 0 end)
        + (case when ${tools.tags} && ${tagArray} then ${WEIGHT.tag} else 0 end)
        + ${WEIGHT.fullText} * ts_rank(${tools.searchVector}, ${query})
        + ${WEIGHT.name} * similarity(lower(${tools.name}), ${phrase})
      ) * ${RANK_SCALE})::int`.as("rank");

      const matches = db
        .select({ ...toolCardColumns, rank })
        .from(tools)
        .where(
          and(
            isPublicTool,
            exact
              ? sql`(${tools.keywords} && ${wordArray} or ${tools.tags} && ${tagArray})`
              : sql`(${tools.keywords} && ${wordArray} or ${tools.tags} && ${tagArray} or ${tools.searchVector} @@ ${query} or lower(${tools.name}) % ${phrase})`,
          ),
        )
        .as("matches");

      const rows = await db
        .select()
        .from(matches)
        .where(cursor ? sql`(${matches.rank}, ${matches.id}) < (${cursor.key}, ${cursor.id})` : undefined)
        .orderBy(desc(matches.rank), desc(matches.id))
        .limit(limit + 1);

      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        tools: page.map(({ rank: _rank, ...row }) => toCard(row)),
        nextCursor: rows.length > limit && last ? encodeCursor({ key: Number(last.rank), id: last.id }) : null,
      };
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
      const rows = [...sameCount, ...lower];
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { searches: page, nextCursor: rows.length > limit && last ? encodeCursor({ key: last.count, id: last.text }) : null };
    },
  };
}
