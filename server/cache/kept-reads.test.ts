import { describe, expect, it } from "vitest";
import { createKeptReads } from "./kept-reads.ts";
import { collectPageDependencies, dependsOn, expiresWithin } from "./page-tags.ts";

/** A read that counts its loads and depends on `tags`. */
function countedRead(tags: string[], maxAgeMs?: number) {
  let loads = 0;
  return {
    load: async () => {
      dependsOn(...tags);
      if (maxAgeMs !== undefined) expiresWithin(maxAgeMs);
      loads++;
      return { loads };
    },
    loads: () => loads,
  };
}

describe("kept reads", () => {
  it("keeps a read made while rendering for the page cache, and gives its tags to every page that uses it", async () => {
    const kept = createKeptReads();
    const read = countedRead(["categories"]);
    const first = await collectPageDependencies(() => kept.read("categories", read.load));
    const second = await collectPageDependencies(() => kept.read("categories", read.load));
    expect(read.loads()).toBe(1);
    expect([...first.tags]).toEqual(["categories"]);
    expect([...second.tags]).toEqual(["categories"]);
  });

  it("reads the database each time outside a render for the page cache", async () => {
    const kept = createKeptReads();
    const read = countedRead(["categories"]);
    await kept.read("categories", read.load);
    await kept.read("categories", read.load);
    expect(read.loads()).toBe(2);
  });

  it("drops a read when a write sends one of its tags, and only then", async () => {
    const kept = createKeptReads();
    const read = countedRead(["category:1", "featured"]);
    const render = () => collectPageDependencies(() => kept.read("suggested", read.load));
    await render();
    kept.invalidate(["category:2", "tool:9"]);
    await render();
    expect(read.loads()).toBe(1);
    kept.invalidate(["featured"]);
    await render();
    expect(read.loads()).toBe(2);
    kept.invalidate("*");
    await render();
    expect(read.loads()).toBe(3);
  });

  it("does not keep what a write heard during the read may have changed", async () => {
    const kept = createKeptReads();
    let loads = 0;
    const load = async () => {
      dependsOn("categories");
      loads++;
      // The write's message arrives while the read is on its way back.
      if (loads === 1) kept.invalidate(["categories"]);
      return loads;
    };
    expect(await collectPageDependencies(() => kept.read("categories", load)).then(() => loads)).toBe(1);
    await collectPageDependencies(() => kept.read("categories", load));
    await collectPageDependencies(() => kept.read("categories", load));
    expect(loads).toBe(2);
  });

  it("keeps a read showing counters no longer than its pages may be kept, and passes the limit on", async () => {
    let time = 0;
    const kept = createKeptReads({ now: () => time });
    const read = countedRead(["tool:1"], 60_000);
    const first = await collectPageDependencies(() => kept.read("tool", read.load));
    expect(first.maxAgeMs).toBe(60_000);
    time = 45_000;
    const second = await collectPageDependencies(() => kept.read("tool", read.load));
    expect(read.loads()).toBe(1);
    expect(second.maxAgeMs).toBe(15_000);
    time = 60_000;
    await collectPageDependencies(() => kept.read("tool", read.load));
    expect(read.loads()).toBe(2);
  });
});
