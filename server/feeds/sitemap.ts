/** The sitemap (sitemaps.org protocol): every public address of the site, split behind a sitemap index past the per-file limit. */
import type { Services } from "../services.ts";
import { alternativesPath, comparePath } from "#common/page-paths.ts";
import { element, pathOf, xmlDocument } from "./xml.ts";

/** The most URLs one sitemap file may hold (sitemaps.org protocol). */
export const SITEMAP_URL_LIMIT = 50_000;

const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
const PAGE_PATHS = ["/", "/tools", "/categories", "/tags", "/searches", "/blog", "/open-data"];

export type SitemapEntry = { path: string; lastmod?: Date };
export type SitemapSources = Pick<Services, "feeds" | "topLists" | "blog"> & { tools: Pick<Services["tools"], "listToolsWithAlternatives" | "listClosestPairs"> };
export type SitemapOptions = {
  siteUrl: string;
  /** URLs per file; past it, /sitemap.xml becomes an index of /sitemaps/{n}.xml. */
  limit?: number;
  /** Rows per database read. */
  batchSize?: number;
};

/** Every public address (SPEC section 7, with the blog and legal pages), in a stable order: fixed pages, top-lists, posts, categories, tools, alternatives, comparisons, tags, searches that found tools, profiles. */
export async function* listSitemapEntries(sources: SitemapSources, batchSize?: number): AsyncGenerator<SitemapEntry> {
  for (const path of PAGE_PATHS) yield { path };
  for (const { path } of sources.topLists.listTopListLinks()) yield { path };
  for (const post of sources.blog.listPosts()) yield { path: pathOf("blog", post.slug), lastmod: new Date(post.date) };
  yield { path: "/terms-of-service.html" };
  yield { path: "/privacy-policy.html" };
  for (const slug of await sources.feeds.listCategorySlugs()) yield { path: pathOf("category", slug) };
  for await (const tool of sources.feeds.listPublicToolLinks({ batchSize })) yield { path: pathOf("tool", tool.slug), lastmod: tool.updatedAt };
  for await (const slug of sources.tools.listToolsWithAlternatives({ batchSize })) yield { path: alternativesPath(slug) };
  for (const { a, b } of await sources.tools.listClosestPairs()) yield { path: comparePath(a, b) };
  for await (const tag of sources.feeds.listLiveTags({ batchSize })) yield { path: pathOf("tag", tag) };
  for await (const text of sources.feeds.listSearchTexts({ batchSize })) yield { path: pathOf("search", text) };
  for await (const slug of sources.feeds.listProfileSlugs({ batchSize })) yield { path: pathOf("profile", slug) };
}

/** /sitemap.xml: every URL when they fit in one file, otherwise an index of the files. Holds at most one file's entries in memory. */
export async function buildSitemap(sources: SitemapSources, { siteUrl, limit = SITEMAP_URL_LIMIT, batchSize }: SitemapOptions): Promise<string> {
  let entries: SitemapEntry[] = [];
  let total = 0;
  for await (const entry of listSitemapEntries(sources, batchSize)) {
    total++;
    if (total <= limit) entries.push(entry);
    else entries = [];
  }
  if (total <= limit) return urlSet(entries, siteUrl);
  const files = Math.ceil(total / limit);
  return xmlDocument([
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    ...Array.from({ length: files }, (_, index) => `<sitemap>${element("loc", `${siteUrl}/sitemaps/${index + 1}.xml`)}</sitemap>`),
    "</sitemapindex>",
  ]);
}

/** /sitemaps/{n}.xml: the n-th file of `limit` URLs (counted from 1), or null when there is no such file. */
export async function findSitemapFile(
  sources: SitemapSources,
  file: number,
  { siteUrl, limit = SITEMAP_URL_LIMIT, batchSize }: SitemapOptions,
): Promise<string | null> {
  if (!Number.isSafeInteger(file) || file < 1) return null;
  const start = (file - 1) * limit;
  const entries: SitemapEntry[] = [];
  let index = 0;
  for await (const entry of listSitemapEntries(sources, batchSize)) {
    if (index >= start) entries.push(entry);
    index++;
    if (entries.length === limit) break;
  }
  return entries.length > 0 ? urlSet(entries, siteUrl) : null;
}

function urlSet(entries: SitemapEntry[], siteUrl: string): string {
  return xmlDocument([
    `<urlset xmlns="${SITEMAP_NAMESPACE}">`,
    ...entries.map(({ path, lastmod }) => `<url>${element("loc", `${siteUrl}${path}`)}${lastmod ? element("lastmod", lastmod.toISOString()) : ""}</url>`),
    "</urlset>",
  ]);
}
