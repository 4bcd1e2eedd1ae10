/** What a route module says in its `handle` to have the pages it renders for visitors kept in the page cache. */
export type PageCacheHandle = {
  pageCache: {
    /**
     * The query parameters the page reads. A URL with any other one is rendered without being kept, so that made-up
     * query strings cannot fill the cache.
     */
    params: readonly string[];
  };
};
