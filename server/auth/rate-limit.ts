/**
 * Fixed-window rate limits kept in the database, so every app process counts the same attempts.
 * One statement per hit: it starts a new window when the last one is over, otherwise adds one.
 */
import { sql } from "drizzle-orm";
import { LIKES_COUNTED_PER_DAY, REVIEWS_PER_DAY } from "#common/constants.ts";
import type { Database } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";

export type Limit = { max: number; windowSeconds: number };

/** Sign-in and sign-up attempts, password checks, e-mails asked for, uploads and tool submissions, per visitor address, e-mail address or user. */
export const LIMITS = {
  /**
   * Sign-in attempts, keyed so that an attacker slows themself and not the account's owner: a few guesses at one account
   * from one address, and a longer back-off for one address trying many accounts. Every way to sign in counts here.
   */
  signInPerAddressAndAccount: { max: 10, windowSeconds: 10 * 60 },
  signInPerAddress: { max: 30, windowSeconds: 60 * 60 },
  /** Checks of a signed-in user's current password (changing it). */
  passwordChecksPerUser: { max: 10, windowSeconds: 10 * 60 },
  registerPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /**
   * E-mailed sign-in links and password resets, keyed as sign-in is: a stranger asking for someone's links uses up
   * the stranger's allowance (per address and account, and per address), never the owner's.
   */
  mailPerAddressAndAccount: { max: 3, windowSeconds: 10 * 60 },
  mailPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /**
   * The inbox's ceiling, for each kind of link: past it a request sends nothing new and says that a link was sent
   * recently. Its window is no longer than a link's lifetime (an hour), so that link still works.
   */
  mailPerAccount: { max: 5, windowSeconds: 60 * 60 },
  uploadsPerUser: { max: 60, windowSeconds: 60 * 60 },
  submissionsPerUser: { max: 20, windowSeconds: 60 * 60 },
  /** Sponsor bookings (decision 064): each opens a Checkout session on the operator's account and may store a logo. */
  sponsorBookingsPerUser: { max: 10, windowSeconds: 60 * 60 },
  sponsorBookingsPerAddress: { max: 20, windowSeconds: 60 * 60 },
  /** Problem reports on tools' pages, from anyone: a person reports a few, a flood is refused. */
  reportsPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /** Reports on one tool in a day, from everyone: past it a flood (many addresses) is refused, and the admins told once. */
  reportsPerTool: { max: 20, windowSeconds: 24 * 60 * 60 },
  /** "Fill from website": each one reads another site on the maker's behalf. */
  websiteFillsPerUser: { max: 30, windowSeconds: 60 * 60 },
  /** "Look for the badge" (decision 062): each one reads the maker's page. */
  linkBackChecksPerUser: { max: 10, windowSeconds: 60 * 60 },
  /** Analytics events (POST /api/event): a person sends a few a minute; an office behind one address, many more. */
  eventsPerAddress: { max: 120, windowSeconds: 60 },
  /** Likes that start to count, per account and day (decision 042): past it a like is kept and waits for the next window. */
  likesCountedPerUser: { max: LIKES_COUNTED_PER_DAY, windowSeconds: 24 * 60 * 60 },
  /** New reviews per account and day (decision 043); editing one is not limited. */
  reviewsPerUser: { max: REVIEWS_PER_DAY, windowSeconds: 24 * 60 * 60 },
  /** "Helpful" votes per account: a person reads and votes on a few dozen reviews an hour. */
  helpfulVotesPerUser: { max: 60, windowSeconds: 60 * 60 },
  /** Requests made with one personal API key (its answers say where it stands: RateLimit-* headers). */
  requestsPerApiKey: { max: 120, windowSeconds: 60 },
} satisfies Record<string, Limit>;

/** Where one key stands after a hit: whether it passed, what is left in the window and when the window ends. */
export type LimitState = { allowed: boolean; limit: number; remaining: number; resetAt: Date };

