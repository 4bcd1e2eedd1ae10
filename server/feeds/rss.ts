/** RSS 2.0 feeds of newly verified tools: one for the whole site, one per category. */
import type { Services } from "../services.ts";
import type { RssTool } from "./queries.ts";
import { element, escapeXml, pathOf, xmlDocument } from "./xml.ts";

export type RssSources = Pick<Services, "feeds" | "categories">;
export type RssOptions = { siteUrl: string; siteName: string };

type Channel = { title: string; link: string; self: string; description: string };

/** /rss.xml: the newest verified tools of the whole site. */
export async function buildRss(sources: RssSources, { siteUrl, siteName }: RssOptions): Promise<string> {
  const tools = await sources.feeds.listNewlyVerifiedTools();
  const channel: Channel = {
    title: `${siteName}: new tools`,
    link: `${siteUrl}/`,
    self: `${siteUrl}/rss.xml`,
    description: `The tools most recently added to ${siteName}, a hand-curated directory of tools for indie developers.`,
  };
  return rssDocument(channel, tools, siteUrl);
}

/** /category/{slug}/rss.xml: the newest verified tools of one category, or null for an unknown slug. */
export async function findCategoryRss(sources: RssSources, slug: string, { siteUrl, siteName }: RssOptions): Promise<string | null> {
  const category = await sources.categories.findCategoryBySlug(slug);
  if (!category) return null;
  const tools = await sources.feeds.listNewlyVerifiedTools({ categoryId: category.id });
  const link = `${siteUrl}${pathOf("category", category.slug)}`;
  const channel: Channel = {
    title: `${siteName}: new ${category.label} tools`,
    link,
    self: `${link}/rss.xml`,
    description: category.description || `The ${category.label} tools most recently added to ${siteName}.`,
  };
  return rssDocument(channel, tools, siteUrl);
}

function rssDocument(channel: Channel, tools: RssTool[], siteUrl: string): string {
  // The feed changes only when a tool is verified, so its build date is the newest one's: the same feed, the same bytes.
  const newest = tools[0]?.verifiedAt;
  return xmlDocument([
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description),
    element("language", "en"),
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [element("lastBuildDate", newest.toUTCString())] : []),
    ...tools.map((tool) => item(tool, siteUrl)),
    "</channel>",
    "</rss>",
  ]);
}

function item(tool: RssTool, siteUrl: string): string {
  const url = `${siteUrl}${pathOf("tool", tool.slug)}`;
  return [
    "<item>",
    element("title", tool.name),
    element("link", url),
    `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
    element("description", tool.shortDesc),
    // toUTCString() writes the RFC 822 form RSS 2.0 asks for, e.g. "Thu, 01 Jan 2026 00:00:00 GMT".
    element("pubDate", tool.verifiedAt.toUTCString()),
    ...tool.categoryLabels.map((label) => element("category", label)),
    "</item>",
  ].join("");
}
