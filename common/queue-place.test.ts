import { describe, expect, it } from "vitest";
import { aboutDuration, describeQueuePlace, ordinal } from "./queue-place.ts";

describe("queue place", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [103, "103rd"],
    [111, "111th"],
  ])("writes %i as %s", (n, text) => {
    expect(ordinal(n)).toBe(text);
  });

  it.each([
    [0.2, "about 1 hour"],
    [5, "about 5 hours"],
    [24, "about 1 day"],
    [72, "about 3 days"],
    [14 * 24, "about 14 days"],
    [15 * 24, "about 2 weeks"],
    [60 * 24, "about 9 weeks"],
  ])("reads %f hours as %s", (hours, text) => {
    expect(aboutDuration(hours)).toBe(text);
  });

  it("says the place and the wait together", () => {
    expect(describeQueuePlace({ place: 3, estimatedHours: 72 })).toBe("3rd in the queue · about 3 days");
  });
});
