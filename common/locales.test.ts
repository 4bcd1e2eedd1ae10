import { describe, expect, it } from "vitest";
import { localeBasename, localizedPath, preferredLocale, splitLocalePath, withoutLocalePrefix } from "./locales.ts";

const site = { locales: ["en", "fr", "es"] as const, defaultLocale: "en" as const };

describe("a path's language", () => {
  it("is its prefix when the site offers it, else the default's", () => {
    expect(splitLocalePath("/fr/tool/beacon", site)).toEqual({ locale: "fr", path: "/tool/beacon" });
    expect(splitLocalePath("/fr", site)).toEqual({ locale: "fr", path: "/" });
    expect(splitLocalePath("/es/", site)).toEqual({ locale: "es", path: "/" });
    expect(splitLocalePath("/tool/beacon", site)).toEqual({ locale: "en", path: "/tool/beacon" });
    expect(splitLocalePath("/en/tool/beacon", site)).toEqual({ locale: "en", path: "/en/tool/beacon" });
    expect(splitLocalePath("/de/tools", site)).toEqual({ locale: "en", path: "/de/tools" });
    expect(splitLocalePath("/frank", site)).toEqual({ locale: "en", path: "/frank" });
    expect(splitLocalePath("/es/tools", { locales: ["en", "fr"], defaultLocale: "en" })).toEqual({
      locale: "en",
      path: "/es/tools",
    });
  });

  it("is written back as a prefix, none for the default language", () => {
    expect(localizedPath("fr", "/tool/beacon", site)).toBe("/fr/tool/beacon");
    expect(localizedPath("fr", "/", site)).toBe("/fr");
    expect(localizedPath("es", "/?cursor=x", site)).toBe("/es?cursor=x");
    expect(localizedPath("en", "/tool/beacon", site)).toBe("/tool/beacon");
    expect(localeBasename("en", site)).toBe("");
    expect(localeBasename("es", site)).toBe("/es");
    const french = { locales: ["fr", "en"] as const, defaultLocale: "fr" as const };
    expect(localizedPath("en", "/tools", french)).toBe("/en/tools");
    expect(splitLocalePath("/en/tools", french)).toEqual({ locale: "en", path: "/tools" });
  });
});

describe("a path without its language", () => {
  it("drops any language's prefix, and only a language's", () => {
    expect(withoutLocalePrefix("/fr/tool/beacon")).toBe("/tool/beacon");
    expect(withoutLocalePrefix("/es")).toBe("/");
    expect(withoutLocalePrefix("/en/search/crm")).toBe("/search/crm");
    expect(withoutLocalePrefix("/tool/beacon")).toBe("/tool/beacon");
    expect(withoutLocalePrefix("/de/tools")).toBe("/de/tools");
    expect(withoutLocalePrefix("/frank")).toBe("/frank");
  });
});

describe("Accept-Language", () => {
  it("chooses the offered language the browser prefers most", () => {
    expect(preferredLocale("fr-CA,fr;q=0.9,en;q=0.8", site.locales)).toBe("fr");
    expect(preferredLocale("de-DE,de;q=0.9,es;q=0.5,en;q=0.4", site.locales)).toBe("es");
    expect(preferredLocale("en;q=0.5, es;q=0.8", site.locales)).toBe("es");
    expect(preferredLocale("de, it", site.locales)).toBeNull();
    expect(preferredLocale("fr;q=0", site.locales)).toBeNull();
    expect(preferredLocale("", site.locales)).toBeNull();
    expect(preferredLocale(undefined, site.locales)).toBeNull();
    expect(preferredLocale("*", site.locales)).toBeNull();
    expect(preferredLocale("fr;q=abc,es", site.locales)).toBe("es");
  });
});
