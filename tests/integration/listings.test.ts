/**
 * What the lists read instead of the tools (decision 036): each live tool's terms (tool_terms) and the facet counts
 * (facet_counts), kept by the database. They must say what the tools say after every kind of write, one tool's write
 * must touch a bounded number of their rows, and the pages' reads must give what today's full scans gave: the
 * alternatives' ranking, the counts and the sorts, on a catalogue with ties, hidden tools and tools in many categories.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { PAYMENT_TYPES, type PaymentType } from "#common/constants.ts";
import { decodeAnyCursor } from "#common/cursor.ts";
import { TOOL_SORTS } from "#common/constants.ts";
import { rowsOf } from "#server/db/client.ts";
import { facetCounts, tools, toolTerms } from "#server/db/schema.ts";
import { LICENCE_KIND_WEIGHT, MAIN_CATEGORY_FACTOR, WORD_WEIGHT } from "#server/tools/read/alternatives.ts";
import { keyedListOf } from "#server/tools/read/facets.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { databaseKinds, type TestDatabase } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";

type ToolRow = typeof tools.$inferSelect;

const DAY = 24 * 60 * 60 * 1000;
const isLive = (tool: ToolRow) => tool.isActive && tool.isVerified;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The facet counts as they must be, counted here from the tools themselves: "scope|kind|value" to count. */
function expectedCounts(all: ToolRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tool of all.filter(isLive)) {
    const scopes = [
      "",
      ...new Set(tool.categories.map((id) => `c:${id}`)),
      ...new Set(tool.tags.map((tag) => `t:${tag}`)),
      `p:${tool.paymentType}`,
      ...(tool.isHomeBoosted ? ["f"] : []),
      ...(tool.licenceKind ? [`l:${tool.licenceKind}`] : []),
      ...(tool.selfHostable === "confirmed" ? ["s"] : []),
    ];
    const values = [
      ...new Set(tool.categories.map((id) => `c|${id}`)),
      ...new Set(tool.tags.map((tag) => `t|${tag}`)),
      `p|${tool.paymentType}`,
      ...(tool.isHomeBoosted ? ["f|"] : []),
      ...(tool.licenceKind ? [`l|${tool.licenceKind}`] : []),
      ...(tool.selfHostable === "confirmed" ? ["s|"] : []),
      `v|${dayOf(tool.verifiedAt ?? tool.createdAt)}`,
      "|",
    ];
    for (const scope of scopes)
      for (const value of values) counts.set(`${scope}|${value}`, (counts.get(`${scope}|${value}`) ?? 0) + 1);
    // A licence by its id is counted over the whole catalogue only (migration 0058).
    if (tool.licence) counts.set(`|i|${tool.licence}`, (counts.get(`|i|${tool.licence}`) ?? 0) + 1);
  }
  return counts;
}

/** Each live tool's terms with its popularity, as they must be: "tool|term" to popularity. */
function expectedTerms(all: ToolRow[]): Map<string, number> {
  const terms = new Map<string, number>();
  for (const tool of all.filter(isLive)) {
    const own = [...tool.categories.map((id) => `c:${id}`), ...tool.tags.map((tag) => `t:${tag}`)];
    // An open-source tool's terms again after 'o:' (migration 0057).
    for (const term of new Set([...own, ...(tool.licenceKind === "open-source" ? own.map((term) => `o:${term}`) : [])]))
      terms.set(`${tool.id}|${term}`, tool.views + tool.clicks);
  }
  return terms;
}

