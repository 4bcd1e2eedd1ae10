/** A feed's channel, whatever its format: what the RSS (rss.ts) and JSON Feed (json-feed.ts) documents each write. */
import type { Locale } from "#common/locales.ts";
import type { FeedTool } from "./queries.ts";

/**
 * The site as one language's feeds see it: `siteUrl` is that language's root ("https://tools.example/fr"), so every
 * page a feed links to is in its language, and its words are said in it (the feeds are built inside it).
 */
export type FeedSite = { siteUrl: string; siteName: string; locale: Locale };

export type FeedChannel = {
  title: string;
  /** The page the feed follows. */
  link: string;
  /** Where the feed's files live: `${base}/rss.xml` and `${base}/feed.json`. */
  base: string;
  description: string;
  language: Locale;
  tools: FeedTool[];
};
