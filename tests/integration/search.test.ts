import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { decodeCursor } from "#common/cursor.ts";
import { slugify } from "#common/slugify.ts";
import { searches, tools } from "#server/db/schema.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { searchQueries } from "#server/search/queries.ts";
import { searchWords } from "#server/search/words.ts";
import type { ToolCard } from "#server/tools/read/queries.ts";
import { insertTool, insertTools } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestDatabase } from "../setup/fixtures.ts";

describe("searchWords", () => {
  it.each([
    ["email-marketing", ["email", "marketing"]],
    ["seo--seo", ["seo"]],
    ["", []],
    ["Next-JS", ["next", "js"]],
  ])("%j -> %j", (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });
});

describe.each(databaseKinds)("search on %s", (kind) => {
  const database = useTestDatabase(kind);
  let search: ReturnType<typeof searchQueries>;

  beforeAll(async () => {
    await seedDemoCatalogue(database.db);
    search = searchQueries(database.db);
  });

  /** Every result, following the cursors to the end. */
  async function allResults(text: string, limit = 5): Promise<ToolCard[]> {
    const found: ToolCard[] = [];
    let cursor = null;
    for (let page = 0; page < 100; page++) {
      const result = await search.searchTools(text, { cursor, limit });
      found.push(...result.tools);
      if (!result.nextCursor) break;
      cursor = decodeCursor(result.nextCursor);
    }
    return found;
  }

  /** The spec's rule, computed independently: for each word, live tools whose keywords or tags contain it. */
  async function specRule(text: string): Promise<string[]> {
    const ids = new Set<string>();
    for (const word of searchWords(text)) {
      const rows = await database.db
        .select({ id: tools.id })
        .from(tools)
        .where(
          sql`${tools.isActive} and ${tools.isVerified} and (${word} = any(${tools.keywords}) or ${word} = any(${tools.tags}))`,
        );
      for (const row of rows) ids.add(row.id);
    }
    return [...ids];
  }

  it.each(["analytics", "email-marketing", "stripe", "react-boilerplate", "seo", "ai-design", "plausible", "next"])(
    "holds every match of the spec's rule for %j, each once",
    async (text) => {
      const results = await allResults(text);
      const ids = results.map((tool) => tool.id);
      expect(new Set(ids).size).toBe(ids.length);
      const rule = await specRule(text);
      expect(rule.length).toBeGreaterThan(0);
      for (const id of rule) expect(ids).toContain(id);
    },
  );

  it("matches a hyphenated tag as a whole", async () => {
    const results = await allResults("open-source");
    const tagged = await database.db
      .select({ id: tools.id })
      .from(tools)
      .where(sql`'open-source' = any(${tools.tags}) and ${tools.isActive} and ${tools.isVerified}`);
    expect(tagged.length).toBeGreaterThan(3);
    for (const { id } of tagged) expect(results.map((tool) => tool.id)).toContain(id);
  });

  it("keeps only the spec's matches when asked to be exact", async () => {
    const broad = await allResults("react");
    const exact = (await search.searchTools("react", { exact: true, limit: 100 })).tools;
    expect(exact.map((tool) => tool.id).sort()).toEqual((await specRule("react")).sort());
    expect(broad.length).toBeGreaterThan(exact.length);
  });

  it("puts the tool named by the search first", async () => {
    const [first] = (await search.searchTools("plausible")).tools;
    expect(first?.name).toBe("Plausible Analytics");
  });

  it.each([
    ["supabse", "Supabase"],
    ["plausable", "Plausible Analytics"],
    ["vercell", "Vercel"],
  ])("forgives the typo %j and finds %s", async (typo, name) => {
    const results = await allResults(typo);
    expect(results.map((tool) => tool.name)).toContain(name);
  });

  it("matches word prefixes and stems through full-text search", async () => {
    const results = await allResults("analyt");
    expect(results.map((tool) => tool.name)).toContain("Plausible Analytics");
  });

  it("finds nothing for nonsense, and for text without words", async () => {
    expect((await search.searchTools("qzxwvjk")).tools).toEqual([]);
    expect((await search.searchTools("---")).tools).toEqual([]);
  });

  it("never shows tools that are not live", async () => {
    await insertTool(database.db, { name: "Zebracorn Waiting", isVerified: false, tags: ["zebracorn"] });
    await insertTool(database.db, { name: "Zebracorn Off", isActive: false, tags: ["zebracorn"] });
    const live = await insertTool(database.db, { name: "Zebracorn Live", tags: ["zebracorn"] });
    expect((await allResults("zebracorn")).map((tool) => tool.id)).toEqual([live.id]);
  });

  it("finds a tool by a word of its category's label and of its description", async () => {
    const results = await allResults("merchant");
    expect(results.length).toBeGreaterThan(0);
  });

  it("records each search with a count, and lists those enough visitors made, most visitors first", async () => {
    for (const text of ["email-marketing", "seo", "seo", "seo", "analytics", "analytics"])
      await search.recordSearch(text, 1);
    expect(
      await database.db.select({ text: searches.text, count: searches.count }).from(searches).orderBy(searches.text),
    ).toEqual([
      { text: "analytics", count: 2 },
      { text: "email-marketing", count: 1 },
      { text: "seo", count: 3 },
    ]);
    // Counted visitors come with page views (search-pages.test.ts); here they are set.
    for (const [text, visitors] of [
      ["seo", 9],
      ["analytics", 4],
      ["email-marketing", 4],
    ] as const)
      await database.db.update(searches).set({ visitors }).where(eq(searches.text, text));
    await search.recordSearch("one-person", 1);
    const first = await search.listSearches({ limit: 2 });
    expect(first.searches).toEqual([
      { text: "seo", visitors: 9 },
      { text: "analytics", visitors: 4 },
    ]);
    const rest = await search.listSearches({ cursor: decodeCursor(first.nextCursor!), limit: 2 });
    expect(rest.searches).toEqual([{ text: "email-marketing", visitors: 4 }]);
    expect(rest.nextCursor).toBeNull();
    expect(slugify("email marketing")).toBe("email-marketing");
  });
});

