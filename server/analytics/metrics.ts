/**
 * The daily counts of the daily_stats table: what each metric counts, and what its subject and detail hold.
 * Every count is added by the event writer (server/analytics/events.ts) in the same transaction as the raw events and
 * the tools' counters, so a tool's `views` and `clicks` are always the sum of its tool-view and tool-click rows.
 */
export const METRICS = {
  /** Every page view of the site. Subject and detail empty. */
  pageviews: "pageviews",
  /** Unique visitors of the day (a visitor's hash counts once a day). Subject and detail empty. */
  visitors: "visitors",
  /** Page views of one page. Subject: the path. */
  page: "page",
  /** Page views of visitors arriving from elsewhere. Subject: the other site's host, or '' for none (typed, bookmarked). */
  referrer: "referrer",
  /** Views of a live tool's page. Subject: the tool id. */
  toolView: "tool_view",
  /** Clicks on a live tool's website link. Subject: the tool id. */
  toolClick: "tool_click",
  /** Views of a tool's page by where they came from. Subject: the tool id; detail: another site's host, one of our paths, or ''. */
  toolReferrer: "tool_referrer",
  /** An ad shown on a page, or its sponsor's line in a newsletter sent (decision 064). Subject: the ad's id. */
  sponsorView: "sponsor_view",
  /** An ad's link followed. Subject: the ad's id. */
  sponsorClick: "sponsor_click",
  /** Events by name ('Outbound Link: Click', 'home_click_nl', ...). Subject: the name; detail: the link's URL for outbound clicks. */
  event: "event",
} as const;

export type Metric = (typeof METRICS)[keyof typeof METRICS];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, as the database's date type reads it: 'YYYY-MM-DD'. */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The day `days` days before (or after, when negative) the given day. */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The last `days` days up to and including today, oldest first: what a chart of that range shows, one point a day. */
export function lastDays(days: number, now: Date): string[] {
  const today = dayOf(now);
  return Array.from({ length: days }, (_, index) => addDays(today, index - days + 1));
}
