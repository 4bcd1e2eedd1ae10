/**
 * Reads that many pages make alike (the categories every footer lists, the tools makers added that every tool page
 * shows), kept in this process's memory until a write drops one of the tags their reads named: the page cache's
 * invalidations reach them too (server/cache/invalidation.ts). A read kept here still says what it depends on to the
 * page being rendered, so the page is dropped with it. Values are shared between renders: callers must not change them.
 *
 * Only renders for the page cache use them: a page kept there is as fresh as the reads it was made of. Everything
 * else (an API call, a form's action) reads the database.
 */
import { collectPageDependencies, dependsOn, expiresWithin, isCollectingPageDependencies } from "./page-tags.ts";

/** How many reads are kept; past it the one read least recently goes. */
const MAX_READS = 2_000;

export type KeptReads = {
  /** The value kept under `key`, or `load`'s, kept when no write concerned it while it loaded. */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops every read kept under one of `tags`, or every read for "*". */
  invalidate(tags: string[] | "*"): void;
};

type Kept = { value: unknown; tags: string[]; expiresAt: number };

export function createKeptReads({ now = Date.now }: { now?: () => number } = {}): KeptReads {
  const reads = new Map<string, Kept>();
  let generation = 0;
  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!isCollectingPageDependencies()) return load();
      const kept = reads.get(key);
      if (kept && kept.expiresAt > now()) {
        reads.delete(key);
        reads.set(key, kept);
        dependsOn(...kept.tags);
        if (kept.expiresAt !== Infinity) expiresWithin(kept.expiresAt - now());
        return kept.value as T;
      }
      const since = generation;
      let value!: T;
      const dependencies = await collectPageDependencies(async () => {
        value = await load();
      });
      // What the read depends on, the page that asked for it depends on too.
      dependsOn(...dependencies.tags);
      if (dependencies.maxAgeMs !== null) expiresWithin(dependencies.maxAgeMs);
      // A write heard while it loaded may have changed it: it is not kept (the next read loads it again).
      if (generation === since) {
        reads.delete(key);
        if (reads.size >= MAX_READS) reads.delete(reads.keys().next().value!);
        reads.set(key, {
          value,
          tags: [...dependencies.tags],
          expiresAt: dependencies.maxAgeMs === null ? Infinity : now() + dependencies.maxAgeMs,
        });
      }
      return value;
    },

    invalidate(tags) {
      generation++;
      if (tags === "*") {
        reads.clear();
        return;
      }
      const dropped = new Set(tags);
      for (const [key, kept] of reads) if (kept.tags.some((tag) => dropped.has(tag))) reads.delete(key);
    },
  };
}

/** Reads made each time: where nothing tells of writes (development, PAGE_CACHE_MB=0), nothing is kept. */
export const unkeptReads: KeptReads = { read: (_key, load) => load(), invalidate: () => {} };
