import { describe, expect, it } from "vitest";
import { createId, toolIdFromSlug, toolKeywords, toolSlug } from "./ids.ts";

describe("createId", () => {
  it("starts with the entity's prefix and holds only lowercase base-36 characters", () => {
    for (const prefix of ["t", "c", "u"] as const) {
      expect(createId(prefix)).toMatch(new RegExp(`^${prefix}[0-9a-z]{17}$`));
    }
  });

  it("sorts by creation time", () => {
    const earlier = createId("t", new Date("2025-01-01T00:00:00Z"));
    const later = createId("t", new Date("2025-01-01T00:00:00.001Z"));
    expect(earlier < later).toBe(true);
  });

  it("is unique even within one millisecond", () => {
    const now = new Date();
    const ids = new Set(Array.from({ length: 10_000 }, () => createId("t", now)));
    expect(ids.size).toBe(10_000);
  });
});

describe("toolSlug", () => {
  it("is the slugified name followed by the id", () => {
    expect(toolSlug("Plausible Analytics", "tabc123")).toBe("plausible-analytics-tabc123");
  });

  it("falls back to the id when the name has no slug-able character", () => {
    expect(toolSlug("日本語", "tabc123")).toBe("tabc123");
  });
});

describe("toolKeywords", () => {
  it("are the slugified words of the name, without repeats", () => {
    expect(toolKeywords("Ship Fast: Ship your SaaS fast")).toEqual(["ship", "fast", "your", "saas"]);
  });
});

describe("toolIdFromSlug", () => {
  it("finds the id at the end of a slug", () => {
    const id = createId("t");
    expect(toolIdFromSlug(toolSlug("Plausible Analytics", id))).toBe(id);
    expect(toolIdFromSlug(id)).toBe(id);
  });

  it("is null for a slug without an id", () => {
    expect(toolIdFromSlug("plausible-analytics")).toBeNull();
    expect(toolIdFromSlug("x-tabc")).toBeNull();
  });
});
