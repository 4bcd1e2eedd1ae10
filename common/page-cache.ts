/** What a route module says in its `handle` to have the pages it renders for visitors kept in the page cache. */
import type { SessionUser } from "./access.ts";

export type PageCacheHandle = {
  pageCache: {
    /**
     * The query parameters the page reads, `queryParamsOf` its query's schema. The page is kept under these alone (the
     * last value of each, as the schema reads them): any other parameter, or one given twice, gets the same page.
     */
    params: readonly string[];
    /**
     * Whether the page shows `viewer` something of their own (their profile's requests, a verifier's reports), so it is
     * rendered for them instead of the page every visitor gets. `params` are the route's path parameters.
     */
    personal?: (viewer: SessionUser, params: Record<string, string | undefined>) => boolean;
  };
};

/**
 * The query parameters of a page whose loader reads its query through `schema`: every key of the schema, so that two
 * addresses the loader reads differently never share a kept page.
 */
export function queryParamsOf(schema: { shape: object }): readonly string[] {
  return Object.keys(schema.shape);
}

/**
 * The cookie a browser that runs the site's scripts carries while someone is signed in (app/session-cache.ts): such a
 * browser fills the person's own state into the page every visitor gets; one without it gets pages rendered for them.
 */
export const SCRIPT_MARKER_COOKIE = "idt_js";
