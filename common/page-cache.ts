/** What a route module says in its `handle` to have the pages it renders for visitors kept in the page cache. */
import type { SessionUser } from "./access.ts";

export type PageCacheHandle = {
  pageCache: {
    /**
     * The query parameters the page reads: its query schema's keys, named in QUERY_PARAMS. The page is kept under
     * these alone (the last value of each, as the schema reads them): any other parameter, or one given twice, gets
     * the same page.
     */
    params: readonly string[];
    /**
     * Whether the page shows `viewer` something of their own (their profile's requests, a verifier's reports), so it is
     * rendered for them instead of the page every visitor gets. `params` are the route's path parameters.
     */
    personal?: (viewer: SessionUser, params: Record<string, string | undefined>) => boolean;
  };
};

/** The filters of the tool lists (decision 034). */
const FILTERS = ["payment", "featured", "licence", "selfHostable", "verified"] as const;

/**
 * The query parameters of each cached page, by name: every key of the schema its loader reads its query through, so
 * that two addresses the loader reads differently never share a kept page. Named here rather than read off the
 * schemas: a route's `handle` goes to the browser with the route, and a schema there brought Zod into every first
 * visit (22 kB). common/schemas/query-params.test.ts checks each list against its schema.
 */
export const QUERY_PARAMS = {
  /** The home page (pageQuery). */
  home: ["cursor", "limit"],
  /** /tools (facetQuery). */
  tools: ["cursor", "limit", "sort", "category", "tag", ...FILTERS],
  /** A category's page (categoryFacetQuery). */
  category: ["cursor", "limit", "sort", "tag", ...FILTERS],
  /** A tag's page (tagFacetQuery). */
  tag: ["cursor", "limit", "sort", "category", ...FILTERS],
  /** A search's page (searchFacetQuery). */
  search: ["cursor", "limit", "category", "tag", ...FILTERS],
  /** A licence's page (licenceToolsQuery). */
  licence: ["cursor"],
  /** /tags (tagListQuery). */
  tags: ["cursor"],
  /** /coming-soon (comingSoonQuery). */
  comingSoon: ["cursor"],
  /** /searches (searchesQuery). */
  searches: ["cursor"],
  /** A profile (profileQuery). */
  profile: ["type", "cursor"],
  /** A tool's reviews (reviewListQuery). */
  reviews: ["sort", "cursor"],
  /** /deals (dealsQuery). */
  deals: ["category", "cursor"],
} as const satisfies Record<string, readonly string[]>;

/**
 * The cookie a browser that runs the site's scripts carries while someone is signed in (app/session-cache.ts): such a
 * browser fills the person's own state into the page every visitor gets; one without it gets pages rendered for them.
 */
export const SCRIPT_MARKER_COOKIE = "idt_js";
