/**
 * What a page shows, as tags. While the server renders a page for the page cache, every read of the domain layer says
 * what it returned (`dependsOn`): a tool, a category's list, the search results... The cache keeps the page under
 * those tags, and drops it when a write sends one of them. Writes send them from the database itself, after their
 * commit (the trigger functions of migration 0014_page_cache_invalidation.sql and later ones): the two sides must use
 * the same names, which are these. tests/integration/page-tag-names.test.ts reads every trigger function of a migrated
 * database and fails on a name it sends that is not one of these.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export const pageTags = {
  /** One tool, on its own page or as a card in any list. */
  tool: (id: string) => `tool:${id}`,
  /** The tools of a category: its page, and the tool pages that suggest from it. */
  category: (id: string) => `category:${id}`,
  /** The tools carrying a tag. */
  tag: (tag: string) => `tag:${tag}`,
  /** The tools under one licence (its SPDX id, as tools.licence keeps it): its page. */
  licence: (id: string) => `licence:${id}`,
  /** The tools of one pricing. */
  pricing: (paymentType: string) => `pricing:${paymentType}`,
  /** A user's public profile and the tools linked to them. */
  profile: (slug: string) => `profile:${slug}`,
  /** Lists of every live tool: the home page's latest tools, /tools. */
  tools: "tools",
  /** The featured tools (home page, suggested tools). */
  featured: "featured",
  /** The tools that belong to a maker (the tool page's 'Recently added by makers'). */
  byMakers: "by-makers",
  /** Search results and top-lists: any live tool's words may change them. */
  search: "search",
  /** The categories themselves: every page shows them in its footer. */
  categories: "categories",
  /** The tags and their counts (/tags). */
  tags: "tags",
  /** The trending scores (the home page's "Trending this week", lists sorted by trending): the hourly job sends it. */
  trending: "trending",
  /** The rising scores (the home page's "Rising", lists sorted by rising): the repositories' refresh sends it. */
  rising: "rising",
  /** The current deals (/deals and its feeds): their table's trigger sends it (decision 061). */
  deals: "deals",
  /** The held tools (/coming-soon): their launches' trigger sends it (decision 063). */
  comingSoon: "coming-soon",
  /** The launches' leaderboards: the launches' trigger sends it (migration 0062). */
  launches: "launches",
  /** The ads running this week, on every page (decision 064): sent when an ad starts or stops being approved. */
  sponsors: "sponsors",
  /** The placements' prices and the weeks sold (/advertise): sent when a week is sold or freed, or a price changes. */
  advertise: "advertise",
  /** The blog's posts (the blog, each post, the sitemap): their table's trigger sends it. */
  blog: "blog",
  /** The terms of service and the privacy policy. */
  legal: "legal",
  /** The technology top-lists: every page's footer lists them. */
  topLists: "top-lists",
  /** The site's settings (decision 048): each process reloads them when it hears this. */
  settings: "settings",
} as const;

/** How long a page showing views and clicks may be kept: the counters it shows lag by this much at most. */
export const COUNTERS_MAX_AGE_MS = 60_000;

/** What a render for the cache depends on: its tags, and how long it may be kept without a write to say so. */
export type PageDependencies = { tags: Set<string>; maxAgeMs: number | null };

const current = new AsyncLocalStorage<PageDependencies>();

/** Runs `render` and collects what the reads it makes depend on. */
export async function collectPageDependencies(render: () => Promise<unknown>): Promise<PageDependencies> {
  const dependencies: PageDependencies = { tags: new Set(), maxAgeMs: null };
  await current.run(dependencies, render);
  return dependencies;
}

/** Whether a render for the cache is collecting what its reads depend on. */
export function isCollectingPageDependencies(): boolean {
  return current.getStore() !== undefined;
}

/** Says that the page being rendered shows what these tags name; outside a render for the cache, it does nothing. */
export function dependsOn(...tags: string[]): void {
  const dependencies = current.getStore();
  if (!dependencies) return;
  for (const tag of tags) dependencies.tags.add(tag);
}

/**
 * Says that the page shows something that changes without a write the cache hears of (views and clicks, which are
 * counted in batches): it is kept `ms` at most.
 */
export function expiresWithin(ms: number): void {
  const dependencies = current.getStore();
  if (!dependencies) return;
  dependencies.maxAgeMs = dependencies.maxAgeMs === null ? ms : Math.min(dependencies.maxAgeMs, ms);
}
