import { describe, expect, it } from "vitest";
import { monogramInitials } from "./monogram.ts";

describe("monogramInitials", () => {
  it.each([
    ["Hacker News", "HN"],
    ["Screaming Frog SEO Spider", "SF"],
    ["ShipFast", "SF"],
    ["ChatGPT", "CG"],
    ["GTmetrix", "GT"],
    ["Tally", "Ta"],
    ["n8n", "N8"],
    ["There's An AI For That", "TA"],
    ["Next.js SaaS Starter", "NS"],
    ["shadcn/ui", "SU"],
    ["tawk.to", "Ta"],
    ["X", "X"],
    ["Évora maps", "ÉM"],
    ["!!!", "?"],
  ])("makes %s into %s", (name, initials) => {
    expect(monogramInitials(name)).toBe(initials);
  });
});
