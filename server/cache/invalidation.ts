/**
 * The other side of migration 0014: the database sends the tags of what each write changed on the channel page_cache,
 * after its commit; every app process listens and drops the pages, and the reads, kept under them.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** What drops what it keeps when a write sends its tags: the page cache, the kept reads (server/cache/kept-reads.ts). */
type Invalidated = { invalidate(tags: string[] | "*"): void };

export const PAGE_CACHE_CHANNEL = "page_cache";
/** A message that changes nothing: `sync` sends one and waits for it to come back. */
const SYNC_PREFIX = "sync:";

export type PageChangeWatcher = {
  /**
   * Resolves once every change committed before the call has reached this process's cache. On PostgreSQL the messages
   * come on a connection of their own, in commit order: a message sent now comes after them. Tests use it; a visitor
   * sees a change within a moment anyway.
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
};

export async function watchPageChanges(
  database: Pick<DatabaseHandle, "db" | "listen">,
  caches: Invalidated[],
  logger: Logger,
): Promise<PageChangeWatcher> {
  const waiting = new Map<string, () => void>();
  let isFirstConnection = true;
  const stop = await database.listen(
    PAGE_CACHE_CHANNEL,
    (payload) => {
      if (payload.startsWith(SYNC_PREFIX)) {
        waiting.get(payload)?.();
        waiting.delete(payload);
        return;
      }
      const tags = payload === "*" ? "*" : payload.split(" ");
      for (const cache of caches) cache.invalidate(tags);
    },
    () => {
      // What changed while the connection was down was never heard: nothing kept before can be trusted.
      if (!isFirstConnection) {
        logger.warn(
          "page cache: the database connection that tells of changes was made again; every cached page is dropped",
        );
        for (const cache of caches) cache.invalidate("*");
      }
      isFirstConnection = false;
    },
  );
  return {
    async sync() {
      const message = `${SYNC_PREFIX}${randomUUID()}`;
      const arrived = new Promise<void>((resolve) => waiting.set(message, resolve));
      await database.db.execute(sql`select pg_notify(${PAGE_CACHE_CHANNEL}, ${message})`);
      await arrived;
    },
    stop,
  };
}
