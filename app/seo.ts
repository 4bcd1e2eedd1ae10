/** Builds a page's title, description, canonical URL and link-preview tags from the configured site URL. */
import type { MetaDescriptor } from "react-router";
import { clipAtWord } from "#common/clip.ts";
import type { Words } from "#common/i18n/translate.ts";
import { wordsFor } from "#common/i18n/words.ts";
import { type Locale, localizedPath, type SiteLocales, taglineOf } from "#common/locales.ts";
import { ogHomeImage, ogImagePath } from "#common/og-image.ts";

type SeoInput = {
  siteName: string;
  siteUrl: string;
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** Path of the canonical URL, starting with '/'. */
  path: string;
  /** The link preview image (an ogImagePath); without one, the home page's (decision 035). */
  image?: string;
  /** The page's language, and the site's. */
  locale: Locale;
  site: SiteLocales;
};

/** Open Graph's names of the languages (language_TERRITORY), as link previews read them; English is written the British way. */
const OPEN_GRAPH_LOCALES: Record<Locale, string> = { en: "en_GB", fr: "fr_FR", es: "es_ES" };

/** A page's title as the browser's tab shows it: the site's name is appended unless the title already says it. */
export function pageTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/** The tag that keeps a page out of search engines. */
export const NOINDEX = { name: "robots", content: "noindex" } as const satisfies MetaDescriptor;

/** The longest description search engines show whole, in characters. */
export const MAX_DESCRIPTION_LENGTH = 160;

/** `text` with its spaces tidied, cut at a word with an ellipsis when longer than MAX_DESCRIPTION_LENGTH. */
export function metaDescription(text: string): string {
  return clipAtWord(text.replace(/\s+/g, " ").trim(), MAX_DESCRIPTION_LENGTH);
}

function seo({ siteName, siteUrl, title, description: text, path, image, locale, site }: SeoInput): MetaDescriptor[] {
  const fullTitle = pageTitle(title, siteName);
  const description = metaDescription(text);
  const url = `${siteUrl}${path}`;
  // A drawn image is the page's language's: its words are that language's (common/og-image.ts).
  const drawn = image ?? ogImagePath(ogHomeImage(siteName), siteName);
  const imageUrl = new URL(drawn.startsWith("/og/") ? localizedPath(locale, drawn, site) : drawn, siteUrl).toString();
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: OPEN_GRAPH_LOCALES[locale] },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
}

/** Structured data for search engines, rendered as a JSON-LD script (a data block: the CSP does not apply to it). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": { "@context": "https://schema.org", ...data } };
}

export type Crumb = { name: string; path: string };

/** The BreadcrumbList of a page, from the home page down to it, with the addresses of the page's language (`pageUrl`). */
export function breadcrumbLd(pageUrl: PageUrl, crumbs: Crumb[]): MetaDescriptor {
  return jsonLd({
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: pageUrl(crumb.path),
    })),
  });
}

/** The ItemList of a list page: the tools (or other items) it shows, in order, at their pages in the page's language. */
export function itemListLd(pageUrl: PageUrl, name: string, items: Crumb[]): MetaDescriptor {
  return jsonLd({
    "@type": "ItemList",
    name,
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      url: pageUrl(item.path),
    })),
  });
}

/**
 * The home page's WebSite, with the SearchAction that lets a search engine send a query straight to /search (which
 * turns any text into its results page), and the Organization that runs the site.
 */
export function websiteLd({
  siteName,
  siteUrl,
  pageUrl,
  locale,
}: Site & { pageUrl: PageUrl; locale: Locale }): MetaDescriptor[] {
  const home = pageUrl("/");
  return [
    jsonLd({
      "@type": "WebSite",
      name: siteName,
      url: home.endsWith("/") ? home : `${home}/`,
      inLanguage: locale,
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${pageUrl("/search")}?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    }),
    jsonLd({ "@type": "Organization", name: siteName, url: `${siteUrl}/`, logo: `${siteUrl}/favicon.svg` }),
  ];
}

/**
 * A tool's offers for its SoftwareApplication (decision 032): a free, open-source or freemium tool can be used at no
 * cost, which is an offer at price 0; a paid tool's price is not known here, so it claims none.
 */
export function softwareOffers(paymentType: string): { offers?: Record<string, string> } {
  return paymentType === "paid" ? {} : { offers: { "@type": "Offer", price: "0", priceCurrency: "USD" } };
}

export type Site = { siteName: string; siteUrl: string };

/** The absolute address of a page (a path from "/") in the language of the page being rendered. */
export type PageUrl = (path: string) => string;

/**
 * What a page's meta may be built from: the site, its tagline (the home page's title), the page's words, and the
 * addresses of pages in its language (`pageUrl`), for its structured data.
 */
export type SiteWords = Site & { tagline: string; pageUrl: PageUrl } & Words;

export type PageMeta = Omit<SeoInput, keyof Site | "locale" | "site"> & {
  /** Keeps the page out of search engines (private pages, empty lists, the moderation console). */
  noindex?: boolean;
  /** Tags after the page's own: its structured data, a feed link. */
  extra?: MetaDescriptor[];
};

/**
 * Every route's meta: the title, description, canonical URL and link-preview tags, then the robots tag, then the
 * extra tags. The site's name and address come from the root loader's data. `page` may be built from them; a builder
 * that answers undefined (the page's loader failed, and the error page shows instead) gives no tags.
 */
export function pageMeta(
  matches: readonly ({ loaderData?: unknown } | undefined)[],
  page: PageMeta | ((site: SiteWords) => PageMeta | undefined),
): MetaDescriptor[] {
  const root = matches[0]?.loaderData as
    | { config: Site & { taglines: Partial<Record<Locale, string>> } & SiteLocales; locale: Locale }
    | undefined;
  if (!root) return [];
  const { siteName, siteUrl, taglines, locales, defaultLocale } = root.config;
  const site = { locales, defaultLocale };
  const pageUrl: PageUrl = (path) => `${siteUrl}${localizedPath(root.locale, path, site)}`;
  const words = wordsFor(root.locale);
  const meta =
    typeof page === "function"
      ? page({ siteName, siteUrl, tagline: taglineOf(taglines, root.locale, words.t), pageUrl, ...words })
      : page;
  if (!meta) return [];
  const { noindex, extra = [], path, ...rest } = meta;
  return [
    ...seo({ siteName, siteUrl, path: localizedPath(root.locale, path, site), locale: root.locale, site, ...rest }),
    ...(noindex ? [NOINDEX] : alternates(siteUrl, path, site, root.locale)),
    ...extra,
  ];
}

/**
 * The page in each language the site offers, and the default language's as x-default (Google's hreflang): none when
 * the site speaks one language. A page kept out of search engines names none.
 */
function alternates(siteUrl: string, path: string, site: SiteLocales, locale: Locale): MetaDescriptor[] {
  if (site.locales.length < 2) return [];
  return [
    ...site.locales
      .filter((other) => other !== locale)
      .map((other) => ({ property: "og:locale:alternate", content: OPEN_GRAPH_LOCALES[other] })),
    ...site.locales.map((locale) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: locale,
      href: `${siteUrl}${localizedPath(locale, path, site)}`,
    })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: `${siteUrl}${localizedPath(site.defaultLocale, path, site)}`,
    },
  ];
}
