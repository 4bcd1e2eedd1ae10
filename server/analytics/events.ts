/**
 * Self-hosted analytics: the events of POST /api/event (Plausible's format), counted without cookies and without
 * keeping an address. A visitor is a hash of their address and browser with a salt that changes every day; the salt is
 * deleted when its day is over, so a hash cannot be traced back to anyone.
 *
 * Events are gathered in memory and written in batches: one transaction stores the raw events, adds to the daily counts
 * (server/analytics/metrics.ts) and to the tools' `views` and `clicks` counters, so those counters always equal the sum
 * of the tool's daily counts.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { MAX_SEARCH_LENGTH, OUTBOUND_CLICK_EVENT, PAGEVIEW_EVENT } from "#common/constants.ts";
import { AppError } from "#common/errors.ts";
import { toolIdFromSlug } from "#common/ids.ts";
import type { AnalyticsEventInput } from "#common/schemas/analytics.ts";
import { toolIdParam } from "#common/schemas/fields.ts";
import { LIMITS, memoryRateLimiter, senderKey } from "../auth/rate-limit.ts";
import type { Config } from "../config.ts";
import type { Database, Transaction } from "../db/client.ts";
import { analyticsSalts, dailyStats, dailyVisitors, events, tools } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { recordSearches, type SearchCounts } from "../search/queries.ts";
import { addDays, dayOf, METRICS } from "./metrics.ts";

/** Who sent an event: only used to tell visitors apart for the day, and to limit how many events one address sends. */
export type Visit = { address: string; userAgent: string };

/** What became of an event: stored (with the next batch), or ignored because a bot sent it. */
export type EventOutcome = "accepted" | "ignored";

/** A search a page view shows: its text, and how many tools its first page found (null: the page did not say). */
type Search = { text: string; resultCount: number | null };

type PendingEvent = typeof events.$inferInsert & { createdAt: Date; visitor: string; path: string; search: Search | null };

/** Events written per batch, and how long an event waits at most before its batch is written. */
const BATCH_SIZE = 500;
const FLUSH_AFTER_MS = 1000;
/** Beyond this many unwritten events (the database has fallen behind), new ones are refused until it catches up. */
const MAX_PENDING = 20_000;
/** Rows per INSERT statement, well under PostgreSQL's limit of parameters. */
const ROWS_PER_INSERT = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type EventCollectorOptions = {
  db: Database;
  config: Pick<Config, "SITE_URL" | "PLAUSIBLE_HOST" | "ANALYTICS_RETENTION_DAYS">;
  logger: Logger;
  /** The clock (tests set it). */
  now?: () => Date;
};

