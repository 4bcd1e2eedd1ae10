/**
 * Alternatives, comparisons and the structured data of the main pages (decision 032), through the real app: what a
 * visitor and a search engine get, the page cache kept right by writes, and the queries' plans.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { alternativesQuery, closestPairsQuery } from "#server/tools/read/alternatives.ts";
import { searches, tools } from "#server/db/schema.ts";
import { comparedToolIds } from "#common/ids.ts";
import { insertCategory, insertTool, insertTools } from "../factories.ts";
import { databaseKinds, explainAll, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { listedSearchesQuery } from "#server/search/queries.ts";
import { sitemapLocs } from "../setup/xml.ts";

const SITE = "http://localhost:3000";

/** Every JSON-LD script of a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

function ofType(html: string, type: string): Record<string, unknown>[] {
  const scripts = jsonLdOf(html);
  for (const script of scripts) {
    expect(script["@context"]).toBe("https://schema.org");
    expect(typeof script["@type"]).toBe("string");
  }
  return scripts.filter((script) => script["@type"] === type);
}

/** Google's rules for an ItemList of links: each element a ListItem with its position from 1 and an absolute url. */
function expectItemList(list: Record<string, unknown>, urls: string[]) {
  const elements = list.itemListElement as { "@type": string; position: number; url: string }[];
  expect(elements.map((element) => element["@type"])).toEqual(urls.map(() => "ListItem"));
  expect(elements.map((element) => element.position)).toEqual(urls.map((_, index) => index + 1));
  expect(elements.map((element) => element.url)).toEqual(urls);
}

