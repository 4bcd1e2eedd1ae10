/**
 * The server's scheduled work, started by every app process and run by one of them each time: every minute, the
 * featurings whose period is over end and the booked ones whose day has come start (server/payments/featuring.ts); every hour, raw
 * analytics events past their retention are deleted, and the makers whose tool went live seven days ago are sent its
 * first week's figures (server/newsletter/service.ts marks each tool before its mail, so a maker gets one), and the
 * outbox's old delivered rows and the spent proofs of work past their expiry are deleted, and the tools' repositories'
 * facts are read again within the forge's budget (server/tools/jobs/repository-facts.ts); every day, the uploaded
 * images no tool shows are deleted, the open data dumps of the catalogue are written (server/catalogue/open-data.ts),
 * every live tool's website is checked (server/tools/jobs/link-checks.ts), the last ended week's winners of the
 * launches are fixed (server/launches/launches.ts), and the makers' pages that showed the badge for a free way in are
 * looked at again (server/link-backs/link-backs.ts).
 *
 * Each process's timer tries every period, and a run first claims the job's row in `scheduled_runs` in one statement:
 * the claim succeeds only when the last run started a period ago and finished, so one process runs the job and the
 * others skip it. A run that never finished (its process died) is taken over once its lease is over. A process that
 * stops asks its run to end early (the link check leaves its unchecked tools) and hands the period back, so the next
 * process that tries runs it again at once instead of waiting for the lease.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./db/client.ts";
import { JOB_PERIODS_MS } from "./job-periods.ts";
import { scheduledRuns } from "./db/schema.ts";
import type { Logger } from "./logger.ts";
import type { Services } from "./services.ts";

const { minute: MINUTE_MS, hourly: HOUR_MS, daily: DAY_MS } = JOB_PERIODS_MS;
/** A run that has not finished after this long is deemed dead (its process stopped) and may be run again. */
const RUN_LEASE_MS = 30 * 60 * 1000;
/** Timers of different processes, and their clocks, drift a little: a claim a hundredth of a period early still counts. */
const PERIOD_TOLERANCE = 0.01;

/** Runs the jobs once: what the timer calls every hour. Once `signal` aborts (the process stops), no further step starts. */
export async function runJobs(
  services: Services,
  logger: Logger,
  now = services.now(),
  signal?: AbortSignal,
): Promise<void> {
  try {
    const { events } = await services.analytics.purge();
    if (events > 0) logger.info(`analytics: deleted ${events} events past their retention`);
  } catch (error) {
    logger.error("analytics: could not delete old events", error);
  }
  if (signal?.aborted) return;
  try {
    const purged = await services.outbox.purge(now);
    if (purged > 0) logger.info(`outbox: deleted ${purged} old row${purged === 1 ? "" : "s"}`);
  } catch (error) {
    logger.error("outbox: could not delete old rows", error);
  }
  if (signal?.aborted) return;
  try {
    const purged = await services.spam.purgeSpentProofs(now);
    if (purged > 0)
      logger.info(`spam: deleted ${purged} spent proof${purged === 1 ? "" : "s"} of work past their expiry`);
  } catch (error) {
    logger.error("spam: could not delete old spent proofs of work", error);
  }
  if (signal?.aborted) return;
  try {
    const scored = await services.likes.scoreTrending(now);
    if (scored > 0) logger.info(`trending: ${scored} tool score${scored === 1 ? "" : "s"} changed`);
  } catch (error) {
    logger.error("trending: could not score the tools", error);
  }
  if (signal?.aborted) return;
  try {
    const sent = await services.newsletter.sendDueFollowUps(now);
    if (sent > 0) logger.info(`sent ${sent} first-week follow-up mail${sent === 1 ? "" : "s"} to makers`);
  } catch (error) {
    logger.error("could not send the makers' follow-up mails", error);
  }
  if (signal?.aborted) return;
  try {
    const run = await services.repositories.refreshRepositories(now, signal);
    logger.info(
      `repository facts: ${run.read} read, ${run.unchanged} unchanged, ${run.missing} missing, ${run.failed} failed, ${run.requests} requests, ${run.stale} of ${run.repositories} stale${run.limitedUntil ? `, the forge asks to wait until ${run.limitedUntil}` : ""}`,
    );
  } catch (error) {
    logger.error("repository facts: could not refresh them", error);
  }
}