export function eventCollector({ db, config, logger, now = () => new Date() }: EventCollectorOptions) {
  const siteHost = bareHost(new URL(config.SITE_URL).hostname);
  const limiter = memoryRateLimiter();
  const forwarder = config.PLAUSIBLE_HOST ? plausibleForwarder(config.PLAUSIBLE_HOST, logger) : null;
  const salts = new Map<string, Promise<string>>();
  let pending: PendingEvent[] = [];
  let writing: Promise<void> = Promise.resolve();
  let isWriteQueued = false;
  let timer: NodeJS.Timeout | undefined;
  // One warning an hour at most: the log tells the operator without filling up.
  const warnOnce = throttledWarning(logger, 60 * 60 * 1000);

  /** The day's salt, made by whichever process needs it first and shared by all through the database. */
  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day);
    if (!salt) {
      // One lookup a day: the requests that arrive meanwhile wait for it.
      salt = readSalt(db, day);
      salts.clear();
      salts.set(day, salt);
      salt.catch(() => salts.delete(day));
    }
    return salt;
  }

  /** Writes every event gathered so far; the writes happen one after another, never two at once. */
  function flush(): Promise<void> {
    isWriteQueued = true;
    writing = writing.then(async () => {
      isWriteQueued = false;
      clearTimeout(timer);
      timer = undefined;
      const batch = pending;
      pending = [];
      if (batch.length === 0) return;
      try {
        await writeBatch(db, batch);
      } catch (error) {
        if (await isDatabaseAnswering(db)) {
          // The database works, so something in the batch does not: the batch is written in halves, down to the event
          // that fails on its own, which is dropped, so that one bad event never holds up the others.
          await writeInHalves(batch);
          return;
        }
        // Nothing of the batch was written (one transaction): it goes back in front, for the next write.
        logger.error(`analytics: could not write ${batch.length} events; they are kept for the next try`, error);
        pending = [...batch, ...pending].slice(-MAX_PENDING);
        schedule();
      }
    });
    return writing;
  }

  async function writeInHalves(batch: PendingEvent[]): Promise<void> {
    try {
      await writeBatch(db, batch);
    } catch (error) {
      if (batch.length === 1) {
        logger.error(`analytics: dropped an event that cannot be written (${batch[0]!.name} on ${batch[0]!.path})`, error);
        return;
      }
      const middle = Math.ceil(batch.length / 2);
      await writeInHalves(batch.slice(0, middle));
      await writeInHalves(batch.slice(middle));
    }
  }

  function schedule() {
    if (timer || isWriteQueued) return;
    timer = setTimeout(() => void flush(), FLUSH_AFTER_MS);
    timer.unref();
  }

  return {
    /**
     * Takes one event. A bot's event is ignored; too many from one address is a resource-exhausted error, an event
     * for another site an invalid-argument one. The event is written with the next batch.
     */
    async record(event: AnalyticsEventInput, visit: Visit): Promise<EventOutcome> {
      const moment = now();
      if (!visit.userAgent || isbot(visit.userAgent)) return "ignored";
      if (!limiter.hit(`events:${senderKey(visit.address)}`, LIMITS.eventsPerAddress, moment)) {
        // The address itself is not logged: the site keeps none.
        warnOnce("analytics: an address sent too many events; behind a proxy of your own, set TRUST_PROXY=true, or every visitor shares the proxy's address");
        throw new AppError("resource-exhausted", "Too many requests, try again later");
      }
      if (bareHost(event.d) !== siteHost) throw new AppError("invalid-argument", `Events are counted for ${siteHost} only, not for ${event.d}`);
      if (pending.length >= MAX_PENDING) throw new AppError("unavailable", "Too many events at once, try again in a moment");

      const page = new URL(event.u);
      const day = dayOf(moment);
      const visitor = createHash("sha256").update(`${await saltOf(day)}|${siteHost}|${visit.address}|${visit.userAgent}`).digest("hex").slice(0, 32);
      const props = event.p ?? {};
      pending.push({
        createdAt: moment,
        name: event.n,
        path: page.pathname.slice(0, 300),
        referrer: sourceOf(event.r, [siteHost, bareHost(page.hostname)]),
        toolId: toolOf(event.n, page.pathname, props),
        search: searchOf(event.n, page, props),
        visitor,
        props,
      });
      // What the other host needs and no more: the page without its query string (which may hold a sign-in or reset
      // token), and only the site a visitor came from.
      forwarder?.send({ ...event, u: `${page.origin}${page.pathname}`, r: originOf(event.r) }, visit);
      if (pending.length >= BATCH_SIZE && !isWriteQueued) void flush();
      else schedule();
      return "accepted";
    },

    flush,

    /** Deletes raw events past the retention period, and the visitor hashes and salts of days that are over. */
    async purge(): Promise<{ events: number }> {
      const moment = now();
      const cutoff = new Date(moment.getTime() - config.ANALYTICS_RETENTION_DAYS * DAY_MS);
      let removed = 0;
      // In slices, so a large backlog never holds a long lock.
      for (;;) {
        const old = db.select({ id: events.id }).from(events).where(lt(events.createdAt, cutoff)).limit(5000);
        const deleted = await db.delete(events).where(inArray(events.id, old)).returning({ id: events.id });
        removed += deleted.length;
        if (deleted.length < 5000) break;
      }
      const today = dayOf(moment);
      // A batch written just after midnight may still add yesterday's visitors: their hashes stay one more day.
      await db.delete(dailyVisitors).where(lt(dailyVisitors.day, addDays(today, -1)));
      await db.delete(analyticsSalts).where(lt(analyticsSalts.day, today));
      for (const day of salts.keys()) if (day < today) salts.delete(day);
      return { events: removed };
    },

    /** Writes what is left and waits for the forwarded events: before the process ends. */
    async close(): Promise<void> {
      await flush();
      await forwarder?.idle();
    },

    /** Resolves once every forwarded event has been answered (tests wait for it). */
    forwarded: () => forwarder?.idle() ?? Promise.resolve(),
  };
}

export type EventCollector = ReturnType<typeof eventCollector>;

async function readSalt(db: Database, day: string): Promise<string> {
  await db.insert(analyticsSalts).values({ day, salt: randomBytes(16).toString("hex") }).onConflictDoNothing();
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`no analytics salt for ${day}`);
  return row.salt;
}

