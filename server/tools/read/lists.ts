/** Reads of the browsable tool lists (/tools, /category/{slug}, /tag/{slug}): live tools, sorted, filtered and keyset-paged. */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { PAGE_SIZE, type PaymentType } from "#common/constants.ts";
import type { Cursor, CursorKey } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { LicenceKind } from "#common/repository.ts";
import type { ToolSort, VerifiedWithinDays } from "#common/constants.ts";
import { COUNTERS_MAX_AGE_MS, dependsOn, expiresWithin, pageTags } from "../../cache/page-tags.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { tools } from "../../db/schema.ts";
import { isPublicTool, type ToolCard, toCard, toolCardColumns, type ToolCardRow, type ToolPage } from "./queries.ts";
import { keysetPage, seekAfter } from "../../db/keyset.ts";
import { type Licence, licenceWithPage } from "../licences.ts";

export type ToolListFilters = {
  sort?: ToolSort;
  /** A category id. */
  category?: string;
  tag?: string;
  paymentType?: PaymentType;
  /** true: only featured (home-boosted) tools; false: only the others. */
  featured?: boolean;
  /** Only tools verified within this many days. */
  verifiedWithinDays?: VerifiedWithinDays;
  /** Only tools of this licence kind (decision 060). */
  licenceKind?: LicenceKind;
  /** true: only tools a verifier confirmed can be self-hosted. */
  selfHostable?: boolean;
  /**
   * Only the tools this condition leaves: a search's candidates (server/search/queries.ts), which its facets count, and
   * which a list filtered by words shows in its own order: a query finds the same tools everywhere.
   */
  among?: SQL;
};

/**
 * What the kept counts (facet_counts) say of a list's filters: how many live tools there are, and at most how many of
 * them the filters leave (exactly, for one filter or two).
 */
export type ListCounts = { live: number; matches: number };

export type ListToolsInput = ToolListFilters & {
  cursor?: Cursor<CursorKey> | null;
  limit?: number;
  counts?: ListCounts | null;
};

type ListRow = ToolCardRow & {
  views: number;
  clicks: number;
  trending: number;
  rising: number;
  verifiedSortKey: number;
  nameSortKey: string;
};

/** When a tool was verified, or created when that was not recorded: the "recently verified" order (tools_public_verified_idx). */
const verifiedOrder = sql`coalesce(${tools.verifiedAt}, ${tools.createdAt})`;

/**
 * By name, A to Z: the lowercased name compared byte by byte (collation "C"), the same on every database whatever its
 * locale, so the order, the cursor's comparison and tools_public_name_idx always agree (decision 034).
 */
const nameOrder = sql`(lower(${tools.name}) collate "C")`;

type SortOrder = {
  column: AnyPgColumn | SQL;
  ascending: boolean;
  keyOf: (row: ListRow) => CursorKey;
  bound: (key: CursorKey) => SQL;
};

/** A cursor made by another order is refused as one we did not make (the routes' schemas refuse it first). */
const invalidCursor = () =>
  new AppError("invalid-argument", MESSAGES.page.invalidCursor, { cursor: MESSAGES.page.invalidCursor });
const numberKey = (toBound: (key: number) => SQL) => (key: CursorKey) => {
  if (typeof key !== "number") throw invalidCursor();
  return toBound(key);
};
const textKey = (toBound: (key: string) => SQL) => (key: CursorKey) => {
  if (typeof key !== "string") throw invalidCursor();
  return toBound(key);
};
const timeBound = numberKey((key) => sql`${new Date(key).toISOString()}::timestamptz`);

/**
 * Each sort order is (column, id), both descending but the name's, the order of its partial index on live tools
 * (tools_public_latest_idx, tools_public_views_idx, tools_public_clicks_idx, tools_public_verified_idx,
 * tools_public_name_idx, tools_public_likes_idx, tools_public_trending_idx, tools_public_rising_idx); the cursor's key
 * is the column's value.
 * Counts are compared as bigint so that a forged cursor beyond the integer range is a harmless comparison, not a database error.
 */
