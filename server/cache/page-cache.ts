/**
 * Rendered pages kept in memory for visitors: bounded by bytes, the least recently used out first, each page kept
 * under the tags of what it shows (server/cache/page-tags.ts) until a write sends one of them, or for as long as it
 * said it may be kept. The HTTP side (server/http/page-cache.ts) decides what is stored and how it is served.
 */

/** A page as it is served again: its body in each encoding asked for, each made once. */
export type CachedPage = {
  status: number;
  /** The response's headers, the same for every encoding. */
  headers: [string, string][];
  /**
   * The body compressed with brotli, with gzip, or both: at least one. A miss compresses only in the encoding its client
   * takes, the other is made when a client first asks for it (addBody). The rendered body itself is not kept: it is
   * three quarters of a page's bytes, and the rare client that takes neither gets a compressed body inflated.
   */
  body: { br?: Buffer; gzip?: Buffer };
  /** A hash of the rendered body; each encoding's ETag is made from it. */
  hash: string;
  tags: string[];
  /** How long it may be served; null when only a write ends it. */
  maxAgeMs: number | null;
};

type KeptPage = CachedPage & { bytes: number; expiresAt: number };

export type PageCache = ReturnType<typeof createPageCache>;

/** How many invalidations are remembered, to refuse a page whose render overlapped one (see `store`). */
const REMEMBERED_INVALIDATIONS = 1_000;

export function createPageCache({ maxBytes, now = Date.now }: { maxBytes: number; now?: () => number }) {
  // A Map keeps its insertion order: a page read is moved to the end, so the first one is the least recently used.
  const pages = new Map<string, KeptPage>();
  const keysByTag = new Map<string, Set<string>>();
  let bytes = 0;
  let generation = 0;
  // Since the start: how often a page was asked for and found kept, and not (the operator's hit rate).
  let hits = 0;
  let misses = 0;
  // The last invalidations, oldest first: the generation each one made, and its tags ("*" for every page).
  const recent: { generation: number; tags: Set<string> | "*" }[] = [];

  function remove(key: string) {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
    for (const tag of page.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  }

  /** Drops the least recently used pages until the kept ones fit. */
  function dropPastLimit() {
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  /** Whether an invalidation made after generation `since` concerns a page with these tags (or is forgotten already). */
  function isInvalidatedSince(since: number, tags: string[]): boolean {
    if (since === generation) return false;
    const oldest = recent[0];
    if (!oldest || oldest.generation > since + 1) return true;
    for (let index = recent.length - 1; index >= 0 && recent[index]!.generation > since; index--) {
      const invalidated = recent[index]!.tags;
      if (invalidated === "*" || tags.some((tag) => invalidated.has(tag))) return true;
    }
    return false;
  }

  return {
    /** The page kept under `key`, if any and still fresh; it becomes the most recently used. */
    get(key: string): CachedPage | undefined {
      const page = pages.get(key);
      if (!page) {
        misses++;
        return undefined;
      }
      if (page.expiresAt <= now()) {
        remove(key);
        misses++;
        return undefined;
      }
      hits++;
      pages.delete(key);
      pages.set(key, page);
      return page;
    },

    /** Call before rendering a page to store: `store` needs it to tell whether a write happened during the render. */
    beginRender(): number {
      return generation;
    },

    /**
     * Keeps a page rendered since `beginRender` returned `since`. A page whose render overlapped a write that concerns
     * it may hold what the write changed: it is not kept. Returns whether it was kept.
     */
    store(key: string, page: CachedPage, since: number): boolean {
      const size = key.length + (page.body.br?.length ?? 0) + (page.body.gzip?.length ?? 0) + 512;
      if (size > maxBytes / 4 || isInvalidatedSince(since, page.tags)) return false;
      remove(key);
      pages.set(key, { ...page, bytes: size, expiresAt: page.maxAgeMs === null ? Infinity : now() + page.maxAgeMs });
      bytes += size;
      for (const tag of page.tags) {
        let keys = keysByTag.get(tag);
        if (!keys) keysByTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      dropPastLimit();
      return true;
    },

    /**
     * Adds `page`'s body in another encoding, made the first time a client asks for it: counted in the cache's bytes when
     * `page` is the one still kept under `key`.
     */
    addBody(key: string, page: CachedPage, encoding: "br" | "gzip", body: Buffer) {
      page.body[encoding] = body;
      const kept = pages.get(key);
      // A kept page shares its body with the page stored (store copies the page, not its body).
      if (kept?.body !== page.body) return;
      kept.bytes += body.length;
      bytes += body.length;
      dropPastLimit();
    },

    /** Drops every page kept under one of `tags`, or every page for "*". */
    invalidate(tags: string[] | "*") {
      generation++;
      recent.push({ generation, tags: tags === "*" ? "*" : new Set(tags) });
      if (recent.length > REMEMBERED_INVALIDATIONS) recent.shift();
      if (tags === "*") {
        for (const key of [...pages.keys()]) remove(key);
        return;
      }
      for (const tag of tags) {
        const keys = keysByTag.get(tag);
        if (keys) for (const key of [...keys]) remove(key);
      }
    },

    /** How many pages and bytes are kept. */
    size() {
      return { pages: pages.size, bytes };
    },

    /** What is kept, and how often a page asked for was found kept since the start. */
    stats() {
      return { pages: pages.size, bytes, hits, misses };
    },
  };
}
