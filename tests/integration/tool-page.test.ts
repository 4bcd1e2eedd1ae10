import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { PUBLIC_COUNTERS_FROM_VIEWS } from "#common/constants.ts";
import { createId } from "#common/ids.ts";
import { tools, users } from "#server/db/schema.ts";
import { insertCategory, insertTool, insertTools } from "../factories.ts";
import { PERSON } from "../setup/agents.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";

describe.each(databaseKinds)("tool page on %s", (kind) => {
  const { database, app } = useTestApp(kind, {}, { now: () => clock });
  // The page cache's clock: a page showing counters is kept a minute at most.
  let clock = new Date("2026-06-01T12:00:00Z");

  beforeEach(() => database.reset());

  async function countersOf(id: string) {
    const [row] = await database.db
      .select({ views: tools.views, clicks: tools.clicks })
      .from(tools)
      .where(eq(tools.id, id));
    return row!;
  }

  it("shows everything about a live tool, with its metadata", async () => {
    const category = await insertCategory(database.db, { label: "Analytics and Data" });
    const tool = await insertTool(database.db, {
      name: "Counter & Co",
      shortDesc: "Counts what matters.",
      longDesc: "## How it works\n\nIt **counts**.\n\n<script>alert('x')</script>",
      categories: [category.id],
      tags: ["analytics", "open-source"],
      paymentType: "freemium",
      pros: ["Fast"],
      cons: ["Young"],
      faq: [{ question: "Is it free?", answer: "Mostly." }],
      website: "https://counter.example.com/app?x=1",
    });
    const response = await app.request(`/tool/${tool.slug}`, { headers: PERSON });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Counter &amp; Co: Counts what matters. | Indie Tools</title>");
    expect(html).toContain('<meta name="description" content="Counts what matters."/>');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/tool/${tool.slug}"/>`);
    expect(html).toContain("<h2>How it works</h2>");
    expect(html).toContain("<strong>counts</strong>");
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('href="https://counter.example.com/app?x=1&amp;ref=indietools"');
    expect(html).toContain('href="/category/analytics-and-data"');
    expect(html).toContain('href="/tag/open-source"');
    expect(html).toContain("Freemium");
    expect(html).toContain("Is it free?");
    expect(html).toMatch(/"@type":"SoftwareApplication"/);
    expect(html).toMatch(/"@type":"BreadcrumbList"/);
  });

  it("writes nothing when it is shown, and shows the counters the browser's events added within a minute", async () => {
    const tool = await insertTool(database.db);
    const first = await app.request(`/tool/${tool.slug}`, { headers: PERSON });
    expect(first.headers.get("x-cache")).toBe("miss");
    expect(await countersOf(tool.id)).toEqual({ views: 0, clicks: 0 });
    // The browser counts the view (a page view) and a click on the website link (an outbound click with the tool's id).
    const event = (body: object) =>
      app.request("/api/event", {
        method: "POST",
        headers: PERSON,
        body: JSON.stringify({ d: "localhost", u: `http://localhost:3000/tool/${tool.slug}`, ...body }),
      });
    await Promise.all([
      ...Array.from({ length: PUBLIC_COUNTERS_FROM_VIEWS }, () => event({ n: "pageview" })),
      event({ n: "Outbound Link: Click", p: { url: tool.website, toolId: tool.id } }),
    ]);
    await app.services.analytics.flush();
    expect(await countersOf(tool.id)).toEqual({ views: PUBLIC_COUNTERS_FROM_VIEWS, clicks: 1 });
    // Counting writes no page away: the cached page shows the old counters for up to a minute (none: zeros are not shown), then the new ones.
    const cached = await app.request(`/tool/${tool.slug}`, { headers: PERSON });
    expect(cached.headers.get("x-cache")).toBe("hit");
    expect(await cached.text()).not.toContain('data-testid="tool-views"');
    clock = new Date(clock.getTime() + 60_000);
    const fresh = await app.request(`/tool/${tool.slug}`, { headers: PERSON });
    expect(fresh.headers.get("x-cache")).toBe("miss");
    const html = await fresh.text();
    expect(html).toMatch(new RegExp(`data-testid="tool-views"[^>]*>${PUBLIC_COUNTERS_FROM_VIEWS}<`));
    expect(html).toMatch(/data-testid="tool-clicks"[^>]*>1</);
    const related = (await (await app.request(`/api/v1/tools/${tool.id}/related`)).json()) as { stats: unknown };
    expect(related.stats).toEqual({
      views: PUBLIC_COUNTERS_FROM_VIEWS,
      clicks: 1,
      rating: { count: 0, average: null, counts: [0, 0, 0, 0, 0] },
    });
  });

  it("answers 404 with the spec's message for an unknown slug and for a tool that is not live", async () => {
    const waiting = await insertTool(database.db, { isVerified: false });
    const off = await insertTool(database.db, { isActive: false });
    for (const slug of ["no-such-tool", waiting.slug, off.slug]) {
      const response = await app.request(`/tool/${slug}`, { headers: PERSON });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("No tool found with this slug");
    }
    expect((await countersOf(waiting.id)).views).toBe(0);
  });

  it.each([
    ["the tool page", ""],
    ["its alternatives", "/alternatives"],
    ["its open-source alternatives", "/alternatives/open-source"],
    ["its reviews", "/reviews"],
  ])("sends an old slug of %s to the same page at the tool's current address", async (_page, rest) => {
    const tool = await insertTool(database.db, { name: "New Name" });
    const response = await app.request(`/tool/old-name-${tool.id}${rest}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`/tool/${tool.slug}${rest}`);
    // A slug that names no tool, old or new, is no tool's.
    const unknown = await app.request(`/tool/no-such-tool${rest}`, { redirect: "manual" });
    expect(unknown.status).toBe(404);
  });

  it("shows its creator once the tool is linked to them", async () => {
    await database.db
      .insert(users)
      .values({ id: createId("u"), email: "maker@example.com", username: "Ada Maker", slug: "ada-maker" });
    const linked = await insertTool(database.db, { creatorUsername: "ada-maker", isLinkedToCreator: true });
    const claimed = await insertTool(database.db, { creatorUsername: "ada-maker", isLinkedToCreator: false });
    expect(await (await app.request(`/tool/${linked.slug}`)).text()).toContain('href="/profile/ada-maker"');
    expect(await (await app.request(`/tool/${claimed.slug}`)).text()).not.toContain('href="/profile/ada-maker"');
  });

  it("suggests 4 newest tools of the same category, then up to 2 featured ones, never itself or hidden tools", async () => {
    const design = await insertCategory(database.db, { label: "Design" });
    const other = await insertCategory(database.db, { label: "Other" });
    const tool = await insertTool(database.db, { name: "Subject", categories: [design.id] });
    const sameCategory = await insertTools(database.db, 6, new Date("2026-03-01T00:00:00Z"), {
      categories: [design.id],
    });
    await insertTool(database.db, {
      name: "Hidden Same",
      categories: [design.id],
      isVerified: false,
      createdAt: new Date("2026-04-01T00:00:00Z"),
    });
    const featured = await insertTools(database.db, 3, new Date("2025-01-01T00:00:00Z"), {
      categories: [other.id],
      isHomeBoosted: true,
    });

    const suggested = await app.services.tools.listSuggestedTools({ id: tool.id, categories: [{ id: design.id }] });
    expect(suggested.slice(0, 4).map((card) => card.id)).toEqual(sameCategory.slice(0, 4).map((row) => row.id));
    expect(suggested).toHaveLength(6);
    const featuredIds = featured.map((row) => row.id);
    expect(suggested.slice(4).every((card) => featuredIds.includes(card.id))).toBe(true);
    expect(suggested.map((card) => card.id)).not.toContain(tool.id);
    expect(suggested.map((card) => card.name)).not.toContain("Hidden Same");
  });

  it("keeps the suggestions and the makers' tools between renders, until a write changes them", async () => {
    const design = await insertCategory(database.db, { label: "Design" });
    const [first, second, third] = await insertTools(database.db, 3, new Date("2026-03-01T00:00:00Z"), {
      categories: [design.id],
    });
    const page = async (slug: string) => (await app.request(`/tool/${slug}`)).text();
    expect(await page(first!.slug)).toContain(second!.name);
    // A new tool in the category, and a maker's tool: the next tool page rendered shows both.
    await insertTool(database.db, {
      name: "Fresh In Design",
      categories: [design.id],
      createdAt: new Date("2026-05-01T00:00:00Z"),
    });
    await insertTool(database.db, {
      name: "Made By Someone",
      creatorUsername: "someone",
      createdAt: new Date("2026-05-02T00:00:00Z"),
    });
    const next = await page(third!.slug);
    expect(next).toContain("Fresh In Design");
    expect(next).toContain("Made By Someone");
    // A category renamed reaches every footer.
    await database.db.execute(sql`update categories set label = 'Design and Art' where id = ${design.id}`);
    expect(await page(second!.slug)).toContain("Design and Art");
  });

  it("lists the tools makers added: live, with a creator, newest first, 4 at most", async () => {
    await insertTools(database.db, 6, new Date("2026-02-01T00:00:00Z"), { creatorUsername: "someone" });
    await insertTool(database.db, {
      name: "Maker Waiting",
      creatorUsername: "someone",
      isVerified: false,
      createdAt: new Date("2026-09-01T00:00:00Z"),
    });
    await insertTool(database.db, { name: "No Maker", createdAt: new Date("2026-09-02T00:00:00Z") });
    const added = await app.services.tools.listToolsAddedByUsers();
    expect(added.map((card) => card.name)).toEqual(["Bulk tool 0", "Bulk tool 1", "Bulk tool 2", "Bulk tool 3"]);
  });

  describe("snapshots", () => {
    it("writes a live tool's snapshot, serves it, and removes it when the tool is no longer live", async () => {
      const tool = await insertTool(database.db, { name: "Snappy", longDesc: "Hello **world**" });
      await app.services.tools.writeToolSnapshot(tool.id);
      const file = path.join(app.filesDir, `tools/${tool.id}/${tool.id}.json`);
      const snapshot = JSON.parse(readFileSync(file, "utf8"));
      expect(snapshot).toMatchObject({
        id: tool.id,
        name: "Snappy",
        slug: tool.slug,
        longDescHtml: "<p>Hello <strong>world</strong></p>\n",
      });

      const served = await app.request(`/files/tools/${tool.id}/${tool.id}.json?t=${Date.now()}`);
      expect(served.status).toBe(200);
      expect(await served.json()).toEqual(snapshot);

      await database.db.update(tools).set({ isActive: false }).where(eq(tools.id, tool.id));
      await app.services.tools.writeToolSnapshot(tool.id);
      expect(existsSync(file)).toBe(false);
      expect((await app.request(`/files/tools/${tool.id}/${tool.id}.json`)).status).toBe(404);
    });

    it("never writes a snapshot for a tool that is not live", async () => {
      const waiting = await insertTool(database.db, { isVerified: false });
      await app.services.tools.writeToolSnapshot(waiting.id);
      expect(existsSync(path.join(app.filesDir, `tools/${waiting.id}/${waiting.id}.json`))).toBe(false);
    });

    it("serves what a snapshot-rendered page needs besides the tool", async () => {
      const category = await insertCategory(database.db);
      const tool = await insertTool(database.db, { categories: [category.id] });
      await insertTool(database.db, { categories: [category.id] });
      const response = await app.request(`/api/v1/tools/${tool.id}/related`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { suggested: unknown[]; usersAdded: unknown[] };
      expect(body.suggested).toHaveLength(1);
      expect(body.usersAdded).toEqual([]);
      expect((await app.request("/api/v1/tools/tnosuchtool0000000000/related")).status).toBe(404);
    });
  });

  it("keeps the search vector of a tool in step with a renamed category", async () => {
    const category = await insertCategory(database.db, { label: "Plainlabel" });
    await insertTool(database.db, { name: "Vector Tool", categories: [category.id] });
    expect((await app.services.search.searchTools("zanzibarish")).tools).toHaveLength(0);
    await database.db.execute(sql`update categories set label = 'Zanzibarish' where id = ${category.id}`);
    expect((await app.services.search.searchTools("zanzibarish")).tools.map((card) => card.name)).toEqual([
      "Vector Tool",
    ]);
  });
});