const SORTS: Record<ToolSort, SortOrder> = {
  newest: { column: tools.createdAt, ascending: false, keyOf: (row) => row.createdAt.getTime(), bound: timeBound },
  views: {
    column: tools.views,
    ascending: false,
    keyOf: (row) => row.views,
    bound: numberKey((key) => sql`${key}::bigint`),
  },
  clicks: {
    column: tools.clicks,
    ascending: false,
    keyOf: (row) => row.clicks,
    bound: numberKey((key) => sql`${key}::bigint`),
  },
  verified: { column: verifiedOrder, ascending: false, keyOf: (row) => row.verifiedSortKey, bound: timeBound },
  name: { column: nameOrder, ascending: true, keyOf: (row) => row.nameSortKey, bound: textKey((key) => sql`${key}`) },
  likes: {
    column: tools.likes,
    ascending: false,
    keyOf: (row) => row.likes,
    bound: numberKey((key) => sql`${key}::bigint`),
  },
  trending: {
    column: tools.trending,
    ascending: false,
    keyOf: (row) => row.trending,
    bound: numberKey((key) => sql`${key}::bigint`),
  },
  rising: {
    column: tools.rising,
    ascending: false,
    keyOf: (row) => row.rising,
    bound: numberKey((key) => sql`${key}::bigint`),
  },
};

/** How long a page filtered by "verified in the last days" is kept: tools leave the window without a write. */
export const VERIFIED_WINDOW_MAX_AGE_MS = 10 * 60_000;

/**
 * The condition "verified in the last `days` days": today and the days before it, in UTC, whole days, by the time the
 * "recently verified" order reads (tools_public_verified_idx), as the facet counts keep them by day (decision 036).
 * `column` names that time where it is read from a subquery.
 */
export const verifiedWithin = (days: VerifiedWithinDays, column: SQL | AnyPgColumn = verifiedOrder) =>
  sql`${column} >= ((now() at time zone 'UTC')::date - ${days - 1}::int)::timestamp at time zone 'UTC'`;

/** The first UTC day of "the last `days` days", as facet_counts names the days it counts (its 'v' values). */
export const firstDayOf = (days: VerifiedWithinDays) =>
  sql`to_char((now() at time zone 'UTC')::date - ${days - 1}::int, 'YYYY-MM-DD')`;

/** How many tools of a list, in its order, a filtered page reads first, at least. */
export const LIST_WALK = 2_000;
/** How many times more tools than the kept counts say hold a page the first walk may read: room for the unevenly spread. */
const WALK_MARGIN = 1.5;
/** Matches among those that make the filters common enough to walk on for the page: fewer, and their own indexes are read. */
const WALK_ON_AFTER = 3;
/** The most tools a page walks on for: when the first walk's matches say it needs more, their own indexes are read. */
const LIST_WALK_MAX = 25_000;

/**
 * The ids among which a filtered page lies, at a bounded cost, whatever the planner guesses of the filters (decision
 * 036). Walking the order's index alone reads every tool after the page's last match: all of them when the filters
 * match nothing together ("cms" tools in "Legal"; a category and a rare tag), and at a million tools a LIMIT that finds
 * nothing is the worst read there is. Reading the filters' matches through their own indexes alone reads every one of
 * them, tens of thousands for common filters, each from its own place in the table. So, in three steps:
 * 1. the order's index is walked, `walk` tools at most (firstWalk): when they hold the page, or are the whole list, it
 *    is theirs (a common filter, or the list's end);
 * 2. when they held WALK_ON_AFTER matches or more, and those matches say the page lies within LIST_WALK_MAX tools
 *    (with room to spare), the filters are common enough to walk on for as many;
 * 3. else, or when that walk fell short too, or `walk` is 0 (the kept counts say the filters are rare), their matches
 *    are read through their own indexes (the categories' and tags' GIN indexes, the featured and verified ones), few,
 *    and the page sorted from them.
 * Either way the page is the same. `listed` are the conditions of the list before the page (live, after the cursor),
 * `filters` the filters, on the columns of `tools`; `key` the order's key and `order` the order.
 */
