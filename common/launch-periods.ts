/**
 * The periods of the launches' leaderboards (decision 063): a day (YYYY-MM-DD) or an ISO week (YYYY-Www, weeks from
 * Monday), in UTC, each with its bounds and its neighbours.
 */
import { isCalendarDay, isHeldYear } from "./days.ts";

const DAY_MS = 86_400_000;

export type LaunchPeriod = {
  kind: "day" | "week";
  /** Its address's key: 2026-11-29 or 2026-W48. */
  key: string;
  from: Date;
  to: Date;
  previous: string;
  next: string;
};

const dayKey = (at: Date) => at.toISOString().slice(0, 10);

/** The Monday that starts ISO week `week` of `year`. */
function weekStart(year: number, week: number): Date {
  const january4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(january4.getTime() - ((january4.getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(monday.getTime() + (week - 1) * 7 * DAY_MS);
}

/** The ISO week key of `at`: the year of its week's Thursday, and the week's number. */
export function weekKeyOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const thursday = new Date(day.getTime() + (3 - ((day.getUTCDay() + 6) % 7)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.round((thursday.getTime() - weekStart(year, 1).getTime() - 3 * DAY_MS) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** The period a key names, or null for anything else. */
export function launchPeriod(key: string): LaunchPeriod | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (day) {
    if (!isCalendarDay(key)) return null;
    const from = new Date(`${key}T00:00:00Z`);
    return {
      kind: "day",
      key,
      from,
      to: new Date(from.getTime() + DAY_MS),
      previous: dayKey(new Date(from.getTime() - DAY_MS)),
      next: dayKey(new Date(from.getTime() + DAY_MS)),
    };
  }
  const week = /^(\d{4})-W(\d{2})$/.exec(key);
  if (week) {
    if (!isHeldYear(Number(week[1]))) return null;
    const from = weekStart(Number(week[1]), Number(week[2]));
    if (Number(week[2]) < 1 || weekKeyOf(from) !== key) return null;
    return {
      kind: "week",
      key,
      from,
      to: new Date(from.getTime() + 7 * DAY_MS),
      previous: weekKeyOf(new Date(from.getTime() - 7 * DAY_MS)),
      next: weekKeyOf(new Date(from.getTime() + 7 * DAY_MS)),
    };
  }
  return null;
}

/** Today's period, UTC. */
export const todayKey = (at: Date) => dayKey(at);
