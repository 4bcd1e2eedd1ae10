/**
 * English counts for what speaks English only: the operator's commands and a badge's title ("1,204 views"). A page, a
 * mail or the console writes its numbers and days through its language's Words (common/i18n/translate.ts).
 */
const NUMBER = new Intl.NumberFormat("en-GB");
const formatNumber = (count: number): string => NUMBER.format(count);

/** Whole days from `since` to `now`: when a tool's link was last checked, as its page says it ("today", "12 days ago"). */
export function daysSince(since: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 86_400_000));
}

/** A count with its noun in the right number: "1 tool", "12 tools", "1,204 views". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}
