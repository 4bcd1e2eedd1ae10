import { describe, expect, it } from "vitest";
import { slugify } from "./slugify.ts";

describe("slugify", () => {
  it.each([
    ["Plausible Analytics", "plausible-analytics"],
    ["  Next.js  Boilerplate!! ", "next-js-boilerplate"],
    ["Café Crème", "cafe-creme"],
    ["ÀÉÎÕÜ çñ", "aeiou-cn"],
    ["C++ & C#", "c-c"],
    ["already-a-slug", "already-a-slug"],
    ["--dashes--everywhere--", "dashes-everywhere"],
    ["Tabs\tand\nnewlines", "tabs-and-newlines"],
    ["日本語", ""],
    ["", ""],
    ["100% Free", "100-free"],
  ])("%j -> %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("is idempotent", () => {
    for (const text of ["Hello World", "a--b", "Ünïcödé Tëxt"]) expect(slugify(slugify(text))).toBe(slugify(text));
  });
});
