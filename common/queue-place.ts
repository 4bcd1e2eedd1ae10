/** How a waiting tool's place in the verification queue reads for its maker: "3rd in the queue · about 3 days". */

import type { Translate } from "./i18n/translate.ts";

const HOURS_PER_DAY = 24;
const DAYS_PER_WEEK = 7;
/** Up to two weeks a wait reads in days; longer ones in weeks, since a precise count of days would promise too much. */
const LONGEST_WAIT_IN_DAYS = 2 * DAYS_PER_WEEK;

export type QueuePlace = { place: number; estimatedHours: number };

/** An estimated wait in the largest unit that still means something: hours, then days, then weeks. */
export function aboutDuration(hours: number): { unit: "hour" | "day" | "week"; count: number } {
  if (hours < HOURS_PER_DAY) return { unit: "hour", count: Math.max(1, Math.round(hours)) };
  const days = Math.round(hours / HOURS_PER_DAY);
  if (days <= LONGEST_WAIT_IN_DAYS) return { unit: "day", count: days };
  return { unit: "week", count: Math.round(days / DAYS_PER_WEEK) };
}

/** The place and the wait, in the reader's language: "3rd in the queue · about 3 days". */
export function describeQueuePlace(t: Translate, { place, estimatedHours }: QueuePlace): string {
  return t("queue.place", { place, ...aboutDuration(estimatedHours) });
}
