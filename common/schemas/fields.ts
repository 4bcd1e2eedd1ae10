/** Field schemas that several inputs share: a list's cursor, ids, slugs, checkboxes, an analytics range. */
import { type Said, z } from "#common/zod.ts";
import { isCalendarDay } from "../days.ts";
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from "../constants.ts";
import { decodeAnyCursor, decodeCursor } from "../cursor.ts";
import { MESSAGES } from "../messages.ts";

/** A cursor parameter read by `decode`: an empty value is the first page, and a cursor we did not make is refused. */
function cursorField<Parsed>(decode: (text: string) => Parsed | null) {
  return z
    .string()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const cursor = decode(text);
      if (!cursor) {
        ctx.addIssue({ code: "custom", message: MESSAGES.page.invalidCursor });
        return z.NEVER;
      }
      return cursor;
    });
}

/** Where a keyset list continues from. */
export const cursorParam = cursorField(decodeCursor);

/** Where a tool list continues from: its name order keys by a text, its other orders by a number. */
export const toolListCursorParam = cursorField(decodeAnyCursor);

/** Text a database can store: no NUL character and no half of a surrogate pair. */
export function isStorableText(text: string): boolean {
  return (
    !text.includes("\u0000") && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)
  );
}

/** `text` made storable: its NUL characters dropped and each half of a surrogate pair alone made U+FFFD. */
export function storableText(text: string): string {
  return text
    .replaceAll("\u0000", "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** A tool id in a path or a form; text that cannot be one names no tool. */
export const toolIdParam = z.string().regex(/^t[a-z0-9_]{1,40}$/, { error: () => MESSAGES.tool.notFoundById });

/** Tags and category addresses are slugs: lowercase words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 100;

/** A slug, refused with `message`. */
export function slugField(message?: Said) {
  return z.string().max(MAX_SLUG_LENGTH, message).regex(SLUG_PATTERN, message);
}

/** A category's address or a tag in a path (/category/{slug}, /tag/{slug}). */
export const slugParam = slugField();

/** A real calendar day as a date field sends it (YYYY-MM-DD, see isCalendarDay); `message` for anything else. */
export function dayField(message: () => string) {
  return z.string({ error: message }).refine(isCalendarDay, { error: message });
}

/** An HTML checkbox: present ("on") when ticked, absent otherwise. */
export const checkboxField = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** A dashboard's range (?days=7, 30 or 90); anything else falls back to the default range. */
export const analyticsRangeParam = z.coerce.number().pipe(z.literal(ANALYTICS_RANGES)).catch(DEFAULT_ANALYTICS_RANGE);
