/** How a waiting tool's place in the verification queue reads for its maker: "3rd in the queue · about 3 days". */

const HOURS_PER_DAY = 24;
const DAYS_PER_WEEK = 7;
/** Up to two weeks a wait reads in days; longer ones in weeks, since a precise count of days would promise too much. */
const LONGEST_WAIT_IN_DAYS = 2 * DAYS_PER_WEEK;

export type QueuePlace = { place: number; estimatedHours: number };

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st... */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** An estimated wait in the largest unit that still means something: hours, then days, then weeks. */
export function aboutDuration(hours: number): string {
  if (hours < HOURS_PER_DAY) return `about ${plural(Math.max(1, Math.round(hours)), "hour")}`;
  const days = Math.round(hours / HOURS_PER_DAY);
  if (days <= LONGEST_WAIT_IN_DAYS) return `about ${plural(days, "day")}`;
  return `about ${plural(Math.round(days / DAYS_PER_WEEK), "week")}`;
}

export function describeQueuePlace({ place, estimatedHours }: QueuePlace): string {
  return `${ordinal(place)} in the queue · ${aboutDuration(estimatedHours)}`;
}
