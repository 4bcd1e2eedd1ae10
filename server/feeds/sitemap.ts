/**
 * The sitemap (sitemaps.org protocol): /sitemap.xml is an index of parts, and each part is computed from bounded reads,
 * whatever the size of the catalogue (decision 038):
 *  - pages.xml: the fixed pages, top-lists, blog posts, legal pages and categories;
 *  - tools-{first day}-{last day}.xml: the live tools listed on those UTC days (verified, or created when that was
 *    not kept), each with its alternatives page when it has one; the days are grouped from the kept counts of each day
 *    (facet_counts) so that a part holds at most TOOLS_PER_SITEMAP tools, and a day with more is cut in numbered parts
 *    (tools-{day}-{day}-{n}.xml);
 *  - compare.xml: the comparisons of the most viewed tools with their closest alternative;
 *  - tags-{n}.xml, profiles-{n}.xml: the tags and the makers' profiles, SITEMAP_URL_LIMIT a part;
 *  - searches.xml: the most searched texts that found tools.
 */
import { SITEMAP_SEARCHES } from "#common/constants.ts";
import { alternativesPath, comparePath } from "#common/page-paths.ts";
import type { Services } from "../services.ts";
import { element, escapeXml, pathOf, xmlDocument } from "./xml.ts";
import { localizedPath, type SiteLocales } from "#common/locales.ts";

/** The most URLs one sitemap file may hold (sitemaps.org protocol). */
export const SITEMAP_URL_LIMIT = 50_000;
/** Tools in one part: each may bring its alternatives page, and a part stays within SITEMAP_URL_LIMIT. */
export const TOOLS_PER_SITEMAP = SITEMAP_URL_LIMIT / 2;

const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NAMESPACE = "http://www.w3.org/1999/xhtml";
const PAGE_PATHS = ["/", "/tools", "/categories", "/tags", "/searches", "/blog", "/open-data"];
const DAY = /\d{4}-\d{2}-\d{2}/.source;
/** A part's file name: pages, compare, searches; tags-{n}, profiles-{n}; tools-{first day}-{last day}[-{n}]. */
const PART_NAME = new RegExp(`^(?:(pages|compare|searches)|(tags|profiles)-([1-9][0-9]{0,5})|tools-(${DAY})-(${DAY})(?:-([1-9][0-9]{0,5}))?)\\.xml$`);

export type SitemapEntry = { path: string; lastmod?: Date };
export type SitemapSources = Pick<Services, "feeds" | "topLists" | "blog"> & { tools: Pick<Services["tools"], "listClosestPairs"> };
export type SitemapOptions = {
  siteUrl: string;
  /** URLs per part (tests make it small); tools parts hold half as many tools. */
  limit?: number;
  /** The languages offered: each page is listed in each of them, naming the others (decision 053). */
  site?: SiteLocales;
};

const ONE_LANGUAGE: SiteLocales = { locales: ["en"], defaultLocale: "en" };

/** The pages a part may hold: a part lists each page once per language, and stays within `limit` URLs. */
function pagesPerPart(limit: number, site: SiteLocales): number {
  return Math.max(1, Math.floor(limit / site.locales.length));
}

/** A part of the sitemap, as its file name says. */
type Part =
  | { kind: "pages" | "compare" | "searches" }
  | { kind: "tags" | "profiles"; page: number }
  | { kind: "tools"; first: string; last: string; page: number | null };

export function partName(part: Part): string {
  if (part.kind === "tools") return `tools-${part.first}-${part.last}${part.page === null ? "" : `-${part.page}`}.xml`;
  if (part.kind === "tags" || part.kind === "profiles") return `${part.kind}-${part.page}.xml`;
  return `${part.kind}.xml`;
}

function parsePart(name: string): Part | null {
  const match = PART_NAME.exec(name);
  if (!match) return null;
  const [, single, paged, page, first, last, toolPage] = match;
  if (single) return { kind: single as "pages" | "compare" | "searches" };
  if (paged) return { kind: paged as "tags" | "profiles", page: Number(page) };
  if (!first || !last || first > last || !isDay(first) || !isDay(last)) return null;
  return { kind: "tools", first, last, page: toolPage ? Number(toolPage) : null };
}

function isDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * The tools parts for the kept counts of each day (newest first): consecutive days while their tools fit in a part,
 * and a day with more tools than a part holds in numbered parts of its own.
 */
export function toolParts(days: { day: string; count: number }[], toolsPerPart: number): Part[] {
  const parts: Part[] = [];
  let group: { first: string; last: string; count: number } | null = null;
  const close = () => {
    if (group) parts.push({ kind: "tools", first: group.first, last: group.last, page: null });
    group = null;
  };
  for (const { day, count } of days) {
    if (count > toolsPerPart) {
      close();
      for (let page = 1; page <= Math.ceil(count / toolsPerPart); page++) parts.push({ kind: "tools", first: day, last: day, page });
      continue;
    }
    if (group && group.count + count > toolsPerPart) close();
    group = group ? { first: day, last: group.last, count: group.count + count } : { first: day, last: day, count };
  }
  close();
  return parts;
}

