/** A calendar date written for people ("4 August 2026") inside a <time> that machines can read. */
import { useWords } from "../i18n.tsx";

// Read as a UTC calendar day, so the server and every browser's time zone print the same day.
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A moment to the minute, in UTC, the same on the server and in every browser: "2026-11-27 09:30 UTC" (the console's pages). */
export function formatUtcMinute(date: Date | string): string {
  return `${new Date(date).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** Formats a YYYY-MM-DD date. */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The day in the page's language. */
export function LongDate({ isoDate, className }: { isoDate: string; className?: string }) {
  const { longDate } = useWords();
  return (
    <time dateTime={isoDate} className={className}>
      {longDate(isoDate)}
    </time>
  );
}