describe.each(databaseKinds)("kept listings on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  async function keptCounts(): Promise<Map<string, number>> {
    const rows = await database.db.select().from(facetCounts);
    return new Map(rows.map((row) => [`${row.scope}|${row.kind}|${row.value}`, row.count]));
  }
  async function keptTerms(): Promise<Map<string, number>> {
    const rows = await database.db.select().from(toolTerms);
    return new Map(rows.map((row) => [`${row.toolId}|${row.term}`, Number(row.popularity)]));
  }
  async function expectKeptRight(step: string) {
    const all = await database.db.select().from(tools);
    expect(Object.fromEntries(await keptCounts()), step).toEqual(Object.fromEntries(expectedCounts(all)));
    expect(Object.fromEntries(await keptTerms()), step).toEqual(Object.fromEntries(expectedTerms(all)));
  }

  /**
   * A catalogue of 120 tools over 6 categories and 12 tags: some in three categories, ties in creation time, views and
   * clicks, names that sort alike, tools switched off, waiting or refused, featured ones, and verification days spread
   * over two months.
   */
  async function catalogue() {
    const categoryRows = [];
    for (const label of ["Analytics", "Design", "Marketing", "Hosting", "Privacy", "Finance"])
      categoryRows.push(await insertCategory(database.db, { label }));
    const tags = [
      "api",
      "open-source",
      "saas",
      "no-code",
      "ai",
      "seo",
      "gdpr",
      "email",
      "charts",
      "self-hosted",
      "cli",
      "mobile",
    ];
    const start = new Date("2026-06-01T12:00:00Z").getTime();
    for (let n = 0; n < 120; n++) {
      const categories = [
        categoryRows[n % 6]!.id,
        ...(n % 4 === 0 ? [categoryRows[(n + 1) % 6]!.id] : []),
        ...(n % 9 === 0 ? [categoryRows[(n + 3) % 6]!.id] : []),
      ];
      await insertTool(database.db, {
        name: n % 10 === 0 ? "Same Name" : `Tool ${String(n).padStart(3, "0")}`,
        categories,
        tags: [tags[n % 12]!, tags[(n * 5) % 12]!].filter((tag, index, list) => list.indexOf(tag) === index),
        paymentType: PAYMENT_TYPES[n % 4],
        views: (n * 37) % 50,
        clicks: n % 7 === 0 ? 5 : 0,
        isHomeBoosted: n % 11 === 0,
        licenceKind: ([null, "open-source", "source-available", "proprietary"] as const)[n % 4],
        licence: ([null, "MIT", "BUSL-1.1", "LicenseRef-Proprietary", "Apache-2.0"] as const)[n % 5],
        selfHostable: n % 5 === 0 ? "confirmed" : n % 7 === 0 ? "declared" : null,
        isActive: n % 13 !== 5,
        isVerified: n % 17 !== 3,
        // Every third tool shares its creation time with the one before.
        createdAt: new Date(start - Math.floor(n / 3) * 3_600_000),
        // Every eighth tool was verified before the time was kept: it counts from its creation.
        verifiedAt: n % 8 === 0 ? null : new Date(Date.now() - (n % 60) * DAY),
      });
    }
    return { categories: categoryRows, tags };
  }

  it("are what the tools say after every kind of write, and one tool's write touches a bounded number of their rows", async () => {
    const { categories } = await catalogue();
    await expectKeptRight("after the inserts");
    const [first, second, third] = await database.db
      .select()
      .from(tools)
      .where(sql`${tools.isActive} and ${tools.isVerified}`)
      .orderBy(tools.id)
      .limit(3);
    const steps: [string, () => Promise<unknown>][] = [
      [
        "new categories and tags",
        () =>
          database.db
            .update(tools)
            .set({ categories: [categories[5]!.id, categories[2]!.id], tags: ["new-tag", "api"] })
            .where(eq(tools.id, first!.id)),
      ],
      [
        "a pricing and the featured flag",
        () =>
          database.db.update(tools).set({ paymentType: "paid", isHomeBoosted: true }).where(eq(tools.id, first!.id)),
      ],
      [
        "a licence kind and self-hosting",
        () =>
          database.db
            .update(tools)
            .set({ licenceKind: "source-available", selfHostable: "confirmed" })
            .where(eq(tools.id, first!.id)),
      ],
      [
        "another licence, then none",
        async () => {
          await database.db.update(tools).set({ licence: "GPL-3.0-only" }).where(eq(tools.id, second!.id));
          await database.db.update(tools).set({ licence: null }).where(eq(tools.id, third!.id));
        },
      ],
      [
        "self-hosting only declared, and no licence kind",
        () =>
          database.db.update(tools).set({ licenceKind: null, selfHostable: "declared" }).where(eq(tools.id, first!.id)),
      ],
      [
        "verified on another day",
        () =>
          database.db
            .update(tools)
            .set({ verifiedAt: new Date(Date.now() - 3 * DAY) })
            .where(eq(tools.id, first!.id)),
      ],
      ["switched off", () => database.db.update(tools).set({ isActive: false }).where(eq(tools.id, second!.id))],
      ["switched back on", () => database.db.update(tools).set({ isActive: true }).where(eq(tools.id, second!.id))],
      [
        "sent back to the queue",
        () => database.db.update(tools).set({ isVerified: false }).where(eq(tools.id, third!.id)),
      ],
      [
        "views and clicks counted",
        () =>
          database.db
            .update(tools)
            .set({ views: sql`${tools.views} + 9`, clicks: sql`${tools.clicks} + 1` })
            .where(inArray(tools.id, [first!.id, second!.id])),
      ],
      [
        "a description, which no list reads",
        () => database.db.update(tools).set({ shortDesc: "Changed" }).where(eq(tools.id, first!.id)),
      ],
      [
        "a category and a tag left without tools",
        () => database.db.update(tools).set({ tags: [] }).where(eq(tools.id, first!.id)),
      ],
      [
        "many tools in one statement",
        () =>
          database.db
            .update(tools)
            .set({ paymentType: "free", tags: sql`array_append(${tools.tags}, 'bulk')` })
            .where(sql`${tools.id} < ${third!.id}`),
      ],
      ["deleted", () => database.db.delete(tools).where(eq(tools.id, second!.id))],
    ];
    for (const [step, write] of steps) {
      await write();
      await expectKeptRight(step);
    }
    await database.db.execute(sql`truncate ${tools} cascade`);
    expect((await keptCounts()).size).toBe(0);
    expect((await keptTerms()).size).toBe(0);
  });

  /** How many rows of tool_terms and facet_counts `write` inserts, updates or deletes; the write is then rolled back. */
  async function rowsTouchedBy(
    write: (tx: Parameters<Parameters<TestDatabase["db"]["transaction"]>[0]>[0]) => Promise<unknown>,
  ): Promise<number> {
    let touched = -1;
    await database.db
      .transaction(async (tx) => {
        const read = async () =>
          Number(
            rowsOf<{ n: string }>(
              await tx.execute(
                sql`select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) as n from pg_stat_xact_user_tables where relname in ('tool_terms', 'facet_counts')`,
              ),
            )[0]!.n,
          );
        const before = await read();
        await write(tx);
        touched = (await read()) - before;
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (touched < 0) throw error;
      });
    return touched;
  }

  it("makes one tool's write touch as many of their rows in a large catalogue as in a small one", async () => {
    const design = await insertCategory(database.db, { label: "Design" });
    const touched: number[] = [];
    for (const size of [10, 300]) {
      await database.db.execute(sql`truncate ${tools} cascade`);
      // Each of the tool's tags is on other tools too in both catalogues, so no count appears or goes in one and not the other.
      for (let n = 0; n < size; n++)
        await insertTool(database.db, { categories: [design.id], tags: ["icons", `tag-${n % 5}`], views: n });
      const [tool] = await database.db.select().from(tools).limit(1);
      touched.push(
        await rowsTouchedBy((tx) =>
          tx
            .update(tools)
            .set({ tags: ["icons", "new-one", "other"], paymentType: "paid", views: 1_000 })
            .where(eq(tools.id, tool!.id)),
        ),
      );
    }
    expect(touched[0]).toBeGreaterThan(0);
    expect(touched[1]).toBe(touched[0]);
    // At most: the tool's terms before and after (1 + 2, 1 + 3), and its counts before and after, each (lists) x (values):
    // lists: every tool's, its category's, its tags', its pricing's; values: its category, tags, pricing, day, total.
    const countsOf = (tags: number) => (1 + 1 + tags + 1) * (1 + tags + 1 + 1 + 1);
    expect(touched[0]).toBeLessThanOrEqual(3 + 4 + countsOf(2) + countsOf(3));
  });

  describe("give what reading every tool gave", () => {
    /** The first moment of "verified in the last `days` days": midnight UTC, `days - 1` days before today. */
    const since = (days: number) => {
      const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime();
      return today - (days - 1) * DAY;
    };

    it("ranks each tool's alternatives as the full ranking does, while its categories and tags hold fewer tools than the candidates", async () => {
      await catalogue();
      const all = await database.db.select().from(tools);
      const live = all.filter(isLive);
      // Decision 059's weights, from the live counts: every tool's short description is "The tool number N", so each
      // pair shares two words, and only the categories and tags order them.
      const liveCount = (term: (tool: ToolRow) => boolean) => live.filter(term).length;
      const weight = (count: number) => Math.log((live.length + 1) / (count + 1)) ** 2;
      for (const tool of live) {
        const score = (other: ToolRow) =>
          other.categories
            .filter((id) => tool.categories.includes(id))
            .reduce(
              (sum, id) =>
                sum +
                weight(liveCount((each) => each.categories.includes(id))) *
                  (tool.categories[0] === id ? MAIN_CATEGORY_FACTOR : 1) *
                  (other.categories[0] === id ? MAIN_CATEGORY_FACTOR : 1),
              0,
            ) +
          other.tags
            .filter((tag) => tool.tags.includes(tag))
            .reduce((sum, tag) => sum + weight(liveCount((each) => each.tags.includes(tag))), 0) +
          2 * WORD_WEIGHT +
          (tool.licenceKind && other.licenceKind === tool.licenceKind ? LICENCE_KIND_WEIGHT : 0);
        // An alternative does the same job: it shares a category, whatever the tags.
        const shares = (other: ToolRow) => other.categories.some((id) => tool.categories.includes(id));
        const expected = live
          .filter((other) => other.id !== tool.id && shares(other))
          .sort(
            (a, b) =>
              Math.round((score(b) - score(a)) * 1e6) ||
              b.views + b.clicks - (a.views + a.clicks) ||
              (a.id < b.id ? -1 : 1),
          );
        const found = await app.services.tools.listAlternatives({
          id: tool.id,
          categories: tool.categories.map((id) => ({ id, label: id })),
          tags: tool.tags,
          licenceKind: tool.licenceKind,
        });
        expect(
          found.alternatives.map((alternative) => alternative.id),
          tool.name,
        ).toEqual(expected.slice(0, 20).map((other) => other.id));
        expect([found.total, found.isTotalExact], tool.name).toEqual([expected.length, true]);
      }
    });

    it("counts every facet value as counting the tools does, for every list read by key and for combinations", async () => {
      const { categories, tags } = await catalogue();
      const live = (await database.db.select().from(tools)).filter(isLive);
      type Filters = {
        category?: string;
        tag?: string;
        paymentType?: PaymentType;
        featured?: boolean;
        verifiedWithinDays?: 7 | 30;
      };
      const matches = (tool: ToolRow, filters: Filters) =>
        (!filters.category || tool.categories.includes(filters.category)) &&
        (!filters.tag || tool.tags.includes(filters.tag)) &&
        (!filters.paymentType || tool.paymentType === filters.paymentType) &&
        (filters.featured === undefined || tool.isHomeBoosted === filters.featured) &&
        (!filters.verifiedWithinDays ||
          (tool.verifiedAt ?? tool.createdAt).getTime() >= since(filters.verifiedWithinDays));
      const countIf = (filters: Filters, test: (tool: ToolRow) => boolean) =>
        live.filter((tool) => matches(tool, filters) && test(tool)).length;
      const lists: Filters[] = [
        {},
        ...categories.map((category) => ({ category: category.id })),
        ...tags.map((tag) => ({ tag })),
        ...PAYMENT_TYPES.map((paymentType) => ({ paymentType })),
        { featured: true },
        { category: categories[0]!.id, tag: "api", paymentType: "free" },
        { tag: "seo", featured: false, verifiedWithinDays: 30 },
        { verifiedWithinDays: 7 },
      ];
      for (const filters of lists) {
        const name = JSON.stringify(filters);
        const facets = await app.services.tools.countToolFacets(filters);
        expect(Object.values(facets.isExact).every(Boolean), name).toBe(true);
        expect(keyedListOf(filters) !== null, name).toBe(
          Object.keys(filters).length <= 1 && !filters.verifiedWithinDays,
        );
        expect(facets.total, name).toBe(countIf(filters, () => true));
        for (const category of categories) {
          const expected = countIf({ ...filters, category: undefined }, (tool) =>
            tool.categories.includes(category.id),
          );
          expect(
            facets.categories.find((entry) => entry.id === category.id)?.count ?? 0,
            `${name} ${category.label}`,
          ).toBe(expected);
        }
        for (const tag of facets.tags.map((entry) => entry.tag)) {
          const expected = countIf({ ...filters, tag: undefined }, (tool) => tool.tags.includes(tag));
          expect(facets.tags.find((entry) => entry.tag === tag)?.count, `${name} #${tag}`).toBe(expected);
        }
        for (const type of PAYMENT_TYPES)
          expect(facets.payment[type], `${name} ${type}`).toBe(
            countIf({ ...filters, paymentType: undefined }, (tool) => tool.paymentType === type),
          );
        expect(facets.featured, `${name} featured`).toBe(
          countIf({ ...filters, featured: undefined }, (tool) => tool.isHomeBoosted),
        );
        for (const days of [7, 30] as const) {
          expect(facets.verified[days], `${name} ${days} days`).toBe(
            countIf({ ...filters, verifiedWithinDays: days }, () => true),
          );
        }
      }
    });

    it("lists every sort as ordering all the tools does, ties and all, page after page", async () => {
      const { categories } = await catalogue();
      // Few distinct likes and scores: most of each order is ties, broken by id.
      await database.db.execute(
        sql`update tools set likes = abs(hashtext(id)) % 4, trending = abs(hashtext(name)) % 3, rising = abs(hashtext(slug)) % 3`,
      );
      const live = (await database.db.select().from(tools)).filter(isLive);
      const keyOf = {
        newest: (tool: ToolRow) => -tool.createdAt.getTime(),
        views: (tool: ToolRow) => -tool.views,
        clicks: (tool: ToolRow) => -tool.clicks,
        verified: (tool: ToolRow) => -(tool.verifiedAt ?? tool.createdAt).getTime(),
        name: (tool: ToolRow) => tool.name.toLowerCase(),
        likes: (tool: ToolRow) => -tool.likes,
        trending: (tool: ToolRow) => -tool.trending,
        rising: (tool: ToolRow) => -tool.rising,
      };
      const lists: { category?: string; tag?: string; paymentType?: PaymentType; verifiedWithinDays?: 7 | 30 }[] = [
        {},
        { category: categories[1]!.id },
        { tag: "api" },
        { category: categories[0]!.id, paymentType: "paid" },
        // Read through the list's own order while it holds the page, through the window's tools after.
        { verifiedWithinDays: 30 },
        { verifiedWithinDays: 7, tag: "api" },
      ];
      for (const filters of lists) {
        for (const sort of TOOL_SORTS) {
          const expected = live
            .filter(
              (tool) =>
                (!filters.category || tool.categories.includes(filters.category)) &&
                (!filters.tag || tool.tags.includes(filters.tag)),
            )
            .filter((tool) => !filters.paymentType || tool.paymentType === filters.paymentType)
            .filter(
              (tool) =>
                !filters.verifiedWithinDays ||
                (tool.verifiedAt ?? tool.createdAt).getTime() >= since(filters.verifiedWithinDays),
            )
            .sort((a, b) => {
              const [ka, kb] = [keyOf[sort](a), keyOf[sort](b)];
              if (ka !== kb) return ka < kb ? -1 : 1;
              // Ties by id, in the sort's direction (descending but the name's).
              return sort === "name" ? (a.id < b.id ? -1 : 1) : a.id < b.id ? 1 : -1;
            })
            .map((tool) => tool.id);
          const listed: string[] = [];
          let cursor = null;
          do {
            const page = await app.services.tools.listTools({ ...filters, sort, cursor, limit: 7 });
            listed.push(...page.tools.map((tool) => tool.id));
            cursor = page.nextCursor ? decodeAnyCursor(page.nextCursor) : null;
          } while (cursor);
          expect(listed, `${JSON.stringify(filters)} ${sort}`).toEqual(expected);
        }
      }
    });
  });
});
