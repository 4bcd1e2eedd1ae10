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

/** One page of a keyset list: its rows, and the cursor of the next page (null on the last page). */
export type KeysetPage<Row> = { items: Row[]; nextCursor: string | null };

/**
 * Cuts one keyset page from `rows`, read with a limit of `limit + 1`: the extra row, when it came, tells that a next
 * page exists without a count, and the next page starts after the last row kept, whose cursor `cursorOf` gives.
 */
export function keysetPage<Row>(rows: readonly Row[], limit: number, cursorOf: (last: Row) => Cursor): KeysetPage<Row> {
  const items = rows.slice(0, limit);
  const hasNextPage = rows.length > limit && items.length > 0;
  return { items, nextCursor: hasNextPage ? encodeCursor(cursorOf(items[items.length - 1]!)) : null };
}
