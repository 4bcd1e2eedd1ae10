/** RSS 2.0 writing of a feed's channel (channels.ts): the whole site's, a category's or a tag's newest tools. */
import type { FeedChannel } from "./channels.ts";
import type { FeedTool } from "./queries.ts";
import { element, escapeXml, pathOf, xmlDocument } from "./xml.ts";

export function rssDocument(channel: FeedChannel, siteUrl: string): string {
  // The feed changes only when a tool is verified, so its build date is the newest one's: the same feed, the same bytes.
  const newest = channel.tools[0]?.verifiedAt;
  return xmlDocument([
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description),
    element("language", "en"),
    `<atom:link href="${escapeXml(`${channel.base}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [element("lastBuildDate", newest.toUTCString())] : []),
    ...channel.tools.map((tool) => item(tool, siteUrl)),
    "</channel>",
    "</rss>",
  ]);
}

function item(tool: FeedTool, siteUrl: string): string {
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
