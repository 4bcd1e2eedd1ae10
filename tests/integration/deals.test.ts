/**
 * The makers' deals (decision 061) through the real app: given by those who may edit the tool and refused to everyone
 * else, checked field by field, shown as text on the tool's page, on /deals (a category's too, page by page) and in
 * its feeds until their last day, then nowhere without a write; and the reads' plans.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import { deals, tools } from "#server/db/schema.ts";
import { currentDealsQuery } from "#server/deals/deals.ts";
import { insertCategory, insertTool, insertTools } from "../factories.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { type Person, signUpPerson } from "../setup/people.ts";
import { XSS_PAYLOADS } from "../setup/xss-payloads.ts";

const DAY = 86_400_000;
/** A day `days` from today, as the form's date field sends it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

describe.each(databaseKinds)("deals on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  const signUp = (username: string, role: "guest" | "verifier" | "admin" = "guest") =>
    signUpPerson(app, database.db, username, { role });
  const deal = (person: Person, slug: string, fields: Record<string, string>) =>
    person.client.post(`/tool/${slug}/deal`, fields);
  const offer = { code: "INDIE20", offer: "20% off the first year", endsOn: dayFromNow(10) };

  it("lets the tool's editors give, change and remove its deal, and refuses everyone else, each role tried", async () => {
    const maker = await signUp("Maker");
    const tool = await insertTool(database.db, { name: "Counter", submittedBy: maker.id });
    const visitor = createClient(app.request);
    const asked = await visitor.request(`/tool/${tool.slug}/deal`);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/tool/${tool.slug}/deal`)}`);
    expect((await visitor.post(`/tool/${tool.slug}/deal`, offer)).status).toBe(302);
    const other = await signUp("Other");
    expect((await other.client.request(`/tool/${tool.slug}/deal`)).status).toBe(403);
    expect((await deal(other, tool.slug, offer)).status).toBe(403);
    expect((await deal(other, tool.slug, { intent: "remove" })).status).toBe(403);
    expect(await database.db.select().from(deals)).toEqual([]);
    // /my-tools offers the form to its submitter; the other sees no such tool.
    expect(await (await maker.client.request("/my-tools")).text()).toContain("Add a deal");

    // Its submitter, a verifier and an admin may.
    for (const [person, code] of [
      [maker, "MAKER10"],
      [await signUp("Verifier", "verifier"), "VERIFY10"],
      [await signUp("Admin", "admin"), "ADMIN10"],
    ] as const) {
      expect((await person.client.request(`/tool/${tool.slug}/deal`)).status).toBe(200);
      const saved = await deal(person, tool.slug, { ...offer, code });
      expect(saved.status, code).toBe(303);
      expect(saved.headers.get("location")).toBe(`/tool/${tool.slug}/deal?done=saved`);
      expect(await (await person.client.request(saved.headers.get("location")!)).text()).toContain(
        "The deal is saved.",
      );
      const [row] = await database.db.select().from(deals);
      expect(row!.code).toBe(code);
    }
    expect(await (await maker.client.request("/my-tools")).text()).toContain("Edit the deal");
    // Its maker, linked by an accepted claim, too.
    const claimed = await signUp("Claimer");
    await database.db
      .update(tools)
      .set({ creatorUsername: claimed.slug, isLinkedToCreator: true })
      .where(eq(tools.id, tool.id));
    expect((await deal(claimed, tool.slug, { intent: "remove" })).status).toBe(303);
    expect(await database.db.select().from(deals)).toEqual([]);
    expect((await deal(maker, "no-such-tool", offer)).status).toBe(404);
  });

  it("refuses a bad code, offer or last day with its message, keeping what was typed, and stores nothing", async () => {
    const maker = await signUp("Maker");
    const tool = await insertTool(database.db, { submittedBy: maker.id });
    for (const [fields, message] of [
      [{ ...offer, code: "" }, "Enter the code a visitor types"],
      [{ ...offer, code: "<b>x</b>" }, "A code is letters, digits, hyphens and underscores"],
      [{ ...offer, code: "A".repeat(41) }, "A code has at most 40 characters"],
      [{ ...offer, offer: "x" }, "Say what the code gives"],
      [{ ...offer, offer: "x".repeat(121) }, "Say what it gives in at most 120 characters"],
      [{ ...offer, endsOn: "2026-02-30" }, "Choose the deal&#x27;s last day"],
      [{ ...offer, endsOn: "tomorrow" }, "Choose the deal&#x27;s last day"],
      [{ ...offer, endsOn: dayFromNow(-1) }, "The last day is today at the earliest"],
      [{ ...offer, endsOn: dayFromNow(400) }, "A deal ends within 366 days"],
    ] as const) {
      const response = await deal(maker, tool.slug, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const html = await response.text();
      expect(html, JSON.stringify(fields)).toContain(message);
      expect(html).toContain(`value="${fields.offer}"`);
    }
    // A body of the wrong type is refused as any bad form.
    const wrong = await maker.client.request(`/tool/${tool.slug}/deal`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(offer),
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    expect(await database.db.select().from(deals)).toEqual([]);
    // Today is the earliest last day.
    expect((await deal(maker, tool.slug, { ...offer, endsOn: dayFromNow(0) })).status).toBe(303);
  });

  it("shows a deal as text on its tool's page, on /deals and in its feeds while it holds, then nowhere, without a write", async () => {
    const maker = await signUp("Maker");
    const category = await insertCategory(database.db, { label: "Analytics" });
    const tool = await insertTool(database.db, { name: "Counter", submittedBy: maker.id, categories: [category.id] });
    const hostile = XSS_PAYLOADS[0]!;
    expect((await deal(maker, tool.slug, { ...offer, offer: `Half off ${hostile}` })).status).toBe(303);
    const page = await (await app.request(`/tool/${tool.slug}`)).text();
    expect(page).toContain('data-testid="tool-deal"');
    expect(page).toContain("INDIE20");
    expect(page).not.toContain(hostile);
    const listed = await app.request("/deals");
    expect(listed.headers.get("x-cache")).toBe("miss");
    const html = await listed.text();
    expect(html).toContain("INDIE20 · Half off");
    expect(html).not.toContain(hostile);
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/deals"/>');
    const rss = await (await app.request("/deals/rss.xml")).text();
    expect(rss).toContain("INDIE20: Half off");
    const feed = (await (await app.request("/deals/feed.json")).json()) as { items: { url: string }[] };
    expect(feed.items.map((item) => item.url)).toEqual([`http://localhost:3000/tool/${tool.slug}`]);
    const related = (await (await app.request(`/api/v1/tools/${tool.id}/related`)).json()) as { deal: unknown };
    expect(related.deal).toMatchObject({ code: "INDIE20" });

    // A tool switched off takes its deal away; back on, it is back.
    expect((await app.request("/deals")).headers.get("x-cache")).toBe("hit");
    await database.db.update(tools).set({ isActive: false }).where(eq(tools.id, tool.id));
    expect(await (await app.request("/deals")).text()).toContain("No current deal.");
    await database.db.update(tools).set({ isActive: true }).where(eq(tools.id, tool.id));
    expect(await (await app.request("/deals")).text()).toContain("INDIE20");

    // Its last moment comes: the kept pages stop showing it by themselves, with no write after the last.
    await database.db.update(deals).set({ endsAt: new Date(Date.now() + 1500) });
    expect(await (await app.request("/deals")).text()).toContain("INDIE20");
    expect((await app.request("/deals")).headers.get("x-cache")).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const ended = await app.request("/deals");
    expect(ended.headers.get("x-cache")).toBe("miss");
    expect(await ended.text()).toContain("No current deal.");
    expect(await (await app.request(`/tool/${tool.slug}`)).text()).not.toContain('data-testid="tool-deal"');
    // Its maker still sees it in the form, said to have ended.
    const form = await (await maker.client.request(`/tool/${tool.slug}/deal`)).text();
    expect(form).toContain('data-testid="deal-ended"');
  });

  it("goes from every page and form when an admin turns deals off, keeping them for when deals are back on", async () => {
    const maker = await signUp("Maker");
    const admin = await signUp("Admin", "admin");
    const tool = await insertTool(database.db, { name: "Counter", submittedBy: maker.id });
    expect((await deal(maker, tool.slug, offer)).status).toBe(303);
    const save = async (switches: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ intent: "save", siteName: "Indie Tools", ...switches }))
        form.set(name, value);
      return admin.client.postMultipart("/admin/settings", form);
    };
    const pages = async () => ({
      deals: (await app.request("/deals")).status,
      rss: (await app.request("/deals/rss.xml")).status,
      toolPage: (await (await app.request(`/tool/${tool.slug}`)).text()).includes('data-testid="tool-deal"'),
      footer: (await (await app.request("/")).text()).includes('href="/deals"'),
      myTools: (await (await maker.client.request("/my-tools")).text()).includes('data-testid="deal-link"'),
      form: (await maker.client.request(`/tool/${tool.slug}/deal`)).status,
      sitemap: (await (await app.request("/sitemaps/pages.xml")).text()).includes(
        "<loc>http://localhost:3000/deals</loc>",
      ),
      api: ((await (await app.request(`/api/v1/tools/${tool.id}/related`)).json()) as { deal: unknown }).deal !== null,
    });
    const on = {
      deals: 200,
      rss: 200,
      toolPage: true,
      footer: true,
      myTools: true,
      form: 200,
      sitemap: true,
      api: true,
    };
    expect(await pages()).toEqual(on);
    // The console's form shows the switch on; unticked, it is off.
    expect(await (await admin.client.request("/admin/settings")).text()).toMatch(
      /<input[^>]*name="dealsOn"[^>]*checked/,
    );
    try {
      expect((await save({})).status).toBe(200);
      expect(await pages()).toEqual({
        deals: 404,
        rss: 404,
        toolPage: false,
        footer: false,
        myTools: false,
        form: 404,
        sitemap: false,
        api: false,
      });
      expect(await (await app.request("/deals")).text()).toContain("This site shows no deals");
      // No one may give one meanwhile, admins included.
      expect((await deal(maker, tool.slug, { ...offer, code: "LATER" })).status).toBe(404);
      expect((await deal(admin, tool.slug, { ...offer, code: "LATER" })).status).toBe(404);
      expect(await (await admin.client.request("/admin/settings")).text()).not.toMatch(
        /<input[^>]*name="dealsOn"[^>]*checked/,
      );
      // Back on, the deal kept is shown again.
      expect((await save({ dealsOn: "on" })).status).toBe(200);
      expect(await pages()).toEqual(on);
      expect(await (await app.request("/deals")).text()).toContain("INDIE20");
    } finally {
      await app.services.settings.reset(admin.session);
    }
  });

  it("lists a category's deals apart, the soonest to end first, page by page", async () => {
    const analytics = await insertCategory(database.db, { label: "Analytics" });
    const design = await insertCategory(database.db, { label: "Design" });
    const many = await insertTools(database.db, PAGE_SIZE + 3, undefined, { categories: [analytics.id] });
    const drawing = await insertTool(database.db, { name: "Drawing", categories: [design.id] });
    const soon = Date.now() + 5 * DAY;
    await database.db.insert(deals).values([
      ...many.map((tool, index) => ({
        toolId: tool.id,
        code: `CODE${index}`,
        offer: "A month free",
        endsAt: new Date(soon + index * 3_600_000),
      })),
      { toolId: drawing.id, code: "DRAW", offer: "A month free", endsAt: new Date(soon + 1000) },
    ]);
    const first = await (await app.request("/deals?category=analytics")).text();
    const codes = (html: string) => [...html.matchAll(/(CODE\d+|DRAW) ·/g)].map((match) => match[1]);
    expect(codes(first)).toEqual(many.slice(0, PAGE_SIZE).map((_, index) => `CODE${index}`));
    expect(first).toContain('<meta name="robots" content="noindex"/>');
    const next = /href="(\/deals\?[^"]*cursor=[^"]+)"/.exec(first)![1]!.replaceAll("&amp;", "&");
    expect(codes(await (await app.request(next)).text())).toEqual(
      many.slice(PAGE_SIZE).map((_, index) => `CODE${PAGE_SIZE + index}`),
    );
    expect(codes(await (await app.request("/deals?category=design")).text())).toEqual(["DRAW"]);
    // A tool that changes category takes its deal along.
    await database.db
      .update(tools)
      .set({ categories: [design.id] })
      .where(eq(tools.id, many[0]!.id));
    expect(codes(await (await app.request("/deals?category=design")).text())).toEqual(["CODE0", "DRAW"]);
    expect((await app.request("/deals?category=no-such")).status).toBe(400);
    expect((await app.request("/deals?cursor=nonsense")).status).toBe(400);
  });

  it("reads /deals from its own indexes: the soonest first from now, or a category's", async () => {
    const category = await insertCategory(database.db, { label: "Plans" });
    const listed = await insertTools(database.db, 400, undefined, { categories: [category.id] });
    await database.db.insert(deals).values(
      listed.map((tool, index) => ({
        toolId: tool.id,
        code: `C${index}`,
        offer: "A month free",
        endsAt: new Date(Date.now() + (index + 1) * DAY),
      })),
    );
    await database.db.execute(sql`analyze deals`);
    for (const cursor of [null, { key: Date.now() + 10 * DAY, id: "tzzz" }]) {
      const plan = await explainMainPlan(
        database.db,
        currentDealsQuery(database.db, { cursor, limit: 25, now: new Date() }),
      );
      expect(plan).toContain("deals_live_ending_idx");
      expect(plan).not.toMatch(/Seq Scan/);
    }
    const byCategory = await explainMainPlan(
      database.db,
      currentDealsQuery(database.db, { categoryId: "c-none", limit: 25, now: new Date() }),
    );
    expect(byCategory).toMatch(/deals_live_categories_idx|deals_live_ending_idx/);
    expect(byCategory).not.toMatch(/Seq Scan on deals/);
  });
});