/** A warning that is written at most once every `intervalMs`; the ones in between are dropped. */
function throttledWarning(logger: Logger, intervalMs: number): (message: string) => void {
  let last = 0;
  return (message) => {
    if (Date.now() - last < intervalMs) return;
    last = Date.now();
    logger.warn(message);
  };
}

async function isDatabaseAnswering(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The site of an address (scheme, host and port), or null when it is none. */
function originOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** A host name as we compare them: lowercase, without "www.". */
function bareHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, "");
}

/**
 * Where a visitor came from, as stored: another site's host, one of our own paths (a visitor moving through the site),
 * or null (no referrer: typed, bookmarked, or a site that sends none). Only the host of another site is kept, never its path.
 */
function sourceOf(referrer: string | null | undefined, ownHosts: string[]): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = bareHost(url.hostname);
  return ownHosts.includes(host) ? url.pathname.slice(0, 300) : host.slice(0, 253);
}

/** The tool an event is about: the tool page a page view shows, or the tool whose website link was clicked. */
function toolOf(name: string, path: string, props: Record<string, unknown>): string | null {
  if (name === PAGEVIEW_EVENT) {
    const slug = /^\/tool\/([^/]+)\/?$/.exec(path)?.[1];
    return slug ? toolIdFromSlug(slug) : null;
  }
  if (name === OUTBOUND_CLICK_EVENT) {
    const id = toolIdParam.safeParse(props.toolId);
    return id.success ? id.data : null;
  }
  return null;
}

/**
 * The search a person made: a page view of the first page of /search/{text}, which says in `results` how many tools
 * it found. It is counted from the page view, as a tool's view is, so that a page served from the cache counts too.
 */
function searchOf(name: string, page: URL, props: Record<string, unknown>): Search | null {
  if (name !== PAGEVIEW_EVENT || page.searchParams.has("cursor")) return null;
  const text = /^\/search\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(page.pathname)?.[1];
  if (!text || text.length > MAX_SEARCH_LENGTH) return null;
  const results = props.results;
  return { text, resultCount: typeof results === "number" && Number.isInteger(results) && results >= 0 ? Math.min(results, 1_000) : null };
}

/** The address of an outbound link as counted: without its query string (our ref parameter, trackers). */
function linkOf(props: Record<string, unknown>): string {
  if (typeof props.url !== "string") return "";
  try {
    const url = new URL(props.url);
    return `${url.origin}${url.pathname}`.slice(0, 300);
  } catch {
    return "";
  }
}

/** Writes a batch in one transaction: the raw events, the tools' counters, the day's new visitors and the daily counts. */
async function writeBatch(db: Database, batch: PendingEvent[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (let start = 0; start < batch.length; start += ROWS_PER_INSERT) {
      await tx.insert(events).values(batch.slice(start, start + ROWS_PER_INSERT));
    }

    // Only a live tool's views and clicks count; the daily counts of a tool follow its counter exactly. The tools' rows
    // are locked first, in id order, so two processes writing batches at once never wait on each other in a circle.
    const toolIds = [...new Set(batch.flatMap((event) => (event.toolId ? [event.toolId] : [])))].sort();
    if (toolIds.length > 0) {
      await tx.select({ id: tools.id }).from(tools).where(sql`${tools.id} = any(${`{${toolIds.join(",")}}`}::text[])`).orderBy(tools.id).for("update");
    }
    const views = countBy(batch.filter((event) => event.name === PAGEVIEW_EVENT && event.toolId), (event) => event.toolId!);
    const clicks = countBy(batch.filter((event) => event.name === OUTBOUND_CLICK_EVENT && event.toolId), (event) => event.toolId!);
    const viewed = await addToCounters(tx, "views", views);
    const clicked = await addToCounters(tx, "clicks", clicks);
    const searched: SearchCounts = new Map();
    for (const { search } of batch) {
      if (!search) continue;
      const counted = searched.get(search.text);
      searched.set(search.text, { count: (counted?.count ?? 0) + 1, resultCount: search.resultCount ?? counted?.resultCount ?? null });
    }
    await recordSearches(tx, searched);

    const visitorsByDay = new Map<string, Set<string>>();
    for (const event of batch) {
      const day = dayOf(event.createdAt);
      const visitors = visitorsByDay.get(day) ?? new Set();
      visitors.add(event.visitor);
      visitorsByDay.set(day, visitors);
    }
    const counts = new Map<string, { metric: string; subject: string; detail: string; day: string; count: number }>();
    const add = (metric: string, subject: string, detail: string, day: string, count = 1) => {
      const key = `${metric}\u0000${subject}\u0000${detail}\u0000${day}`;
      const row = counts.get(key);
      if (row) row.count += count;
      else counts.set(key, { metric, subject, detail, day, count });
    };
    for (const [day, visitors] of visitorsByDay) {
      const rows = [...visitors].sort().map((visitor) => ({ day, visitor }));
      let added = 0;
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const inserted = await tx
          .insert(dailyVisitors)
          .values(rows.slice(start, start + ROWS_PER_INSERT))
          .onConflictDoNothing()
          .returning({ day: dailyVisitors.day });
        added += inserted.length;
      }
      if (added > 0) add(METRICS.visitors, "", "", day, added);
    }
    for (const event of batch) {
      const day = dayOf(event.createdAt);
      if (event.name === PAGEVIEW_EVENT) {
        add(METRICS.pageviews, "", "", day);
        add(METRICS.page, event.path, "", day);
        // A visitor arriving (from another site, or from nowhere); moving from one of our pages to another is not a source.
        if (!event.referrer?.startsWith("/")) add(METRICS.referrer, event.referrer ?? "", "", day);
        if (event.toolId && viewed.has(event.toolId)) {
          add(METRICS.toolView, event.toolId, "", day);
          add(METRICS.toolReferrer, event.toolId, event.referrer ?? "", day);
        }
      } else {
        add(METRICS.event, event.name, event.name === OUTBOUND_CLICK_EVENT ? linkOf(event.props ?? {}) : "", day);
        if (event.name === OUTBOUND_CLICK_EVENT && event.toolId && clicked.has(event.toolId)) add(METRICS.toolClick, event.toolId, "", day);
      }
    }
    // In key order, so two processes writing at once take the rows' locks in the same order.
    const rows = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await tx
        .insert(dailyStats)
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .onConflictDoUpdate({
          target: [dailyStats.metric, dailyStats.subject, dailyStats.detail, dailyStats.day],
          set: { count: sql`${dailyStats.count} + excluded.count` },
        });
    }
  });
}

