import { describe, expect, it } from "vitest";
import { wordsFor } from "#server/i18n.ts";
import { aboutDuration, describeQueuePlace } from "./queue-place.ts";

describe("queue place", () => {
  const place = (n: number) => describeQueuePlace(wordsFor("en").t, { place: n, estimatedHours: 1 }).split(" ")[0];

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
    expect(place(n)).toBe(text);
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
    expect(describeQueuePlace(wordsFor("en").t, { place: 1, estimatedHours: hours }).split(" · ")[1]).toBe(text);
    expect(aboutDuration(hours).count).toBeGreaterThan(0);
  });

  it("says the place and the wait together, in each language", () => {
    expect(describeQueuePlace(wordsFor("en").t, { place: 3, estimatedHours: 72 })).toBe(
      "3rd in the queue · about 3 days",
    );
    expect(describeQueuePlace(wordsFor("fr").t, { place: 1, estimatedHours: 72 })).toBe(
      "1er dans la file · environ 3 jours",
    );
    expect(describeQueuePlace(wordsFor("fr").t, { place: 3, estimatedHours: 5 })).toBe(
      "3e dans la file · environ 5 heures",
    );
    expect(describeQueuePlace(wordsFor("es").t, { place: 2, estimatedHours: 15 * 24 })).toBe(
      "2.º en la cola · unas 2 semanas",
    );
  });
});
