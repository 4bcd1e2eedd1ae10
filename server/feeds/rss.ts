/** RSS 2.0 writing of a feed's channel (channels.ts): the whole site's, a category's or a tag's newest tools; and a tool's reviews. */
import { say } from "#common/i18n/say.ts";
import type { FeedChannel, FeedSite } from "./channel.ts";
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
    element("language", channel.language),
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
export function reviewsRssDocument(
  tool: { name: string; slug: string },
  reviews: PublicReview[],
  site: FeedSite,
): string {
  const link = `${site.siteUrl}${pathOf("tool", tool.slug, "reviews")}`;
  const newest = reviews[0]?.createdAt;
  return xmlDocument([
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    element("title", say("feed.reviewsTitle", { siteName: site.siteName, tool: tool.name })),
    element("link", link),
    element("description", say("feed.reviewsDescription", { siteName: site.siteName, tool: tool.name })),
    element("language", site.locale),
    `<atom:link href="${escapeXml(`${link}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [element("lastBuildDate", new Date(newest).toUTCString())] : []),
    ...reviews.map((review) =>
      [
        "<item>",
        element(
          "title",
          say("feed.reviewTitle", { author: review.author.username, tool: tool.name, rating: review.rating }),
        ),
        element("link", `${link}#${review.id}`),
        `<guid isPermaLink="false">${escapeXml(review.id)}</guid>`,
        element(
          "description",
          [review.body, review.reply ? say("feed.makerReplied", { reply: review.reply.text }) : ""]
            .filter(Boolean)
            .join("\n\n"),
        ),
        element("pubDate", new Date(review.createdAt).toUTCString()),
        "</item>",
      ].join(""),
    ),
    "</channel>",
    "</rss>",
  ]);
}
