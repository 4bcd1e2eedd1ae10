/**
 * The featured places as a calendar (decision 040): at any moment at most `places` featurings hold, and a tool holds
 * one at a time. What a maker buys starts at the first moment its whole period fits; until then it is booked.
 */

/** A featuring that holds, or will hold, a place: from `startsAt` to `endsAt` (null: until it is cancelled). */
export type Hold = { toolId: string | null; startsAt: Date; endsAt: Date | null };

function holdsAt(hold: Hold, at: number): boolean {
  return hold.startsAt.getTime() <= at && (hold.endsAt === null || at < hold.endsAt.getTime());
}

/** Whether a period from `start`, `durationMs` long, finds a free place at every moment of it. */
function fits(holds: Hold[], places: number, start: number, durationMs: number): boolean {
  const end = start + durationMs;
  // The most holds at once within the period is reached at its start or where one of them starts.
  const moments = [start, ...holds.map((hold) => hold.startsAt.getTime()).filter((at) => at > start && at < end)];
  return moments.every((at) => holds.filter((hold) => holdsAt(hold, at)).length < places);
}

/**
 * The first moment from `from` on when a featuring of `durationMs` for `toolId` fits: after the tool's own featuring,
 * and where fewer than `places` others hold at every moment of it. Null when no end is in sight (open-ended holds fill
 * every place).
 */
export function firstFreeStart(
  holds: Hold[],
  places: number,
  from: Date,
  durationMs: number,
  toolId: string,
): Date | null {
  const own = holds.filter((hold) => hold.toolId === toolId);
  if (own.some((hold) => hold.endsAt === null)) return null;
  const earliest = Math.max(from.getTime(), ...own.map((hold) => hold.endsAt!.getTime()));
  // A free place opens only where a hold ends: those are the candidates after the earliest moment.
  const candidates = [
    earliest,
    ...holds.flatMap((hold) => (hold.endsAt && hold.endsAt.getTime() > earliest ? [hold.endsAt.getTime()] : [])),
  ].sort((a, b) => a - b);
  const start = candidates.find((candidate) => fits(holds, places, candidate, durationMs));
  return start === undefined ? null : new Date(start);
}
