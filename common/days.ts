/**
 * A calendar day as addresses and date fields write it (YYYY-MM-DD, UTC). The site holds no day before 1970, and the
 * database has no year 0: a day outside 1970 to 9999 is no day, refused before it reaches a query.
 */
export function isCalendarDay(text: string): boolean {
  if (!/^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Whether `year` is one the site can hold (see isCalendarDay). */
export const isHeldYear = (year: number) => year >= 1970 && year <= 9999;
