/**
 * Keyset cursors for lists ordered by (key, id), written "<key>.<id>".
 * The key is an integer: epoch milliseconds for dates, the count itself for views or clicks, a scaled score for search
 * rank. A list in text order (tools by name) keys by a text instead, written "t" and the text in base64url, so that any
 * name stays one safe token in a URL and can never be read as a number.
 * The id is an entity id, or a slug-shaped value (a tag, a search text) where that is what breaks ties.
 */
export type CursorKey = number | string;
export type Cursor<Key extends CursorKey = number> = { key: Key; id: string };

const TEXT_KEY_MARK = "t";
/** A name of a few hundred characters, each up to 4 bytes of UTF-8. */
const MAX_TEXT_KEY_LENGTH = 1200;
const CURSOR_PATTERN = new RegExp(
  `^(?:(-?\\d{1,15})|${TEXT_KEY_MARK}([A-Za-z0-9_-]{0,${MAX_TEXT_KEY_LENGTH}}))\\.([a-z0-9][a-z0-9_-]{0,99})$`,
);

// btoa and atob: this module runs in browsers too, which have no Buffer.
function toBase64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The text, or null when it is not base64url of UTF-8 a database can store. */
function fromBase64Url(encoded: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(encoded.replaceAll("-", "+").replaceAll("_", "/")), (char) =>
      char.charCodeAt(0),
    );
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return text.includes("\u0000") ? null : text;
  } catch {
    return null;
  }
}

export function encodeCursor({ key, id }: Cursor<CursorKey>): string {
  return `${typeof key === "string" ? TEXT_KEY_MARK + toBase64Url(key) : key}.${id}`;
}

/** A cursor with either kind of key, or null when the text is not one we made: for the lists that have text orders. */
export function decodeAnyCursor(text: string): Cursor<CursorKey> | null {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  const id = match[3]!;
  if (match[1] === undefined) {
    const key = fromBase64Url(match[2]!);
    return key === null ? null : { key, id };
  }
  const key = Number(match[1]);
  return Number.isSafeInteger(key) ? { key, id } : null;
}

/** A cursor with an integer key, or null when the text is not one we made (or has a text key). */
export function decodeCursor(text: string): Cursor | null {
  const cursor = decodeAnyCursor(text);
  return cursor && typeof cursor.key === "number" ? { key: cursor.key, id: cursor.id } : null;
}
