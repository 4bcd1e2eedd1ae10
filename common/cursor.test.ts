import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor.ts";

describe("keyset cursor", () => {
  it("round-trips a key and an id", () => {
    for (const cursor of [{ key: new Date("2026-03-04T05:06:07.089Z").getTime(), id: "tmabc123" }, { key: 0, id: "tx" }, { key: -5, id: "tx" }, { key: 12, id: "email-marketing" }]) {
      expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    }
  });

  it.each(["", "abc", "123", "123.", ".tabc", "12.3.tabc", "1700000000000.TABC", "1700000000000.t abc", "9".repeat(20) + ".tabc", "1.-abc", "1." + "a".repeat(101)])(
    "refuses %j",
    (text) => {
      expect(decodeCursor(text)).toBeNull();
    },
  );
});
