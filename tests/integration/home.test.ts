import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "#common/constants.ts";
import { decodeCursor } from "#common/cursor.ts";
import { toolQueries } from "#server/tools/read/queries.ts";
import { insertCategory, insertTool, insertTools } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestDatabase } from "../setup/fixtures.ts";

describe.each(databaseKinds)("home queries on %s", (kind) => {
  const database = useTestDatabase(kind);
  let queries: ReturnType<typeof toolQueries>;

  beforeAll(() => {
    queries = toolQueries(database.db);
  });
  beforeEach(() => database.reset());

  it("lists only live tools, newest first", async () => {
    const old = await insertTool(database.db, { name: "Old", createdAt: new Date("2026-01-01T00:00:00Z") });
    const recent = await insertTool(database.db, { name: "Recent", createdAt: new Date("2026-02-01T00:00:00Z") });
    await insertTool(database.db, { name: "Waiting", isVerified: false, createdAt: new Date("2026-03-01T00:00:00Z") });
    await insertTool(database.db, {
      name: "Switched off",
      isActive: false,
      createdAt: new Date("2026-03-02T00:00:00Z"),
    });

    const page = await queries.listLatestTools();
    expect(page.tools.map((tool) => tool.id)).toEqual([recent.id, old.id]);
    expect(page.nextCursor).toBeNull();
    expect(page.tools[0]).toMatchObject({
      name: "Recent",
      slug: recent.slug,
      website: recent.website,
      isHomeBoosted: false,
    });
    // A card carries what it shows, and no date: the list's order and cursor hold that.
    expect(Object.keys(page.tools[0]!).sort()).toEqual([
      "categories",
      "id",
      "isHomeBoosted",
      "isSelfHostable",
      "licenceKind",
      "likes",
      "logo",
      "name",
      "shortDesc",
      "slug",
      "website",
    ]);
  });

  it("pages by keyset through every tool exactly once, ties on created_at included", async () => {
    const start = new Date("2026-05-01T00:00:00Z");
    await insertTools(database.db, 50, start);
    // Ten tools created in the same millisecond: only the id breaks the tie.
    await insertTools(database.db, 10, new Date(start.getTime() - 20 * 60_000), {
      createdAt: new Date(start.getTime() - 20 * 60_000 + 1),
    });

    const seen: string[] = [];
    let cursor = null;
    let pages = 0;
    do {
      const page = await queries.listLatestTools({ cursor, limit: 7 });
      seen.push(...page.tools.map((tool) => tool.id));
      cursor = page.nextCursor ? decodeCursor(page.nextCursor) : null;
      pages++;
    } while (cursor && pages < 100);

    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    expect(pages).toBe(Math.ceil(60 / 7));
    const all = await queries.listLatestTools({ limit: 100 });
    expect(seen).toEqual(all.tools.map((tool) => tool.id));
  });

  it("uses the default page size", async () => {
    await insertTools(database.db, PAGE_SIZE + 1);
    const page = await queries.listLatestTools();
    expect(page.tools).toHaveLength(PAGE_SIZE);
    expect(page.nextCursor).not.toBeNull();
    const rest = await queries.listLatestTools({ cursor: decodeCursor(page.nextCursor!) });
    expect(rest.tools).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
  });

  it("gives each card its categories, in the tool's order", async () => {
    const design = await insertCategory(database.db, { label: "Design", color: "#FBCFE8" });
    const ai = await insertCategory(database.db, { label: "AI", color: "#DDD6FE" });
    await insertTool(database.db, { name: "Both", categories: [design.id, ai.id] });
    await insertTool(database.db, { name: "None", categories: [] });

    const { tools } = await queries.listLatestTools();
    const both = tools.find((tool) => tool.name === "Both")!;
    expect(both.categories).toEqual([
      { id: design.id, label: "Design", slug: "design", color: "#FBCFE8" },
      { id: ai.id, label: "AI", slug: "ai", color: "#DDD6FE" },
    ]);
    expect(tools.find((tool) => tool.name === "None")!.categories).toEqual([]);
  });

  it("lists featured tools: boosted and live only", async () => {
    const boosted = await insertTool(database.db, { name: "Boosted", isHomeBoosted: true });
    await insertTool(database.db, { name: "Boosted but waiting", isHomeBoosted: true, isVerified: false });
    await insertTool(database.db, { name: "Plain" });
    const featured = await queries.listFeaturedTools();
    expect(featured.map((tool) => tool.id)).toEqual([boosted.id]);
    expect(featured[0]!.isHomeBoosted).toBe(true);
  });
});
