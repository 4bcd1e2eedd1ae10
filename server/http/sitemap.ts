/**
 * The sitemap (sitemaps.org protocol): /sitemap.xml is an index of parts, and each part is computed from bounded reads,
 * whatever the size of the catalogue (decision 038):
 *  - pages.xml: the fixed pages, top-lists, blog posts, legal pages, categories and the licences live tools have;
 *  - tools-{first day}-{last day}.xml: the live tools listed on those UTC days (verified, or created when that was
 *    not kept), each with its alternatives page and its open-source alternatives page when it has them; the days are
 *    grouped from the kept counts of each day (facet_counts) so that a part holds at most a third of SITEMAP_URL_LIMIT
 *    tools (toolsPerPartOf), and a day with more is cut in numbered parts
 *    that each start at a tool of the day (tools-{day}-{day}-from-{µs}-{id}.xml: its time of listing and its id);
 *  - compare.xml: the comparisons of the most viewed tools with their closest alternative;
 *  - tags-from-{tag}.xml, profiles-from-{slug}.xml: the tags and the makers' profiles, SITEMAP_URL_LIMIT a part, each
 *    part from the tag or profile it starts at.
 * A part is read from the key its name gives, never by OFFSET: the index finds each part's first key in one walk of
 * the keys, the read a count of them would be. A name whose key is not its part's first entry is no part: as many
 * names as entries, like their own pages.
 *  - searches.xml: the most searched texts that found tools.
 */
import { SITEMAP_SEARCHES } from "#common/constants.ts";
import { isCalendarDay } from "#common/days.ts";
import { alternativesPath, COMING_SOON_PATH, comparePath, licencePath } from "#common/page-paths.ts";
import { licenceWithPage } from "../tools/licences.ts";
import type { Services } from "../services.ts";
import { element, escapeXml, pathOf, xmlDocument } from "../feeds/xml.ts";
import { localizedPath, type SiteLocales } from "#common/locales.ts";
import type { ListedKey } from "../feeds/queries.ts";

/** The most URLs one sitemap file may hold (sitemaps.org protocol). */
export const SITEMAP_URL_LIMIT = 50_000;
/** The most licences the sitemap reads, the most used first: more than SPDX has (about 700). */
const SITEMAP_LICENCES = 1000;
/** The URLs a tool may bring: its page, its alternatives and its open-source alternatives. */
const URLS_PER_TOOL = 3;
/** Tools in one part of at most `limit` URLs (SITEMAP_URL_LIMIT), each with all it may bring. */
const toolsPerPartOf = (limit: number) => Math.max(1, Math.floor(limit / URLS_PER_TOOL));

const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NAMESPACE = "http://www.w3.org/1999/xhtml";
const PAGE_PATHS = ["/", "/tools", "/categories", "/tags", "/searches", "/deals", "/blog", "/open-data"];
const DAY = /\d{4}-\d{2}-\d{2}/.source;
/** The longest tag or profile a part's name may start at: longer than either may be. */
const MAX_KEY_LENGTH = 200;
/** A part's file name: pages, compare, searches; tags-from-{tag}, profiles-from-{slug}; tools-{first day}-{last day}[-from-{µs}-{id}]. */
const PART_NAME = new RegExp(
  `^(?:(pages|compare|searches)|(tags|profiles)-from-(.{1,${MAX_KEY_LENGTH}})|tools-(${DAY})-(${DAY})(?:-from-([0-9]{1,17})-([A-Za-z0-9_-]{1,64}))?)\\.xml$`,
);

export type SitemapEntry = { path: string; lastmod?: Date };
export type SitemapSources = Pick<Services, "feeds" | "topLists" | "blog"> & {
  tools: Pick<Services["tools"], "listClosestPairs">;
  deals: Pick<Services["deals"], "isOn">;
  launches: Pick<Services["launches"], "isOn" | "hasComingTools">;
};
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
  | { kind: "tags" | "profiles"; from: string }
  | { kind: "tools"; first: string; last: string; from: ListedKey | null };