export function rateLimiter(db: Database) {
  /** Counts one attempt under `key` and says where it stands in its window. */
  async function take(key: string, { max, windowSeconds }: Limit, now = new Date()): Promise<LimitState> {
    const windowStartAfter = new Date(now.getTime() - windowSeconds * 1000);
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} <= ${windowStartAfter.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartAfter.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
    const count = row?.count ?? 1;
    const resetAt = new Date((row?.windowStart ?? now).getTime() + windowSeconds * 1000);
    return { allowed: count <= max, limit: max, remaining: Math.max(0, max - count), resetAt };
  }
  return {
    /** Counts one attempt under `key`; false when the limit is already reached in this window. */
    async hit(key: string, limit: Limit, now = new Date()): Promise<boolean> {
      return (await take(key, limit, now)).allowed;
    },
    take,
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;

/** The same fixed windows, counted in this process's memory only (sharedRateLimiter's first gate). */
export function memoryRateLimiter() {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let lastSweep = 0;
  return {
    /** Counts one attempt under `key`; false when the limit is already reached in this window. */
    hit(key: string, { max, windowSeconds }: Limit, now = new Date()): boolean {
      const time = now.getTime();
      // Forget the finished windows now and then (at most every ten seconds), so the map holds only current senders;
      // past a hard cap (a flood of made-up addresses) it starts again empty rather than grow without end.
      if (windows.size > 10_000 && time - lastSweep > 10_000) {
        lastSweep = time;
        for (const [stale, window] of windows) if (window.endsAt <= time) windows.delete(stale);
        if (windows.size > 100_000) windows.clear();
      }
      const window = windows.get(key);
      if (!window || window.endsAt <= time) {
        windows.set(key, { count: 1, endsAt: time + windowSeconds * 1000 });
        return true;
      }
      window.count++;
      return window.count <= max;
    },
  };
}

/** How often a process adds its senders' hits to the database's counts (`sharedRateLimiter`). */
const SHARED_SYNC_AFTER_MS = 1000;
/** Rows per statement when the hits of many senders are added at once. */
const SHARED_SYNC_CHUNK = 1000;

/**
 * The same fixed windows, held across processes without a database write per hit: for analytics events, where a write
 * per request is what batching avoids. Each process counts in memory (so it alone never lets more than `max` through)
 * and adds what it counted to the window's row in `rate_limits` once a second, one statement for all its senders; a
 * sender whose total across processes is over the limit is refused by every process until its window ends. The cost:
 * for up to a second after a sender goes over, each process may still let a few of its requests through.
 */
export function sharedRateLimiter(
  db: Database,
  limit: Limit,
  { onSyncError }: { onSyncError?: (error: unknown) => void } = {},
) {
  const local = memoryRateLimiter();
  let unsent = new Map<string, number>();
  const blockedUntil = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let syncing: Promise<void> = Promise.resolve();

  async function addToDatabase(hits: Map<string, number>, now: Date): Promise<void> {
    const windowStartAfter = new Date(now.getTime() - limit.windowSeconds * 1000).toISOString();
    const expired = sql`${rateLimits.windowStart} <= ${windowStartAfter}::timestamptz`;
    const entries = [...hits];
    for (let start = 0; start < entries.length; start += SHARED_SYNC_CHUNK) {
      const rows = await db
        .insert(rateLimits)
        .values(
          entries.slice(start, start + SHARED_SYNC_CHUNK).map(([key, count]) => ({ key, count, windowStart: now })),
        )
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then excluded.count else ${rateLimits.count} + excluded.count end`,
            windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart });
      for (const row of rows) {
        if (row.count > limit.max) blockedUntil.set(row.key, row.windowStart.getTime() + limit.windowSeconds * 1000);
      }
    }
  }

  function sync(now = new Date()): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    syncing = syncing.then(async () => {
      const time = now.getTime();
      for (const [key, until] of blockedUntil) if (until <= time) blockedUntil.delete(key);
      if (unsent.size === 0) return;
      const hits = unsent;
      unsent = new Map();
      try {
        await addToDatabase(hits, now);
      } catch (error) {
        // The hits are dropped: this process's own count still limits each sender.
        onSyncError?.(error);
      }
    });
    return syncing;
  }

  return {
    /** Counts one attempt under `key`; false when the limit is reached in this process or, as last seen, across all. */
    hit(key: string, now = new Date()): boolean {
      const until = blockedUntil.get(key);
      if (until !== undefined && until > now.getTime()) return false;
      if (!local.hit(key, limit, now)) return false;
      // Past a hard cap (a flood of made-up addresses) the hits wait for the next sync rather than grow the map further.
      if (unsent.size < 100_000 || unsent.has(key)) unsent.set(key, (unsent.get(key) ?? 0) + 1);
      if (!timer) {
        timer = setTimeout(() => void sync(), SHARED_SYNC_AFTER_MS);
        timer.unref();
      }
      return true;
    },
    /** Adds the hits counted since the last sync to the database's counts, and learns who is over the limit. */
    sync,
  };
}

/**
 * The key one sender's requests are counted under: the address itself, or for IPv6 its /64 network, which one home or
 * one server is given whole (so cycling through it does not escape the limit).
 */
export function senderKey(address: string): string {
  if (!address.includes(":")) return address;
  // An IPv4 visitor on a dual-stack socket: "::ffff:203.0.113.7".
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