function boundedPageCandidates({
  listed,
  filters,
  key,
  order,
  limit,
  walk,
}: {
  listed: SQL | undefined;
  filters: SQL;
  key: SQL;
  order: (column: SQL) => SQL;
  limit: number;
  walk: number;
}): SQL {
  return sql`with walked as materialized (
      select id from (select * from ${tools} where ${listed} order by ${order(key)} limit ${walk}) as ${tools}
      where ${filters} order by ${order(key)} limit ${limit}
    ), found as materialized (select count(*)::int as n from walked),
    listed as materialized (
      select count(*)::int as n from (select 1 from ${tools} where (select n from found) < ${limit} and ${listed} order by ${order(key)} limit ${walk}) as listed
    ), step as materialized (
      select case when f.n >= ${limit} or l.n < ${walk} then 'walked' when f.n >= ${WALK_ON_AFTER} and w.walk <= ${LIST_WALK_MAX} then 'more' else 'matched' end as how,
        w.walk
      from found f, listed l, lateral (select ceil(${walk * WALK_MARGIN}::float8 * ${limit}::int / greatest(f.n, 1))::int as walk) w
    ), more as materialized (
      select ${tools.id} as id, ${key} as key, (${filters}) as hit from ${tools}
      where (select how from step) = 'more' and ${listed} order by ${order(key)} limit (select walk from step)
    ), more_found as materialized (select count(*) filter (where hit)::int as n, count(*)::int as walked from more),
    more_done as materialized (select m.n >= ${limit} or m.walked < s.walk as done from more_found m, step s),
    matched as materialized (
      select ${tools.id} as id, ${key} as key from ${tools}
      where ((select how from step) = 'matched' or ((select how from step) = 'more' and not (select done from more_done))) and ${listed} and ${filters}
    )
    select id from walked where (select how from step) = 'walked'
    union all
    (select id from more where hit and (select done from more_done) order by ${order(sql`key`)} limit ${limit})
    union all
    (select id from matched order by ${order(sql`key`)} limit ${limit})`;
}

/**
 * How many tools a filtered page walks first in its order: LIST_WALK, or as many as the kept counts say hold the page
 * (with WALK_MARGIN to spare) when that is more; 0, its matches read at once, when that is past LIST_WALK_MAX. A rare
 * filter then costs no walk in vain, and one a tool in a hundred matches no second walk.
 */
export function firstWalk(limit: number, counts: ListCounts | null | undefined): number {
  if (!counts) return LIST_WALK;
  const expected = Math.ceil((WALK_MARGIN * limit * counts.live) / Math.max(counts.matches, 1));
  return expected > LIST_WALK_MAX ? 0 : Math.max(LIST_WALK, expected);
}

export function filtersOf({
  category,
  tag,
  paymentType,
  featured,
  verifiedWithinDays,
  licenceKind,
  selfHostable,
  among,
}: ToolListFilters): SQL[] {
  const conditions: SQL[] = [];
  // Array containment (@>) is what the GIN indexes on categories and tags answer.
  if (category) conditions.push(sql`${tools.categories} @> array[${category}]::text[]`);
  if (tag) conditions.push(sql`${tools.tags} @> array[${tag}]::text[]`);
  if (paymentType) conditions.push(eq(tools.paymentType, paymentType));
  if (featured !== undefined) conditions.push(eq(tools.isHomeBoosted, featured));
  if (verifiedWithinDays) conditions.push(verifiedWithin(verifiedWithinDays));
  if (licenceKind) conditions.push(sql`${tools.licenceKind} = ${licenceKind}`);
  // Literally 'confirmed', so that tools_public_self_hostable_idx, whose condition it is, answers it.
  if (selfHostable) conditions.push(sql`${tools.selfHostable} = 'confirmed'`);
  if (among) conditions.push(among);
  return conditions;
}

/**
 * One page of live tools in `sort` order after `cursor`. The cursor is a row comparison on (column, id),
 * so the sort's index seeks straight to it (the plans are checked by a test).
 */
