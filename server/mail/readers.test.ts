import { describe, expect, it } from "vitest";
import { followUpMail } from "../newsletter/follow-up-mail.ts";
import { readers } from "./readers.ts";

const site = readers({ siteUrl: "https://tools.example", locales: ["en", "fr", "es"], defaultLocale: "en" });

describe("a mail's reader", () => {
  it("reads in their profile's language while the site offers it, else in the default", () => {
    expect(["fr", "es", "en", null, undefined, "de", "EN"].map((chosen) => site.localeOf(chosen))).toEqual([
      "fr",
      "es",
      "en",
      "en",
      "en",
      "en",
      "en",
    ]);
    const englishOnly = readers({ siteUrl: "https://tools.example", locales: ["en"], defaultLocale: "en" });
    expect(englishOnly.localeOf("fr")).toBe("en");
  });

  it("is written to in their language, with the site's links in it", () => {
    expect(site.write("fr", ({ locale, url }) => [locale, url("/tool/x"), url("/")])).toEqual([
      "fr",
      "https://tools.example/fr/tool/x",
      "https://tools.example/fr",
    ]);
    expect(site.write(null, ({ url }) => url("/tool/x"))).toBe("https://tools.example/tool/x");
  });

  it("gets a tool's first week in their language, with its figures' plurals", () => {
    const input = {
      siteName: "Indie Tools",
      to: "m@example.com",
      username: "Marie",
      tool: { name: "Counter", slug: "counter-1" },
      week: { first: "2026-03-08", last: "2026-03-14" },
      views: 1,
      clicks: 1204,
      isMaker: true,
    };
    const french = site.write("fr", (words) => followUpMail(words, input));
    expect(french.subject).toBe("Votre première semaine sur Indie Tools : 1 vue et 1\u202f204 clics pour Counter");
    expect(french.text).toContain("Du 8 mars 2026 au 14 mars 2026, sa page a été vue 1 fois");
    expect(french.text).toContain("Suivez ses chiffres sur votre tableau de bord : https://tools.example/fr/my-tools");
    const english = site.write("en", (words) => followUpMail(words, input));
    expect(english.subject).toBe("Your first week on Indie Tools: 1 view and 1,204 clicks for Counter");
    expect(english.text).toContain(
      "From 8 March 2026 to 14 March 2026, its page was viewed 1 time and its website link was clicked 1,204 times.",
    );
  });
});
