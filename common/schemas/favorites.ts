/** Favourites: the heart's form. */
import { z } from "#common/zod.ts";
import { MESSAGES } from "../messages.ts";
import { checkboxField } from "./fields.ts";

export const FAVORITE_INTENTS = ["add", "remove"] as const;

/**
 * The heart's form (POST /favorites). Without JavaScript the action sends the browser back to `redirectTo`;
 * the script sets `stay` and gets the new state as data instead.
 */
export const favoriteFormInput = z.object({
  toolId: z
    .string({ error: () => MESSAGES.tool.notFoundById })
    .trim()
    .min(1, { error: () => MESSAGES.tool.notFoundById })
    .max(100, { error: () => MESSAGES.tool.notFoundById }),
  intent: z.enum(FAVORITE_INTENTS, { error: () => MESSAGES.favorite.unknownIntent }),
  redirectTo: z.string().optional(),
  stay: checkboxField,
});
export type FavoriteFormInput = z.infer<typeof favoriteFormInput>;