describe.each(databaseKinds)("search in a catalogue larger than a search reads first, on %s", (kind) => {
  const database = useTestDatabase(kind);
  let search: ReturnType<typeof searchQueries>;
  let oldest: ToolCard["id"];

  beforeAll(async () => {
    // More tools than the newest a search reads first (SEARCH_PROBE), all named alike; then one rare name, older than all.
    await insertTools(database.db, 5_100, new Date("2026-01-01T00:00:00Z"), {
      name: "Filler widget",
      tags: ["filler"],
    });
    oldest = (await insertTool(database.db, { name: "Zebracorn Studio", createdAt: new Date("2020-01-01T00:00:00Z") }))
      .id;
    await database.db.execute(sql`analyze tools`);
    search = searchQueries(database.db);
  });

  it("finds a rare word's tool however old it is", async () => {
    expect((await search.searchTools("zebracorn")).tools.map((tool) => tool.id)).toEqual([oldest]);
    expect((await search.searchTools("studio", { exact: true })).tools.map((tool) => tool.id)).toEqual([oldest]);
  });

  it("ranks a common word's newest matches, a bounded number of them", async () => {
    const found = new Set<string>();
    let cursor = null;
    for (let page = 0; page < 100; page++) {
      const result = await search.searchTools("filler", { cursor, limit: 50 });
      for (const tool of result.tools) found.add(tool.id);
      if (!result.nextCursor) break;
      cursor = decodeCursor(result.nextCursor);
    }
    // The newest 200 of each kind of match (name or tag, full text): the same tools here.
    expect(found.size).toBe(200);
  });

  it("finds nothing for a word no tool has, and looks for names like it among the newest tools", async () => {
    expect((await search.searchTools("qwxzv")).tools).toEqual([]);
    expect((await search.searchTools("fillerr-widgit")).tools.length).toBeGreaterThan(0);
  });
});
