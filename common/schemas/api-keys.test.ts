import { describe, expect, it } from "vitest";
import { bearerToken } from "./api-keys.ts";

const KEY = `it_live_${"A1_-".repeat(10)}abc`;

describe("bearerToken", () => {
  it("reads a key of ours from a Bearer header, whatever the scheme's case", () => {
    expect(bearerToken(`Bearer ${KEY}`)).toBe(KEY);
    expect(bearerToken(`bearer ${KEY}`)).toBe(KEY);
  });

  it.each([
    ["another scheme", `Basic ${KEY}`],
    ["no key", "Bearer "],
    ["a key without our prefix", `Bearer sk_live_${"a".repeat(43)}`],
    ["a key too short", `Bearer ${KEY.slice(0, -1)}`],
    ["a key too long", `Bearer ${KEY}a`],
    ["characters outside base64url", `Bearer it_live_${"a".repeat(42)}+`],
    ["two tokens", `Bearer ${KEY} ${KEY}`],
  ])("refuses %s", (_name, header) => {
    expect(bearerToken(header)).toBeNull();
  });
});
