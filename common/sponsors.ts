/**
 * Sponsor placements (decision 064): what a sponsor may book, a week at a time, and the weeks as they are kept (their
 * Monday, UTC, 'YYYY-MM-DD').
 */
import { say } from "./i18n/say.ts";

/**
 * The sticky banner at the top of every page, a card in the home page's featured grid, a slot on tool pages and lists,
 * and the line of the newsletter's digests.
 */
export const PLACEMENTS = ["banner", "home-card", "list-slot", "newsletter"] as const;
export type Placement = (typeof PLACEMENTS)[number];

export function isPlacement(kind: string): kind is Placement {
  return (PLACEMENTS as readonly string[]).includes(kind);
}

/** A placement's name in the language of whoever is being answered. */
export function placementName(kind: Placement): string {
  return kind === "banner"
    ? say("sponsor.placementBanner")
    : kind === "home-card"
      ? say("sponsor.placementHomeCard")
      : kind === "list-slot"
        ? say("sponsor.placementListSlot")
        : say("sponsor.placementNewsletter");
}

/** An ad's text: one sentence, as a banner holds it. */
export const SPONSOR_TEXT_MAX = 140;
/** The most weeks ahead an operator may sell, and how many they sell until they say otherwise. */
export const SPONSOR_MAX_WEEKS_AHEAD = 52;
export const SPONSOR_DEFAULT_WEEKS_AHEAD = 12;
/** The most weeks one booking may hold. */
export const SPONSOR_MAX_WEEKS = 12;

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday (UTC) of the week holding `at`, as 'YYYY-MM-DD'. */
export function mondayOf(at: Date): string {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(day - ((at.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday `weeks` weeks after `monday`. */
export function addWeeks(monday: string, weeks: number): string {
  return new Date(Date.parse(`${monday}T00:00:00Z`) + weeks * WEEK_MS).toISOString().slice(0, 10);
}

/** When the week of `monday` is over: the next Monday's first moment. */
export function weekEnd(monday: string): Date {
  return new Date(Date.parse(`${monday}T00:00:00Z`) + WEEK_MS);
}

/** The weeks on sale from `at`: the current one (its ad runs at once) and the next ones, `weeksAhead` in all. */
export function weeksOnSale(at: Date, weeksAhead: number): string[] {
  const first = mondayOf(at);
  return Array.from({ length: weeksAhead }, (_, index) => addWeeks(first, index));
}
