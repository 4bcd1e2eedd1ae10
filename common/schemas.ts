/** Zod schemas shared by loaders, actions and the JSON API: one definition of each valid input. */
import { z } from "zod";
import { MAX_PAGE_SIZE, PAGE_SIZE, PAYMENT_TYPES } from "./constants.ts";
import { decodeCursor } from "./cursor.ts";
import { MESSAGES } from "./errors.ts";

export const cursorParam = z
  .string()
  .trim()
  .optional()
  .transform((text, ctx) => {
    if (!text) return null;
    const cursor = decodeCursor(text);
    if (!cursor) {
      ctx.addIssue({ code: "custom", message: MESSAGES.invalidCursor });
      return z.NEVER;
    }
    return cursor;
  });

/** A page of a list: where to continue from and how many. */
export const pageQuery = z.object({
  cursor: cursorParam,
  limit: z.coerce
    .number({ message: `limit must be a number from 1 to ${MAX_PAGE_SIZE}` })
    .int()
    .min(1, `limit must be a number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be a number from 1 to ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
});

export type PageQuery = z.infer<typeof pageQuery>;

export const toolIdParam = z.string().regex(/^t[a-z0-9_]{1,40}$/, "No tool found with this ID");

/** The sort orders of /tools: newest first, most viewed, most clicked. */
export const TOOL_SORTS = ["newest", "views", "clicks"] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

/** Tags and category addresses are slugs: lowercase words joined by single hyphens. */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 100;

function slug(message?: string) {
  return z.string().max(MAX_SLUG_LENGTH, message).regex(SLUG_PATTERN, message);
}

/** A category's address or a tag in a path (/category/{slug}, /tag/{slug}). */
export const slugParam = slug();

/** A GET form sends an unset select as an empty value: it means no filter. */
const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

/** The filters of /tools, in the URL so every filtered view can be linked to and crawled. */
export const toolListQuery = pageQuery.extend({
  sort: z.preprocess(emptyAsUnset, z.enum(TOOL_SORTS, { message: `sort must be one of ${TOOL_SORTS.join(", ")}` }).default("newest")),
  category: z.preprocess(emptyAsUnset, slug("category must be a category's address, such as design").optional()),
  tag: z.preprocess(emptyAsUnset, slug("tag must be a tag such as open-source").optional()),
  payment: z.preprocess(emptyAsUnset, z.enum(PAYMENT_TYPES, { message: `payment must be one of ${PAYMENT_TYPES.join(", ")}` }).optional()),
});

export type ToolListQuery = z.infer<typeof toolListQuery>;

/** Tags per page of /tags: a cloud this size is still quick to scan. */
export const TAG_PAGE_SIZE = 200;

/** A page of /tags. */
export const tagListQuery = z.object({ cursor: cursorParam });

export type TagListQuery = z.infer<typeof tagListQuery>;
