/** Zod schemas shared by loaders, actions and the JSON API: one definition of each valid input. */
import { z } from "zod";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "./constants.ts";
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
