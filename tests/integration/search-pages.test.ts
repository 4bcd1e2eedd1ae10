import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { searches, users } from "#server/db/schema.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { BOT, PERSON } from "../setup/agents.ts";
import { databaseKinds, explainAll } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { closerSpellingQuery } from "#server/search/queries.ts";
import { sendPageview } from "../setup/pageviews.ts";
import { createClient } from "../setup/forms.ts";

describe.each(databaseKinds)("search pages on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  /** A person signed in through the form, with `role`. */
  async function signedIn(role: "guest" | "verifier" | "admin") {
    const client = createClient(app.request);
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    expect(
      (
        await client.postSolved("/register", {
          username: `A ${role} ${email.slice(0, 12)}`,
          email,
          password: "long-enough",
        })
      ).status,
    ).toBe(302);
    await database.db.update(users).set({ role }).where(eq(users.email, email));
    return client;
  }

  async function recorded() {
    return database.db.select({ text: searches.text, count: searches.count }).from(searches).orderBy(searches.text);
  }

  it("shows the results, and records a person's search from its page view, not a bot's nor a later page's", async () => {
    await insertTool(database.db, { name: "Mailer Pro", tags: ["email"] });
    const response = await app.request("/search/email", { headers: PERSON });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Mailer Pro");
    expect(html).toContain("<title>email: tools for indie makers | Indie Tools</title>");
    // The search box keeps what was searched, in the page every visitor gets.
    expect(html).toMatch(/<input id="search-desktop"[^>]* value="email"\/>/);
    // Showing the page writes nothing (it may come from the page cache); the browser's page view counts the search.
    expect(await recorded()).toEqual([]);
    await sendPageview(app, "/search/email", { props: { results: 1 } });
    await sendPageview(app, "/search/email", { props: { results: 1 }, headers: BOT });
    await sendPageview(app, "/search/email?cursor=5.tabc", { props: { results: 1 } });
    expect(await recorded()).toEqual([{ text: "email", count: 1 }]);
    expect((await database.db.select({ resultCount: searches.resultCount }).from(searches))[0]).toEqual({
      resultCount: 1,
    });
  });

  it("sends any other text to its slug", async () => {
    const response = await app.request("/search/Email%20Marketing!", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/search/email-marketing");
    expect((await app.request(`/search/${"a".repeat(200)}`, { redirect: "manual" })).headers.get("location")).toBe(
      `/search/${"a".repeat(80)}`,
    );
  });

  it("says so when nothing matches, suggests categories, and asks engines not to index it", async () => {
    await insertCategory(database.db, { label: "Design" });
    const html = await (await app.request("/search/qzxwvjk", { headers: PERSON })).text();
    expect(html).toContain("No tool matches “qzxwvjk”.");
    expect(html).toContain('href="/category/design"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // The missing tool is one step away: /add-tool signs a visitor in first.
    expect(html).toMatch(/Know one\?(<!-- -->)?\s*<a[^>]*href="\/add-tool"[^>]*>Submit it<\/a>/);
  });

  /** A page view of the search from `visitors` different people, `times` each. */
  async function searchedBy(text: string, results: number, visitors: number, times = 1) {
    for (let person = 0; person < visitors; person++) {
      for (let time = 0; time < times; time++) {
        await sendPageview(app, `/search/${text}`, {
          props: { results },
          headers: { "user-agent": `${PERSON["user-agent"]} person/${person}` },
        });
      }
    }
  }

  it("lists on /searches and in the sitemap only what found tools and at least 3 visitors made, most visitors first", async () => {
    await insertTool(database.db, { name: "Seo Kit", tags: ["seo", "analytics", "crm"] });
    await searchedBy("seo", 2, 4);
    await searchedBy("analytics", 1, 3);
    // Gibberish many people typed finds nothing; one person searching again and again is one visitor.
    await searchedBy("zzqxvy", 0, 5);
    await searchedBy("crm", 3, 1, 6);
    expect(
      await database.db
        .select({ text: searches.text, count: searches.count, visitors: searches.visitors })
        .from(searches)
        .orderBy(searches.text),
    ).toEqual([
      { text: "analytics", count: 3, visitors: 3 },
      { text: "crm", count: 6, visitors: 1 },
      { text: "seo", count: 4, visitors: 4 },
      { text: "zzqxvy", count: 5, visitors: 5 },
    ]);
    const html = await (await app.request("/searches")).text();
    expect(html.indexOf('href="/search/seo"')).toBeGreaterThan(0);
    expect(html.indexOf('href="/search/seo"')).toBeLessThan(html.indexOf('href="/search/analytics"'));
    expect(html).toContain("4 people");
    expect(html).not.toContain('href="/search/zzqxvy"');
    expect(html).not.toContain('href="/search/crm"');
    const sitemap = await (await app.request("/sitemaps/searches.xml")).text();
    expect([...sitemap.matchAll(/<loc>[^<]*\/search\/([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      "seo",
      "analytics",
    ]);
    // A search that is not listed is not indexed either, though it found tools.
    expect(await (await app.request("/search/crm", { headers: PERSON })).text()).toContain(
      '<meta name="robots" content="noindex"/>',
    );
    expect(await (await app.request("/search/seo", { headers: PERSON })).text()).not.toContain('content="noindex"');
  });

  it("lets an admin alone hide a search for good, and show it again", async () => {
    await insertTool(database.db, { name: "Seo Kit", tags: ["seo"] });
    await searchedBy("seo", 1, 3);
    const form = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      body: "intent=hide-search&text=seo",
    };
    const visitor = await app.request("/admin/analytics", form);
    expect(visitor.status).toBe(302);
    for (const role of ["guest", "verifier"] as const) {
      const user = await signedIn(role);
      expect((await user.post("/admin/analytics", { intent: "hide-search", text: "seo" })).status, role).toBe(403);
    }
    expect((await app.services.search.listSearches()).searches.map((search) => search.text)).toEqual(["seo"]);
    const admin = await signedIn("admin");
    const hidden = await admin.post("/admin/analytics", { intent: "hide-search", text: "seo" });
    expect(hidden.status).toBe(200);
    expect(await hidden.text()).toContain("is hidden from /searches and the sitemap for good");
    expect((await app.services.search.listSearches()).searches).toEqual([]);
    // More visitors do not bring it back.
    await searchedBy("seo", 1, 5);
    expect((await app.services.search.listSearches()).searches).toEqual([]);
    expect(await (await admin.request("/admin/analytics")).text()).toContain("Hidden");
    expect((await admin.post("/admin/analytics", { intent: "hide-search", text: "never-searched" })).status).toBe(404);
    expect((await admin.post("/admin/analytics", { intent: "hide-search", text: "<script>" })).status).toBe(400);
    expect((await admin.post("/admin/analytics", { intent: "show-search", text: "seo" })).status).toBe(200);
    expect((await app.services.search.listSearches()).searches).toEqual([{ text: "seo", visitors: 5 }]);
  });

  it("offers a closer spelling that finds more: a tag, or a listed search", async () => {
    for (let index = 0; index < 3; index++)
      await insertTool(database.db, { name: `Counter ${index}`, tags: ["analytics"] });
    await insertTool(database.db, { name: "Mailer", tags: ["newsletters"] });
    await database.db.insert(searches).values({ text: "email-marketing", count: 9, resultCount: 4, visitors: 5 });
    const typo = await (await app.request("/search/anlytics", { headers: PERSON })).text();
    expect(typo).toMatch(
      /data-testid="did-you-mean"[^>]*>Did you mean(<!-- -->)? <a href="\/search\/analytics"[^>]*>analytics<\/a>/,
    );
    const listed = await (await app.request("/search/emial-marketing", { headers: PERSON })).text();
    expect(listed).toMatch(/Did you mean(<!-- -->)? <a href="\/search\/email-marketing"[^>]*>email marketing<\/a>/);
    // A search that finds enough, or whose close spellings find no more, gets none.
    expect(await (await app.request("/search/analytics", { headers: PERSON })).text()).not.toContain("Did you mean");
    expect(await (await app.request("/search/qzxwvjk", { headers: PERSON })).text()).not.toContain("Did you mean");
    // A hidden search is never offered (another typo: the page above stays in the cache a while).
    await database.db.update(searches).set({ isHidden: true });
    expect(await (await app.request("/search/email-marketng", { headers: PERSON })).text()).not.toContain(
      "Did you mean",
    );
    await database.db.update(searches).set({ isHidden: false });
    expect(await (await app.request("/search/emali-marketing", { headers: PERSON })).text()).toContain("Did you mean");
  });

  it("finds the closer spellings through the trigram indexes of the tags and of the listed searches", async () => {
    // Enough rows, with their statistics, for the planner to weigh the indexes as it would on a large site: on a small
    // one it reads the few tags whole.
    await database.db.execute(
      sql`insert into tag_counts (tag, count) select md5(n::text), n % 50 from generate_series(1, 20000) as n`,
    );
    await database.db.execute(
      sql`insert into searches (text, count, result_count, visitors) select md5(n::text), n, n % 4, n % 9 from generate_series(1, 50000) as n`,
    );
    await database.db.execute(sql`analyze tag_counts`);
    await database.db.execute(sql`analyze searches`);
    const plan = await explainAll(database.db, closerSpellingQuery("anlytics", 0, 3));
    expect(plan).toContain("tag_counts_tag_trgm_idx");
    expect(plan).toContain("searches_text_trgm_idx");
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("suggests the search's first tools, the categories and the most used tags that start with the text, from a kept answer", async () => {
    const analytics = await insertCategory(database.db, { label: "Analytics and Data" });
    await insertCategory(database.db, { label: "Design" });
    for (let index = 0; index < 7; index++)
      await insertTool(database.db, {
        name: `Analytico ${index}`,
        categories: [analytics.id],
        tags: index < 4 ? ["analytics"] : ["analysis", "anagrams"],
      });
    await insertTool(database.db, { name: "Painter", tags: ["anarchy"] });
    const response = await app.request("/api/suggest?q=Ana");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    const body = (await response.json()) as {
      tools: { name: string }[];
      categories: { slug: string }[];
      tags: { tag: string; count: number }[];
    };
    // The search's own first page, cut at five.
    const searched = await app.services.search.searchTools("ana", { limit: 5 });
    expect(body.tools.map((tool) => tool.name)).toEqual(searched.tools.map((tool) => tool.name));
    expect(body.tools).toHaveLength(5);
    expect(body.categories).toEqual([{ label: "Analytics and Data", slug: "analytics-and-data" }]);
    expect(body.tags).toEqual(
      [
        { tag: "analysis", count: 3 },
        { tag: "anagrams", count: 3 },
        { tag: "analytics", count: 4 },
      ].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)),
    );
    // The same answer for everyone, kept; an empty or unreadable text suggests nothing.
    expect((await app.request("/api/suggest?q=ana")).headers.get("x-cache")).toBe("hit");
    for (const q of ["", "%00", "!!!", "<script>"]) {
      const empty = await app.request(`/api/suggest?q=${q}`);
      expect(empty.status, q).toBe(200);
      expect(await empty.json(), q).toEqual({ tools: [], categories: [], tags: [] });
    }
  });

  it("reads the tags that start with the text as a range of their byte-ordered index", async () => {
    await database.db.execute(
      sql`insert into tag_counts (tag, count) select md5(n::text), n % 50 from generate_series(1, 5000) as n`,
    );
    await database.db.execute(sql`analyze tag_counts`);
    const plan = await explainAll(
      database.db,
      sql`select tag from tag_counts where tag collate "C" >= 'ab' and tag collate "C" < 'ac' order by tag collate "C" limit 50`,
    );
    // A range of the index (a few rows may be sorted, but never more than the range holds), never the whole table.
    expect(plan).toMatch(/Index Cond: \(\(\(tag\)::text >= 'ab'::text\) AND \(\(tag\)::text < 'ac'::text\)\)/);
    expect(plan).toContain("tag_counts_tag_c_idx");
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("shows an empty /searches until a search is listed", async () => {
    expect(await (await app.request("/searches")).text()).toContain("No search is listed yet.");
  });
});
