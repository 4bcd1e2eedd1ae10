import { describe, expect, it } from "vitest";
import { badgeSvg, formatBadgeCount, textWidth } from "./badge.ts";

describe("textWidth", () => {
  it("adds each character's width from the table, wider in bold and for wide scripts", () => {
    // "il" is narrow, "WM" wide: 0.222 + 0.222 and 0.944 + 0.833 of the font size.
    expect(textWidth("il", 10)).toBeCloseTo(4.44);
    expect(textWidth("WM", 10)).toBeCloseTo(17.77);
    expect(textWidth("WM", 10, true)).toBeGreaterThan(textWidth("WM", 10));
    expect(textWidth("日本", 10)).toBe(20);
    expect(textWidth("🚀", 10)).toBe(10);
    expect(textWidth("é", 10)).toBe(6);
  });
});

describe("formatBadgeCount", () => {
  it("writes small counts in full and large ones short, never rounding up", () => {
    expect(formatBadgeCount(0)).toBe("0");
    expect(formatBadgeCount(9_999)).toBe("9,999");
    expect(formatBadgeCount(12_399)).toBe("12.3k");
    expect(formatBadgeCount(999_999)).toBe("999k");
    expect(formatBadgeCount(1_250_000)).toBe("1.2M");
  });
});

describe("badgeSvg", () => {
  it("cuts a very long site name, so the badge stays small", () => {
    const svg = badgeSvg({
      siteName: "x".repeat(500),
      tool: { name: "A", isFeatured: false, views: 0 },
      theme: "light",
      showViews: false,
    });
    expect(svg).toContain(`>${"x".repeat(39)}…</text>`);
    expect(Number(/width="(\d+)"/.exec(svg)![1])).toBeLessThan(400);
  });

  it("says a week's winner's rank, and only for a listed tool", () => {
    const award = { rank: 2, week: "2026-11-23" };
    const won = badgeSvg({
      siteName: "Indie Tools",
      tool: { name: "Orbit", isFeatured: false, views: 0 },
      theme: "dark",
      showViews: false,
      award,
    });
    expect(won).toContain(">#2 OF THE WEEK ON</text>");
    expect(won).toContain("<title>Orbit was No. 2 of the week of 2026-11-23 on Indie Tools</title>");
    expect(badgeSvg({ siteName: "Indie Tools", tool: null, theme: "light", showViews: false, award })).toContain(
      ">NOT LISTED ON</text>",
    );
  });
});
