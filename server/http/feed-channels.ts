/**
 * What each feed holds, whatever its format: the whole site's newest tools, one category's, or one tag's. The RSS
 * (server/feeds/rss.ts) and JSON Feed (server/feeds/json-feed.ts) documents are two writings of the same channel.
 */
import { say } from "#common/i18n/say.ts";
import { wordsFor } from "#common/i18n/words.ts";
import { categoryPath, tagPath } from "#common/page-paths.ts";
import type { Services } from "../services.ts";
import type { FeedChannel, FeedSite } from "../feeds/channel.ts";

export type FeedSources = Pick<Services, "feeds" | "categories" | "tags" | "deals">;
/** The newest verified tools of the whole site (/rss.xml, /feed.json). */
export async function siteChannel(sources: FeedSources, { siteUrl, siteName, locale }: FeedSite): Promise<FeedChannel> {
  return {
    title: say("feed.siteTitle", { siteName }),
    link: `${siteUrl}/`,
    base: siteUrl,
    description: say("feed.siteDescription", { siteName }),
    language: locale,
    tools: await sources.feeds.listNewlyVerifiedTools(),
  };
}

/**
 * The live tools' current deals (/deals/rss.xml, /deals/feed.json; decision 061), the soonest to end first, each
 * dated by its last change and described by its code, what it gives, its last day and the tool's description.
 */
export async function dealsChannel(
  sources: FeedSources,
  { siteUrl, siteName, locale }: FeedSite,
  limit: number,
): Promise<FeedChannel> {
  const { deals } = await sources.deals.listDeals({ limit });
  const { longDate } = wordsFor(locale);
  return {
    title: say("deals.feed", { siteName }),
    link: `${siteUrl}/deals`,
    base: `${siteUrl}/deals`,
    description: say("deals.feedDescription", { siteName }),
    language: locale,
    tools: deals.map((tool) => ({
      name: tool.name,
      slug: tool.slug,
      shortDesc: say("deals.item", {
        code: tool.deal.code,
        offer: tool.deal.offer,
        date: longDate(tool.deal.endsAt.slice(0, 10)),
        description: tool.shortDesc,
      }),
      verifiedAt: new Date(tool.dealUpdatedAt),
      categoryLabels: tool.categories.map((category) => category.label),
    })),
  };
}

/** The newest verified tools of one category, or null for an unknown slug. */
export async function findCategoryChannel(
  sources: FeedSources,
  slug: string,
  { siteUrl, siteName, locale }: FeedSite,
): Promise<FeedChannel | null> {
  const category = await sources.categories.findCategoryBySlug(slug);
  if (!category) return null;
  const link = `${siteUrl}${categoryPath(encodeURIComponent(category.slug))}`;
  return {
    title: say("feed.categoryTitle", { siteName, category: category.label }),
    link,
    base: link,
    description: category.description || say("feed.categoryDescription", { siteName, category: category.label }),
    language: locale,
    tools: await sources.feeds.listNewlyVerifiedTools({ categoryId: category.id }),
  };
}

/** The newest verified tools carrying one tag, or null for a tag no tool carries (as its page). */
export async function findTagChannel(
  sources: FeedSources,
  tag: string,
  { siteUrl, siteName, locale }: FeedSite,
): Promise<FeedChannel | null> {
  const found = await sources.tags.findTag(tag);
  if (!found) return null;
  const link = `${siteUrl}${tagPath(found.tag)}`;
  return {
    title: say("feed.tagTitle", { siteName, tag: found.tag }),
    link,
    base: link,
    description: say("feed.tagDescription", { siteName, tag: found.tag }),
    language: locale,
    tools: await sources.feeds.listNewlyVerifiedTools({ tag: found.tag }),
  };
}
