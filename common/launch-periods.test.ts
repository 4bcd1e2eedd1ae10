import { describe, expect, it } from "vitest";
import { launchPeriod, weekKeyOf } from "./launch-periods.ts";

describe("the launches' periods", () => {
  it("reads a day, with its bounds and neighbours, in UTC", () => {
    expect(launchPeriod("2026-11-29")).toEqual({
      kind: "day",
      key: "2026-11-29",
      from: new Date("2026-11-29T00:00:00Z"),
      to: new Date("2026-11-30T00:00:00Z"),
      previous: "2026-11-28",
      next: "2026-11-30",
    });
  });

  it("reads an ISO week from its Monday, across years", () => {
    expect(launchPeriod("2026-W48")).toMatchObject({
      from: new Date("2026-11-23T00:00:00Z"),
      to: new Date("2026-11-30T00:00:00Z"),
      previous: "2026-W47",
      next: "2026-W49",
    });
    // 1 January 2027 is a Friday: its week is 2026's 53rd.
    expect(weekKeyOf(new Date("2027-01-01T12:00:00Z"))).toBe("2026-W53");
    expect(launchPeriod("2026-W53")).toMatchObject({ from: new Date("2026-12-28T00:00:00Z"), next: "2027-W01" });
    expect(launchPeriod("2027-W01")!.from).toEqual(new Date("2027-01-04T00:00:00Z"));
    expect(weekKeyOf(new Date("2026-11-29T23:59:59Z"))).toBe("2026-W48");
  });

  it("refuses what is no day or week", () => {
    for (const key of [
      "2026-02-30",
      "2026-W00",
      "2026-W54",
      "2025-W53",
      "2026-11-2",
      "today",
      "",
      "0000-01-01",
      "0000-W01",
      "1969-12-31",
    ])
      expect(launchPeriod(key), key).toBeNull();
  });
});