export function partName(part: Part): string {
  if (part.kind === "tools")
    return `tools-${part.first}-${part.last}${part.from === null ? "" : `-from-${part.from.at}-${part.from.id}`}.xml`;
  if (part.kind === "tags" || part.kind === "profiles") return `${part.kind}-from-${encodeURIComponent(part.from)}.xml`;
  return `${part.kind}.xml`;
}

function parsePart(name: string): Part | null {
  const match = PART_NAME.exec(name);
  if (!match) return null;
  const [, single, keyed, from, first, last, at, id] = match;
  if (single) return { kind: single as "pages" | "compare" | "searches" };
  if (keyed) return { kind: keyed as "tags" | "profiles", from: from! };
  if (!first || !last || first > last || !isCalendarDay(first) || !isCalendarDay(last)) return null;
  if (at && first !== last) return null;
  return { kind: "tools", first, last, from: at ? { at: Number(at), id: id! } : null };
}

/**
 * The tools parts for the kept counts of each day (newest first): consecutive days while their tools fit in a part,
 * and a day with more tools than a part holds in parts of its own, each from the tool `startsOf` the day says.
 */
async function toolParts(
  days: { day: string; count: number }[],
  toolsPerPart: number,
  startsOf: (day: string) => Promise<ListedKey[]>,
): Promise<Part[]> {
  const parts: Part[] = [];
  let group: { first: string; last: string; count: number } | null = null;
  const close = () => {
    if (group) parts.push({ kind: "tools", first: group.first, last: group.last, from: null });
    group = null;
  };
  for (const { day, count } of days) {
    if (count > toolsPerPart) {
      close();
      for (const from of await startsOf(day)) parts.push({ kind: "tools", first: day, last: day, from });
      continue;
    }
    if (group && group.count + count > toolsPerPart) close();
    group = group ? { first: day, last: group.last, count: group.count + count } : { first: day, last: day, count };
  }
  close();
  return parts;
}

/** /sitemap.xml: the index of the parts, from counts the database keeps and where each part of tags and of makers starts. */
export async function buildSitemapIndex(
  sources: SitemapSources,
  { siteUrl, limit: urls = SITEMAP_URL_LIMIT, site = ONE_LANGUAGE }: SitemapOptions,
): Promise<string> {
  const limit = pagesPerPart(urls, site);
  const toolsPerPart = toolsPerPartOf(limit);
  const [days, tags, profiles] = await Promise.all([
    sources.feeds.listListingDays(),
    sources.feeds.listTagPartStarts(limit),
    sources.feeds.listProfilePartStarts(limit),
  ]);
  const parts: Part[] = [
    { kind: "pages" },
    ...(await toolParts(days, toolsPerPart, (day) => sources.feeds.listToolPartStarts(day, toolsPerPart))),
    { kind: "compare" },
    ...tags.map((from) => ({ kind: "tags" as const, from })),
    { kind: "searches" },
    ...profiles.map((from) => ({ kind: "profiles" as const, from })),
  ];
  return xmlDocument([
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    ...parts.map((part) => `<sitemap>${element("loc", `${siteUrl}/sitemaps/${partName(part)}`)}</sitemap>`),
    "</sitemapindex>",
  ]);
}

/** /sitemaps/{name}: one part, or null when the name is no part's: malformed, or its key not the part's first entry. */
export async function findSitemapPart(
  sources: SitemapSources,
  name: string,
  { siteUrl, limit = SITEMAP_URL_LIMIT, site = ONE_LANGUAGE }: SitemapOptions,
): Promise<string | null> {
  const part = parsePart(name);
  if (!part) return null;
  const entries = await entriesOf(sources, part, pagesPerPart(limit, site));
  return entries && urlSet(entries, siteUrl, site);
}