/** Runs the daily jobs once: what the timer calls every day. Once `signal` aborts, no further step starts and the link check ends early. */
export async function runDailyJobs(
  services: Services,
  logger: Logger,
  now = services.now(),
  signal?: AbortSignal,
): Promise<void> {
  try {
    const removed = await services.imageUploads.removeUnusedImages(now);
    if (removed > 0) logger.info(`deleted ${removed} uploaded image${removed === 1 ? "" : "s"} that no tool shows`);
  } catch (error) {
    logger.error("could not delete the unused uploaded images", error);
  }
  if (signal?.aborted) return;
  try {
    const removed = await services.sponsors.removeUnusedSponsorLogos(now);
    if (removed > 0) logger.info(`sponsors: deleted ${removed} logo${removed === 1 ? "" : "s"} that no ad shows`);
  } catch (error) {
    logger.error("sponsors: could not delete the unused logos", error);
  }
  if (signal?.aborted) return;
  try {
    const dumped = await services.catalogue.writeOpenData(now);
    logger.info(`open data: wrote the catalogue's dumps, ${dumped.tools} tool${dumped.tools === 1 ? "" : "s"}`);
  } catch (error) {
    logger.error("could not write the open data dumps", error);
  }
  if (signal?.aborted) return;
  try {
    const sent = await services.follows.sendFollowDigests(now);
    if (sent > 0)
      logger.info(`follows: wrote ${sent} weekly e-mail${sent === 1 ? "" : "s"} of the new tools people follow`);
  } catch (error) {
    logger.error("follows: could not send the weekly e-mails", error);
  }
  if (signal?.aborted) return;
  try {
    const links = await services.links.checkAllLinks(now, signal);
    if (links.paused) logger.warn(`link check: paused: ${links.paused}`);
    else
      logger.info(
        `link check: ${links.checked} checked, ${links.moved} moved, ${links.failed} failed, ${links.hidden} hidden, ${links.skipped} left for the next run`,
      );
  } catch (error) {
    logger.error("could not check the tools' links", error);
  }
  if (signal?.aborted) return;
  try {
    const winners = await services.launches.fixWeekWinners(now);
    if (winners > 0)
      logger.info(`launches: the last week's ${winners} winner${winners === 1 ? "" : "s"} fixed and told`);
  } catch (error) {
    logger.error("launches: could not fix the last week's winners", error);
  }
  if (signal?.aborted) return;
  try {
    const closed = await services.featuring.closeAbandonedCheckouts(now);
    if (closed > 0)
      logger.info(`payments: closed ${closed} Checkout session${closed === 1 ? "" : "s"} left unpaid past their life`);
  } catch (error) {
    logger.error("payments: could not close the Checkout sessions left unpaid", error);
  }
  if (signal?.aborted) return;
  try {
    const summaries = await services.sponsors.sendRunSummaries();
    if (summaries > 0)
      logger.info(`sponsors: ${summaries} sponsor${summaries === 1 ? "" : "s"} sent the summary of a run that ended`);
  } catch (error) {
    logger.error("sponsors: could not send the summaries of the runs that ended", error);
  }
  if (signal?.aborted) return;
  try {
    const run = await services.linkBacks.recheckLinkBacks(now, signal);
    if (run.looked > 0)
      logger.info(
        `link backs: ${run.looked} looked at, ${run.seen} with the badge, ${run.missing} missing it, ${run.takenBack} taken back, ${run.unreachable} unreachable`,
      );
  } catch (error) {
    logger.error("link backs: could not look at the makers' pages", error);
  }
}

/** Runs the minute's jobs once: the held tools whose launch day came go live (decision 063), the waiting likes that qualify start to count (decision 042), and the featurings' clock (decision 040) ends a featuring within a minute of its end. */
export async function runMinuteJobs(services: Services, logger: Logger, now = services.now()): Promise<void> {
  try {
    const launched = await services.launches.launchDueTools(now);
    if (launched > 0)
      logger.info(`launches: ${launched} tool${launched === 1 ? "" : "s"} went live on their launch day`);
  } catch (error) {
    logger.error("launches: could not list the tools whose launch day came", error);
  }
  try {
    const counted = await services.likes.countWaitingLikes(now);
    if (counted > 0) logger.info(`likes: ${counted} waiting like${counted === 1 ? "" : "s"} started to count`);
  } catch (error) {
    logger.error("likes: could not count the waiting likes", error);
  }
  try {
    const finished = await services.newsletter.continueSends(now);
    if (finished > 0)
      logger.info(
        `newsletter: ${finished} send${finished === 1 ? "" : "s"} written to the outbox for every subscriber`,
      );
  } catch (error) {
    logger.error("newsletter: could not carry on a send", error);
  }
  try {
    const { ended, started, reminded } = await services.featuring.runFeaturingClock(now);
    if (ended + started + reminded > 0)
      logger.info(
        `featuring: ${ended} ended, ${started} started, ${reminded} maker${reminded === 1 ? "" : "s"} reminded`,
      );
  } catch (error) {
    logger.error("featuring: could not run the featurings' clock", error);
  }
}

/**
 * Runs `job` under the name `name` unless another run of it (in any process on this database) started less than
 * `periodMs` ago, or is still under way within its lease. Two processes that try at once: one runs it, one skips.
 * A run cut short by `signal` (its process stops) is handed back: recorded as started a period ago, so the next try,
 * in any process, claims it at once. It answers "handed back" then.
 */
