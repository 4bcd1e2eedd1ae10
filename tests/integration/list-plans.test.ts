/** The /tools sorts and the tag list must be read from their indexes in list order: a Sort of every live tool (or tag) per page would not scale. */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "#common/constants.ts";
import { TOOL_SORTS } from "#common/constants.ts";
import { TAG_PAGE_SIZE } from "#common/schemas/lists.ts";
import { tagListQuery } from "#server/tags/queries.ts";
import {
  categoryFeaturedToolsQuery,
  firstWalk,
  LIST_WALK,
  listCountsOf,
  listToolsQuery,
  toolListQueries,
  verifiedWithin,
} from "#server/tools/read/lists.ts";
import { rowsOf } from "#server/db/client.ts";
import { insertTool, insertTools } from "../factories.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useTestDatabase } from "../setup/fixtures.ts";

const INDEXES = {
  newest: "tools_public_latest_idx",
  views: "tools_public_views_idx",
  clicks: "tools_public_clicks_idx",
  verified: "tools_public_verified_idx",
  name: "tools_public_name_idx",
  likes: "tools_public_likes_idx",
  trending: "tools_public_trending_idx",
  rising: "tools_public_rising_idx",
} as const;
/** The featured tools in each order: few, in indexes of their own. */
const FEATURED_INDEXES = {
  newest: "tools_home_boosted_idx",
  views: "tools_featured_views_idx",
  clicks: "tools_featured_clicks_idx",
  verified: "tools_featured_verified_idx",
  name: "tools_featured_name_idx",
  likes: "tools_featured_likes_idx",
  trending: "tools_featured_trending_idx",
  rising: "tools_featured_rising_idx",
} as const;
// The name's collation shows only on a database whose own is not "C" already (PGlite's is).
const COLUMNS = {
  newest: "created_at",
  views: "views",
  clicks: "clicks",
  verified: "COALESCE\\(verified_at, created_at\\)",
  name: '\\(lower\\((tools\\.)?name\\)( COLLATE "C"\\)|\\)::text)',
  likes: "likes",
  trending: "trending",
  rising: "rising",
} as const;
/** The name order is the one that runs A to Z: its later pages are after the cursor, the others' before it. */
const COMPARISONS = {
  newest: "<",
  views: "<",
  clicks: "<",
  verified: "<",
  name: ">",
  likes: "<",
  trending: "<",
  rising: "<",
} as const;
/** A cursor in the middle of each list: a date among the inserted tools', a count among the inserted counters, a name. */
const LATER_KEYS = {
  newest: new Date("2025-12-31T20:00:00Z").getTime(),
  views: 50,
  clicks: 50,
  verified: new Date("2025-12-31T20:00:00Z").getTime(),
  name: "bulk tool 150",
  likes: 5,
  trending: 500,
  rising: 500,
} as const;

