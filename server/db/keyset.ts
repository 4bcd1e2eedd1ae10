/**
 * Both halves of a keyset read (lists page by keyset, never by OFFSET): `seekAfter`, the condition that starts a page
 * after its cursor, a row comparison on (key, id) that an index on the same columns answers by seeking straight to
 * it; and `keysetPage`, which cuts the page from rows read with one more than the limit and gives the next cursor.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type Cursor, type CursorKey, encodeCursor } from "#common/cursor.ts";

/**
 * How a cursor's key is written for the comparison: a time (epoch milliseconds) as a timestamptz or as its ISO text
 * (a time kept as text), a count as a bigint (a forged cursor beyond the integer range stays a harmless comparison), or
 * as it is. A function writes a key its own way (and may refuse one).
 */
export type KeyAs = "timestamptz" | "iso" | "bigint" | "as-is" | ((key: CursorKey) => SQL);

function keyBound(key: CursorKey, as: KeyAs): SQL {
  if (typeof as === "function") return as(key);
  if (as === "timestamptz") return sql`${new Date(key).toISOString()}::timestamptz`;
  if (as === "iso") return sql`${new Date(key).toISOString()}`;
  if (as === "bigint") return sql`${key}::bigint`;
  return sql`${key}`;
}

/**
 * The rows after `cursor` in an order on (`key`, `id`), both descending unless `ascending`; nothing to add without a
 * cursor. `keyAs` writes the key (a timestamptz by default), `idAs` the id (a text, or a bigint for a serial id).
 */
export function seekAfter(
  cursor: Cursor<CursorKey> | null | undefined,
  [key, id]: [key: SQLWrapper, id: SQLWrapper],
  {
    ascending = false,
    keyAs = "timestamptz",
    idAs = "text",
  }: { ascending?: boolean; keyAs?: KeyAs; idAs?: "text" | "bigint" } = {},
): SQL | undefined {
  if (!cursor) return undefined;
  const idBound = idAs === "bigint" ? sql`${Number(cursor.id)}::bigint` : sql`${cursor.id}`;
  return sql`(${key}, ${id}) ${ascending ? sql`>` : sql`<`} (${keyBound(cursor.key, keyAs)}, ${idBound})`;
}

/** One page of a keyset list: its rows, and the cursor of the next page (null on the last page). */
export type KeysetPage<Row> = { items: Row[]; nextCursor: string | null };

/**
 * Cuts one keyset page from `rows`, read with a limit of `limit + 1`: the extra row, when it came, tells that a next
 * page exists without a count, and the next page starts after the last row kept, whose cursor `cursorOf` gives.
 */
export function keysetPage<Row>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (last: Row) => Cursor<CursorKey>,
): KeysetPage<Row> {
  const items = rows.slice(0, limit);
  const hasNextPage = rows.length > limit && items.length > 0;
  return { items, nextCursor: hasNextPage ? encodeCursor(cursorOf(items[items.length - 1]!)) : null };
}
