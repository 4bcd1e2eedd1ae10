/**
 * How many live tools each filter value would leave (decisions 034 and 036): standard faceting, so each facet is
 * counted with every other active filter applied and its own left out.
 *
 * - A list with at most one filter (category, tag, pricing, featured, a licence kind or self-hostable), every list a visitor lands on, reads its counts
 *   by key from facet_counts, which the database keeps on every write: a handful of index lookups, whatever the size of
 *   the catalogue.
 * - Any other combination (two filters or more, "verified in the last days", not featured, a search's candidates)
 *   counts its tools, at most FACET_SAMPLE of them for each facet, read from at most FACET_SCAN tools (a search's
 *   candidates, a small category's or tag's every tool, or else the newest tools). When a facet's tools are more, or
 *   were not all read, its counts are not shown (that facet's `isExact` false) and the total is a lower bound.
 */
import { and, sql, type SQL } from "drizzle-orm";
import { FACET_SAMPLE, PAYMENT_TYPES, type PaymentType } from "#common/constants.ts";
import { LICENCE_KINDS, type LicenceKind } from "#common/repository.ts";
import { VERIFIED_WITHIN_DAYS, type VerifiedWithinDays } from "#common/constants.ts";
import { dependsOn, expiresWithin, pageTags } from "../../cache/page-tags.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { filtersOf, firstDayOf, type ToolListFilters, VERIFIED_WINDOW_MAX_AGE_MS, verifiedWithin } from "./lists.ts";
import { isPublicTool } from "./queries.ts";

/** Tags counted per list: the most common ones of the current result; a list has many more, each on few tools. */
export const TOP_TAG_FACETS = 20;

export type FacetFilters = Omit<ToolListFilters, "sort">;

export type ToolFacets = {
  /** Tools the filters leave; with `isTotalExact` false, at least this many (FACET_SAMPLE + 1: more than FACET_SAMPLE). */
  total: number;
  isTotalExact: boolean;
  /**
   * Whether each facet's counts are those of every tool; false when its tools are more than it counts (FACET_SAMPLE),
   * or were not all read (FACET_SCAN).
   */
  isExact: Record<Facet, boolean>;
  /** Category ids with their counts, only those with a tool. */
  categories: { id: string; count: number }[];
  /** The most common tags, most common first; an active tag is always among them. */
  tags: { tag: string; count: number }[];
  payment: Record<PaymentType, number>;
  featured: number;
  verified: Record<VerifiedWithinDays, number>;
  /** Each licence kind (decision 060). */
  licence: Record<LicenceKind, number>;
  /** Self-hostable, confirmed by a verifier. */
  selfHostable: number;
};

type FacetKind = "c" | "t" | "p" | "f" | "l" | "s";

/** The list one filter makes, as facet_counts names it ('' for every live tool), and the facet that filter is. */
type KeyedList = { scope: string; own: FacetKind | null };

/**
 * The one filter a list has, when its counts can be read by key: none, a category, a tag, a pricing, or featured only.
 * Null for any other combination, which counts its tools instead.
 */
export function keyedListOf(filters: FacetFilters): KeyedList | null {
  const { category, tag, paymentType, featured, verifiedWithinDays, licenceKind, selfHostable, among } = filters;
  if (verifiedWithinDays || among || featured === false) return null;
  const keyed: KeyedList[] = [
    ...(category ? [{ scope: `c:${category}`, own: "c" as const }] : []),
    ...(tag ? [{ scope: `t:${tag}`, own: "t" as const }] : []),
    ...(paymentType ? [{ scope: `p:${paymentType}`, own: "p" as const }] : []),
    ...(featured ? [{ scope: "f", own: "f" as const }] : []),
    ...(licenceKind ? [{ scope: `l:${licenceKind}`, own: "l" as const }] : []),
    ...(selfHostable ? [{ scope: "s", own: "s" as const }] : []),
  ];
  if (keyed.length > 1) return null;
  return keyed[0] ?? { scope: "", own: null };
}

/**
 * A keyed list's counts in one statement: each facet read from the list's own scope, or from every tool's ('') for the
 * facet its filter is. Exported for the query-plan test.
 */