function countBy<T>(items: T[], keyOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

/** Adds to a counter of live tools (one statement per distinct amount); answers the ids that were live and counted. */
async function addToCounters(tx: Transaction, column: "views" | "clicks", amounts: Map<string, number>): Promise<Set<string>> {
  const byAmount = new Map<number, string[]>();
  for (const [id, amount] of amounts) byAmount.set(amount, [...(byAmount.get(amount) ?? []), id]);
  const counted = new Set<string>();
  for (const [amount, ids] of byAmount) {
    const rows = await tx
      .update(tools)
      .set({ [column]: sql`${tools[column]} + ${amount}` })
      .where(and(sql`${tools.id} = any(${`{${ids.sort().join(",")}}`}::text[])`, eq(tools.isActive, true), eq(tools.isVerified, true)))
      .returning({ id: tools.id });
    for (const row of rows) counted.add(row.id);
  }
  return counted;
}

/**
 * Sends each event on to a Plausible-compatible host, as Plausible's proxy guide does (the visitor's browser and
 * address in User-Agent and X-Forwarded-For), a few at a time, never holding up the visitor's request.
 */
function plausibleForwarder(host: string, logger: Logger) {
  const endpoint = `${host.replace(/\/+$/, "")}/api/event`;
  const queue: { body: unknown; visit: Visit }[] = [];
  let active = 0;
  let waiting: (() => void)[] = [];
  // One warning a minute at most: an unreachable host must not flood the log.
  const warn = throttledWarning(logger, 60_000);

  async function deliver({ body, visit }: { body: unknown; visit: Visit }) {
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": visit.userAgent,
          ...(visit.address !== "unknown" ? { "x-forwarded-for": visit.address } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
      await response.body?.cancel();
      if (!response.ok) warn(`analytics: ${endpoint} answered ${response.status}`);
    } catch (error) {
      warn(`analytics: could not forward an event to ${endpoint}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  function pump() {
    while (active < 4 && queue.length > 0) {
      const item = queue.shift()!;
      active++;
      void deliver(item).finally(() => {
        active--;
        pump();
      });
    }
    if (active === 0 && queue.length === 0) {
      for (const resolve of waiting) resolve();
      waiting = [];
    }
  }

  return {
    send(body: unknown, visit: Visit) {
      if (queue.length >= MAX_PENDING) return warn(`analytics: ${endpoint} is too slow; events are not forwarded`);
      queue.push({ body, visit });
      pump();
    },
    idle(): Promise<void> {
      if (active === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

