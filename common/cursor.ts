/**
 * Keyset cursors for lists ordered by (key, id) descending, written "<key>.<id>".
 * The key is an integer: epoch milliseconds for dates, the count itself for views or clicks, a scaled score for search rank.
 * The id is an entity id, or a slug-shaped value (a tag, a search text) where that is what breaks ties.
 */
export type Cursor = { key: number; id: string };

export function encodeCursor({ key, id }: Cursor): string {
  return `${key}.${id}`;
}

/** The cursor, or null when the text is not one we made. */
export function decodeCursor(text: string): Cursor | null {
  const match = /^(-?\d{1,15})\.([a-z0-9][a-z0-9_-]{0,99})$/.exec(text);
  if (!match) return null;
  const key = Number(match[1]);
  return Number.isSafeInteger(key) ? { key, id: match[2]! } : null;
}