export function keyedFacetsQuery(list: KeyedList) {
  const scopeOf = (kind: FacetKind) => (list.own === kind ? "" : list.scope);
  const verified = VERIFIED_WITHIN_DAYS.map(
    (days) =>
      sql`select 'v', ${String(days)}, coalesce(sum(count), 0)::int from facet_counts where scope = ${list.scope} and kind = 'v' and value >= ${firstDayOf(days)}`,
  );
  return sql.join(
    [
      sql`select kind, value, count from facet_counts where scope = ${list.scope} and kind = ''`,
      sql`select kind, value, count from facet_counts where scope = ${scopeOf("c")} and kind = 'c'`,
      sql`(select kind, value, count from facet_counts where scope = ${scopeOf("t")} and kind = 't' order by count desc, value limit ${TOP_TAG_FACETS})`,
      sql`select kind, value, count from facet_counts where scope = ${scopeOf("p")} and kind = 'p'`,
      sql`select kind, value, count from facet_counts where scope = ${scopeOf("f")} and kind = 'f'`,
      sql`select kind, value, count from facet_counts where scope = ${scopeOf("l")} and kind = 'l'`,
      sql`select kind, value, count from facet_counts where scope = ${scopeOf("s")} and kind = 's'`,
      ...verified,
    ],
    sql` union all `,
  );
}

/** The filter each facet is, which its own counts leave out. */
const FACET_FILTERS = {
  categories: "category",
  tags: "tag",
  payment: "paymentType",
  featured: "featured",
  verified: "verifiedWithinDays",
  licence: "licenceKind",
  selfHostable: "selfHostable",
} as const;
export type Facet = keyof typeof FACET_FILTERS;

/** The sample a facet is counted in: its own, or, when its filter is not set, the total's (the same tools). */
const sampleOfFacet = (filters: FacetFilters, facet: Facet | "total") =>
  facet === "total" || filters[FACET_FILTERS[facet]] === undefined ? "total" : facet;

/** How many tools a combination's counts read at most for each facet (decision 036). */
export const FACET_SCAN = 5_000;

/**
 * How many live tools each category and tag a combination names has, and all of them under '' (facet_counts): where
 * each sample is read, and whether that is every tool.
 */
export type TermSizes = Map<string, number>;

/** The tool_terms keys of a combination's category and tag. */
const termsOfFilters = ({ category, tag }: Pick<FacetFilters, "category" | "tag">) => [
  ...(category ? [`c:${category}`] : []),
  ...(tag ? [`t:${tag}`] : []),
];

/** The columns a sample reads and its filters need, for a read of the newest tools under the name `tools`. */
const SAMPLED_COLUMNS = sql.raw(
  "id, categories, tags, keywords, payment_type, is_home_boosted, verified_at, created_at, is_active, is_verified, licence_kind, self_hostable",
);

/**
 * Where one sample reads its tools, at most FACET_SCAN of them: a search's candidates; else every tool of its smallest
 * category or tag when it has at most FACET_SCAN (tool_terms, in full: the counts are exact); else the newest FACET_SCAN
 * live tools (newest_tools, read once for every sample: the counts are those of the newest tools only).
 */
function sampleSource(filters: FacetFilters, sizes: TermSizes): { from: SQL; isWhole: boolean } {
  if (filters.among) return { from: sql`tools`, isWhole: true };
  const [smallest] = termsOfFilters(filters)
    .filter((term) => (sizes.get(term) ?? 0) <= FACET_SCAN)
    .sort((a, b) => sizes.get(a)! - sizes.get(b)!);
  if (smallest)
    return {
      from: sql`(select ${SAMPLED_COLUMNS} from tools where id = any(array(select tool_id collate "default" from tool_terms where term = ${smallest}))) as tools`,
      isWhole: true,
    };
  return { from: sql`newest_tools as tools`, isWhole: (sizes.get("") ?? Infinity) <= FACET_SCAN };
}

/**
 * A combination's counts in one statement. Each facet is counted among at most FACET_SAMPLE + 1 of the tools the other
 * filters leave (the tools of the same filters share one sample), read from sampleSource, and the total among those
 * all filters leave; each sample's size, and whether it read its whole source, say whether its counts are exact.
 * Rows: (facet, value, count), and ('n:' + sample, '', size). Exported for the query-plan test.
 */
