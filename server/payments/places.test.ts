import { describe, expect, it } from "vitest";
import { firstFreeStart, type Hold } from "./places.ts";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-12-01T00:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * DAY);
const hold = (toolId: string, from: number, to: number | null): Hold => ({
  toolId,
  startsAt: at(from),
  endsAt: to === null ? null : at(to),
});

describe("firstFreeStart", () => {
  it("starts now when a place is free for the whole period", () => {
    expect(firstFreeStart([hold("a", -2, 5)], 2, now, 7 * DAY, "t")).toEqual(now);
  });

  it("waits for the first place that frees, when every place is taken", () => {
    expect(firstFreeStart([hold("a", -2, 5), hold("b", -1, 3)], 2, now, 7 * DAY, "t")).toEqual(at(3));
  });

  it("skips a free gap too short for the period", () => {
    // One place: free from day 3 to day 5 only, then from day 9.
    expect(firstFreeStart([hold("a", -2, 3), hold("b", 5, 9)], 1, now, 7 * DAY, "t")).toEqual(at(9));
  });

  it("starts a tool's next featuring after its own ends, though places are free", () => {
    expect(firstFreeStart([hold("t", -2, 4)], 5, now, 7 * DAY, "t")).toEqual(at(4));
  });

  it("finds no start while open-ended featurings hold every place", () => {
    expect(firstFreeStart([hold("a", -2, null), hold("b", -2, null)], 2, now, 7 * DAY, "t")).toBeNull();
    expect(firstFreeStart([hold("t", -2, null)], 5, now, 7 * DAY, "t")).toBeNull();
  });
});
