import { describe, expect, it } from "vitest";
import { type CachedPage, createPageCache } from "./page-cache.ts";

function page(tags: string[], size = 100, maxAgeMs: number | null = null): CachedPage {
  return {
    status: 200,
    headers: [["content-type", "text/html"]],
    body: { br: Buffer.alloc(size), gzip: Buffer.alloc(10) },
    hash: "h",
    tags,
    maxAgeMs,
  };
}

describe("page cache", () => {
  it("drops exactly the pages kept under an invalidated tag", () => {
    const cache = createPageCache({ maxBytes: 1_000_000 });
    cache.store("/a", page(["tool:1", "tools"]), cache.beginRender());
    cache.store("/b", page(["tool:2"]), cache.beginRender());
    cache.store("/c", page(["categories"]), cache.beginRender());
    cache.invalidate(["tool:1", "nothing"]);
    expect([cache.get("/a"), cache.get("/b"), cache.get("/c")].map(Boolean)).toEqual([false, true, true]);
    cache.invalidate("*");
    expect(cache.size()).toEqual({ pages: 0, bytes: 0 });
  });

  it("refuses a page whose render overlapped a write that concerns it, and keeps one that overlapped another", () => {
    const cache = createPageCache({ maxBytes: 1_000_000 });
    const since = cache.beginRender();
    cache.invalidate(["tool:9"]);
    expect(cache.store("/unrelated", page(["tool:1"]), since)).toBe(true);
    cache.invalidate(["tool:1"]);
    expect(cache.store("/stale", page(["tool:1"]), since)).toBe(false);
    expect(cache.get("/stale")).toBeUndefined();
    const afterAll = cache.beginRender();
    cache.invalidate("*");
    expect(cache.store("/any", page(["x"]), afterAll)).toBe(false);
  });

  it("refuses a page when too many writes happened during its render to tell", () => {
    const cache = createPageCache({ maxBytes: 1_000_000 });
    const since = cache.beginRender();
    for (let index = 0; index < 1_500; index++) cache.invalidate([`tool:${index}`]);
    expect(cache.store("/slow", page(["tool:unrelated"]), since)).toBe(false);
  });

  it("stays within its bytes, dropping the least recently used first", () => {
    const cache = createPageCache({ maxBytes: 3_000 });
    for (const key of ["/1", "/2", "/3", "/4"]) cache.store(key, page([key], 200), cache.beginRender());
    cache.get("/1");
    cache.store("/5", page(["/5"], 200), cache.beginRender());
    expect(["/1", "/2", "/3", "/4", "/5"].map((key) => Boolean(cache.get(key)))).toEqual([
      true,
      false,
      true,
      true,
      true,
    ]);
    expect(cache.size().bytes).toBeLessThanOrEqual(3_000);
    // A page bigger than a quarter of the cache is never kept.
    expect(cache.store("/huge", page(["huge"], 900), cache.beginRender())).toBe(false);
  });

  it("serves a page that may lag no longer than it said", () => {
    let now = 1_000;
    const cache = createPageCache({ maxBytes: 1_000_000, now: () => now });
    cache.store("/counters", page(["tool:1"], 100, 60_000), cache.beginRender());
    now += 59_999;
    expect(cache.get("/counters")).toBeDefined();
    now += 1;
    expect(cache.get("/counters")).toBeUndefined();
  });

  it("counts a body added in another encoding, and stays within its bytes after it", () => {
    const cache = createPageCache({ maxBytes: 3_000 });
    const stored: CachedPage = { ...page(["/a"]), body: { br: Buffer.alloc(200) } };
    cache.store("/a", stored, cache.beginRender());
    cache.store("/b", page(["/b"], 200), cache.beginRender());
    const before = cache.size().bytes;
    const kept = cache.get("/a")!;
    cache.addBody("/a", kept, "gzip", Buffer.alloc(300));
    expect(cache.get("/a")!.body.gzip).toHaveLength(300);
    expect(cache.size().bytes).toBe(before + 300);
    // A page no longer kept under its key, or another page kept there since, adds nothing to the count.
    cache.store("/a", page(["/a"], 200), cache.beginRender());
    const afterRender = cache.size().bytes;
    cache.addBody("/a", stored, "gzip", Buffer.alloc(500));
    expect(cache.size().bytes).toBe(afterRender);
    // Grown past its bytes, the least recently used goes.
    cache.addBody("/b", cache.get("/b")!, "gzip", Buffer.alloc(2_000));
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.size().bytes).toBeLessThanOrEqual(3_000);
  });
});