export function sampledFacetsQuery(
  filters: FacetFilters,
  fixed: "category" | "tag" | null,
  sizes: TermSizes = new Map(),
) {
  const facets = (Object.keys(FACET_FILTERS) as Facet[]).filter(
    (facet) => !(fixed === "category" && facet === "categories") && !(fixed === "tag" && facet === "tags"),
  );
  const sampleOf = (facet: Facet | "total") => sampleOfFacet(filters, facet);
  const samples = [...new Set(["total" as const, ...facets.map(sampleOf)])];
  const filtersOfSample = (sample: Facet | "total") =>
    sample === "total" ? filters : { ...filters, [FACET_FILTERS[sample]]: undefined };
  const sources = new Map(samples.map((sample) => [sample, sampleSource(filtersOfSample(sample), sizes)]));
  const withSamples = samples.map((sample) => {
    const { from } = sources.get(sample)!;
    const conditions = [isPublicTool, ...filtersOf(filtersOfSample(sample))];
    return sql`${sql.identifier(`sample_${sample}`)} as (
      select categories, tags, payment_type, is_home_boosted, coalesce(verified_at, created_at) as listed_at, licence_kind, self_hostable
      from ${from} where ${and(...conditions)} limit ${FACET_SAMPLE + 1}
    )`;
  });
  const from = (facet: Facet | "total") => sql.identifier(`sample_${sampleOf(facet)}`);
  const parts: SQL[] = [
    ...samples.map(
      (sample) =>
        sql`select ${`n:${sample}`}, ${sources.get(sample)!.isWhole ? "whole" : "part"}, count(*)::int from ${sql.identifier(`sample_${sample}`)}`,
    ),
    sql`select 'total', '', count(*)::int from ${from("total")}`,
  ];
  for (const facet of facets) {
    const sample = from(facet);
    if (facet === "categories")
      parts.push(
        sql`select 'categories', value, count(*)::int from ${sample}, unnest(categories) as value group by value`,
      );
    if (facet === "tags") {
      parts.push(
        sql`(select 'tags', value, count(*)::int from ${sample}, unnest(tags) as value group by value order by count(*) desc, value limit ${TOP_TAG_FACETS})`,
      );
    }
    if (facet === "payment")
      parts.push(sql`select 'payment', payment_type, count(*)::int from ${sample} group by payment_type`);
    if (facet === "featured")
      parts.push(sql`select 'featured', '', count(*)::int from ${sample} where is_home_boosted`);
    if (facet === "licence")
      parts.push(
        sql`select 'licence', licence_kind, count(*)::int from ${sample} where licence_kind is not null group by licence_kind`,
      );
    if (facet === "selfHostable")
      parts.push(sql`select 'selfHostable', '', count(*)::int from ${sample} where self_hostable = 'confirmed'`);
    if (facet === "verified") {
      for (const days of VERIFIED_WITHIN_DAYS)
        parts.push(
          sql`select 'verified', ${String(days)}, count(*)::int from ${sample} where ${verifiedWithin(days, sql`listed_at`)}`,
        );
    }
  }
  // The newest tools, read in order from tools_public_latest_idx and cut, once for the samples that read them.
  const newest = sql`newest_tools as materialized (select ${SAMPLED_COLUMNS} from tools where is_active and is_verified order by created_at desc, id desc limit ${FACET_SCAN})`;
  return sql`with ${sql.join([newest, ...withSamples], sql`, `)} select * from (${sql.join(parts, sql` union all `)}) as counted(facet, value, count)`;
}

