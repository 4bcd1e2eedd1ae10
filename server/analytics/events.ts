/**
 * Self-hosted analytics: the events of POST /api/event (Plausible's format), counted without cookies and without
 * keeping an address. A visitor is a hash of their address and browser with a salt that changes every day; the salt is
 * deleted when its day is over, so a hash cannot be traced back to anyone.
 *
 * The collector reads what each event means (its tool, its source, its search) and gathers the events into batches,
 * written by ./event-writer.ts in one SQL statement each; a request is answered once its event's batch has committed
 * (group commit). A stored event is forwarded to a Plausible host by ./plausible.ts when one is set.
 */
import { withoutLocalePrefix } from "#common/locales.ts";
import { createHash, randomBytes } from "node:crypto";
import { eq, inArray, lt } from "drizzle-orm";
import { isbot } from "isbot";
import { MAX_SEARCH_LENGTH, OUTBOUND_CLICK_EVENT, PAGEVIEW_EVENT, SPONSOR_CLICK_EVENT } from "#common/constants.ts";
import { BADGE_REF, BADGE_SOURCE } from "#common/badges.ts";
import { MESSAGES } from "#common/messages.ts";
import { AppError } from "#common/errors.ts";
import { toolIdFromSlug } from "#common/ids.ts";
import type { AnalyticsEventInput } from "#common/schemas/analytics.ts";
import { toolIdParam } from "#common/schemas/fields.ts";
import { LIMITS, senderKey, sharedRateLimiter } from "../auth/rate-limit.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { analyticsSalts, dailyVisitors, events, searchVisitors, sponsorVisitors } from "../db/schema.ts";
import { type Logger, throttledWarning } from "../logger.ts";
import { type EventSearch, isDatabaseAnswering, type PendingEvent, writeBatch } from "./event-writer.ts";
import { addDays, dayOf } from "./metrics.ts";
import { plausibleForwarder } from "./plausible.ts";

/** Who sent an event: only used to tell visitors apart for the day, and to limit how many events one address sends. */
export type Visit = { address: string; userAgent: string };

/** What became of an event: stored (its batch has committed), or ignored because a bot sent it. */
export type EventOutcome = "accepted" | "ignored";

/**
 * Group commit: an event is acknowledged only once the transaction holding it has committed. While no batch is being
 * written, the events that arrive are written at once (after a short gathering pause); while one is, the events that
 * arrive meanwhile wait and are written together as the next batch, at most BATCH_SIZE at a time. So a lone event waits
 * for one short transaction, and under load each transaction carries many events.
 */
const BATCH_SIZE = 500;
/** How long a batch gathers events before it is written, when the writer is free. */
const GATHER_MS = 2;
/** Beyond this many events waiting for their batch (the database has fallen behind), new ones are refused. */
const MAX_PENDING = 20_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An event waiting for its batch, with the request that waits for its answer. */
type WaitingEvent = { event: PendingEvent; stored: () => void; failed: (error: AppError) => void };

export type EventCollectorOptions = {
  db: Database;
  config: Pick<Config, "SITE_URL" | "PLAUSIBLE_HOST" | "ANALYTICS_RETENTION_DAYS">;
  logger: Logger;
  /** The clock (tests set it). */
  now?: () => Date;
};

