/** Forwards analytics events to a Plausible-compatible host (config PLAUSIBLE_HOST), beside our own counting. */
import { type Logger, throttledWarning } from "../logger.ts";

/** Beyond this many events waiting for the host (it has fallen behind), new ones are not forwarded. */
const MAX_QUEUED = 20_000;

/** Who sent an event: their browser and address, which the host is told as Plausible's proxy guide says. */
type Sender = { address: string; userAgent: string };

/**
 * Sends each event on to a Plausible-compatible host, as Plausible's proxy guide does (the visitor's browser and
 * address in User-Agent and X-Forwarded-For), a few at a time, never holding up the visitor's request.
 */
export function plausibleForwarder(host: string, logger: Logger) {
  const endpoint = `${host.replace(/\/+$/, "")}/api/event`;
  const queue: { body: unknown; visit: Sender }[] = [];
  let active = 0;
  let waiting: (() => void)[] = [];
  // One warning a minute at most: an unreachable host must not flood the log.
  const warn = throttledWarning(logger, 60_000);

  async function deliver({ body, visit }: { body: unknown; visit: Sender }) {
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
      warn(
        `analytics: could not forward an event to ${endpoint}: ${error instanceof Error ? error.message : String(error)}`,
      );
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
    send(body: unknown, visit: Sender) {
      if (queue.length >= MAX_QUEUED) return warn(`analytics: ${endpoint} is too slow; events are not forwarded`);
      queue.push({ body, visit });
      pump();
    },
    idle(): Promise<void> {
      if (active === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