export function toolFacetQueries(db: Database) {
  async function countKeyedFacets(list: KeyedList): Promise<ToolFacets> {
    const rows = rowsOf<{ kind: string; value: string; count: number }>(await db.execute(keyedFacetsQuery(list)));
    const of = (kind: string) => rows.filter((row) => row.kind === kind);
    const countOf = (kind: string, value: string) =>
      Number(rows.find((row) => row.kind === kind && row.value === value)?.count ?? 0);
    return {
      total: countOf("", ""),
      isTotalExact: true,
      isExact: {
        categories: true,
        tags: true,
        payment: true,
        featured: true,
        verified: true,
        licence: true,
        selfHostable: true,
      },
      categories: of("c")
        .map(({ value, count }) => ({ id: value, count: Number(count) }))
        .sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : 1)),
      tags: of("t").map(({ value, count }) => ({ tag: value, count: Number(count) })),
      payment: Object.fromEntries(PAYMENT_TYPES.map((type) => [type, countOf("p", type)])) as Record<
        PaymentType,
        number
      >,
      featured: countOf("f", ""),
      verified: Object.fromEntries(VERIFIED_WITHIN_DAYS.map((days) => [days, countOf("v", String(days))])) as Record<
        VerifiedWithinDays,
        number
      >,
      licence: Object.fromEntries(LICENCE_KINDS.map((kind) => [kind, countOf("l", kind)])) as Record<
        LicenceKind,
        number
      >,
      selfHostable: countOf("s", ""),
    };
  }

  /** How many live tools the combination's category and tag have (facet_counts, every live tool's scope). */
  async function termSizesOf(filters: FacetFilters): Promise<TermSizes> {
    if (filters.among) return new Map();
    const terms = termsOfFilters(filters);
    const wanted = [
      sql`(kind = '' and value = '')`,
      ...terms.map((term) => sql`(kind = ${term.slice(0, 1)} and value = ${term.slice(2)})`),
    ];
    const rows = rowsOf<{ term: string; count: number }>(
      await db.execute(
        sql`select kind || ':' || value as term, count from facet_counts where scope = '' and (${sql.join(wanted, sql` or `)})`,
      ),
    );
    // A term no live tool has is not kept: it has none.
    return new Map(
      ["", ...terms].map((term) => [term, Number(rows.find((row) => row.term === (term || ":"))?.count ?? 0)]),
    );
  }

  async function countSampledFacets(filters: FacetFilters, fixed: "category" | "tag" | null): Promise<ToolFacets> {
    const rows = rowsOf<{ facet: string; value: string; count: number }>(
      await db.execute(sampledFacetsQuery(filters, fixed, await termSizesOf(filters))),
    );
    const of = (facet: string) =>
      rows.filter((row) => row.facet === facet).map(({ value, count }) => ({ value, count: Number(count) }));
    const countOf = (facet: string, value: string) => of(facet).find((row) => row.value === value)?.count ?? 0;
    // A sample is exact when it read its whole source and found no more than it counts.
    const isExactSample = (row: { facet: string; value: string; count: number }) =>
      row.value === "whole" && Number(row.count) <= FACET_SAMPLE;
    const samples = rows.filter((row) => row.facet.startsWith("n:"));
    const total = countOf("total", "");
    return {
      total,
      isTotalExact: isExactSample(samples.find((row) => row.facet === "n:total")!),
      isExact: Object.fromEntries(
        (Object.keys(FACET_FILTERS) as Facet[]).map((facet) => [
          facet,
          isExactSample(samples.find((row) => row.facet === `n:${sampleOfFacet(filters, facet)}`) ?? samples[0]!),
        ]),
      ) as Record<Facet, boolean>,
      categories: of("categories")
        .map(({ value, count }) => ({ id: value, count }))
        .sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : 1)),
      tags: of("tags").map(({ value, count }) => ({ tag: value, count })),
      payment: Object.fromEntries(PAYMENT_TYPES.map((type) => [type, countOf("payment", type)])) as Record<
        PaymentType,
        number
      >,
      featured: countOf("featured", ""),
      verified: Object.fromEntries(
        VERIFIED_WITHIN_DAYS.map((days) => [days, countOf("verified", String(days))]),
      ) as Record<VerifiedWithinDays, number>,
      licence: Object.fromEntries(LICENCE_KINDS.map((kind) => [kind, countOf("licence", kind)])) as Record<
        LicenceKind,
        number
      >,
      selfHostable: countOf("selfHostable", ""),
    };
  }

  return {
    /**
     * The counts of every facet value under `filters` (see the module's comment). On a category's or a tag's own page
     * that facet is `fixed`: it is not counted, and only that list's tools can move the counts. On a search's page,
     * `filters.among` keeps its candidates only.
     */
    async countToolFacets(
      filters: FacetFilters,
      { fixed = null }: { fixed?: "category" | "tag" | null } = {},
    ): Promise<ToolFacets> {
      // A search's counts: its candidates and their categories and tags move with any tool's words ("search"), their
      // pricing and featured flag with those lists' own tags, which a change of either sends.
      if (filters.among)
        dependsOn(pageTags.search, pageTags.featured, ...PAYMENT_TYPES.map((type) => pageTags.pricing(type)));
      else if (fixed === "category" && filters.category) dependsOn(pageTags.category(filters.category));
      else if (fixed === "tag" && filters.tag) dependsOn(pageTags.tag(filters.tag));
      else dependsOn(pageTags.tools);
      // The verified windows move with the clock.
      expiresWithin(VERIFIED_WINDOW_MAX_AGE_MS);
      const keyed = keyedListOf(filters);
      const facets = keyed ? await countKeyedFacets(keyed) : await countSampledFacets(filters, fixed);
      if (fixed === "category") facets.categories = [];
      if (fixed === "tag") facets.tags = [];
      // The active tag keeps its place in the form even when it is not among the most common.
      if (filters.tag && fixed !== "tag" && !facets.tags.some((entry) => entry.tag === filters.tag))
        facets.tags.push({ tag: filters.tag, count: facets.total });
      return facets;
    },
  };
}
