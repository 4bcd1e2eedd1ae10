/** A count with its noun in the right number: "1 tool", "12 tools". */
/** When a tool's link was last checked, as its page says it: "today", "1 day ago", "12 days ago". */
export function linkCheckedLabel(checkedAt: string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(checkedAt).getTime()) / 86_400_000));
  return days === 0 ? "Link checked today" : `Link checked ${countOf(days, "day")} ago`;
}

export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  // Thousands are separated, the same on the server and in every browser: "1,204 views".
  return `${count.toLocaleString("en-GB")} ${count === 1 ? singular : plural}`;
}
