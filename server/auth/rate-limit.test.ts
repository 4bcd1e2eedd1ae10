import { describe, expect, it } from "vitest";
import { memoryRateLimiter, senderKey } from "./rate-limit.ts";

describe("senderKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:a:b:c:d", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::5", "2001:db8:1:2::/64"],
    ["2001:0db8::abcd:1234", "2001:db8:0:0::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
  ])("counts %s as %s", (address, key) => {
    expect(senderKey(address)).toBe(key);
  });
});

describe("memoryRateLimiter", () => {
  it("allows max hits in a window, then refuses until the window is over", () => {
    const limiter = memoryRateLimiter();
    const limit = { max: 3, windowSeconds: 60 };
    const start = new Date("2026-03-10T12:00:00Z");
    expect([1, 2, 3, 4].map(() => limiter.hit("a", limit, start))).toEqual([true, true, true, false]);
    expect(limiter.hit("b", limit, start)).toBe(true);
    expect(limiter.hit("a", limit, new Date(start.getTime() + 60_000))).toBe(true);
  });
});
