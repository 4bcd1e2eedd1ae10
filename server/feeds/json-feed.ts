/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1) writing of a feed's channel (channels.ts), beside its RSS twin. */
import type { FeedChannel } from "./channel.ts";
import { pathOf } from "./xml.ts";

export const JSON_FEED_VERSION = "https://jsonfeed.org/version/1.1";

export type JsonFeed = {
  version: string;
  title: string;
  home_page_url: string;
  feed_url: string;
  description: string;
  language: string;
  items: {
    id: string;
    url: string;
    title: string;
    content_text: string;
    summary: string;
    date_published: string;
    tags?: string[];
  }[];
};

/** The feed as a JSON text: JSON.stringify escapes what must be, and no text of a tool is ever read as HTML. */
export function jsonFeedDocument(channel: FeedChannel, siteUrl: string): string {
  const feed: JsonFeed = {
    version: JSON_FEED_VERSION,
    title: channel.title,
    home_page_url: channel.link,
    feed_url: `${channel.base}/feed.json`,
    description: channel.description,
    language: channel.language,
    items: channel.tools.map((tool) => {
      const url = `${siteUrl}${pathOf("tool", tool.slug)}`;
      return {
        // The tool page's address: stable for as long as the tool is listed, as the RSS guid.
        id: url,
        url,
        title: tool.name,
        content_text: tool.shortDesc,
        summary: tool.shortDesc,
        date_published: tool.verifiedAt.toISOString(),
        ...(tool.categoryLabels.length > 0 ? { tags: tool.categoryLabels } : {}),
      };
    }),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}
