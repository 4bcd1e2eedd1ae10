/**
 * The languages the interface is written in (decision 053). English is the seed's words; every other language is one
 * catalogue file (common/i18n/catalogues). The operator offers some of them (LOCALES) and names the default, which is
 * served at the site's own paths; every other offered language lives under its prefix: /fr/tool/x, /es/tool/x.
 */
export const LOCALES = ["en", "fr", "es"] as const;

export type Locale = (typeof LOCALES)[number];

/** Each language's name in itself, as the language switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", fr: "Français", es: "Español" };

/** The cookie a chosen language is kept in, so that the home page no longer sends the visitor to theirs. */
export const LOCALE_COOKIE = "locale";

/** The languages a site offers, and the one at its unprefixed paths. */
export type SiteLocales = { locales: readonly Locale[]; defaultLocale: Locale };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language a path is in, and the path without its prefix: "/fr/tool/x" is French and "/tool/x". A prefix of a
 * language the site does not offer, or of the default one, is no prefix (that path is the default language's, and
 * matches no page).
 */
export function splitLocalePath(pathname: string, site: SiteLocales): { locale: Locale; path: string } {
  const prefix = /^\/([a-z]{2})(?=\/|$)/.exec(pathname)?.[1];
  if (prefix && prefix !== site.defaultLocale && isLocale(prefix) && site.locales.includes(prefix)) {
    return { locale: prefix, path: pathname.slice(prefix.length + 1) || "/" };
  }
  return { locale: site.defaultLocale, path: pathname };
}

/**
 * A path without any language's prefix: "/fr/tool/x" is "/tool/x" whichever languages a site offers, for what reads a
 * page's kind from its path (a page view's tool or search).
 */
export function withoutLocalePrefix(pathname: string): string {
  const prefix = /^\/([a-z]{2})(?=\/|$)/.exec(pathname)?.[1];
  return prefix && isLocale(prefix) ? pathname.slice(prefix.length + 1) || "/" : pathname;
}

/** The path prefix of a language: "" for the default one, "/fr" for French. */
export function localeBasename(locale: Locale, site: SiteLocales): string {
  return locale === site.defaultLocale ? "" : `/${locale}`;
}

/** `path` (from "/") in `locale`: "/tool/x" in French is "/fr/tool/x", and the French home page is "/fr". */
export function localizedPath(locale: Locale, path: string, site: SiteLocales): string {
  const base = localeBasename(locale, site);
  if (!base) return path;
  return path === "/" ? base : path.startsWith("/?") ? `${base}${path.slice(1)}` : `${base}${path}`;
}

/**
 * The offered language an Accept-Language header prefers most (RFC 9110: q-values, then order; "fr-CA" is French),
 * or null when it names none of them.
 */
export function preferredLocale(acceptLanguage: string | undefined, locales: readonly Locale[]): Locale | null {
  if (!acceptLanguage) return null;
  const ranges = acceptLanguage
    .split(",")
    .slice(0, 20)
    .map((part, order) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.find((param) => /^\s*q=/i.test(param));
      // A weight that is not a number (q=abc) makes the range unreadable: it is left out.
      return {
        language: range.trim().toLowerCase().split("-")[0]!,
        q: q === undefined ? 1 : /^\s*q=[0-9.]+\s*$/i.test(q) ? Number(q.split("=")[1]) : NaN,
        order,
      };
    })
    .filter(({ q }) => Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { language } of ranges) if (isLocale(language) && locales.includes(language)) return language;
  return null;
}

/**
 * The home page's heading and title in `locale`: the operator's words for that language, or the language's own
 * (the seed's "The Best Tools for Indie Developers" in English). Here, not beside the settings' schema: every page's
 * title reads it, and the schema would bring Zod into the first visit's scripts.
 */
export function taglineOf(
  taglines: Partial<Record<Locale, string>>,
  locale: Locale,
  t: (key: "home.tagline") => string,
): string {
  return taglines[locale] || t("home.tagline");
}
