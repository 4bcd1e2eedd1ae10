/** Entity ids of the form prefix + time-based part + random part (docs/product.md §3), and the derived tool slug and keywords. */
import { slugify } from "./slugify.ts";

export type IdPrefix = "t" | "c" | "u" | "k" | "p" | "r" | "n";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const TIME_LENGTH = 9; // base-36 milliseconds stay 9 characters long until the year 5188
const RANDOM_LENGTH = 8;

/** Random bytes drawn 4 KB at a time: one call to the system's generator per 512 ids, not one per id (an import makes thousands). */
const pool = new Uint8Array(4096);
let used = pool.length;

function randomPart(length: number): string {
  if (used + length > pool.length) {
    globalThis.crypto.getRandomValues(pool);
    used = 0;
  }
  let out = "";
  for (let index = used; index < used + length; index++) out += ALPHABET[pool[index]! % ALPHABET.length];
  used += length;
  return out;
}

/** A new id: sortable by creation time, unique thanks to 8 random base-36 characters. */
export function createId(prefix: IdPrefix, now: Date = new Date()): string {
  const time = now.getTime().toString(36).padStart(TIME_LENGTH, "0");
  return `${prefix}${time}${randomPart(RANDOM_LENGTH)}`;
}

/** A tool's slug is its slugified name followed by its id, so it is unique and stable per tool. */
export function toolSlug(name: string, id: string): string {
  const base = slugify(name);
  return base ? `${base}-${id}` : id;
}

/** The slugified words of a tool's name, without repeats: what the spec's text search matches. */
export function toolKeywords(name: string): string[] {
  return [...new Set(slugify(name).split("-").filter(Boolean))];
}

/** The id at the end of a tool's slug, or null when the text does not end with one. */
export function toolIdFromSlug(slug: string): string | null {
  return new RegExp(`(?:^|-)(t[0-9a-z]{${TIME_LENGTH + RANDOM_LENGTH}})$`).exec(slug)?.[1] ?? null;
}

/**
 * The two tool ids of a comparison's address, `{a}-vs-{b}` (decision 032). Each slug ends with its tool's id, so the
 * split is the first "-vs-" that follows an id and is followed by a slug ending with one; null when there is none.
 */
export function comparedToolIds(pair: string): { a: string; b: string } | null {
  for (let at = pair.indexOf("-vs-"); at !== -1; at = pair.indexOf("-vs-", at + 1)) {
    const a = toolIdFromSlug(pair.slice(0, at));
    const b = toolIdFromSlug(pair.slice(at + 4));
    if (a && b) return { a, b };
  }
  return null;
}
