/**
 * Filters with counts (decision 034): each facet value's count with the other filters applied, the filtered lists and
 * search results, the name order, the robots and canonical rules, refusals of bad values, the page cache, and the
 * counts' query plans, on each database.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { FACET_SAMPLE } from "#common/constants.ts";
import { searches, tools } from "#server/db/schema.ts";
import { rowsOf } from "#server/db/client.ts";
import { amongTools, searchCandidatesQuery } from "#server/search/queries.ts";
import { FACET_SCAN, keyedFacetsQuery, keyedListOf, sampledFacetsQuery } from "#server/tools/read/facets.ts";
import { insertCategory, insertTool, insertTools } from "../factories.ts";
import { PERSON } from "../setup/agents.ts";
import { databaseKinds, explainAll, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";

const SITE = "http://localhost:3000";
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

describe.each(databaseKinds)("filters with counts on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  const get = async (path: string) => {
    const response = await app.request(path, { headers: PERSON });
    return { status: response.status, cache: response.headers.get("x-cache"), html: await response.text() };
  };
  const names = (html: string) =>
    [...html.matchAll(/data-testid="tool-card"[\s\S]*?<a[^>]*href="\/tool\/[^"]+"[^>]*>([^<]+)<\/a>/g)]
      .map((match) => match[1]!)
      .sort();
  /** The label of each option of a select, by value. */
  const options = (html: string, name: string) => {
    const select = new RegExp(`<select name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
    return Object.fromEntries(
      [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((match) => [match[1]!, match[2]!]),
    );
  };

  /** Two categories, four live tools and two that are not live. */
  async function seed() {
    const design = await insertCategory(database.db, { label: "Design" });
    const seo = await insertCategory(database.db, { label: "SEO" });
    await insertTool(database.db, {
      name: "Free design",
      categories: [design.id],
      tags: ["icons"],
      paymentType: "free",
      isHomeBoosted: true,
      verifiedAt: daysAgo(2),
    });
    await insertTool(database.db, {
      name: "Paid design",
      categories: [design.id],
      tags: ["icons", "ui-kit"],
      paymentType: "paid",
      verifiedAt: daysAgo(20),
    });
    await insertTool(database.db, {
      name: "Free seo",
      categories: [seo.id],
      tags: ["keywords"],
      paymentType: "free",
      verifiedAt: daysAgo(40),
    });
    await insertTool(database.db, {
      name: "Open both",
      categories: [design.id, seo.id],
      tags: ["icons", "keywords"],
      paymentType: "open-source",
      isHomeBoosted: true,
      verifiedAt: daysAgo(5),
    });
    await insertTool(database.db, {
      name: "Hidden",
      categories: [design.id],
      tags: ["icons"],
      paymentType: "free",
      isVerified: false,
      isHomeBoosted: true,
      verifiedAt: daysAgo(1),
    });
    await insertTool(database.db, {
      name: "Off",
      categories: [seo.id],
      tags: ["icons"],
      paymentType: "free",
      isActive: false,
      verifiedAt: daysAgo(1),
    });
    return { design, seo };
  }

  it("counts each facet value among the live tools, with no filter", async () => {
    const { design, seo } = await seed();
    const facets = await app.services.tools.countToolFacets({});
    expect(facets.total).toBe(4);
    expect(Object.fromEntries(facets.categories.map(({ id, count }) => [id, count]))).toEqual({
      [design.id]: 3,
      [seo.id]: 2,
    });
    expect(facets.tags).toEqual([
      { tag: "icons", count: 3 },
      { tag: "keywords", count: 2 },
      { tag: "ui-kit", count: 1 },
    ]);
    expect(facets.payment).toEqual({ free: 2, freemium: 0, paid: 1, "open-source": 1 });
    expect(facets.featured).toBe(2);
    expect(facets.verified).toEqual({ 7: 2, 30: 3 });
  });

  it("counts each facet with the other filters applied and its own left out", async () => {
    const { design, seo } = await seed();
    const facets = await app.services.tools.countToolFacets({
      category: design.id,
      paymentType: "free",
      verifiedWithinDays: 30,
    });
    // Free design is the only tool left.
    expect(facets.total).toBe(1);
    // Categories: free tools verified within 30 days, in any category.
    expect(Object.fromEntries(facets.categories.map(({ id, count }) => [id, count]))).toEqual({ [design.id]: 1 });
    // Pricing: design tools verified within 30 days, of any pricing.
    expect(facets.payment).toEqual({ free: 1, freemium: 0, paid: 1, "open-source": 1 });
    // Verified: free design tools, at any time.
    expect(facets.verified).toEqual({ 7: 1, 30: 1 });
    expect(facets.featured).toBe(1);
    expect(facets.tags).toEqual([{ tag: "icons", count: 1 }]);

    const featuredSeo = await app.services.tools.countToolFacets({ category: seo.id, featured: true, tag: "keywords" });
    expect(featuredSeo.total).toBe(1);
    expect(featuredSeo.featured).toBe(1);
    expect(featuredSeo.payment).toEqual({ free: 0, freemium: 0, paid: 0, "open-source": 1 });
    // Tags: featured seo tools, any tag.
    expect(featuredSeo.tags).toEqual([
      { tag: "icons", count: 1 },
      { tag: "keywords", count: 1 },
    ]);
    // An active tag no tool of the others carries still shows, with the result's count.
    const rare = await app.services.tools.countToolFacets({ tag: "nothing-here" });
    expect(rare.tags.find((entry) => entry.tag === "nothing-here")).toEqual({ tag: "nothing-here", count: 0 });
  });

  it("lists /tools narrowed by featured and verified, together with the other filters", async () => {
    await seed();
    expect(names((await get("/tools?featured=1")).html)).toEqual(["Free design", "Open both"]);
    expect(names((await get("/tools?verified=7")).html)).toEqual(["Free design", "Open both"]);
    expect(names((await get("/tools?verified=30")).html)).toEqual(["Free design", "Open both", "Paid design"]);
    expect(names((await get("/tools?verified=30&category=design&payment=paid")).html)).toEqual(["Paid design"]);
    expect(names((await get("/tools?featured=1&category=seo")).html)).toEqual(["Open both"]);
    // What a GET form sends when nothing is chosen.
    expect(names((await get("/tools?featured=&verified=&tag=")).html)).toHaveLength(4);
  });

  it("shows the counts in the plain GET form, with an Apply button", async () => {
    await seed();
    const page = await get("/tools?category=design&payment=free");
    expect(page.status).toBe(200);
    expect(options(page.html, "category")).toMatchObject({
      "": "All categories",
      design: "Design (1)",
      seo: "SEO (1)",
    });
    expect(options(page.html, "payment")).toMatchObject({
      free: "Free (1)",
      paid: "Paid (1)",
      "open-source": "Open source (1)",
      freemium: "Freemium (0)",
    });
    expect(options(page.html, "verified")).toMatchObject({
      "7": "In the last 7 days (1)",
      "30": "In the last 30 days (1)",
    });
    expect(options(page.html, "tag")).toMatchObject({ icons: "#icons (1)" });
    expect(page.html).toMatch(
      /<input type="checkbox" name="featured" value="1"[^>]*\/>Featured only \(<!-- -->1<!-- -->\)|Featured only \(1\)/,
    );
    // One submit button: "Apply" on a desktop, "Show results" in the phone's sheet, behind "Filters (2)".
    expect(page.html).toMatch(
      /<button type="submit"[^>]*><span class="lg:hidden">Show results<\/span><span class="max-lg:hidden">Apply<\/span><\/button>/,
    );
    expect(page.html).toMatch(/<summary class="filters-toggle">.*?Filters \(2\)<\/summary>/);
    expect(page.html).toContain("1 tool");
  });

  it("keeps the plain list indexable, and marks every filtered or sorted view noindex with the list as its canonical address", async () => {
    await seed();
    const plain = await get("/tools");
    expect(plain.html).not.toContain('name="robots"');
    expect(plain.html).toContain(`<link rel="canonical" href="${SITE}/tools"/>`);
    for (const path of [
      "/tools?featured=1",
      "/tools?verified=7",
      "/tools?sort=views",
      "/tools?payment=free&tag=icons",
      "/tools?category=design",
    ]) {
      const page = await get(path);
      expect(page.html, path).toContain('<meta name="robots" content="noindex"/>');
      expect(page.html, path).toContain(`<link rel="canonical" href="${SITE}/tools"/>`);
    }
  });

  it.each([
    ["?featured=yes", "featured must be 1 or left out"],
    ["?verified=14", "verified must be 7 or 30 (days)"],
    ["?verified=%3Cscript%3E", "verified must be 7 or 30 (days)"],
    ["?featured=1&payment=gratis", "payment must be one of free, freemium, paid, open-source"],
  ])("answers %s with a 400 page that says why, never a 500", async (query, message) => {
    const page = await get(`/tools${query}`);
    expect(page.status).toBe(400);
    expect(page.html).toContain(message);
  });

  it("filters and counts by licence kind and by self-hosting a verifier confirmed, alone and with other filters", async () => {
    const { design, seo } = await seed();
    const set = (name: string, values: Partial<typeof tools.$inferInsert>) =>
      database.db.update(tools).set(values).where(eq(tools.name, name));
    await set("Free design", { licence: "MIT", licenceKind: "open-source", selfHostable: "confirmed" });
    await set("Paid design", { licence: "LicenseRef-Paid", licenceKind: "proprietary" });
    // Declared by its maker only: not self-hostable to a visitor yet.
    await set("Open both", { licence: "BUSL-1.1", licenceKind: "source-available", selfHostable: "declared" });
    await set("Hidden", { licenceKind: "open-source", selfHostable: "confirmed" });

    const all = await app.services.tools.countToolFacets({});
    expect(all.licence).toEqual({ "open-source": 1, "source-available": 1, proprietary: 1 });
    expect(all.selfHostable).toBe(1);
    // One filter: read by key; its own facet counts every tool.
    expect(keyedListOf({ licenceKind: "open-source" })).toEqual({ scope: "l:open-source", own: "l" });
    const open = await app.services.tools.countToolFacets({ licenceKind: "open-source" });
    expect(open).toMatchObject({ total: 1, selfHostable: 1, featured: 1 });
    expect(open.licence).toEqual({ "open-source": 1, "source-available": 1, proprietary: 1 });
    expect(open.payment).toEqual({ free: 1, freemium: 0, paid: 0, "open-source": 0 });
    const hosted = await app.services.tools.countToolFacets({ selfHostable: true });
    expect(hosted).toMatchObject({ total: 1, licence: { "open-source": 1, "source-available": 0, proprietary: 0 } });
    // With another filter: counted among the tools.
    const designHosted = await app.services.tools.countToolFacets({ category: design.id, selfHostable: true });
    expect(designHosted).toMatchObject({ total: 1, isTotalExact: true, selfHostable: 1 });
    expect(designHosted.licence).toEqual({ "open-source": 1, "source-available": 0, proprietary: 0 });

    expect(names((await get("/tools?licence=source-available")).html)).toEqual(["Open both"]);
    expect(names((await get("/tools?selfHostable=1")).html)).toEqual(["Free design"]);
    expect(names((await get(`/tools?licence=open-source&category=${design.slug}`)).html)).toEqual(["Free design"]);
    expect(names((await get(`/tools?licence=proprietary&category=${seo.slug}`)).html)).toEqual([]);
    const form = await get("/tools?licence=open-source");
    expect(options(form.html, "licence")).toMatchObject({
      "open-source": "Open source (1)",
      "source-available": "Source-available (1)",
      proprietary: "Proprietary (1)",
    });
    expect(form.html).toContain("Self-hostable only (1)");
    const api = async (query: string) => {
      const response = await app.request(`/api/v1/tools?${query}`);
      return {
        status: response.status,
        names: ((await response.json()) as { items?: { name: string }[] }).items?.map((item) => item.name),
      };
    };
    expect(await api("licence=source-available")).toEqual({ status: 200, names: ["Open both"] });
    expect(await api("selfHostable=true")).toEqual({ status: 200, names: ["Free design"] });
    expect((await api("licence=gpl")).status).toBe(400);
    expect((await get("/tools?licence=gpl")).status).toBe(400);
    expect((await get("/tools?selfHostable=yes")).status).toBe(400);

    // A tool whose licence kind changes drops the lists it is in, and moves their counts.
    expect((await get("/tools?licence=open-source")).cache).toBe("hit");
    await set("Paid design", { licenceKind: "open-source" });
    const after = await get("/tools?licence=open-source");
    expect(after.cache).toBe("miss");
    expect(names(after.html)).toEqual(["Free design", "Paid design"]);
    expect((await app.services.tools.countToolFacets({})).licence).toEqual({
      "open-source": 2,
      "source-available": 1,
      proprietary: 0,
    });
  });

  it("caches each filtered view under its parameters, and drops it when a tool's pricing changes", async () => {
    const { design } = await seed();
    expect((await get("/tools?featured=1&verified=30")).cache).toBe("miss");
    expect((await get("/tools?verified=30&featured=1")).cache).toBe("hit");
    const before = await get("/tools?verified=30&featured=1");
    expect(options(before.html, "payment")).toMatchObject({ free: "Free (1)", paid: "Paid (0)" });
    await database.db.update(tools).set({ paymentType: "paid" }).where(eq(tools.name, "Free design"));
    const after = await get("/tools?verified=30&featured=1");
    expect(after.cache).toBe("miss");
    expect(options(after.html, "payment")).toMatchObject({ free: "Free (0)", paid: "Paid (1)" });
    expect(design.id).toBeTruthy();
  });

  it("drops a list's counts when a tool it does not show changes pricing, category or tags", async () => {
    const { seo } = await seed();
    for (const path of ["/tools?payment=free", "/category/design?payment=free"]) {
      expect((await get(path)).cache).toBe("miss");
      expect((await get(path)).cache).toBe("hit");
    }
    // Paid design is on neither page (they show free tools), but it is in their pricing counts.
    await database.db.update(tools).set({ paymentType: "open-source" }).where(eq(tools.name, "Paid design"));
    for (const path of ["/tools?payment=free", "/category/design?payment=free"]) {
      const after = await get(path);
      expect(after.cache, path).toBe("miss");
      expect(options(after.html, "payment"), path).toMatchObject({ paid: "Paid (0)" });
      expect(names(after.html), path).not.toContain("Paid design");
    }
    // Its tags and its category: the unfiltered list's tag and category counts.
    expect((await get("/tools?payment=free")).cache).toBe("hit");
    await database.db
      .update(tools)
      .set({ tags: ["late-tag"] })
      .where(eq(tools.name, "Paid design"));
    expect((await get("/tools?payment=free")).cache).toBe("miss");
    expect((await get("/tools?payment=free")).cache).toBe("hit");
    await database.db
      .update(tools)
      .set({ categories: [seo.id] })
      .where(eq(tools.name, "Paid design"));
    expect((await get("/tools?payment=free")).cache).toBe("miss");
  });

  it("narrows a category's page by the other facets, counted within the category, and drops it only for its own tools", async () => {
    const { seo } = await seed();
    const plain = await get("/category/design");
    expect(plain.html).not.toContain('name="robots"');
    expect(plain.html).not.toContain('<select name="category"');
    expect(options(plain.html, "payment")).toMatchObject({
      free: "Free (1)",
      paid: "Paid (1)",
      "open-source": "Open source (1)",
    });
    expect(options(plain.html, "tag")).toMatchObject({
      icons: "#icons (3)",
      "ui-kit": "#ui-kit (1)",
      keywords: "#keywords (1)",
    });

    const filtered = await get("/category/design?payment=free&verified=7");
    expect(filtered.status).toBe(200);
    expect(names(filtered.html)).toEqual(["Free design"]);
    expect(filtered.html).toContain('<meta name="robots" content="noindex"/>');
    expect(filtered.html).toContain(`<link rel="canonical" href="${SITE}/category/design"/>`);
    expect(options(filtered.html, "payment")).toMatchObject({
      free: "Free (1)",
      paid: "Paid (0)",
      "open-source": "Open source (1)",
    });
    // The category is the page's own: a category parameter changes nothing and is not kept.
    expect(names((await get("/category/design?category=seo")).html)).toEqual([
      "Free design",
      "Open both",
      "Paid design",
    ]);
    expect((await get("/category/design?verified=3")).status).toBe(400);
    const none = await get("/category/design?payment=freemium");
    expect(none.html).toContain("No tool matches these filters");

    expect((await get("/category/design?payment=free&verified=7")).cache).toBe("hit");
    // A tool of another category only: the design page's counts do not move, so it stays.
    await insertTool(database.db, { name: "New seo", categories: [seo.id], paymentType: "freemium" });
    expect((await get("/category/design?payment=free&verified=7")).cache).toBe("hit");
    expect((await get("/tools")).cache).toBe("miss");
  });

  it("narrows a tag's page by the other facets, with the categories counted among the tag's tools", async () => {
    const { design } = await seed();
    const plain = await get("/tag/icons");
    expect(plain.html).not.toContain('<select name="tag"');
    expect(options(plain.html, "category")).toMatchObject({ design: "Design (3)", seo: "SEO (1)" });
    const filtered = await get("/tag/icons?category=seo&sort=views");
    expect(names(filtered.html)).toEqual(["Open both"]);
    expect(filtered.html).toContain('<meta name="robots" content="noindex"/>');
    expect(filtered.html).toContain(`<link rel="canonical" href="${SITE}/tag/icons"/>`);
    expect(options(filtered.html, "payment")).toMatchObject({ "open-source": "Open source (1)", free: "Free (0)" });
    expect((await get("/tag/icons?category=nowhere")).status).toBe(400);
    expect(names((await get(`/tag/icons?featured=1`)).html)).toEqual(["Free design", "Open both"]);
    expect(design.id).toBeTruthy();
  });

  it("sorts by recently verified and pages through every live tool exactly once", async () => {
    // Ties on the verification time, and a tool with none recorded (its creation time counts).
    const same = daysAgo(3);
    await insertTool(database.db, { name: "V old", verifiedAt: daysAgo(50) });
    await insertTool(database.db, { name: "V tie 1", verifiedAt: same });
    await insertTool(database.db, { name: "V tie 2", verifiedAt: same });
    await insertTool(database.db, { name: "V new", verifiedAt: daysAgo(1) });
    await insertTool(database.db, { name: "V unrecorded", verifiedAt: null, createdAt: daysAgo(10) });
    await insertTool(database.db, { name: "V hidden", verifiedAt: daysAgo(0.5), isVerified: false });
    const seen: string[] = [];
    let next: string | undefined = "/tools?sort=verified&limit=2";
    while (next && seen.length < 20) {
      const page = await get(next);
      expect(page.status).toBe(200);
      seen.push(
        ...[...page.html.matchAll(/data-testid="tool-card"[\s\S]*?<a[^>]*href="\/tool\/[^"]+"[^>]*>([^<]+)<\/a>/g)].map(
          (match) => match[1]!,
        ),
      );
      const link = /<a[^>]*rel="next"[^>]*>/.exec(page.html)?.[0];
      next = link ? /href="([^"]*)"/.exec(link)![1]!.replaceAll("&amp;", "&") : undefined;
    }
    expect(seen.slice(0, 1)).toEqual(["V new"]);
    expect(seen.slice(1, 3).sort()).toEqual(["V tie 1", "V tie 2"]);
    expect(seen.slice(3)).toEqual(["V unrecorded", "V old"]);
    const first = await get("/tools?sort=verified");
    expect(first.html).toMatch(/<option value="verified" selected="">Recently verified<\/option>/);
    expect(first.html).toContain("All tools, recently verified first");
  });

  /** The names of the cards of every page of a list, following its next-page links from `path`. */
  async function allPages(path: string): Promise<string[]> {
    const seen: string[] = [];
    let next: string | undefined = path;
    for (let pages = 0; next && pages < 20; pages++) {
      const page = await get(next);
      expect(page.status, next).toBe(200);
      seen.push(
        ...[...page.html.matchAll(/data-testid="tool-card"[\s\S]*?<a[^>]*href="\/tool\/[^"]+"[^>]*>([^<]+)<\/a>/g)].map(
          (match) => match[1]!,
        ),
      );
      const link = /<a[^>]*rel="next"[^>]*>/.exec(page.html)?.[0];
      next = link ? /href="([^"]*)"/.exec(link)![1]!.replaceAll("&amp;", "&") : undefined;
    }
    return seen;
  }

  it("sorts by name, A to Z whatever the case, and pages through every live tool exactly once", async () => {
    for (const name of ["beta", "Zeta", "alpha", "Beta", "Gamma 2", "gamma 10", "Omega ☄"])
      await insertTool(database.db, { name });
    await insertTool(database.db, { name: "Aardvark hidden", isVerified: false });
    const seen = await allPages("/tools?sort=name&limit=2");
    expect(seen).toHaveLength(7);
    expect(seen[0]).toBe("alpha");
    // Two names the same but for case: either first, each once.
    expect(seen.slice(1, 3).sort()).toEqual(["Beta", "beta"]);
    expect(seen.slice(3)).toEqual(["gamma 10", "Gamma 2", "Omega ☄", "Zeta"]);

    const first = await get("/tools?sort=name&limit=2");
    expect(first.html).toMatch(/<option value="name" selected="">Name \(A to Z\)<\/option>/);
    expect(first.html).toContain("All tools, by name, A to Z");
    expect(first.html).toContain('<meta name="robots" content="noindex"/>');
    // A name's cursor means nothing to another order, nor a date's to the name order: refused, never a 500.
    const nameCursor = /[?&;]cursor=([^&"]+)/.exec(/<a[^>]*rel="next"[^>]*>/.exec(first.html)![0])![1]!;
    expect(nameCursor).toMatch(/^t[A-Za-z0-9_-]+\.t[a-z0-9_]+$/);
    for (const path of [
      `/tools?sort=views&cursor=${nameCursor}`,
      "/tools?sort=name&cursor=1767225600000.tabc",
      `/tag/icons?cursor=${nameCursor}`,
    ]) {
      const refused = await get(path);
      expect(refused.status, path).toBe(400);
      expect(refused.html, path).toContain("This page link is no longer valid");
    }
    // A category's page sorts by name too, within the category.
    const design = await insertCategory(database.db, { label: "Design" });
    await insertTool(database.db, { name: "Mockup maker", categories: [design.id] });
    await insertTool(database.db, { name: "icon set", categories: [design.id] });
    expect(await allPages("/category/design?sort=name&limit=1")).toEqual(["icon set", "Mockup maker"]);
  });

  describe("on search results", () => {
    /** The search for the tag "icons" matches Free design, Paid design and Open both: never Free seo, nor the tools not live. */
    it("counts each facet among the search's matches, with the other filters applied", async () => {
      await seed();
      const plain = await get("/search/icons");
      expect(plain.status).toBe(200);
      expect(names(plain.html)).toEqual(["Free design", "Open both", "Paid design"]);
      expect(plain.html).not.toContain('<select name="sort"');
      // Free seo is in SEO too, but does not match: the counts are the search's, not the directory's.
      expect(options(plain.html, "category")).toMatchObject({ design: "Design (3)", seo: "SEO (1)" });
      expect(options(plain.html, "payment")).toMatchObject({
        free: "Free (1)",
        paid: "Paid (1)",
        "open-source": "Open source (1)",
        freemium: "Freemium (0)",
      });
      expect(options(plain.html, "verified")).toMatchObject({
        "7": "In the last 7 days (2)",
        "30": "In the last 30 days (3)",
      });
      expect(options(plain.html, "tag")).toMatchObject({
        icons: "#icons (3)",
        keywords: "#keywords (1)",
        "ui-kit": "#ui-kit (1)",
      });
      expect(plain.html).toContain("3 tools");

      const filtered = await get("/search/icons?category=design&verified=7");
      expect(filtered.status).toBe(200);
      expect(names(filtered.html)).toEqual(["Free design", "Open both"]);
      // Each facet counted with the others applied and its own left out.
      expect(options(filtered.html, "category")).toMatchObject({ design: "Design (2)", seo: "SEO (1)" });
      expect(options(filtered.html, "payment")).toMatchObject({
        free: "Free (1)",
        paid: "Paid (0)",
        "open-source": "Open source (1)",
      });
      expect(options(filtered.html, "verified")).toMatchObject({
        "7": "In the last 7 days (2)",
        "30": "In the last 30 days (3)",
      });
      expect(options(filtered.html, "tag")).toMatchObject({ icons: "#icons (2)", keywords: "#keywords (1)" });
      expect(filtered.html).toMatch(/Featured only \((<!-- -->)?2(<!-- -->)?\)/);
      expect(filtered.html).toContain("2 tools");

      expect(names((await get("/search/icons?payment=open-source&featured=1&tag=keywords")).html)).toEqual([
        "Open both",
      ]);
      // What a GET form sends when nothing is chosen.
      expect(names((await get("/search/icons?category=&payment=&featured=&verified=&tag=")).html)).toHaveLength(3);
      // Filtered to nothing: the filters are said to be why, and no look-alike names are offered in their place.
      const none = await get("/search/icons?payment=freemium");
      expect(none.status).toBe(200);
      expect(names(none.html)).toEqual([]);
      expect(none.html).toContain("No tool matches these filters");
      expect(options(none.html, "payment")).toMatchObject({ freemium: "Freemium (0)", free: "Free (1)" });
    });

    it("pages a filtered search through every match once, and refuses bad values", async () => {
      await seed();
      for (let index = 0; index < 5; index++)
        await insertTool(database.db, { name: `Icon pack ${index}`, tags: ["icons"], paymentType: "free" });
      const seen = await allPages("/search/icons?payment=free&limit=2");
      expect(seen).toHaveLength(6);
      expect(new Set(seen).size).toBe(6);
      expect(seen).toContain("Free design");
      for (const [path, message] of [
        ["/search/icons?verified=3", "verified must be 7 or 30 (days)"],
        ["/search/icons?category=nowhere", 'There is no category with the address "nowhere"'],
        ["/search/icons?cursor=tYWJj.tabc", "This page link is no longer valid"],
      ] as const) {
        const page = await get(path);
        expect(page.status, path).toBe(400);
        expect(page.html, path).toContain(message.replaceAll('"', "&quot;"));
      }
    });

    it("keeps the plain search indexable, and marks a filtered one noindex with the plain search as its canonical address", async () => {
      await seed();
      // A search several visitors made and that found tools (decision 041): its plain page is indexed.
      await database.db.insert(searches).values({ text: "icons", count: 5, resultCount: 3, visitors: 5 });
      const plain = await get("/search/icons");
      expect(plain.html).not.toContain('name="robots"');
      expect(plain.html).toContain(`<link rel="canonical" href="${SITE}/search/icons"/>`);
      for (const path of [
        "/search/icons?payment=free",
        "/search/icons?category=design&featured=1",
        "/search/icons?verified=30",
      ]) {
        const page = await get(path);
        expect(page.html, path).toContain('<meta name="robots" content="noindex"/>');
        expect(page.html, path).toContain(`<link rel="canonical" href="${SITE}/search/icons"/>`);
      }
    });

    it("keeps the facets from the search form's address and from a text that is not a slug yet", async () => {
      const fromForm = await app.request("/search?q=Icons&payment=free", { headers: PERSON, redirect: "manual" });
      expect(fromForm.status).toBe(302);
      expect(fromForm.headers.get("location")).toBe("/search/icons?payment=free");
      const unslugged = await app.request("/search/Icons%20Kit?featured=1", { headers: PERSON, redirect: "manual" });
      expect(unslugged.headers.get("location")).toBe("/search/icons-kit?featured=1");
    });

    it("caches each filtered search under its parameters, and drops it when a match's pricing changes off the page", async () => {
      await seed();
      expect((await get("/search/icons?payment=free&verified=30")).cache).toBe("miss");
      const before = await get("/search/icons?verified=30&payment=free");
      expect(before.cache).toBe("hit");
      expect(options(before.html, "payment")).toMatchObject({ free: "Free (1)", paid: "Paid (1)" });
      // Paid design is not on this page, but its count is.
      await database.db.update(tools).set({ paymentType: "free" }).where(eq(tools.name, "Paid design"));
      const after = await get("/search/icons?verified=30&payment=free");
      expect(after.cache).toBe("miss");
      expect(options(after.html, "payment")).toMatchObject({ free: "Free (2)", paid: "Paid (0)" });
      expect(names(after.html)).toEqual(["Free design", "Paid design"]);
    });
  });

  describe("query plans", () => {
    beforeEach(async () => {
      await insertTools(database.db, 300);
      await database.db.execute(sql`update tools set verified_at = now() - (random() * 60 || ' days')::interval`);
      await database.db.execute(sql`analyze tools`);
    });

    it("reads an unfiltered or singly filtered list's counts by key from facet_counts, never from the tools", async () => {
      await database.db.execute(sql`analyze facet_counts`);
      for (const filters of [
        {},
        { category: "cdesign" },
        { tag: "mockups" },
        { paymentType: "free" as const },
        { featured: true },
      ]) {
        const list = keyedListOf(filters);
        expect(list, JSON.stringify(filters)).not.toBeNull();
        const text = await explainMainPlan(database.db, keyedFacetsQuery(list!));
        expect(text, JSON.stringify(filters)).not.toMatch(/on tools\b|Seq Scan/);
        expect(text, JSON.stringify(filters)).toMatch(/facet_counts_pkey|facet_counts_scope_kind_value_pk/);
        // The most common tags, in order from their own index.
        expect(text, JSON.stringify(filters)).toContain("facet_counts_top_tags_idx");
      }
    });

    it("counts a combination of filters among a bounded sample of each facet's tools, through their indexes", async () => {
      // The sizes facet_counts gives: as on a large catalogue, where the newest tools are read, and with a small category.
      const large = new Map([
        ["", 1_000_000],
        ["c:cdesign", 200_000],
        ["t:mockups", 100_000],
      ]);
      const smallCategory = new Map([
        ["", 1_000_000],
        ["c:cdesign", 4_000],
        ["t:mockups", 100_000],
      ]);
      for (const filters of [
        { category: "cdesign", tag: "mockups", paymentType: "free" as const, verifiedWithinDays: 7 as const },
        { tag: "mockups", featured: false },
        { verifiedWithinDays: 30 as const },
      ]) {
        expect(keyedListOf(filters)).toBeNull();
        for (const sizes of [large, smallCategory]) {
          const text = await explainAll(database.db, sampledFacetsQuery(filters, null, sizes));
          expect(text, JSON.stringify(filters)).not.toMatch(/Seq Scan on tools/);
          // Each sample is cut at FACET_SAMPLE + 1 rows.
          const samples = text.match(/CTE sample_\w+\n\s+->\s+Limit/g) ?? [];
          expect(samples.length, JSON.stringify(filters)).toBe((text.match(/CTE sample_/g) ?? []).length);
          // A category small enough is read in full, through its terms.
          if (sizes === smallCategory && "category" in filters)
            expect(text).toMatch(/tool_terms_(popular_idx|tool_id_term_pk)/);
        }
      }
    });

    it("counts exactly where every tool of the combination was read, and gives a lower bound where only the newest were", async () => {
      // More tools than a sample reads, older than the others, each tagged and free.
      const old = await insertTools(database.db, FACET_SCAN + 1, new Date("2024-01-01T00:00:00Z"), {
        tags: ["mockups"],
        paymentType: "free",
      });
      const many = await app.services.tools.countToolFacets({ tag: "mockups", paymentType: "free" });
      expect(many).toMatchObject({ isTotalExact: false, total: FACET_SAMPLE + 1 });
      expect(many.isExact).toEqual({
        categories: false,
        tags: false,
        payment: false,
        featured: false,
        verified: false,
        licence: false,
        selfHostable: false,
      });
      // A tag on few tools is read in full, whatever the catalogue: exact.
      const rareIds = old.slice(0, 3).map((row) => row.id);
      await database.db
        .update(tools)
        .set({ tags: ["rare-tag"] })
        .where(inArray(tools.id, rareIds));
      await database.db.update(tools).set({ paymentType: "paid" }).where(eq(tools.id, rareIds[0]!));
      const rare = await app.services.tools.countToolFacets({ tag: "rare-tag", paymentType: "free" });
      expect(rare).toMatchObject({ isTotalExact: true, total: 2 });
      expect(rare.payment).toMatchObject({ free: 2, paid: 1 });
      // Its other tags among every free tool: only the newest were read.
      expect(rare.isExact).toEqual({
        categories: true,
        tags: false,
        payment: true,
        featured: true,
        verified: true,
        licence: true,
        selfHostable: true,
      });
    });

    it("counts a search's facets among its bounded candidates, found through their indexes, never a read of every tool", async () => {
      // Enough tools that reading them all would cost more than reading the few candidates by id.
      await insertTools(database.db, 5000, new Date("2025-06-01T00:00:00Z"), { name: "More tool" });
      await database.db.execute(
        sql`update tools set tags = array['mockups'] where name in ('Bulk tool 1', 'Bulk tool 2', 'Bulk tool 3')`,
      );
      await database.db.execute(sql`analyze tools`);
      const candidates = rowsOf<{ id: string }>(
        await database.db.execute(searchCandidatesQuery(["mockups"], "words")),
      ).map((row) => row.id);
      expect(candidates).toHaveLength(3);
      const among = amongTools(candidates);
      for (const filters of [
        { among },
        { among, category: "cdesign", paymentType: "free" as const, verifiedWithinDays: 7 as const },
      ]) {
        const text = await explainAll(database.db, sampledFacetsQuery(filters, null));
        expect(text).not.toMatch(/Seq Scan on tools/);
        // The candidates, each read by its id.
        expect(text).toContain("tools_pkey");
      }
    });
  });
});