async function entriesOf(sources: SitemapSources, part: Part, limit: number): Promise<SitemapEntry[] | null> {
  switch (part.kind) {
    case "pages":
      return [
        ...PAGE_PATHS.filter((path) => path !== "/deals" || sources.deals.isOn()).map((path) => ({ path })),
        // Empty, /coming-soon is not indexed.
        ...(sources.launches.isOn() && (await sources.launches.hasComingTools()) ? [{ path: COMING_SOON_PATH }] : []),
        ...(await sources.topLists.listTopListLinks()).map(({ path }) => ({ path })),
        ...(await sources.blog.listAllPosts()).map((post) => ({
          path: pathOf("blog", post.slug),
          lastmod: new Date(post.date),
        })),
        { path: "/terms-of-service.html" },
        { path: "/privacy-policy.html" },
        ...(await sources.feeds.listCategorySlugs()).map((slug) => ({ path: pathOf("category", slug) })),
        ...(await sources.feeds.listLicences(SITEMAP_LICENCES))
          .filter((licence) => licenceWithPage(licence)?.id === licence)
          .map((licence) => ({ path: licencePath(licence) })),
      ];
    case "tools": {
      const toolsPerPart = toolsPerPartOf(limit);
      const tools = await sources.feeds.listToolsListedBetween(part.first, part.last, {
        from: part.from,
        limit: toolsPerPart,
      });
      if (part.from && (tools[0]?.id !== part.from.id || tools[0].listedAt !== part.from.at)) return null;
      return tools.flatMap((tool) => [
        { path: pathOf("tool", tool.slug), lastmod: tool.updatedAt },
        ...(tool.hasAlternatives ? [{ path: alternativesPath(tool.slug) }] : []),
        ...(tool.hasOpenSourceAlternatives ? [{ path: alternativesPath(tool.slug, "open-source") }] : []),
      ]);
    }
    case "compare":
      return (await sources.tools.listClosestPairs()).map(({ a, b }) => ({ path: comparePath(a, b) }));
    case "tags": {
      const tags = await sources.feeds.listLiveTagsFrom(part.from, limit);
      return tags[0] === part.from ? tags.map((tag) => ({ path: pathOf("tag", tag) })) : null;
    }
    case "searches": {
      const texts: SitemapEntry[] = [];
      for await (const text of sources.feeds.listSearchTexts({ limit: Math.min(limit, SITEMAP_SEARCHES) }))
        texts.push({ path: pathOf("search", text) });
      return texts;
    }
    case "profiles": {
      const slugs = await sources.feeds.listProfileSlugsFrom(part.from, limit);
      return slugs[0] === part.from ? slugs.map((slug) => ({ path: pathOf("profile", slug) })) : null;
    }
  }
}

/**
 * The part's URLs. On a site of several languages each page is listed in each, and each listing names every language's
 * address and the default one's as x-default (Google's hreflang in sitemaps).
 */
function urlSet(entries: SitemapEntry[], siteUrl: string, site: SiteLocales): string {
  const isMultilingual = site.locales.length > 1;
  const url = (path: string, lastmod: Date | undefined, alternates: string) =>
    `<url>${element("loc", `${siteUrl}${path}`)}${lastmod ? element("lastmod", lastmod.toISOString()) : ""}${alternates}</url>`;
  const link = (hreflang: string, path: string) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(`${siteUrl}${path}`)}"/>`;
  return xmlDocument([
    isMultilingual
      ? `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">`
      : `<urlset xmlns="${SITEMAP_NAMESPACE}">`,
    ...entries.flatMap(({ path, lastmod }) => {
      if (!isMultilingual) return [url(path, lastmod, "")];
      const alternates = [
        ...site.locales.map((locale) => link(locale, localizedPath(locale, path, site))),
        link("x-default", localizedPath(site.defaultLocale, path, site)),
      ].join("");
      return site.locales.map((locale) => url(localizedPath(locale, path, site), lastmod, alternates));
    }),
    "</urlset>",
  ]);
}
