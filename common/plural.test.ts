import { describe, expect, it } from "vitest";
import { wordsFor } from "#server/i18n.ts";
import { countOf, daysSince } from "./plural.ts";

describe("numbers and days in the reader's language", () => {
  it("writes a French page's like count and chart days as French writes them", () => {
    const french = wordsFor("fr");
    expect(french.number(1204)).toBe("1\u202f204");
    expect(french.shortDate("2026-03-15")).toBe("15 mars");
    expect(wordsFor("en").number(1204)).toBe("1,204");
    expect(wordsFor("en").shortDate("2026-03-15")).toBe("15 Mar");
  });
});

describe("countOf", () => {
  it("puts the noun in the right number", () => {
    expect(countOf(1, "tool")).toBe("1 tool");
    expect(countOf(12, "tool")).toBe("12 tools");
  });
});

describe("when a link was checked", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it.each([
    ["2026-03-10T08:00:00Z", "Link checked today"],
    ["2026-03-09T11:00:00Z", "Link checked 1 day ago"],
    ["2026-03-01T12:00:00Z", "Link checked 9 days ago"],
    // A clock a little ahead of this one still says today.
    ["2026-03-10T12:05:00Z", "Link checked today"],
  ])("says a check at %s was %s", (checkedAt, label) => {
    expect(wordsFor("en").t("tool.linkChecked", { days: daysSince(checkedAt, now) })).toBe(label);
  });

  it("is said in each language", () => {
    expect(wordsFor("fr").t("tool.linkChecked", { days: 0 })).toBe("Lien vérifié aujourd'hui");
    expect(wordsFor("fr").t("tool.linkChecked", { days: 9 })).toBe("Lien vérifié il y a 9 jours");
    expect(wordsFor("es").t("tool.linkChecked", { days: 1 })).toBe("Enlace comprobado hace 1 día");
  });
});
