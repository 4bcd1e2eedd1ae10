/** Keyset cursors for lists ordered by (created_at, id) descending: "<epoch ms>.<id>". */
export type Cursor = { createdAt: Date; id: string };

export function encodeCursor({ createdAt, id }: Cursor): string {
  return `${createdAt.getTime()}.${id}`;
}

/** The cursor, or null when the text is not one we made. */
export function decodeCursor(text: string): Cursor | null {
  const match = /^(\d{1,15})\.([a-z][a-z0-9_]{1,40})$/.exec(text);
  if (!match) return null;
  const createdAt = new Date(Number(match[1]));
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: match[2]! };
}