export function listToolsQuery(
  db: Database,
  { sort = "newest", cursor, limit = PAGE_SIZE, counts, ...filters }: ListToolsInput,
) {
  const { column, ascending, bound } = SORTS[sort];
  const direction = ascending ? asc : desc;
  const filterConditions = filtersOf(filters);
  const after = seekAfter(cursor, [column, tools.id], { ascending, keyAs: bound });
  const conditions = [isPublicTool, ...filterConditions, ...(after ? [after] : [])];
  // A search's candidates are a few hundred ids already, and two filters have an index in their own order (the
  // featured tools in every order, tools_home_boosted_idx and tools_featured_*_idx; a verification window in its
  // order); any other filter may leave the order's index little to find.
  const { category, tag, paymentType, featured, verifiedWithinDays, licenceKind, selfHostable, among } = filters;
  const isOthersUnset = !category && !tag && !paymentType && !licenceKind && !selfHostable;
  const isInOwnOrder =
    isOthersUnset &&
    ((featured === true && !verifiedWithinDays) ||
      (featured === undefined && verifiedWithinDays && sort === "verified"));
  if (filterConditions.length > 0 && !among && !isInOwnOrder) {
    const key = sql`${column}`;
    const order = (of: SQL) => sql`${of} ${ascending ? sql`asc` : sql`desc`}, id ${ascending ? sql`asc` : sql`desc`}`;
    conditions.push(
      sql`${tools.id} = any(array(${boundedPageCandidates({ listed: and(isPublicTool, after), filters: and(...filterConditions)!, key, order, limit, walk: firstWalk(limit, counts) })}))`,
    );
  }
  return db
    .select({
      ...toolCardColumns,
      views: tools.views,
      clicks: tools.clicks,
      trending: tools.trending,
      rising: tools.rising,
      // Milliseconds, exact: the timestamps keep milliseconds.
      verifiedSortKey: sql<number>`(extract(epoch from ${verifiedOrder}) * 1000)::float8`.mapWith(Number),
      // The name as the database lowercases it: the next page's cursor must compare as the order does.
      nameSortKey: sql<string>`lower(${tools.name})`,
    })
    .from(tools)
    .where(and(...conditions))
    .orderBy(direction(column), direction(tools.id))
    .limit(limit);
}

/**
 * The live tools under one licence (its SPDX id, as tools.licence keeps it), newest first, one keyset page after
 * `cursor`: a range of tools_public_licence_idx. Exported for the query-plan test.
 */
export function licenceToolsQuery(
  db: Database,
  licence: string,
  { cursor, limit }: { cursor?: Cursor<CursorKey> | null; limit: number },
) {
  const after = seekAfter(cursor, [tools.createdAt, tools.id], { keyAs: SORTS.newest.bound });
  return db
    .select(toolCardColumns)
    .from(tools)
    .where(and(isPublicTool, sql`${tools.licence} = ${licence}`, after))
    .orderBy(desc(tools.createdAt), desc(tools.id))
    .limit(limit);
}

/**
 * A category's featured tools, newest first. Literally "is_featured_category", so that the planner reads
 * tools_featured_category_idx, whose condition it is: few tools are featured, and with none in a category any other
 * index walks every tool of the category in vain (a category's first page took 295 ms at a million tools).
 */
export function categoryFeaturedToolsQuery(db: Database, categoryId: string, limit: number) {
  return db
    .select(toolCardColumns)
    .from(tools)
    .where(and(isPublicTool, sql`${tools.isFeaturedCategory}`, ...filtersOf({ category: categoryId })))
    .orderBy(desc(tools.createdAt), desc(tools.id))
    .limit(limit);
}

/**
 * What the counts kept on every write (facet_counts) say of the filters, without reading a tool: each of a category, a
 * tag, a pricing, "featured", a licence kind, "self-hostable" and a verification window alone, and each two of them,
 * are counted there, so the fewest of those counts is at most what the filters leave together (exactly, for one filter
 * or two). Null with none of them.
 */
export async function listCountsOf(
  db: Database,
  { category, tag, paymentType, featured, verifiedWithinDays, licenceKind, selfHostable }: ToolListFilters,
): Promise<ListCounts | null> {
  const keyed = [
    ...(category ? [["c", category]] : []),
    ...(tag ? [["t", tag]] : []),
    ...(paymentType ? [["p", paymentType]] : []),
    ...(featured ? [["f", ""]] : []),
    ...(licenceKind ? [["l", licenceKind]] : []),
    ...(selfHostable ? [["s", ""]] : []),
  ] as [string, string][];
  if (keyed.length === 0 && !verifiedWithinDays) return null;
  const scopeOf = ([kind, value]: [string, string]) => (kind === "f" || kind === "s" ? kind : `${kind}:${value}`);
  const countOf = (scope: string, kind: string, value: string) =>
    sql`coalesce((select count from facet_counts where scope = ${scope} and kind = ${kind} and value = ${value}), 0)`;
  const verifiedIn = (scope: string) =>
    sql`(select coalesce(sum(count), 0)::int from facet_counts where scope = ${scope} and kind = 'v' and value >= ${firstDayOf(verifiedWithinDays!)})`;
  const counts = [
    ...keyed.map(([kind, value]) => countOf("", kind, value)),
    ...keyed.flatMap((first, index) =>
      keyed.slice(index + 1).map(([kind, value]) => countOf(scopeOf(first), kind, value)),
    ),
    ...(verifiedWithinDays ? ["", ...keyed.map(scopeOf)].map(verifiedIn) : []),
  ];
  const [row] = rowsOf<{ live: number; matches: number }>(
    await db.execute(sql`select ${countOf("", "", "")} as live, least(${sql.join(counts, sql`, `)}) as matches`),
  );
  return { live: Number(row!.live), matches: Number(row!.matches) };
}