describe.each(databaseKinds)("list query plans on %s", (kind) => {
  const database = useTestDatabase(kind);

  beforeAll(async () => {
    await insertTools(database.db, 300);
    await database.db.execute(
      sql`update tools set views = (random() * 100)::int, clicks = (random() * 100)::int, likes = (random() * 10)::int, trending = (random() * 1000)::int, rising = (random() * 1000)::int`,
    );
    const tags = Array.from({ length: 1000 }, (_, index) => sql`(${`tag-${index}`}, ${1 + (index % 7)})`);
    await database.db.execute(
      sql`insert into tag_counts (tag, count) values ${sql.join(tags, sql`, `)} on conflict (tag) do nothing`,
    );
    await database.db.execute(sql`analyze tools`);
    await database.db.execute(sql`analyze tag_counts`);
  });

  it.each(TOOL_SORTS)("reads the first page sorted by %s straight from its index", async (sort) => {
    const text = await explainMainPlan(database.db, listToolsQuery(database.db, { sort, limit: PAGE_SIZE + 1 }));
    expect(text).toContain(INDEXES[sort]);
    expect(text).not.toMatch(/Sort/);
  });

  it.each(TOOL_SORTS)("seeks to a later page sorted by %s instead of filtering the rows before it", async (sort) => {
    const text = await explainMainPlan(
      database.db,
      listToolsQuery(database.db, { sort, cursor: { key: LATER_KEYS[sort], id: "tzzz" }, limit: PAGE_SIZE + 1 }),
    );
    expect(text).toContain(INDEXES[sort]);
    const column = COLUMNS[sort];
    expect(text).toMatch(
      new RegExp(`Index Cond: .*ROW\\((tools\\.)?${column}, (tools\\.)?id\\) ${COMPARISONS[sort]} ROW`),
    );
    expect(text).not.toMatch(/Sort/);
  });

  it("reads the first page of tags straight from tag_counts_count_idx", async () => {
    const text = await explainMainPlan(database.db, tagListQuery(database.db, null, TAG_PAGE_SIZE + 1));
    expect(text).toContain("tag_counts_count_idx");
    expect(text).not.toMatch(/Sort/);
  });

  it("seeks twice into tag_counts_count_idx for a later page of tags, each seek bounded by a page", async () => {
    const text = await explainMainPlan(
      database.db,
      tagListQuery(database.db, { key: 4, id: "tag-500" }, TAG_PAGE_SIZE + 1),
    );
    // The rest of the cursor's own count, then the lower counts: two index conditions, never a scan of the tags before the cursor.
    expect(text.match(/(using|on) tag_counts_count_idx/g)).toHaveLength(2);
    expect(text).toMatch(/Index Cond: \(\(?count = '4'::bigint\)? AND \(?tag > 'tag-500'::text\)?\)/);
    expect(text).toMatch(/Index Cond: \(count < '4'::bigint\)/);
    expect(text).not.toMatch(/Seq Scan/);
    // Whatever the planner sorts works on at most one page per branch: each branch has its own Limit, under the page's.
    expect(text.match(/Limit/g)).toHaveLength(3);
  });

  it.each(TOOL_SORTS)(
    "reads the first page of the featured tools sorted by %s straight from their own index",
    async (sort) => {
      // However many the featured tools are, a page of them reads its own rows, not all of them to sort: a hundred here,
      // a thousand in the benchmark's million. (A later page of these hundred may be cheaper sorted: the planner's choice.)
      await database.db.execute(
        sql`update tools set is_home_boosted = true where id in (select id from tools order by id limit 100)`,
      );
      await database.db.execute(sql`analyze tools`);
      try {
        const text = await explainMainPlan(
          database.db,
          listToolsQuery(database.db, { featured: true, sort, limit: PAGE_SIZE + 1 }),
        );
        expect(text).toContain(FEATURED_INDEXES[sort]);
        expect(text).not.toMatch(/Sort/);
      } finally {
        await database.db.execute(sql`update tools set is_home_boosted = false where is_home_boosted`);
        await database.db.execute(sql`analyze tools`);
      }
    },
  );

  it.each([
    ["words", { words: ["analytics"] }],
    ["a category, a tag and a pricing", { category: "cdesign", tag: "mockups", paymentType: "free" as const }],
    ["words, not featured, by views", { words: ["open", "source"], featured: false, sort: "views" as const }],
    ["a tag, by clicks, after a cursor", { tag: "mockups", sort: "clicks" as const, cursor: { key: 50, id: "tzzz" } }],
    ["verified in the last 30 days, by views", { verifiedWithinDays: 30 as const, sort: "views" as const }],
    [
      "verified in the last 7 days and a category, by name",
      { verifiedWithinDays: 7 as const, category: "cdesign", sort: "name" as const },
    ],
  ])("answers the public API's filters by %s through indexes", async (_name, filters) => {
    const text = await explainMainPlan(database.db, listToolsQuery(database.db, { ...filters, limit: PAGE_SIZE + 1 }));
    expect(text).toMatch(
      /tools_(public_latest|public_views|public_clicks|public_verified|public_facets|home_boosted|categories|tags|keywords)_idx/,
    );
    expect(text).not.toMatch(/Seq Scan/);
  });

  // Last: it changes the catalogue. Without statistics of the expression (migration 0034), the planner guessed a third
  // of the catalogue for any window (100 here), and at a million tools read every tool instead of the window's index.
  it("knows how many tools a 'verified in the last days' window holds, from the statistics of its time", async () => {
    await database.db.execute(
      sql`update tools set verified_at = now() - interval '1 hour' where id in (select id from tools order by id limit 15)`,
    );
    await database.db.execute(sql`analyze tools`);
    const result = await database.db.execute(
      sql`explain (format json) select id from tools w where w.is_active and w.is_verified and ${verifiedWithin(7, sql`coalesce(w.verified_at, w.created_at)`)}`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
    const plan = Object.values(rows[0]!)[0];
    const estimate = (typeof plan === "string" ? JSON.parse(plan) : plan)[0].Plan["Plan Rows"] as number;
    expect(estimate).toBeGreaterThanOrEqual(5);
    expect(estimate).toBeLessThanOrEqual(45);
  });
});

/**
 * A LIMIT that finds nothing is a read's worst case: walking an index in list order for a page whose filters match no
 * tool reads every tool. A category's first page read its featured tools so, and took 295 ms at a million tools.
 */
describe.each(databaseKinds)("first pages whose reads find little or nothing, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const TOOLS = 6 * LIST_WALK;

  /** How many rows each index scan of a query read (kept or filtered out), by EXPLAIN ANALYZE, summed by index. */
  async function rowsReadByIndex(query: Parameters<typeof explainMainPlan>[1]): Promise<Map<string, number>> {
    const [row] = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`explain (analyze, format json) ${query}`),
    );
    const plan = Object.values(row!)[0];
    const read = new Map<string, number>();
    const walk = (node: Record<string, unknown>) => {
      const index = node["Index Name"] as string | undefined;
      // What an index scan gave, and what it read and its filter removed.
      const rows = (node["Actual Rows"] as number) + ((node["Rows Removed by Filter"] as number | undefined) ?? 0);
      if (index) read.set(index, (read.get(index) ?? 0) + rows * ((node["Actual Loops"] as number) || 1));
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((typeof plan === "string" ? JSON.parse(plan) : plan)[0].Plan);
    return read;
  }

  beforeAll(async () => {
    // Every tool is in "cbig" with "common" and priced, so each filter alone, and each two, look common; but no tool is
    // in "cbig" with "common" and paid, and none is featured in its category.
    const third = TOOLS / 3;
    await insertTools(database.db, third, new Date("2026-01-01T00:00:00Z"), {
      name: "Free common",
      categories: ["cbig"],
      tags: ["common"],
      paymentType: "free",
    });
    await insertTools(database.db, third, new Date("2025-10-01T00:00:00Z"), {
      name: "Paid other",
      categories: ["cbig"],
      tags: ["other"],
      paymentType: "paid",
    });
    await insertTools(database.db, third, new Date("2025-07-01T00:00:00Z"), {
      name: "Paid elsewhere",
      categories: ["csmall"],
      tags: ["common"],
      paymentType: "paid",
    });
    await database.db.execute(sql`analyze tools`);
  });

  it("reads a category's featured tools through tools_featured_category_idx, not every tool of the category", async () => {
    const text = await explainMainPlan(database.db, categoryFeaturedToolsQuery(database.db, "cbig", PAGE_SIZE));
    expect(text).toContain("tools_featured_category_idx");
    const read = await rowsReadByIndex(categoryFeaturedToolsQuery(database.db, "cbig", PAGE_SIZE));
    expect([...read.values()].reduce((sum, rows) => sum + rows, 0)).toBe(0);
  });

  it.each(TOOL_SORTS)(
    "reads no tool, sorted by %s, for two filters whose kept counts say they match nothing together",
    async (sort) => {
      // Each a third of the catalogue: the order's index, walked for them, would read every tool in vain.
      const filters = { category: "csmall", tag: "other", sort };
      const page = await toolListQueries(database.db).listTools(filters);
      expect(page).toEqual({ tools: [], nextCursor: null });
      const read = await rowsReadByIndex(listToolsQuery(database.db, { ...filters, limit: PAGE_SIZE + 1 }));
      // The walk, and whether the list goes on past it: a count of as many of the index's entries (an index-only read).
      expect(read.get(INDEXES[sort]) ?? 0).toBeLessThanOrEqual(2 * LIST_WALK);
    },
  );

  it.each(TOOL_SORTS)(
    "walks at most LIST_WALK tools sorted by %s for filters that match nothing together, then their own indexes",
    async (sort) => {
      // Any two of them match many tools, all three none.
      const filters = { category: "cbig", tag: "common", paymentType: "paid" as const, sort };
      const read = await rowsReadByIndex(listToolsQuery(database.db, { ...filters, limit: PAGE_SIZE + 1 }));
      expect(read.get(INDEXES[sort]) ?? 0).toBeLessThanOrEqual(2 * LIST_WALK);
      expect(await toolListQueries(database.db).listTools({ ...filters })).toEqual({ tools: [], nextCursor: null });
    },
  );

  it("reads a tag's matches through its own index when the first walk's few say a long page lies past LIST_WALK_MAX tools", async () => {
    // Three among the newest LIST_WALK, forty among the oldest: walking on for a page of MAX_PAGE_SIZE would read every
    // tool, and still fall short at a larger catalogue.
    await database.db.execute(sql`update tools set tags = array_append(tags, 'scarce') where id in (
      (select id from tools order by created_at desc, id desc limit 3 offset 100) union all (select id from tools order by created_at, id limit 40))`);
    const expected = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from tools where tags @> '{scarce}' order by created_at desc, id desc`),
    ).map((row) => row.id);
    const page = await toolListQueries(database.db).listTools({ tag: "scarce", limit: MAX_PAGE_SIZE });
    expect(page.tools.map((tool) => tool.id)).toEqual(expected);
    expect(page.nextCursor).toBeNull();
    const read = await rowsReadByIndex(listToolsQuery(database.db, { tag: "scarce", limit: MAX_PAGE_SIZE + 1 }));
    expect(read.get(INDEXES.newest) ?? 0).toBeLessThanOrEqual(2 * LIST_WALK);
    await database.db.execute(sql`update tools set tags = array_remove(tags, 'scarce') where tags @> '{scarce}'`);
  });

  it.each(["newest", "views", "name"] as const)(
    "reads a rare tag's matches at once, sorted by %s, walking no tool, when the kept counts say the page lies far",
    async (sort) => {
      // Three tools in twelve thousand: a page of them lies past LIST_WALK_MAX tools of any order.
      await database.db.execute(
        sql`update tools set tags = array_append(tags, 'rare') where id in (select id from tools order by created_at desc, id desc limit 3 offset 500)`,
      );
      const counts = await listCountsOf(database.db, { tag: "rare" });
      expect(counts).toEqual({ live: TOOLS, matches: 3 });
      expect(firstWalk(PAGE_SIZE + 1, counts)).toBe(0);
      const page = await toolListQueries(database.db).listTools({ tag: "rare", sort });
      expect(page.tools).toHaveLength(3);
      const read = await rowsReadByIndex(
        listToolsQuery(database.db, { tag: "rare", sort, limit: PAGE_SIZE + 1, counts }),
      );
      expect(read.get(INDEXES[sort]) ?? 0).toBe(0);
      await database.db.execute(sql`update tools set tags = array_remove(tags, 'rare') where tags @> '{rare}'`);
    },
  );

  it.each(["newest", "views", "name"] as const)(
    "walks once, as far as the kept counts say, sorted by %s, for a tag a tool in a hundred and fifty has",
    async (sort) => {
      // A first walk of LIST_WALK would find a dozen, and walk again from the start for the page.
      await database.db.execute(
        sql`update tools set tags = array_append(tags, 'sprinkled'), views = (extract(epoch from created_at)::bigint / 60) % 997 where (extract(epoch from created_at)::bigint / 60) % 150 = 0`,
      );
      const counts = await listCountsOf(database.db, { tag: "sprinkled" });
      const [row] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from tools where tags @> '{sprinkled}'`),
      );
      expect(counts).toEqual({ live: TOOLS, matches: row!.n });
      const walk = firstWalk(PAGE_SIZE + 1, counts);
      expect(walk).toBeGreaterThan(LIST_WALK);
      const order = {
        newest: sql`created_at desc, id desc`,
        views: sql`views desc, id desc`,
        name: sql`lower(name) collate "C", id`,
      }[sort];
      const expected = rowsOf<{ id: string }>(
        await database.db.execute(
          sql`select id from tools where tags @> '{sprinkled}' order by ${order} limit ${PAGE_SIZE}`,
        ),
      ).map((row) => row.id);
      const page = await toolListQueries(database.db).listTools({ tag: "sprinkled", sort });
      expect(page.tools.map((tool) => tool.id)).toEqual(expected);
      const read = await rowsReadByIndex(
        listToolsQuery(database.db, { tag: "sprinkled", sort, limit: PAGE_SIZE + 1, counts }),
      );
      expect(read.get(INDEXES[sort]) ?? 0).toBeLessThanOrEqual(walk);
      await database.db.execute(
        sql`update tools set tags = array_remove(tags, 'sprinkled'), views = 0 where tags @> '{sprinkled}'`,
      );
    },
  );

  it("counts a verification window alone and beside a category from the kept counts", async () => {
    // One tool in thirteen verified on one of the last forty days; the counts keep the day (facet_counts, 'v').
    await database.db.execute(
      sql`update tools set verified_at = now() - make_interval(days => ((extract(epoch from created_at)::bigint / 60) % 40)::int) where (extract(epoch from created_at)::bigint / 60) % 13 = 0`,
    );
    const within = await listCountsOf(database.db, { verifiedWithinDays: 30 });
    const [row] = rowsOf<{ all: number; big: number }>(
      await database.db.execute(
        sql`select count(*)::int as all, count(*) filter (where categories @> '{cbig}')::int as big from tools where ${verifiedWithin(30)}`,
      ),
    );
    expect(within).toEqual({ live: TOOLS, matches: row!.all });
    expect(row!.all).toBeGreaterThan(100);
    expect(await listCountsOf(database.db, { verifiedWithinDays: 30, category: "cbig" })).toEqual({
      live: TOOLS,
      matches: row!.big,
    });
    await database.db.execute(sql`update tools set verified_at = null where verified_at is not null`);
  });

  it.each(["newest", "views", "name"] as const)(
    "pages through filters a few tools in a hundred match, sorted by %s, as the order has them",
    async (sort) => {
      // One tool in 150 is sprinkled: the first walk finds a few, and walks on for the page.
      await database.db.execute(
        sql`update tools set tags = array_append(tags, 'sprinkled'), views = (extract(epoch from created_at)::bigint / 60) % 997 where (extract(epoch from created_at)::bigint / 60) % 150 = 0`,
      );
      const filters = { category: "cbig", tag: "sprinkled", sort };
      const order = {
        newest: sql`created_at desc, id desc`,
        views: sql`views desc, id desc`,
        name: sql`lower(name) collate "C", id`,
      }[sort];
      const expected = rowsOf<{ id: string }>(
        await database.db.execute(
          sql`select id from tools where is_active and is_verified and categories @> '{cbig}' and tags @> '{sprinkled}' order by ${order}`,
        ),
      ).map((row) => row.id);
      expect(expected.length).toBeGreaterThan(2 * PAGE_SIZE);
      const { decodeAnyCursor } = await import("#common/cursor.ts");
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<ReturnType<typeof toolListQueries>["listTools"]>> = await toolListQueries(
          database.db,
        ).listTools({ ...filters, cursor: cursor ? decodeAnyCursor(cursor) : null });
        seen.push(...page.tools.map((tool) => tool.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(expected);
      await database.db.execute(
        sql`update tools set tags = array_remove(tags, 'sprinkled'), views = 0 where tags @> '{sprinkled}'`,
      );
    },
  );

  it("finds a page among few matches the order's index would reach only after LIST_WALK tools", async () => {
    for (const [index, day] of ["03", "02", "01"].entries()) {
      await insertTool(database.db, {
        name: `Rare ${index}`,
        categories: ["cbig"],
        tags: ["common"],
        paymentType: "paid",
        createdAt: new Date(`2025-01-${day}T00:00:00Z`),
      });
    }
    const page = await toolListQueries(database.db).listTools({ category: "cbig", tag: "common", paymentType: "paid" });
    expect(page.tools.map((tool) => tool.name)).toEqual(["Rare 0", "Rare 1", "Rare 2"]);
    expect(page.nextCursor).toBeNull();
    const byName = await toolListQueries(database.db).listTools({
      category: "cbig",
      tag: "common",
      paymentType: "paid",
      sort: "name",
      limit: 2,
    });
    expect(byName.tools.map((tool) => tool.name)).toEqual(["Rare 0", "Rare 1"]);
    const { decodeAnyCursor } = await import("#common/cursor.ts");
    const next = await toolListQueries(database.db).listTools({
      category: "cbig",
      tag: "common",
      paymentType: "paid",
      sort: "name",
      limit: 2,
      cursor: decodeAnyCursor(byName.nextCursor!),
    });
    expect(next.tools.map((tool) => tool.name)).toEqual(["Rare 2"]);
  });
});
