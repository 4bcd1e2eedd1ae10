/** RSS 2.0 writing of a feed's channel (channels.ts): the whole site's, a category's or a tag's newest tools; and a tool's reviews. */
import type { FeedChannel } from "./channels.ts";
import type { PublicReview } from "../reviews/reviews.ts";
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

/** A tool's newest public reviews (decision 043), as an RSS 2.0 feed at /tool/{slug}/reviews/rss.xml. */
export function reviewsRssDocument(tool: { name: string; slug: string }, reviews: PublicReview[], site: { siteUrl: string; siteName: string }): string {
  const link = `${site.siteUrl}${pathOf("tool", tool.slug, "reviews")}`;
  const newest = reviews[0]?.createdAt;
  return xmlDocument([
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    element("title", `${site.siteName}: reviews of ${tool.name}`),
    element("link", link),
    element("description", `The newest reviews of ${tool.name} on ${site.siteName}.`),
    element("language", "en"),
    `<atom:link href="${escapeXml(`${link}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [element("lastBuildDate", new Date(newest).toUTCString())] : []),
    ...reviews.map((review) =>
      [
        "<item>",
        element("title", `${review.author.username} rated ${tool.name} ${review.rating} out of 5`),
        element("link", `${link}#${review.id}`),
        `<guid isPermaLink="false">${escapeXml(review.id)}</guid>`,
        element("description", [review.body, review.reply ? `The maker replied: ${review.reply.text}` : ""].filter(Boolean).join("\n\n")),
        element("pubDate", new Date(review.createdAt).toUTCString()),
        "</item>",
      ].join(""),
    ),
    "</channel>",
    "</rss>",
  ]);
}
