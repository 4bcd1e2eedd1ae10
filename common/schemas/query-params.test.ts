/** Each cached page's parameter names (QUERY_PARAMS, zod-free for the browser) are exactly its query schema's keys. */
import { describe, expect, it } from "vitest";
import { QUERY_PARAMS } from "../page-cache.ts";
import { dealsQuery } from "./deals.ts";
import { comingSoonQuery } from "./launches.ts";
import {
  categoryFacetQuery,
  facetQuery,
  licenceToolsQuery,
  pageQuery,
  searchesQuery,
  searchFacetQuery,
  tagFacetQuery,
  tagListQuery,
} from "./lists.ts";
import { profileQuery } from "./profiles.ts";
import { reviewListQuery } from "./reviews.ts";

const SCHEMAS: Record<keyof typeof QUERY_PARAMS, { shape: object }> = {
  home: pageQuery,
  tools: facetQuery,
  category: categoryFacetQuery,
  tag: tagFacetQuery,
  search: searchFacetQuery,
  licence: licenceToolsQuery,
  tags: tagListQuery,
  comingSoon: comingSoonQuery,
  searches: searchesQuery,
  profile: profileQuery,
  reviews: reviewListQuery,
  deals: dealsQuery,
};

describe("the cached pages' query parameters", () => {
  it.each(Object.entries(SCHEMAS))("names every key of the %s page's schema, and no other", (page, schema) => {
    expect([...QUERY_PARAMS[page as keyof typeof QUERY_PARAMS]].sort()).toEqual(Object.keys(schema.shape).sort());
  });
});
