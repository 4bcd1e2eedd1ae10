/**
 * Fixed-window rate limits kept in the database, so every app process counts the same attempts.
 * One statement per hit: it starts a new window when the last one is over, otherwise adds one.
 */
import { sql } from "drizzle-orm";
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
  mailPerEmail: { max: 3, windowSeconds: 10 * 60 },
  uploadsPerUser: { max: 60, windowSeconds: 60 * 60 },
  submissionsPerUser: { max: 20, windowSeconds: 60 * 60 },
  /** Analytics events (POST /api/event): a person sends a few a minute; an office behind one address, many more. */
  eventsPerAddress: { max: 120, windowSeconds: 60 },
} satisfies Record<string, Limit>;

export function rateLimiter(db: Database) {
  return {
    /** Counts one attempt under `key`; false when the limit is already reached in this window. */
    async hit(key: string, { max, windowSeconds }: Limit, now = new Date()): Promise<boolean> {
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
        .returning({ count: rateLimits.count });
      return (row?.count ?? 1) <= max;
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;

/**
 * The same fixed windows, counted in this process's memory: for analytics events, where a database write per request
 * is what batching avoids. Behind several app processes each counts its own share of a visitor's requests.
 */
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
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
