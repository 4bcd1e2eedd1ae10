/** The /tools sorts and the tag list must be read from their indexes in list order: a Sort of every live tool (or tag) per page would not scale. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import { TAG_PAGE_SIZE, TOOL_SORTS } from "#common/schemas/lists.ts";
import { tagListQuery } from "#server/tags/queries.ts";
import { listToolsQuery, verifiedWithin } from "#server/tools/lists.ts";
import { insertTools } from "../factories.ts";
import { databaseKinds, openTestDatabase, type TestDatabase, explainMainPlan } from "../setup/database.ts";

const INDEXES = {
  newest: "tools_public_latest_idx",
  views: "tools_public_views_idx",
  clicks: "tools_public_clicks_idx",
  verified: "tools_public_verified_idx",
  name: "tools_public_name_idx",
  likes: "tools_public_likes_idx",
  trending: "tools_public_trending_idx",
} as const;
// The name's collation shows only on a database whose own is not "C" already (PGlite's is).
const COLUMNS = { newest: "created_at", views: "views", clicks: "clicks", verified: "COALESCE\\(verified_at, created_at\\)", name: '\\(lower\\((tools\\.)?name\\)( COLLATE "C"\\)|\\)::text)', likes: "likes", trending: "trending" } as const;
/** The name order is the one that runs A to Z: its later pages are after the cursor, the others' before it. */
const COMPARISONS = { newest: "<", views: "<", clicks: "<", verified: "<", name: ">", likes: "<", trending: "<" } as const;
/** A cursor in the middle of each list: a date among the inserted tools', a count among the inserted counters, a name. */
const LATER_KEYS = { newest: new Date("2025-12-31T20:00:00Z").getTime(), views: 50, clicks: 50, verified: new Date("2025-12-31T20:00:00Z").getTime(), name: "bulk tool 150", likes: 5, trending: 500 } as const;

describe.each(databaseKinds)("list query plans on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await insertTools(database.db, 300);
    await database.db.execute(sql`update tools set views = (random() * 100)::int, clicks = (random() * 100)::int, likes = (random() * 10)::int, trending = (random() * 1000)::int`);
    const tags = Array.from({ length: 1000 }, (_, index) => sql`(${`tag-${index}`}, ${1 + (index % 7)})`);
    await database.db.execute(sql`insert into tag_counts (tag, count) values ${sql.join(tags, sql`, `)} on conflict (tag) do nothing`);
    await database.db.execute(sql`analyze tools`);
    await database.db.execute(sql`analyze tag_counts`);
  });
  afterAll(() => database.close());


  it.each(TOOL_SORTS)("reads the first page sorted by %s straight from its index", async (sort) => {
    const text = await explainMainPlan(database.db, listToolsQuery(database.db, { sort, limit: PAGE_SIZE + 1 }));
    expect(text).toContain(INDEXES[sort]);
    expect(text).not.toMatch(/Sort/);
  });

  it.each(TOOL_SORTS)("seeks to a later page sorted by %s instead of filtering the rows before it", async (sort) => {
    const text = await explainMainPlan(database.db, listToolsQuery(database.db, { sort, cursor: { key: LATER_KEYS[sort], id: "tzzz" }, limit: PAGE_SIZE + 1 }));
    expect(text).toContain(INDEXES[sort]);
    const column = COLUMNS[sort];
    expect(text).toMatch(new RegExp(`Index Cond: .*ROW\\((tools\\.)?${column}, (tools\\.)?id\\) ${COMPARISONS[sort]} ROW`));
    expect(text).not.toMatch(/Sort/);
  });

  it("reads the first page of tags straight from tag_counts_count_idx", async () => {
    const text = await explainMainPlan(database.db, tagListQuery(database.db, null, TAG_PAGE_SIZE + 1));
    expect(text).toContain("tag_counts_count_idx");
    expect(text).not.toMatch(/Sort/);
  });

  it("seeks twice into tag_counts_count_idx for a later page of tags, each seek bounded by a page", async () => {
    const text = await explainMainPlan(database.db, tagListQuery(database.db, { key: 4, id: "tag-500" }, TAG_PAGE_SIZE + 1));
    // The rest of the cursor's own count, then the lower counts: two index conditions, never a scan of the tags before the cursor.
    expect(text.match(/(using|on) tag_counts_count_idx/g)).toHaveLength(2);
    expect(text).toMatch(/Index Cond: \(\(?count = '4'::bigint\)? AND \(?tag > 'tag-500'::text\)?\)/);
    expect(text).toMatch(/Index Cond: \(count < '4'::bigint\)/);
    expect(text).not.toMatch(/Seq Scan/);
    // Whatever the planner sorts works on at most one page per branch: each branch has its own Limit, under the page's.
    expect(text.match(/Limit/g)).toHaveLength(3);
  });

  it("reads the featured tools, newest first, straight from tools_home_boosted_idx", async () => {
    const text = await explainMainPlan(database.db, listToolsQuery(database.db, { featured: true, limit: PAGE_SIZE + 1 }));
    expect(text).toContain("tools_home_boosted_idx");
    expect(text).not.toMatch(/Sort/);
  });

  it.each([
    ["words", { words: ["analytics"] }],
    ["a category, a tag and a pricing", { category: "cdesign", tag: "mockups", paymentType: "free" as const }],
    ["words, not featured, by views", { words: ["open", "source"], featured: false, sort: "views" as const }],
    ["a tag, by clicks, after a cursor", { tag: "mockups", sort: "clicks" as const, cursor: { key: 50, id: "tzzz" } }],
    ["verified in the last 30 days, by views", { verifiedWithinDays: 30 as const, sort: "views" as const }],
    ["verified in the last 7 days and a category, by name", { verifiedWithinDays: 7 as const, category: "cdesign", sort: "name" as const }],
  ])("answers the public API's filters by %s through indexes", async (_name, filters) => {
    const text = await explainMainPlan(database.db, listToolsQuery(database.db, { ...filters, limit: PAGE_SIZE + 1 }));
    expect(text).toMatch(/tools_(public_latest|public_views|public_clicks|public_verified|public_facets|home_boosted|categories|tags|keywords)_idx/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  // Last: it changes the catalogue. Without statistics of the expression (migration 0034), the planner guessed a third
  // of the catalogue for any window (100 here), and at a million tools read every tool instead of the window's index.
  it("knows how many tools a 'verified in the last days' window holds, from the statistics of its time", async () => {
    await database.db.execute(sql`update tools set verified_at = now() - interval '1 hour' where id in (select id from tools order by id limit 15)`);
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
