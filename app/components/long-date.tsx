/** A calendar date written for people ("4 August 2026") inside a <time> that machines can read. */
import { useWords } from "../i18n.tsx";

/** A moment to the minute, in UTC, the same on the server and in every browser: "2026-11-27 09:30 UTC" (the console's pages). */
export function formatUtcMinute(date: Date | string): string {
  return `${new Date(date).toISOString().slice(0, 16).replace("T", " ")} UTC`;
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
