/** How the server stops on SIGTERM or SIGINT: it stops taking requests, finishes the ones it has, then closes the rest in order. */
import type { Server } from "node:http";

/** Everything is done within this long after the signal, or the process exits anyway (a container manager's default grace is 10 s). */
export const STOP_DEADLINE_MS = 9_500;
/** How long requests in flight are given to finish before their connections are cut, leaving time for the rest. */
export const REQUESTS_GRACE_MS = 6_000;

/**
 * Stops accepting connections and resolves once every request in flight has been answered, or after `graceMs`, when
 * the connections still open are cut. A kept-alive connection is closed as soon as it is idle, so a client cannot keep
 * the process up by sending more requests on it.
 */
export async function closeHttpServer(server: Server, graceMs = REQUESTS_GRACE_MS): Promise<"drained" | "cut"> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    closed.then(() => "drained" as const),
    new Promise<"cut">((resolve) => {
      timer = setTimeout(() => resolve("cut"), graceMs);
    }),
  ]);
  clearInterval(closeIdle);
  clearTimeout(timer);
  if (outcome === "cut") {
    server.closeAllConnections();
    await closed;
  }
  return outcome;
}