export function toolListQueries(db: Database) {
  return {
    /** Live tools sorted newest first, most viewed, most clicked, recently verified, by name, most liked or trending, filtered by category, tag or payment type, one keyset page after `cursor`. */
    async listTools(input: ListToolsInput = {}): Promise<ToolPage> {
      // The lists this one is cut from: a filter's, or every live tool's. Sorted by counters, it changes without a write.
      if (input.category) dependsOn(pageTags.category(input.category));
      if (input.tag) dependsOn(pageTags.tag(input.tag));
      if (input.paymentType) dependsOn(pageTags.pricing(input.paymentType));
      if (input.featured !== undefined) dependsOn(pageTags.featured);
      if (input.among) dependsOn(pageTags.search);
      if (!input.category && !input.tag && !input.paymentType) dependsOn(pageTags.tools);
      // Sorted by counters, it changes without a write: views and clicks are counted in batches, and a like reorders
      // lists the liked tool is not on yet. Trending changes when the hourly job says so.
      if (input.sort === "views" || input.sort === "clicks" || input.sort === "likes")
        expiresWithin(COUNTERS_MAX_AGE_MS);
      if (input.sort === "trending") dependsOn(pageTags.trending);
      if (input.sort === "rising") dependsOn(pageTags.rising);
      if (input.verifiedWithinDays) expiresWithin(VERIFIED_WINDOW_MAX_AGE_MS);
      const limit = input.limit ?? PAGE_SIZE;
      // Filters the kept counts say match nothing together need no read of the tools; others walk as they say.
      const counts = await listCountsOf(db, input);
      if (counts?.matches === 0) return { tools: [], nextCursor: null };
      // One row more than the page tells whether a next page exists, without a count.
      const rows: ListRow[] = await listToolsQuery(db, { ...input, limit: limit + 1, counts });
      const { keyOf } = SORTS[input.sort ?? "newest"];
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: keyOf(last), id: last.id }));
      return {
        // The sort keys are read only to build the cursor; the card keeps its one shape.
        tools: items.map(
          ({
            views: _views,
            clicks: _clicks,
            trending: _trending,
            rising: _rising,
            verifiedSortKey: _verified,
            nameSortKey: _name,
            ...row
          }) => toCard(row),
        ),
        nextCursor,
      };
    },

    /**
     * A licence's page (/licence/{id}): the licence `id` names in any case (null when it has no page: licenceWithPage),
     * its live tools newest first, one keyset page after `cursor`, and how many there are (kept: facet_counts,
     * migration 0058).
     */
    async findLicencePage(
      id: string,
      { cursor, limit = PAGE_SIZE }: { cursor?: Cursor<CursorKey> | null; limit?: number } = {},
    ): Promise<{ licence: Licence; page: ToolPage; count: number } | null> {
      const licence = licenceWithPage(id);
      if (!licence) return null;
      dependsOn(pageTags.licence(licence.id));
      const [rows, counted] = await Promise.all([
        licenceToolsQuery(db, licence.id, { cursor, limit: limit + 1 }),
        db.execute(sql`select count from facet_counts where scope = '' and kind = 'i' and value = ${licence.id}`),
      ]);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.createdAt.getTime(), id: last.id }));
      const [kept] = rowsOf<{ count: number }>(counted);
      return { licence, page: { tools: items.map(toCard), nextCursor }, count: Number(kept?.count ?? 0) };
    },

    /** A category's featured tools (isFeaturedCategory), newest first: the top of its page. */
    async listCategoryFeaturedTools(
      categoryId: string,
      { limit = PAGE_SIZE }: { limit?: number } = {},
    ): Promise<ToolCard[]> {
      dependsOn(pageTags.category(categoryId));
      const rows: ToolCardRow[] = await categoryFeaturedToolsQuery(db, categoryId, limit);
      return rows.map(toCard);
    },
  };
}