/** /sitemap.xml: the index of the parts, from counts the database keeps and a count of the tags and of the makers. */
export async function buildSitemapIndex(sources: SitemapSources, { siteUrl, limit: urls = SITEMAP_URL_LIMIT, site = ONE_LANGUAGE }: SitemapOptions): Promise<string> {
  const limit = pagesPerPart(urls, site);
  const [days, tags, profiles] = await Promise.all([sources.feeds.listListingDays(), sources.feeds.countLiveTags(), sources.feeds.countProfiles()]);
  const pages = (count: number) => Array.from({ length: Math.ceil(count / limit) }, (_, index) => index + 1);
  const parts: Part[] = [
    { kind: "pages" },
    ...toolParts(days, Math.max(1, Math.floor(limit / 2))),
    { kind: "compare" },
    ...pages(tags).map((page) => ({ kind: "tags" as const, page })),
    { kind: "searches" },
    ...pages(profiles).map((page) => ({ kind: "profiles" as const, page })),
  ];
  return xmlDocument([
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    ...parts.map((part) => `<sitemap>${element("loc", `${siteUrl}/sitemaps/${partName(part)}`)}</sitemap>`),
    "</sitemapindex>",
  ]);
}

/** /sitemaps/{name}: one part, or null when the name is no part's (a part past the last one is an empty one). */
export async function findSitemapPart(sources: SitemapSources, name: string, { siteUrl, limit = SITEMAP_URL_LIMIT, site = ONE_LANGUAGE }: SitemapOptions): Promise<string | null> {
  const part = parsePart(name);
  if (!part) return null;
  return urlSet(await entriesOf(sources, part, pagesPerPart(limit, site)), siteUrl, site);
}

async function entriesOf(sources: SitemapSources, part: Part, limit: number): Promise<SitemapEntry[]> {
  switch (part.kind) {
    case "pages":
      return [
        ...PAGE_PATHS.map((path) => ({ path })),
        ...(await sources.topLists.listTopListLinks()).map(({ path }) => ({ path })),
        ...(await sources.blog.listAllPosts()).map((post) => ({ path: pathOf("blog", post.slug), lastmod: new Date(post.date) })),
        { path: "/terms-of-service.html" },
        { path: "/privacy-policy.html" },
        ...(await sources.feeds.listCategorySlugs()).map((slug) => ({ path: pathOf("category", slug) })),
      ];
    case "tools": {
      const toolsPerPart = Math.max(1, Math.floor(limit / 2));
      const tools = await sources.feeds.listToolsListedBetween(part.first, part.last, { offset: ((part.page ?? 1) - 1) * toolsPerPart, limit: toolsPerPart });
      return tools.flatMap((tool) => [{ path: pathOf("tool", tool.slug), lastmod: tool.updatedAt }, ...(tool.hasAlternatives ? [{ path: alternativesPath(tool.slug) }] : [])]);
    }
    case "compare":
      return (await sources.tools.listClosestPairs()).map(({ a, b }) => ({ path: comparePath(a, b) }));
    case "tags":
      return (await sources.feeds.listLiveTagsPage({ offset: (part.page - 1) * limit, limit })).map((tag) => ({ path: pathOf("tag", tag) }));
    case "searches": {
      const texts: SitemapEntry[] = [];
      for await (const text of sources.feeds.listSearchTexts({ limit: Math.min(limit, SITEMAP_SEARCHES) })) texts.push({ path: pathOf("search", text) });
      return texts;
    }
    case "profiles":
      return (await sources.feeds.listProfileSlugsPage({ offset: (part.page - 1) * limit, limit })).map((slug) => ({ path: pathOf("profile", slug) }));
  }
}

/**
 * The part's URLs. On a site of several languages each page is listed in each, and each listing names every language's
 * address and the default one's as x-default (Google's hreflang in sitemaps).
 */
function urlSet(entries: SitemapEntry[], siteUrl: string, site: SiteLocales): string {
  const isMultilingual = site.locales.length > 1;
  const url = (path: string, lastmod: Date | undefined, alternates: string) => `<url>${element("loc", `${siteUrl}${path}`)}${lastmod ? element("lastmod", lastmod.toISOString()) : ""}${alternates}</url>`;
  const link = (hreflang: string, path: string) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(`${siteUrl}${path}`)}"/>`;
  return xmlDocument([
    isMultilingual ? `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">` : `<urlset xmlns="${SITEMAP_NAMESPACE}">`,
    ...entries.flatMap(({ path, lastmod }) => {
      if (!isMultilingual) return [url(path, lastmod, "")];
      const alternates = [...site.locales.map((locale) => link(locale, localizedPath(locale, path, site))), link("x-default", localizedPath(site.defaultLocale, path, site))].join("");
      return site.locales.map((locale) => url(localizedPath(locale, path, site), lastmod, alternates));
    }),
    "</urlset>",
  ]);
}
