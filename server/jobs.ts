/**
 * The server's scheduled work, run in every app process (each step is safe to run twice at once): every hour, raw
 * analytics events past their retention are deleted, and the makers whose tool went live seven days ago are sent its
 * first week's figures (server/newsletter/service.ts marks each tool before its mail, so a maker gets one).
 */
import type { Logger } from "./logger.ts";
import type { Services } from "./services.ts";

const HOUR_MS = 60 * 60 * 1000;
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
    const sent = await services.newsletter.sendDueFollowUps(now);
    if (sent > 0) logger.info(`sent ${sent} first-week follow-up mail${sent === 1 ? "" : "s"} to makers`);
  } catch (error) {
    logger.error("could not send the makers' follow-up mails", error);
  }
}

/** Starts the hourly jobs; the returned function stops them. */
export function startJobs(services: Services, logger: Logger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await runJobs(services, logger);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), FIRST_RUN_AFTER_MS);
  const hourly = setInterval(() => void run(), HOUR_MS);
  first.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}