export function eventCollector({ db, config, logger, now = () => new Date() }: EventCollectorOptions) {
  const siteHost = bareHost(new URL(config.SITE_URL).hostname);
  // Counted in memory, and added to the database's counts once a second: the limit holds across processes.
  const limiter = sharedRateLimiter(db, LIMITS.eventsPerAddress, {
    onSyncError: (error) => logger.warn(`analytics: could not share the events' rate counts: ${String(error)}`),
  });
  const forwarder = config.PLAUSIBLE_HOST ? plausibleForwarder(config.PLAUSIBLE_HOST, logger) : null;
  const salts = new Map<string, Promise<string>>();
  let pending: WaitingEvent[] = [];
  /** The batches being written, one after another (never two at once), and whether a write is already queued behind. */
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

  /** Writes every event waiting so far, in batches of at most BATCH_SIZE; resolves once each has been answered. */
  function flush(): Promise<void> {
    isWriteQueued = true;
    clearTimeout(timer);
    timer = undefined;
    writing = writing.then(async () => {
      isWriteQueued = false;
      while (pending.length > 0) {
        const batch = pending.slice(0, BATCH_SIZE);
        pending = pending.slice(BATCH_SIZE);
        await writeWaiting(batch);
      }
    });
    return writing;
  }

  /** Writes one batch and answers each of its requests: stored, or an error saying it was not. */
  async function writeWaiting(batch: WaitingEvent[]): Promise<void> {
    try {
      await writeBatch(
        db,
        batch.map((waiting) => waiting.event),
      );
      for (const waiting of batch) waiting.stored();
    } catch (error) {
      if (batch.length > 1 && (await isDatabaseAnswering(db))) {
        // The database works, so something in the batch does not: the batch is written in halves, down to the event
        // that fails on its own, which alone is refused, so that one bad event never holds up the others.
        const middle = Math.ceil(batch.length / 2);
        await writeWaiting(batch.slice(0, middle));
        await writeWaiting(batch.slice(middle));
        return;
      }
      // Nothing of the batch was written (one statement): each of its requests is told so, and may send it again.
      logger.error(
        batch.length === 1
          ? `analytics: could not write an event (${batch[0]!.event.name} on ${batch[0]!.event.path})`
          : `analytics: could not write a batch of ${batch.length} events`,
        error,
      );
      for (const waiting of batch) waiting.failed(new AppError("unavailable", MESSAGES.event.notStored));
    }
  }

  /** Starts a write soon: after a short pause when the writer is free, or right after the batch being written. */
  function schedule() {
    if (pending.length >= BATCH_SIZE) {
      if (!isWriteQueued) void flush();
      return;
    }
    if (timer || isWriteQueued) return;
    timer = setTimeout(() => void flush(), GATHER_MS);
    timer.unref();
  }

  return {
    /**
     * Takes one event and resolves once it is stored. A bot's event is ignored, and so is an ad's click but from the
     * ad's link (`isAdLink`); too many from one address is a
     * resource-exhausted error, an event for another site an invalid-argument one, and an event that could not be
     * written an unavailable one.
     */
    async record(
      event: AnalyticsEventInput,
      visit: Visit,
      { isAdLink = false }: { isAdLink?: boolean } = {},
    ): Promise<EventOutcome> {
      const moment = now();
      if (!visit.userAgent || isbot(visit.userAgent)) return "ignored";
      // An ad's click is counted where it is followed, /sponsored/{id}, never from what a script posts.
      if (event.n === SPONSOR_CLICK_EVENT && !isAdLink) return "ignored";
      if (!limiter.hit(`events:${senderKey(visit.address)}`, moment)) {
        // The address itself is not logged: the site keeps none.
        warnOnce(
          "analytics: an address sent too many events; behind a proxy of your own, set TRUST_PROXY=true, or every visitor shares the proxy's address",
        );
        throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
      }
      if (bareHost(event.d) !== siteHost)
        throw new AppError("invalid-argument", MESSAGES.event.otherSite(siteHost, event.d));
      if (pending.length >= MAX_PENDING) throw new AppError("unavailable", MESSAGES.event.tooManyAtOnce);

      const page = new URL(event.u);
      const day = dayOf(moment);
      const visitor = createHash("sha256")
        .update(`${await saltOf(day)}|${siteHost}|${visit.address}|${visit.userAgent}`)
        .digest("hex")
        .slice(0, 32);
      const props = event.p ?? {};
      const pendingEvent: PendingEvent = {
        createdAt: moment,
        name: event.n,
        path: page.pathname.slice(0, 300),
        referrer:
          page.searchParams.get("ref") === BADGE_REF
            ? BADGE_SOURCE
            : sourceOf(event.r, [siteHost, bareHost(page.hostname)]),
        // A page in another language is the same page: its tool and its search count as the default language's do.
        toolId: toolOf(event.n, withoutLocalePrefix(page.pathname), props),
        search: searchOf(event.n, page, props),
        visitor,
        props,
      };
      await new Promise<void>((stored, failed) => {
        pending.push({ event: pendingEvent, stored, failed });
        schedule();
      });
      // What the other host needs and no more: the page without its query string (which may hold a sign-in or reset
      // token), and only the site a visitor came from. Only a stored event is forwarded.
      forwarder?.send({ ...event, u: `${page.origin}${page.pathname}`, r: originOf(event.r) }, visit);
      return "accepted";
    },

    /** Writes the events gathered so far, and shares the senders' counts with the other processes. */
    flush: async () => void (await Promise.all([flush(), limiter.sync(now())])),

    /** Deletes raw events past the retention period, and the visitor hashes (the day's, the searches') and salts of days that are over. */
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
      await db.delete(searchVisitors).where(lt(searchVisitors.day, addDays(today, -1)));
      await db.delete(sponsorVisitors).where(lt(sponsorVisitors.day, addDays(today, -1)));
      await db.delete(analyticsSalts).where(lt(analyticsSalts.day, today));
      for (const day of salts.keys()) if (day < today) salts.delete(day);
      return { events: removed };
    },

    /** Writes the events still waiting and waits for the forwarded ones: before the process ends. */
    async close(): Promise<void> {
      await Promise.all([flush(), limiter.sync(now())]);
      await forwarder?.idle();
    },

    /** Resolves once every forwarded event has been answered (tests wait for it). */
    forwarded: () => forwarder?.idle() ?? Promise.resolve(),
  };
}

export type EventCollector = ReturnType<typeof eventCollector>;

async function readSalt(db: Database, day: string): Promise<string> {
  await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(16).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`no analytics salt for ${day}`);
  return row.salt;
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
 * BADGE_SOURCE (a page opened from a tool's badge, whichever site shows it, decided by the caller), or null (no referrer: typed, bookmarked, or a site that sends none). Only the host of another site is kept, never its path.
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
function searchOf(name: string, page: URL, props: Record<string, unknown>): EventSearch | null {
  if (name !== PAGEVIEW_EVENT || page.searchParams.has("cursor")) return null;
  const text = /^\/search\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(withoutLocalePrefix(page.pathname))?.[1];
  if (!text || text.length > MAX_SEARCH_LENGTH) return null;
  const results = props.results;
  return {
    text,
    resultCount:
      typeof results === "number" && Number.isInteger(results) && results >= 0 ? Math.min(results, 1_000) : null,
  };
}
