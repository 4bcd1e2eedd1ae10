/**
 * What each feed holds, whatever its format: the whole site's newest tools, one category's, or one tag's. The RSS
 * (rss.ts) and JSON Feed (json-feed.ts) documents are two writings of the same channel.
 */
import { categoryPath, tagPath } from "#common/page-paths.ts";
import type { Services } from "../services.ts";
import type { FeedTool } from "./queries.ts";

export type FeedSources = Pick<Services, "feeds" | "categories" | "tags">;
export type FeedSite = { siteUrl: string; siteName: string };

export type FeedChannel = {
  title: string;
  /** The page the feed follows. */
  link: string;
  /** Where the feed's files live: `${base}/rss.xml` and `${base}/feed.json`. */
  base: string;
  description: string;
  tools: FeedTool[];
};

/** The newest verified tools of the whole site (/rss.xml, /feed.json). */
export async function siteChannel(sources: FeedSources, { siteUrl, siteName }: FeedSite): Promise<FeedChannel> {
  return {
    title: `${siteName}: new tools`,
    link: `${siteUrl}/`,
    base: siteUrl,
    description: `The tools most recently added to ${siteName}, a hand-curated directory of tools for indie developers.`,
    tools: await sources.feeds.listNewlyVerifiedTools(),
  };
}

/** The newest verified tools of one category, or null for an unknown slug. */
export async function findCategoryChannel(sources: FeedSources, slug: string, { siteUrl, siteName }: FeedSite): Promise<FeedChannel | null> {
  const category = await sources.categories.findCategoryBySlug(slug);
  if (!category) return null;
  const link = `${siteUrl}${categoryPath(encodeURIComponent(category.slug))}`;
  return {
    title: `${siteName}: new ${category.label} tools`,
    link,
    base: link,
    description: category.description || `The ${category.label} tools most recently added to ${siteName}.`,
    tools: await sources.feeds.listNewlyVerifiedTools({ categoryId: category.id }),
  };
}

/** The newest verified tools carrying one tag, or null for a tag no tool carries (as its page). */
export async function findTagChannel(sources: FeedSources, tag: string, { siteUrl, siteName }: FeedSite): Promise<FeedChannel | null> {
  const found = await sources.tags.findTag(tag);
  if (!found) return null;
  const link = `${siteUrl}${tagPath(found.tag)}`;
  return {
    title: `${siteName}: new tools tagged #${found.tag}`,
    link,
    base: link,
    description: `The tools tagged #${found.tag} most recently added to ${siteName}.`,
    tools: await sources.feeds.listNewlyVerifiedTools({ tag: found.tag }),
  };
}
