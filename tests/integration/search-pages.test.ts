import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { searches } from "#server/db/schema.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { BOT, PERSON } from "../setup/agents.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { sendPageview } from "../setup/pageviews.ts";


describe.each(databaseKinds)("search pages on %s", (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await createTestApp(database);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

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
    // Showing the page writes nothing (it may come from the page cache); the browser's page view counts the search.
    expect(await recorded()).toEqual([]);
    await sendPageview(app, "/search/email", { props: { results: 1 } });
    await sendPageview(app, "/search/email", { props: { results: 1 }, headers: BOT });
    await sendPageview(app, "/search/email?cursor=5.tabc", { props: { results: 1 } });
    expect(await recorded()).toEqual([{ text: "email", count: 1 }]);
    expect((await database.db.select({ resultCount: searches.resultCount }).from(searches))[0]).toEqual({ resultCount: 1 });
  });

  it("sends any other text to its slug", async () => {
    const response = await app.request("/search/Email%20Marketing!", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/search/email-marketing");
    expect((await app.request(`/search/${"a".repeat(200)}`, { redirect: "manual" })).headers.get("location")).toBe(`/search/${"a".repeat(80)}`);
  });

  it("says so when nothing matches, suggests categories, and asks engines not to index it", async () => {
    await insertCategory(database.db, { label: "Design" });
    const html = await (await app.request("/search/qzxwvjk", { headers: PERSON })).text();
    expect(html).toContain("No tool matches “qzxwvjk”.");
    expect(html).toContain('href="/category/design"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("lists the most searched texts on /searches, linking to their results", async () => {
    for (const text of ["seo", "seo", "analytics"]) await sendPageview(app, `/search/${text}`, { props: { results: 0 } });
    const html = await (await app.request("/searches")).text();
    expect(html.indexOf('href="/search/seo"')).toBeGreaterThan(0);
    expect(html.indexOf('href="/search/seo"')).toBeLessThan(html.indexOf('href="/search/analytics"'));
    expect(html).toContain("2 searches");
  });

  it("shows an empty /searches before anyone searched", async () => {
    expect(await (await app.request("/searches")).text()).toContain("Nobody has searched yet.");
  });
});
