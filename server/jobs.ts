/**
 * The server's scheduled work, run in every app process (each step is safe to run twice at once): every hour, raw
 * analytics events past their retention are deleted, and the makers whose tool went live seven days ago are sent its
 * first week's figures (server/newsletter/service.ts marks each tool before its mail, so a maker gets one), and the
 * outbox's old delivered rows are deleted; every day, the uploaded images no tool shows are deleted.
 */
import type { Logger } from "./logger.ts";
import type { Services } from "./services.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The first run waits a little, so a starting server serves before it works in the background. */
const FIRST_RUN_AFTER_MS = 30_000;

/** Runs the jobs once: what the timer calls every hour. */
export async function runJobs(services: Services, logger: Logger, now = new Date()): Promise<void> {
  try {
    const { events } = await services.analytics.purge();
    if (events > 0) logger.info(`analytics: deleted ${events} events past their retention`);
  } catch (error) {
    logger.error("analytics: could not delete old events", error);
  }
  try {
    const purged = await services.outbox.purge(now);
    if (purged > 0) logger.info(`outbox: deleted ${purged} old row${purged === 1 ? "" : "s"}`);
  } catch (error) {
    logger.error("outbox: could not delete old rows", error);
  }
  try {
    const sent = await services.newsletter.sendDueFollowUps(now);
    if (sent > 0) logger.info(`sent ${sent} first-week follow-up mail${sent === 1 ? "" : "s"} to makers`);
  } catch (error) {
    logger.error("could not send the makers' follow-up mails", error);
  }
}

/** Runs the daily jobs once: what the timer calls every day. */
export async function runDailyJobs(services: Services, logger: Logger, now = new Date()): Promise<void> {
  try {
    const removed = await services.imageUploads.removeUnusedImages(now);
    if (removed > 0) logger.info(`deleted ${removed} uploaded image${removed === 1 ? "" : "s"} that no tool shows`);
  } catch (error) {
    logger.error("could not delete the unused uploaded images", error);
  }
}

/** The scheduled jobs of this process, started by `startJobs`. */
export type ScheduledJobs = {
  /** Starts no new run, and resolves once the runs under way have finished. */
  stop(): Promise<void>;
};

/** Runs `job` every `periodMs` (a little after the start first), never twice at once. */
function every(periodMs: number, job: () => Promise<void>): ScheduledJobs {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = job().finally(() => {
      running = undefined;
    });
  };
  const first = setTimeout(run, FIRST_RUN_AFTER_MS);
  const repeat = setInterval(run, periodMs);
  first.unref();
  repeat.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(repeat);
      await running;
    },
  };
}

/** Starts the hourly and daily jobs. */
export function startJobs(services: Services, logger: Logger): ScheduledJobs {
  const jobs = [every(HOUR_MS, () => runJobs(services, logger)), every(DAY_MS, () => runDailyJobs(services, logger))];
  return { stop: async () => void (await Promise.all(jobs.map((scheduled) => scheduled.stop()))) };
}