describe.each(databaseKinds)("alternatives and comparisons on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  async function catalogue() {
    const analytics = await insertCategory(database.db, { label: "Analytics" });
    const privacy = await insertCategory(database.db, { label: "Privacy" });
    const design = await insertCategory(database.db, { label: "Design" });
    const plausible = await insertTool(database.db, {
      name: "Plausible",
      categories: [analytics.id, privacy.id],
      tags: ["open-source", "gdpr"],
      views: 50,
      pros: ["Light script"],
      cons: ["No heatmaps"],
    });
    // Two categories and a tag shared: the closest, though little viewed.
    const fathom = await insertTool(database.db, {
      name: "Fathom",
      categories: [analytics.id, privacy.id],
      tags: ["gdpr"],
      views: 3,
      paymentType: "paid",
    });
    // One category shared, most viewed of all.
    const google = await insertTool(database.db, {
      name: "Google Analytics",
      categories: [analytics.id],
      views: 900,
      clicks: 10,
    });
    // One tag shared, and no category: it does another job, and is no alternative.
    const umami = await insertTool(database.db, {
      name: "Umami",
      categories: [design.id],
      tags: ["open-source"],
      views: 20,
    });
    const figma = await insertTool(database.db, { name: "Figma", categories: [design.id], tags: ["ui"], views: 5000 });
    const hidden = await insertTool(database.db, {
      name: "Hidden analytics",
      categories: [analytics.id, privacy.id],
      tags: ["gdpr", "open-source"],
      isActive: false,
    });
    const waiting = await insertTool(database.db, {
      name: "Waiting analytics",
      categories: [analytics.id, privacy.id],
      isVerified: false,
    });
    return { analytics, privacy, design, plausible, fathom, google, umami, figma, hidden, waiting };
  }

  describe("alternatives", () => {
    it("ranks live tools by what they share, then popularity, says what, with an introduction from the figures and an ItemList", async () => {
      const { analytics, privacy, plausible, fathom, google, umami, figma, hidden, waiting } = await catalogue();
      const { alternatives, total } = await app.services.tools.listAlternatives({
        ...plausible,
        categories: plausible.categories.map((id) => ({ id, label: id })),
      });
      expect(alternatives.map((tool) => tool.name)).toEqual(["Fathom", "Google Analytics"]);
      // The rarest first: privacy and gdpr are on two live tools, analytics on three.
      expect(alternatives.map((tool) => [tool.sharedCategoryIds, tool.sharedTags])).toEqual([
        [[privacy.id, analytics.id], ["gdpr"]],
        [[analytics.id], []],
      ]);
      expect(total).toBe(2);

      const response = await app.request(`/tool/${plausible.slug}/alternatives`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("<title>The best alternatives to Plausible | Indie Tools</title>");
      expect(html).toContain(`<link rel="canonical" href="${SITE}/tool/${plausible.slug}/alternatives"/>`);
      expect(html).toContain(
        "2 tools do the same job as Plausible (categories Analytics and Privacy); the most viewed of those listed here is Google Analytics, with 900 views. Only tools that share a category with Plausible are listed, so there are few",
      );
      for (const other of [umami, figma, hidden, waiting]) expect(html).not.toContain(other.slug);
      // Each card says why it is there, the tool's categories in its own order.
      expect([...html.matchAll(/data-testid="card-note">([^<]*)</g)].map((match) => match[1])).toEqual([
        "Shares the tag gdpr · Also in Analytics and Privacy",
        "Also in Analytics",
      ]);
      const [list] = ofType(html, "ItemList");
      expectItemList(
        list!,
        [fathom, google].map((tool) => `${SITE}/tool/${tool.slug}`),
      );
      // Each alternative can be compared with the tool, at the pair's one address.
      for (const other of [fathom, google]) {
        const [a, b] = [plausible.slug, other.slug].toSorted();
        expect(html).toContain(`href="/compare/${a}-vs-${b}"`);
      }
    });

    it("shows the closest four on the tool page, and links to the alternatives and the comparisons with the closest three", async () => {
      const { plausible, fathom, google, analytics } = await catalogue();
      await insertTool(database.db, { name: "Matomo", categories: plausible.categories, tags: ["gdpr"], views: 1 });
      await insertTool(database.db, {
        name: "Open Web Analytics",
        categories: [analytics.id],
        tags: ["open-source"],
        views: 2,
      });
      const html = await (await app.request(`/tool/${plausible.slug}`)).text();
      const block = /data-testid="tool-comparisons"[\s\S]*?<\/nav>/.exec(html)![0];
      expect(block).toContain(`href="/tool/${plausible.slug}/alternatives"`);
      const compared = [...block.matchAll(/href="\/compare\/([^"]+)"/g)].map((match) => match[1]);
      expect(compared).toHaveLength(3);
      // Beside the category, a tag three of the seven live tools have (open-source) outweighs none.
      expect(block).toContain("Plausible vs Fathom");
      expect(block).toContain("Plausible vs Matomo");
      expect(block).toContain("Plausible vs Open Web Analytics");
      expect(block).not.toContain(`vs ${google.name}`);
      expect(block).not.toContain("vs Umami");
      // The public API gives the same closest tools, which a browser reads beside the tool's snapshot.
      const related = (await (await app.request(`/api/v1/tools/${plausible.id}/related`)).json()) as {
        closest: { name: string; slug: string; sharedTags: string[] }[];
      };
      expect(related.closest.map((tool) => tool.name)).toEqual([
        "Fathom",
        "Matomo",
        "Open Web Analytics",
        "Google Analytics",
      ]);
      expect(related.closest[0]).toMatchObject({ name: "Fathom", slug: fathom.slug, sharedTags: ["gdpr"] });
      // The closest four as cards, each saying what it shares.
      const cards = /data-testid="closest-alternatives"[\s\S]*?<\/section>/.exec(html)![0];
      expect([...cards.matchAll(/<h3><a[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual([
        "Fathom",
        "Matomo",
        "Open Web Analytics",
        "Google Analytics",
      ]);
      expect(cards).toContain("Shares the tag gdpr · Also in Analytics and Privacy");
    });

    it("ranks a tool of the same licence kind before an otherwise equal one, and says so", async () => {
      const analytics = await insertCategory(database.db, { label: "Analytics" });
      const own = await insertTool(database.db, {
        name: "Counter",
        categories: [analytics.id],
        tags: ["gdpr"],
        licence: "AGPL-3.0-only",
        licenceKind: "open-source",
      });
      // The same terms, and more views: without the licence it would come first.
      await insertTool(database.db, {
        name: "Closed Counter",
        categories: [analytics.id],
        tags: ["gdpr"],
        views: 100,
        licenceKind: "proprietary",
      });
      await insertTool(database.db, {
        name: "Open Counter",
        categories: [analytics.id],
        tags: ["gdpr"],
        views: 1,
        licence: "MIT",
        licenceKind: "open-source",
      });
      const found = await app.services.tools.listAlternatives({
        id: own.id,
        categories: [{ id: analytics.id, label: "Analytics" }],
        tags: ["gdpr"],
        licenceKind: "open-source",
      });
      expect(found.alternatives.map((tool) => [tool.name, tool.sharesLicenceKind])).toEqual([
        ["Open Counter", true],
        ["Closed Counter", false],
      ]);
      const html = await (await app.request(`/tool/${own.slug}/alternatives`)).text();
      expect(html).toContain("Shares the tag gdpr · Also in Analytics · Open source too");
    });

    it("lists the open-source alternatives alone at their own address, with their meta, and follows a licence's change", async () => {
      const analytics = await insertCategory(database.db, { label: "Analytics" });
      const own = await insertTool(database.db, {
        name: "Counter",
        categories: [analytics.id],
        tags: ["gdpr"],
        licenceKind: "proprietary",
      });
      const open = await insertTool(database.db, {
        name: "Open Counter",
        categories: [analytics.id],
        views: 1,
        licence: "MIT",
        licenceKind: "open-source",
      });
      const closed = await insertTool(database.db, {
        name: "Closed Counter",
        categories: [analytics.id],
        tags: ["gdpr"],
        views: 100,
        licenceKind: "proprietary",
      });
      await insertTool(database.db, { name: "Shared Source", tags: ["gdpr"], licenceKind: "source-available" });
      await insertTool(database.db, { name: "Open Elsewhere", tags: ["other"], licenceKind: "open-source" });
      const path = `/tool/${own.slug}/alternatives/open-source`;
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-cache")).toBe("miss");
      const html = await response.text();
      expect(html).toContain("<title>Open-source alternatives to Counter");
      expect(html).toContain(`<link rel="canonical" href="${SITE}${path}"/>`);
      expect(html).toContain('<meta property="og:title" content="Open-source alternatives to Counter');
      expect(html).not.toContain('content="noindex"');
      expect(html).toContain("1 open-source tool does the same job as Counter (category Analytics)");
      expect(html).toContain("Open Counter");
      expect(html).not.toContain("Closed Counter");
      expect(html).not.toContain("Shared Source");
      expectItemList(ofType(html, "ItemList")[0]!, [`${SITE}/tool/${open.slug}`]);
      const crumbs = ofType(html, "BreadcrumbList")[0]!.itemListElement as { item: string }[];
      expect(crumbs.map((crumb) => crumb.item)).toEqual([
        `${SITE}/`,
        `${SITE}/tool/${own.slug}`,
        `${SITE}/tool/${own.slug}/alternatives`,
        `${SITE}${path}`,
      ]);
      // Each page links to the other.
      expect(html).toContain(`href="/tool/${own.slug}/alternatives"`);
      const every = await (await app.request(`/tool/${own.slug}/alternatives`)).text();
      expect(every).toContain(`href="${path}"`);
      expect(every).toContain("Closed Counter");

      // A licence that changes moves the tool into the list (the page kept for visitors follows) and out of it.
      expect((await app.request(path)).headers.get("x-cache")).toBe("hit");
      await database.db.update(tools).set({ licenceKind: "open-source" }).where(eq(tools.id, closed.id));
      const joined = await app.request(path);
      expect(joined.headers.get("x-cache")).toBe("miss");
      const joinedHtml = await joined.text();
      expect(joinedHtml).toContain("2 open-source tools do the same job");
      // Two terms shared outrank one, popularity aside.
      expect(joinedHtml.indexOf("Closed Counter")).toBeLessThan(joinedHtml.indexOf("Open Counter"));
      await database.db.update(tools).set({ licenceKind: "proprietary" }).where(eq(tools.id, open.id));
      await database.db.update(tools).set({ licenceKind: null }).where(eq(tools.id, closed.id));
      const emptied = await (await app.request(path)).text();
      expect(emptied).toContain("No open-source tool listed here shares a category with Counter yet.");
      expect(emptied).toContain('<meta name="robots" content="noindex"/>');

      // Another word is no page; a renamed tool's old address follows it.
      expect((await app.request(`/tool/${own.slug}/alternatives/proprietary`)).status).toBe(404);
      const renamed = await app.request(`/tool/old-name-${own.id}/alternatives/open-source`);
      expect(renamed.status).toBe(301);
      expect(renamed.headers.get("location")).toBe(path);
    });

    it("says so when there is none, keeps that page out of search engines, and 404s or redirects other addresses", async () => {
      const lonely = await insertTool(database.db, { name: "Lonely", tags: ["unique-tag"] });
      const html = await (await app.request(`/tool/${lonely.slug}/alternatives`)).text();
      expect(html).toContain("No other tool listed here shares a category with Lonely yet.");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain('data-testid="empty-state"');

      const renamed = await app.request(`/tool/old-name-${lonely.id}/alternatives`);
      expect(renamed.status).toBe(301);
      expect(renamed.headers.get("location")).toBe(`/tool/${lonely.slug}/alternatives`);
      const hidden = await insertTool(database.db, { name: "Off", isActive: false });
      for (const path of [`/tool/${hidden.slug}/alternatives`, "/tool/nothing-here/alternatives"])
        expect((await app.request(path)).status, path).toBe(404);
    });

    it("is kept for visitors until a tool joins the list or one listed changes", async () => {
      const { plausible, analytics } = await catalogue();
      const path = `/tool/${plausible.slug}/alternatives`;
      expect((await app.request(path)).headers.get("x-cache")).toBe("miss");
      expect((await app.request(path)).headers.get("x-cache")).toBe("hit");
      const joined = await insertTool(database.db, { name: "Simple Analytics", categories: [analytics.id] });
      const afterJoin = await app.request(path);
      expect(afterJoin.headers.get("x-cache")).toBe("miss");
      expect(await afterJoin.text()).toContain("Simple Analytics");
      await database.db.update(tools).set({ name: "Simple Analytics Pro" }).where(eq(tools.id, joined.id));
      const afterRename = await app.request(path);
      expect(afterRename.headers.get("x-cache")).toBe("miss");
      expect(await afterRename.text()).toContain("Simple Analytics Pro");
    });
  });

  describe("comparisons", () => {
    it("puts two tools side by side at one canonical address; the other order and old slugs redirect to it", async () => {
      const { plausible, fathom } = await catalogue();
      await database.db
        .update(tools)
        .set({ likes: 12, reviewCount: 2, ratingSum: 9, ratingCounts: [0, 0, 0, 1, 1] })
        .where(eq(tools.id, plausible.id));
      const [first, second] = [plausible, fathom].toSorted((a, b) => (a.slug < b.slug ? -1 : 1));
      const canonical = `/compare/${first!.slug}-vs-${second!.slug}`;
      const response = await app.request(canonical);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<link rel="canonical" href="${SITE}${canonical}"/>`);
      const table = /<table data-testid="comparison"[\s\S]*<\/table>/.exec(html)![0];
      // What helps choose: the rating and the likes, not the site's own view and click counters.
      for (const text of [
        "Pricing",
        "Free",
        "Paid",
        "Analytics",
        "Privacy",
        "#gdpr",
        "#open-source",
        "Light script",
        "No heatmaps",
        "4.5 from 2 reviews",
        "No review yet",
        "12 likes",
        "0 likes",
        fathom.website,
        plausible.website,
      ]) {
        expect(table, text).toContain(text);
      }
      expect(table).not.toContain(">Views<");
      expectItemList(
        ofType(html, "ItemList")[0]!,
        [first!, second!].map((tool) => `${SITE}/tool/${tool.slug}`),
      );

      for (const other of [
        `/compare/${second!.slug}-vs-${first!.slug}`,
        `/compare/old-${first!.id}-vs-${second!.slug}`,
      ]) {
        const redirected = await app.request(other);
        expect(redirected.status, other).toBe(301);
        expect(redirected.headers.get("location"), other).toBe(canonical);
      }
      const same = await app.request(`/compare/${first!.slug}-vs-${first!.slug}`);
      expect(same.status).toBe(301);
      expect(same.headers.get("location")).toBe(`/tool/${first!.slug}/alternatives`);
    });

    it("is kept for visitors until either tool changes", async () => {
      const { plausible, fathom } = await catalogue();
      const path = `/compare/${[plausible.slug, fathom.slug].toSorted().join("-vs-")}`;
      expect((await app.request(path)).headers.get("x-cache")).toBe("miss");
      expect((await app.request(path)).headers.get("x-cache")).toBe("hit");
      await database.db
        .update(tools)
        .set({ cons: ["Paid only"] })
        .where(eq(tools.id, fathom.id));
      const changed = await app.request(path);
      expect(changed.headers.get("x-cache")).toBe("miss");
      expect(await changed.text()).toContain("Paid only");
    });

    it("finds the pair when a name itself holds '-vs-', and 404s an unknown, hidden or malformed pair", async () => {
      const { plausible, hidden, waiting } = await catalogue();
      const versus = await insertTool(database.db, { name: "Coke vs Pepsi" });
      expect(versus.slug).toMatch(/^coke-vs-pepsi-t/);
      expect(comparedToolIds(`${versus.slug}-vs-${plausible.slug}`)).toEqual({ a: versus.id, b: plausible.id });
      expect(comparedToolIds(`${plausible.slug}-vs-${versus.slug}`)).toEqual({ a: plausible.id, b: versus.id });
      const [a, b] = [versus.slug, plausible.slug].toSorted();
      expect((await app.request(`/compare/${a}-vs-${b}`)).status).toBe(200);
      for (const path of [
        `/compare/${plausible.slug}-vs-${hidden.slug}`,
        `/compare/${waiting.slug}-vs-${plausible.slug}`,
        `/compare/${plausible.slug}-vs-nothing-t0000000000000000`,
        `/compare/${plausible.slug}`,
        "/compare/a-vs-b",
      ]) {
        expect((await app.request(path)).status, path).toBe(404);
      }
    });
  });

  describe("structured data", () => {
    it("gives each main page valid JSON-LD: the home page's WebSite and Organization, the tools' SoftwareApplication, the legal pages' WebPage", async () => {
      const { plausible, fathom } = await catalogue();
      const home = await (await app.request("/")).text();
      const [website] = ofType(home, "WebSite");
      expect(website).toMatchObject({ name: "Indie Tools", url: `${SITE}/` });
      const action = website!.potentialAction as {
        "@type": string;
        target: { urlTemplate: string };
        "query-input": string;
      };
      expect(action["@type"]).toBe("SearchAction");
      expect(action.target.urlTemplate).toBe(`${SITE}/search?q={search_term_string}`);
      expect(action["query-input"]).toBe("required name=search_term_string");
      // The template leads to the search's results.
      const search = await app.request("/search?q=plausible");
      expect([search.status, search.headers.get("location")]).toEqual([302, "/search/plausible"]);
      expect(ofType(home, "Organization")[0]).toMatchObject({ name: "Indie Tools", url: `${SITE}/` });

      // A free tool: an offer at 0 with its currency, and its first category.
      const free = ofType(await (await app.request(`/tool/${plausible.slug}`)).text(), "SoftwareApplication")[0]!;
      expect(free).toMatchObject({
        name: "Plausible",
        applicationCategory: "Analytics",
        offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
      });
      // A paid tool's price is not known: no offer is claimed.
      const paid = ofType(await (await app.request(`/tool/${fathom.slug}`)).text(), "SoftwareApplication")[0]!;
      expect(paid.name).toBe("Fathom");
      expect(paid.offers).toBeUndefined();

      for (const [path, name] of [
        ["/terms-of-service.html", "Terms"],
        ["/privacy-policy.html", "Privacy"],
      ] as const) {
        const [page] = ofType(await (await app.request(path)).text(), "WebPage");
        expect(page, path).toMatchObject({ url: `${SITE}${path}` });
        expect(String(page!.name), path).toContain(name);
      }
    });
  });

  describe("sitemap", () => {
    it("lists the alternatives of tools that have some, the closest pairs, and only searches that found tools", async () => {
      const { plausible, fathom, google, umami, figma } = await catalogue();
      const lonely = await insertTool(database.db, { name: "Lonely", tags: ["unique-tag"] });
      await database.db.insert(searches).values([
        { text: "analytics", count: 5, resultCount: 3, visitors: 5 },
        { text: "nothing-found", count: 9, resultCount: 0 },
        { text: "not-told", count: 4 },
      ]);
      const locs = await sitemapLocs(app.request);
      const alternatives = locs.filter((loc) => loc.endsWith("/alternatives"));
      expect(alternatives.toSorted()).toEqual(
        [plausible, fathom, google, umami, figma].map((tool) => `${SITE}/tool/${tool.slug}/alternatives`).toSorted(),
      );
      expect(locs).not.toContain(`${SITE}/tool/${lonely.slug}/alternatives`);
      const pair = (a: { slug: string }, b: { slug: string }) =>
        `${SITE}/compare/${[a.slug, b.slug].toSorted().join("-vs-")}`;
      // Each tool with its closest alternative, each pair once.
      expect(locs.filter((loc) => loc.includes("/compare/")).toSorted()).toEqual(
        [pair(plausible, fathom), pair(google, plausible), pair(umami, figma)].toSorted(),
      );
      expect(locs.filter((loc) => loc.includes("/search/"))).toEqual([`${SITE}/search/analytics`]);
      expect(new Set(locs).size).toBe(locs.length);
    });

    it("lists the open-source alternatives of the tools that have some", async () => {
      const analytics = await insertCategory(database.db, { label: "Analytics" });
      const proprietary = await insertTool(database.db, {
        name: "Counter",
        categories: [analytics.id],
        licenceKind: "proprietary",
      });
      const open = await insertTool(database.db, {
        name: "Open Counter",
        categories: [analytics.id],
        licenceKind: "open-source",
      });
      const tagged = await insertTool(database.db, { name: "Tagged", tags: ["gdpr"], licenceKind: "open-source" });
      const alsoTagged = await insertTool(database.db, { name: "Also tagged", tags: ["gdpr"] });
      await insertTool(database.db, {
        name: "Hidden open",
        categories: [analytics.id],
        isActive: false,
        licenceKind: "open-source",
      });
      const openSource = (await sitemapLocs(app.request)).filter((loc) => loc.endsWith("/alternatives/open-source"));
      // The open-source tool alone in its category has none: only itself is open source there. A tag shared with an
      // open-source tool makes no alternative: it does another job.
      expect(openSource).toEqual([`${SITE}/tool/${proprietary.slug}/alternatives/open-source`]);
      expect(openSource).not.toContain(`${SITE}/tool/${alsoTagged.slug}/alternatives/open-source`);
      expect(openSource).not.toContain(`${SITE}/tool/${open.slug}/alternatives/open-source`);
      expect(openSource).not.toContain(`${SITE}/tool/${tagged.slug}/alternatives/open-source`);
    });

    it("reads at most the given number of searches, in batches, most visitors first", async () => {
      await database.db.insert(searches).values(
        ["a", "b", "c", "d", "e"].map((text, index) => ({
          text,
          count: index % 2,
          resultCount: 1,
          visitors: 3 + (index % 2),
        })),
      );
      const read: string[] = [];
      for await (const text of app.services.feeds.listSearchTexts({ batchSize: 2, limit: 4 })) read.push(text);
      expect(read).toEqual(["b", "d", "a", "c"]);
    });
  });

  describe("query plans", () => {
    beforeEach(async () => {
      await database.db.insert(searches).values(
        Array.from({ length: 300 }, (_, index) => ({
          text: `text-${index}`,
          count: index,
          resultCount: index % 3,
          visitors: index % 100,
        })),
      );
      await database.db.execute(sql`analyze tools`);
      await database.db.execute(sql`analyze searches`);
    });

    it("ranks a tool's alternatives among the most popular of each of its terms, each a bounded seek into tool_terms, and the sitemap's pairs among the same", async () => {
      const category = await insertCategory(database.db, { label: "Plans" });
      await insertTools(database.db, 3000, new Date("2026-01-01T00:00:00Z"), { tags: ["common"] });
      await insertTools(database.db, 20, new Date("2025-01-01T00:00:00Z"), {
        categories: [category.id],
        tags: ["rare"],
      });
      await database.db.execute(sql`analyze tools`);
      await database.db.execute(sql`analyze tool_terms`);
      const plan = await explainAll(
        database.db,
        alternativesQuery(database.db, { id: "t0", categoryIds: [category.id], tags: ["common", "rare"] }, 20),
      );
      const openSourcePlan = await explainAll(
        database.db,
        alternativesQuery(
          database.db,
          { id: "t0", categoryIds: [category.id], tags: ["common", "rare"] },
          20,
          "open-source",
        ),
      );
      for (const text of [plan, openSourcePlan, await explainAll(database.db, closestPairsQuery(200))]) {
        // One seek per term, in popularity order, cut at the candidates.
        expect(text).toMatch(/Limit[^\n]*\n\s+->\s+Index (Only )?Scan using tool_terms_popular_idx/);
        expect(text).not.toMatch(/Seq Scan on (tools|tool_terms)/);
        expect(text).toContain("tools_pkey");
        expect(text).not.toMatch(/tools_(categories|tags)_idx/);
      }
      expect(await explainAll(database.db, closestPairsQuery(200))).toContain("tools_public_views_idx");
      // A tag's live count by its key, never through the tags' trigram index, which answers equality too and took
      // 4 ms a tag at a million tools.
      await database.db.execute(
        sql`insert into tag_counts (tag, count) select 'filler-' || n, 1 + n % 5 from generate_series(1, 5000) n on conflict do nothing`,
      );
      await database.db.execute(sql`analyze tag_counts`);
      expect(plan).not.toContain("tag_counts_tag_trgm_idx");
      expect(
        await explainAll(
          database.db,
          alternativesQuery(database.db, { id: "t0", categoryIds: [category.id], tags: ["common", "rare"] }, 20),
        ),
      ).not.toContain("tag_counts_tag_trgm_idx");
    });

    it("reads the listed searches from their own index, both slices of a page", async () => {
      // The first page reads the index in order; a later slice is a range of it (which a small table may sort).
      expect(await explainMainPlan(database.db, listedSearchesQuery(database.db, 3, undefined, 100))).toMatch(
        /Limit[^\n]*\n\s+->\s+Index (Only )?Scan using searches_listed_idx/,
      );
      for (const where of [
        sql`${searches.visitors} < ${50}`,
        sql`${searches.visitors} = ${50} and ${searches.text} > ${"text-5"}`,
      ]) {
        const plan = await explainMainPlan(database.db, listedSearchesQuery(database.db, 3, where, 100));
        expect(plan).toMatch(/Index Cond: \(\(visitors >= 3\) AND \(visitors (<|=) 50\)/);
        expect(plan).not.toMatch(/Seq Scan/);
      }
    });
  });
});
