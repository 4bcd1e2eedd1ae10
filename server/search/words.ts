/** The words of a search and the spec's rule for them (docs/product.md §7), shared by the search and the lists' word filter. */
import { type SQL, sql } from "drizzle-orm";
import { tools } from "../db/schema.ts";

/** The words of a search: the hyphen-separated parts of its slug, each only letters and digits, without repeats. */
export function searchWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split("-")
        .filter((word) => /^[a-z0-9]+$/.test(word)),
    ),
  ];
}

/** The words as array parameters: one parameter, not one per word. */
export function searchArrays(words: string[]) {
  // Tags are slugs too: a search for "open-source" matches the tag itself, which its two words alone would not.
  const tagTerms = words.length > 1 ? [...words, words.join("-")] : words;
  return { wordArray: sql`${`{${words.join(",")}}`}::text[]`, tagArray: sql`${`{${tagTerms.join(",")}}`}::text[]` };
}

/** The spec's rule for a search: tools with one of the words in their name, or one of them as a tag (GIN indexes). */
export function namedOrTagged(words: string[]): SQL {
  const { wordArray, tagArray } = searchArrays(words);
  return sql`(${tools.keywords} && ${wordArray} or ${tools.tags} && ${tagArray})`;
}
