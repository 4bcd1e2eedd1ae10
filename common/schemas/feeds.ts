/** The embeddable badges' options: /badge/{slug}.svg?theme=dark&views=1. */
import { z } from "#common/zod.ts";
import { MESSAGES } from "../messages.ts";

export const BADGE_THEMES = ["light", "dark"] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];

export const badgeQuery = z.object({
  theme: z.enum(BADGE_THEMES, { error: () => MESSAGES.feeds.badgeTheme }).default("light"),
  views: z
    .enum(["0", "1"], { error: () => MESSAGES.feeds.badgeViews })
    .default("0")
    .transform((views) => views === "1"),
  /** The week the tool won (YYYY-Www): the winner's badge (decision 063). */
  week: z
    .string()
    .regex(/^\d{4}-W\d{2}$/, { error: () => MESSAGES.feeds.badgeWeek })
    .optional(),
});
export type BadgeQuery = z.infer<typeof badgeQuery>;
