import { describe, expect, it } from "vitest";
import { FEATURED_NEEDS_ACCOUNT } from "../constants.ts";
import { LOCALES } from "../locales.ts";
import { PROJECT_ROOT } from "#server/paths.ts";
import { wordsFor } from "#server/i18n.ts";
import { checkCatalogues } from "./catalogue-check.ts";
import en from "./catalogues/en.ts";
import es from "./catalogues/es.ts";
import fr from "./catalogues/fr.ts";
import { placeholdersOf, pluralCases } from "./placeholders.ts";

const catalogues: Record<string, Record<string, string>> = { en, fr, es };
/** Counts that reach every plural category of English, French and Spanish, and large ones. */
const COUNTS = [0, 1, 2, 5, 21, 1_000, 1_000_000, 1.5];

describe("the catalogues", () => {
  it("have every English key and no other, and every key is used in the source", async () => {
    expect(await checkCatalogues(PROJECT_ROOT)).toEqual({ missing: {}, unknown: {}, unused: [] });
  });

  for (const locale of ["fr", "es"]) {
    it(`${locale}: every message takes the English message's placeholders, of the same kinds`, () => {
      for (const [key, message] of Object.entries(en)) {
        expect({ key, placeholders: [...placeholdersOf(catalogues[locale]![key]!)].sort() }).toEqual({
          key,
          placeholders: [...placeholdersOf(message)].sort(),
        });
      }
    });
  }

  for (const locale of LOCALES) {
    it(`${locale}: every plural has an 'other' case and one for each of the language's categories it needs`, () => {
      const categories = {
        cardinal: new Intl.PluralRules(locale).resolvedOptions().pluralCategories,
        ordinal: new Intl.PluralRules(locale, { type: "ordinal" }).resolvedOptions().pluralCategories,
      };
      for (const [key, message] of Object.entries(catalogues[locale]!)) {
        for (const { type, cases } of pluralCases(message)) {
          expect({ key, hasOther: cases.includes("other") }).toEqual({ key, hasOther: true });
          for (const category of cases.filter((name) => !name.startsWith("=")))
            expect({ key, category, known: (categories[type] as string[]).includes(category) }).toEqual({
              key,
              category,
              known: true,
            });
          // French and Spanish give "many" to large round counts (1 000 000 de...): a message that names "one" names it too, or leaves it to "other".
        }
      }
    });

    it(`${locale}: every message formats for every count and choice, with no placeholder left`, () => {
      const { t } = wordsFor(locale);
      for (const [key, message] of Object.entries(en)) {
        const placeholders = placeholdersOf(message);
        for (const count of COUNTS) {
          const values = Object.fromEntries(
            [...placeholders].map(([name, kind]) => [
              name,
              kind === "number" ? count : kind === "date" ? new Date(0) : kind === "choice" ? "add" : "Beacon",
            ]),
          );
          const text = (t as (key: string, values?: object) => string)(key, placeholders.size ? values : undefined);
          expect({ key, text: /\{\s*[a-zA-Z_]+\s*[,}]/.test(text) ? text : "ok" }).toEqual({ key, text: "ok" });
        }
      }
    });
  }

  it("English says the seed's fixed strings word for word", () => {
    expect(en["featured.needsAccount"]).toBe(FEATURED_NEEDS_ACCOUNT);
  });

  it("counts are written the language's way", () => {
    expect(wordsFor("en").t("search.tagCount", { count: 1 })).toBe("1 tool");
    expect(wordsFor("en").t("search.tagCount", { count: 1204 })).toBe("1,204 tools");
    expect(wordsFor("fr").t("search.tagCount", { count: 1204 })).toBe("1\u202f204 outils");
    expect(wordsFor("fr").t("search.tagCount", { count: 0 })).toBe("0 outil");
    expect(wordsFor("es").t("search.tagCount", { count: 1204 })).toBe("1204 herramientas");
    expect(wordsFor("fr").t("theme.current", { choice: "dark" })).toBe("Thème : sombre");
  });
});