export async function runOncePerPeriod(
  db: Database,
  name: string,
  periodMs: number,
  job: (signal?: AbortSignal) => Promise<void>,
  now = new Date(),
  signal?: AbortSignal,
): Promise<"ran" | "skipped" | "handed back"> {
  const periodAgo = new Date(now.getTime() - periodMs * (1 - PERIOD_TOLERANCE));
  const leaseAgo = new Date(now.getTime() - RUN_LEASE_MS);
  const claimed = await db
    .insert(scheduledRuns)
    .values({ job: name, startedAt: now, finishedAt: null })
    .onConflictDoUpdate({
      target: scheduledRuns.job,
      set: { startedAt: now, finishedAt: null },
      setWhere: sql`(${scheduledRuns.finishedAt} is not null and ${scheduledRuns.startedAt} <= ${periodAgo.toISOString()}::timestamptz)
        or (${scheduledRuns.finishedAt} is null and ${scheduledRuns.startedAt} <= ${leaseAgo.toISOString()}::timestamptz)`,
    })
    .returning({ job: scheduledRuns.job });
  if (claimed.length === 0) return "skipped";
  let isHandedBack = false;
  try {
    await job(signal);
  } finally {
    // Finished, even when the job failed: its steps log their own errors, and the next period tries again.
    isHandedBack = signal?.aborted ?? false;
    await db
      .update(scheduledRuns)
      .set({
        finishedAt: new Date(Math.max(Date.now(), now.getTime())),
        ...(isHandedBack ? { startedAt: new Date(now.getTime() - periodMs) } : {}),
      })
      .where(sql`${scheduledRuns.job} = ${name} and ${scheduledRuns.startedAt} = ${now.toISOString()}::timestamptz`);
  }
  return isHandedBack ? "handed back" : "ran";
}

/** The scheduled jobs of this process, started by `startJobs`. */
export type ScheduledJobs = {
  /** Starts no new run, asks the runs under way to end early, and resolves once they have (handing their period back). */
  stop(): Promise<void>;
};

/** Tries `job` every `periodMs`, first `firstAfterMs` after the start, never twice at once in this process. */
function every(
  periodMs: number,
  firstAfterMs: number,
  job: (signal: AbortSignal) => Promise<"ran" | "skipped" | "handed back">,
  logger: Logger,
  name: string,
): ScheduledJobs {
  let running: Promise<void> | undefined;
  const stopping = new AbortController();
  const run = () => {
    if (running || stopping.signal.aborted) return;
    const startedAt = Date.now();
    running = job(stopping.signal)
      .then((result) => {
        // The other processes skip the run: one line per period says which process ran it, and for how long.
        // The minute's job says only what it changed: a line a minute would drown the log.
        if (result === "ran" && periodMs >= HOUR_MS)
          logger.info(`scheduled job ${name}: ran in ${Date.now() - startedAt} ms`);
        if (result === "handed back")
          logger.info(
            `scheduled job ${name}: stopped after ${Date.now() - startedAt} ms, handed back for the next process`,
          );
      })
      .catch((error: unknown) => logger.error(`scheduled job ${name}: could not run`, error))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, firstAfterMs);
  const repeat = setInterval(run, periodMs);
  first.unref();
  repeat.unref();
  return {
    async stop() {
      stopping.abort();
      clearTimeout(first);
      clearInterval(repeat);
      await running;
    },
  };
}

/**
 * Starts the hourly and daily jobs; each run is claimed in the database, so one process of many runs it. The first try
 * comes `firstRunAfterMs` after the start (JOBS_FIRST_RUN_AFTER_SECONDS), so a starting server serves before it works
 * in the background.
 */
export function startJobs(db: Database, services: Services, logger: Logger, firstRunAfterMs: number): ScheduledJobs {
  const jobs = [
    every(
      MINUTE_MS,
      firstRunAfterMs,
      (signal) =>
        runOncePerPeriod(
          db,
          "minute",
          JOB_PERIODS_MS.minute,
          () => runMinuteJobs(services, logger, services.now()),
          services.now(),
          signal,
        ),
      logger,
      "minute",
    ),
    every(
      HOUR_MS,
      firstRunAfterMs,
      (signal) =>
        runOncePerPeriod(
          db,
          "hourly",
          JOB_PERIODS_MS.hourly,
          () => runJobs(services, logger, services.now(), signal),
          services.now(),
          signal,
        ),
      logger,
      "hourly",
    ),
    every(
      DAY_MS,
      firstRunAfterMs,
      (signal) =>
        runOncePerPeriod(
          db,
          "daily",
          JOB_PERIODS_MS.daily,
          () => runDailyJobs(services, logger, services.now(), signal),
          services.now(),
          signal,
        ),
      logger,
      "daily",
    ),
  ];
  return { stop: async () => void (await Promise.all(jobs.map((scheduled) => scheduled.stop()))) };
}
