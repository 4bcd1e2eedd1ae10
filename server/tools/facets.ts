/**
 * How many live tools each filter value would leave (decision 034): standard faceting, so each facet is counted with
 * every other active filter applied and its own left out. Three bounded reads: the categories (few), the top tags of
 * the current result, and one scan for pricing, featured, verified and the total, whose rows the category and tag
 * filters (GIN indexes) already narrow.
 */
import { and, desc, sql, type SQL } from "drizzle-orm";
import { PAYMENT_TYPES, type PaymentType } from "#common/constants.ts";
import { VERIFIED_WITHIN_DAYS, type VerifiedWithinDays } from "#common/schemas/lists.ts";
import { dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import type { Database } from "../db/client.ts";
import { tools } from "../db/schema.ts";
import { filtersOf, type ToolListFilters, VERIFIED_WINDOW_MAX_AGE_MS, verifiedWithin } from "./lists.ts";
import { isPublicTool } from "./queries.ts";

/** Tags counted per list: the most common ones of the current result; a list has many more, each on few tools. */
export const TOP_TAG_FACETS = 20;

export type FacetFilters = Omit<ToolListFilters, "sort">;

export type ToolFacets = {
  /** Tools the filters leave. */
  total: number;
  /** Category ids with their counts, only those with a tool. */
  categories: { id: string; count: number }[];
  /** The most common tags, most common first; an active tag is always among them. */
  tags: { tag: string; count: number }[];
  payment: Record<PaymentType, number>;
  featured: number;
  verified: Record<VerifiedWithinDays, number>;
};

const count = sql<number>`count(*)::int`;
const countWhere = (conditions: SQL[]) => sql<number>`(count(*) filter (where ${conditions.length ? and(...conditions) : sql`true`}))::int`;

/** The query counting each value of an array column (categories, tags) among the tools `conditions` leave. */
function arrayFacetQuery(db: Database, column: typeof tools.categories | typeof tools.tags, conditions: SQL[], limit: number) {
  const values = db
    .select({ value: sql<string>`unnest(${column})`.as("value") })
    .from(tools)
    .where(and(isPublicTool, ...conditions))
    .as("facet_values");
  return db.select({ value: values.value, count }).from(values).groupBy(values.value).orderBy(desc(count), values.value).limit(limit);
}

/** Each facet's query, exported for the query-plan test. */
export function toolFacetQueriesOf(db: Database, filters: FacetFilters) {
  const others = (left: Partial<FacetFilters>) => filtersOf({ ...filters, ...left });
  const scalar = { paymentType: undefined, featured: undefined, verifiedWithinDays: undefined };
  const payment = filters.paymentType ? [sql`${tools.paymentType} = ${filters.paymentType}`] : [];
  const featured = filters.featured !== undefined ? [sql`${tools.isHomeBoosted} = ${filters.featured}`] : [];
  const verified = filters.verifiedWithinDays ? [verifiedWithin(filters.verifiedWithinDays)] : [];
  return {
    categories: arrayFacetQuery(db, tools.categories, others({ category: undefined }), 1000),
    tags: arrayFacetQuery(db, tools.tags, others({ tag: undefined }), TOP_TAG_FACETS),
    // Category, tag and words narrow every scalar facet alike; each scalar facet then leaves its own filter out.
    scalars: db
      .select({
        total: countWhere([...payment, ...featured, ...verified]),
        featured: countWhere([...payment, ...verified, sql`${tools.isHomeBoosted}`]),
        ...Object.fromEntries(
          PAYMENT_TYPES.map((type) => [`payment:${type}`, countWhere([...featured, ...verified, sql`${tools.paymentType} = ${type}`])]),
        ),
        ...Object.fromEntries(VERIFIED_WITHIN_DAYS.map((days) => [`verified:${days}`, countWhere([...payment, ...featured, verifiedWithin(days)])])),
      })
      .from(tools)
      .where(and(isPublicTool, ...others(scalar))),
  };
}

export function toolFacetQueries(db: Database) {
  return {
    /**
     * The counts of every facet value under `filters` (see the module's comment). On a category's or a tag's own page
     * that facet is `fixed`: it is not counted, and only that list's tools can move the counts. On a search's page,
     * `filters.among` keeps its candidates only.
     */
    async countToolFacets(filters: FacetFilters, { fixed = null }: { fixed?: "category" | "tag" | null } = {}): Promise<ToolFacets> {
      // A search's counts: its candidates and their categories and tags move with any tool's words ("search"), their
      // pricing and featured flag with those lists' own tags, which a change of either sends.
      if (filters.among) dependsOn(pageTags.search, pageTags.featured, ...PAYMENT_TYPES.map((type) => pageTags.pricing(type)));
      else if (fixed === "category" && filters.category) dependsOn(pageTags.category(filters.category));
      else if (fixed === "tag" && filters.tag) dependsOn(pageTags.tag(filters.tag));
      else dependsOn(pageTags.tools);
      // The verified windows move with the clock.
      expiresWithin(VERIFIED_WINDOW_MAX_AGE_MS);
      const queries = toolFacetQueriesOf(db, filters);
      const [categories, tags, [scalars]] = await Promise.all([
        fixed === "category" ? [] : queries.categories,
        fixed === "tag" ? [] : queries.tags,
        queries.scalars,
      ]);
      const row = (scalars ?? {}) as Record<string, number>;
      const tagCounts = tags.map(({ value, count }) => ({ tag: value, count }));
      // The active tag keeps its place in the form even when it is not among the most common.
      if (filters.tag && !tagCounts.some((entry) => entry.tag === filters.tag)) tagCounts.push({ tag: filters.tag, count: row.total ?? 0 });
      return {
        total: row.total ?? 0,
        categories: categories.map(({ value, count }) => ({ id: value, count })),
        tags: tagCounts,
        payment: Object.fromEntries(PAYMENT_TYPES.map((type) => [type, row[`payment:${type}`] ?? 0])) as Record<PaymentType, number>,
        featured: row.featured ?? 0,
        verified: Object.fromEntries(VERIFIED_WITHIN_DAYS.map((days) => [days, row[`verified:${days}`] ?? 0])) as Record<VerifiedWithinDays, number>,
      };
    },
  };
}
