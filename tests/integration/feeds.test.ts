/** robots.txt, the sitemaps and the RSS feeds, through the real app: what search engines and feed readers are given. */
import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { newlyVerifiedToolsQuery, toolsListedBetweenQuery } from "#server/feeds/queries.ts";
import { buildSitemapIndex, findSitemapPart } from "#server/http/sitemap.ts";
import type { JsonFeed } from "#server/feeds/json-feed.ts";
import MarkdownIt from "markdown-it";
import { LLMS_TOOLS_PER_CATEGORY } from "#server/http/llms-txt.ts";
import { searches } from "#server/db/schema.ts";
import { comparePath } from "#common/page-paths.ts";
import { insertCategory, insertTool, insertUser, insertTools } from "../factories.ts";
import { databaseKinds, explainAll, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { expectWellFormedXml, sitemapLocs, texts } from "../setup/xml.ts";

const SITE = "http://localhost:3000";
const PAGE_PATHS = ["/", "/tools", "/categories", "/tags", "/searches", "/deals", "/blog", "/open-data"];

function items(rss: string): string[] {
  return [...rss.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1]!);
}

describe.each(databaseKinds)("feeds on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  const topListPaths = async () => (await app.services.topLists.listTopListLinks()).map((link) => link.path);

  describe("robots.txt", () => {
    it("allows the site, keeps crawlers out of the API and points to the sitemap", async () => {
      const response = await app.request("/robots.txt");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(await response.text()).toBe(`User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${SITE}/sitemap.xml\n`);
    });
  });

  describe("sitemap", () => {
    it("lists every public page, category, tool, tag, search and top-list once, in its parts, and nothing private", async () => {
      const design = await insertCategory(database.db, { label: "Design" });
      const seo = await insertCategory(database.db, { label: "SEO" });
      const updatedAt = new Date("2026-02-03T04:05:06.789Z");
      const figma = await insertTool(database.db, {
        name: "Figma",
        categories: [design.id],
        tags: ["ui", "c++ tools"],
        updatedAt,
      });
      const ahrefs = await insertTool(database.db, {
        name: "Ahrefs",
        categories: [seo.id, design.id],
        tags: ["ui", "keywords"],
      });
      const waiting = await insertTool(database.db, { name: "Waiting", isVerified: false, tags: ["only-unverified"] });
      const off = await insertTool(database.db, {
        name: "Switched off",
        isActive: false,
        tags: ["only-inactive", "ui"],
      });
      await database.db.insert(searches).values([
        { text: "email-marketing", count: 2, resultCount: 1, visitors: 4 },
        { text: "it's & <more>", count: 5, resultCount: 2, visitors: 7 },
        { text: "analytics", count: 1, resultCount: 1, visitors: 3 },
        // Searches that found nothing, or never said, have no page worth listing.
        { text: "found-nothing", count: 9, resultCount: 0, visitors: 11 },
        { text: "never-said", count: 8, visitors: 10 },
      ]);

      const response = await app.request("/sitemap.xml");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
      const locs = await sitemapLocs(app.request);
      expect(await topListPaths()).toHaveLength(19);
      const expected = [
        ...PAGE_PATHS,
        ...(await topListPaths()),
        ...(await app.services.blog.listAllPosts()).map((post) => `/blog/${post.slug}`),
        "/terms-of-service.html",
        "/privacy-policy.html",
        `/category/${design.slug}`,
        `/category/${seo.slug}`,
        `/tool/${figma.slug}`,
        `/tool/${ahrefs.slug}`,
        // They share the category Design: each is the other's alternative.
        `/tool/${figma.slug}/alternatives`,
        `/tool/${ahrefs.slug}/alternatives`,
        comparePath(figma.slug, ahrefs.slug),
        "/tag/c%2B%2B%20tools",
        "/tag/keywords",
        "/tag/ui",
        // Most searched first.
        "/search/it's%20%26%20%3Cmore%3E",
        "/search/email-marketing",
        "/search/analytics",
      ].map((path) => `${SITE}${path}`);
      expect(locs.toSorted()).toEqual(expected.toSorted());
      expect(locs.filter((loc) => loc.includes("/search/"))).toEqual(
        expected.filter((loc) => loc.includes("/search/")),
      );
      const everything = (
        await Promise.all(
          texts(await (await app.request("/sitemap.xml")).text(), "loc").map(async (part) =>
            (await app.request(new URL(part).pathname)).text(),
          ),
        )
      ).join("");
      for (const hidden of [waiting.slug, off.slug, "only-unverified", "only-inactive"])
        expect(everything).not.toContain(hidden);
      // The apostrophe, which URL encoding keeps, is escaped for XML.
      expect(everything).toContain(`<loc>${SITE}/search/it&apos;s%20%26%20%3Cmore%3E</loc>`);
      expect(everything).toContain(
        `<url><loc>${SITE}/tool/${figma.slug}</loc><lastmod>2026-02-03T04:05:06.789Z</lastmod></url>`,
      );
    });

    it("cuts the tools in parts by the days they were listed, a day with more tools than a part in parts from a tool of its own, each tool once", async () => {
      // Seven tools on one day (more than a part of 2 holds), then one a day for three days, then one without a time of verification.
      const busyDay = await insertTools(database.db, 7, new Date("2026-04-10T20:00:00Z"), {
        verifiedAt: new Date("2026-04-10T12:00:00Z"),
      });
      const daily = [];
      for (const day of ["2026-04-01", "2026-04-02", "2026-04-03"])
        daily.push(await insertTool(database.db, { verifiedAt: new Date(`${day}T08:00:00Z`) }));
      const old = await insertTool(database.db, { verifiedAt: null, createdAt: new Date("2025-01-05T00:00:00Z") });
      // Parts of 6 URLs: 2 tools, each with its alternatives and open-source alternatives.
      const site = { siteUrl: SITE, limit: 6 };
      const index = await buildSitemapIndex(app.services, site);
      const parts = texts(index, "loc").map((loc) => new URL(loc).pathname.replace("/sitemaps/", ""));
      // The busy day's tools, most recently listed first (all at the same time: by id), in parts of 2 from the 1st, 3rd, 5th and 7th.
      const busyStarts = busyDay
        .map((tool) => tool.id)
        .toSorted()
        .toReversed()
        .filter((_, index) => index % 2 === 0);
      expect(parts.filter((part) => part.startsWith("tools-"))).toEqual([
        ...busyStarts.map(
          (id) => `tools-2026-04-10-2026-04-10-from-${Date.parse("2026-04-10T12:00:00Z") * 1000}-${id}.xml`,
        ),
        "tools-2026-04-02-2026-04-03.xml",
        "tools-2025-01-05-2026-04-01.xml",
      ]);
      const listed: string[] = [];
      for (const part of parts.filter((name) => name.startsWith("tools-"))) {
        const xml = (await findSitemapPart(app.services, part, site))!;
        expectWellFormedXml(xml);
        const tools = texts(xml, "loc").filter((loc) => !loc.includes("/alternatives"));
        expect(tools.length, part).toBeLessThanOrEqual(2);
        listed.push(...tools);
      }
      expect(listed.toSorted()).toEqual(
        [...busyDay, ...daily, old].map((tool) => `${SITE}/tool/${tool.slug}`).toSorted(),
      );
      for (const wrong of [
        "tools-2026-04-03-2026-04-02.xml",
        "tools-2026-02-30-2026-03-01.xml",
        // The database has no year 0.
        "tools-0000-01-01-0000-01-02.xml",
        // A day's part starts at one of its tools, at its time: one moment later, or a tool of another day, is no part.
        `tools-2026-04-02-2026-04-03-from-${Date.parse("2026-04-02T08:00:00Z") * 1000}-${daily[1]!.id}.xml`,
        `tools-2026-04-10-2026-04-10-from-${Date.parse("2026-04-10T12:00:00Z") * 1000 + 1}-${busyStarts[1]}.xml`,
        `tools-2026-04-10-2026-04-10-from-${Date.parse("2026-04-10T12:00:00Z") * 1000}-${daily[0]!.id}.xml`,
        "tools-2026-04-10-2026-04-10-from-99999999999999999-t1.xml",
        "tools-2026-04-10-2026-04-10-1.xml",
        "tools-1.xml",
        "1.xml",
        "pages",
        "tags-1.xml",
        "tags-from-.xml",
        "tags-from-no-such-tag.xml",
        `tags-from-${"a".repeat(201)}.xml`,
      ]) {
        expect(await findSitemapPart(app.services, wrong, site), wrong).toBeNull();
      }
    });

    it("pages the tags and the searches in their own parts", async () => {
      await insertTools(database.db, 3, new Date("2026-04-01T00:00:00Z"), { tags: ["alpha", "beta"] });
      await insertTools(database.db, 2, new Date("2026-03-01T00:00:00Z"), { tags: ["gamma", "delta", "epsilon"] });
      await database.db.insert(searches).values([
        { text: "seven", count: 7, resultCount: 1, visitors: 9 },
        { text: "three-a", count: 3, resultCount: 1, visitors: 5 },
        { text: "three-c", count: 3, resultCount: 1, visitors: 5 },
        { text: "three-b", count: 3, resultCount: 1, visitors: 5 },
        { text: "one-b", count: 1, resultCount: 1, visitors: 3 },
      ]);
      const site = { siteUrl: SITE, limit: 2 };
      const parts = texts(await buildSitemapIndex(app.services, site), "loc").map((loc) =>
        new URL(loc).pathname.replace("/sitemaps/", ""),
      );
      expect(parts.filter((part) => part.startsWith("tags-"))).toEqual([
        "tags-from-alpha.xml",
        "tags-from-delta.xml",
        "tags-from-gamma.xml",
      ]);
      const tags = [];
      for (const part of ["tags-from-alpha.xml", "tags-from-delta.xml", "tags-from-gamma.xml"])
        tags.push(...texts((await findSitemapPart(app.services, part, site))!, "loc"));
      expect(tags).toEqual(["alpha", "beta", "delta", "epsilon", "gamma"].map((tag) => `${SITE}/tag/${tag}`));
      // A part starts at a tag live tools carry: from any other text it is no part, so there are no more names than tags.
      for (const wrong of ["tags-from-b.xml", "tags-from-alphabet.xml"])
        expect(await findSitemapPart(app.services, wrong, site), wrong).toBeNull();
      const searched = texts((await findSitemapPart(app.services, "searches.xml", { siteUrl: SITE }))!, "loc");
      expect(searched).toEqual(
        ["seven", "three-a", "three-b", "three-c", "one-b"].map((text) => `${SITE}/search/${text}`),
      );
    });

    it("lists the profiles that show a live tool, and only those", async () => {
      await insertUser(database.db, { username: "Shown Maker" });
      await insertUser(database.db, { username: "Claim Waiting" });
      await insertUser(database.db, { username: "No Tools" });
      await insertTool(database.db, { creatorUsername: "shown-maker", isLinkedToCreator: true });
      await insertTool(database.db, { creatorUsername: "claim-waiting", hasBeenClaimed: true });
      await insertTool(database.db, { creatorUsername: "no-tools", isVerified: false });
      const locs = (await sitemapLocs(app.request)).filter((loc) => loc.includes("/profile/"));
      expect(locs).toEqual([`${SITE}/profile/shown-maker`]);
    });

    it("keeps the index and the parts like pages: built once, until a write drops them; a bad name is a 404", async () => {
      await insertTool(database.db, { name: "First" });
      expect((await app.request("/sitemap.xml")).headers.get("x-cache")).toBe("miss");
      expect((await app.request("/sitemap.xml")).headers.get("x-cache")).toBe("hit");
      const part = texts(await (await app.request("/sitemap.xml")).text(), "loc")
        .map((loc) => new URL(loc).pathname)
        .find((path) => path.includes("/tools-"))!;
      expect((await app.request(part)).headers.get("x-cache")).toBe("miss");
      expect((await app.request(part)).headers.get("x-cache")).toBe("hit");
      const second = await insertTool(database.db, { name: "Second" });
      const again = await app.request(part);
      expect(again.headers.get("x-cache")).toBe("miss");
      expect(await again.text()).toContain(second.slug);
      for (const path of ["/sitemaps/2.xml", "/sitemaps/tools.xml", "/sitemaps/one.xml", "/sitemaps/pages.txt"]) {
        const response = await app.request(path);
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).toBe("No such sitemap file");
      }
    });

    it("builds a missing part once however many ask for it at the same time", async () => {
      await insertTools(database.db, 30);
      let reads = 0;
      const original = app.services.feeds.listCategorySlugs;
      app.services.feeds.listCategorySlugs = async () => {
        reads++;
        return original();
      };
      try {
        const answers = await Promise.all(Array.from({ length: 8 }, () => app.request("/sitemaps/pages.xml")));
        expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
        expect(reads).toBe(1);
      } finally {
        app.services.feeds.listCategorySlugs = original;
      }
    });
  });

  describe("RSS", () => {
    it("lists the newest verified live tools, newest first, with hostile text escaped", async () => {
      const design = await insertCategory(database.db, { label: "Design & UX" });
      const older = await insertTool(database.db, { name: "Older", verifiedAt: new Date("2026-03-01T10:00:00Z") });
      const hostile = await insertTool(database.db, {
        name: `<script>alert("x")</script> & Co`,
        shortDesc: "Fast & <b>bold</b>",
        categories: [design.id],
        verifiedAt: new Date("2026-03-03T10:00:00Z"),
      });
      const middle = await insertTool(database.db, { name: "Middle", verifiedAt: new Date("2026-03-02T10:00:00Z") });
      await insertTool(database.db, { name: "Waiting", isVerified: false });
      await insertTool(database.db, {
        name: "Switched off",
        isActive: false,
        verifiedAt: new Date("2026-04-01T00:00:00Z"),
      });

      const response = await app.request("/rss.xml");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
      const rss = await response.text();
      expectWellFormedXml(rss);
      expect(rss).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">');
      expect(rss).toContain("<title>Indie Tools: new tools</title>");
      expect(rss).toContain(`<link>${SITE}/</link>`);
      expect(rss).toContain(`<atom:link href="${SITE}/rss.xml" rel="self" type="application/rss+xml"/>`);
      expect(rss).toContain("<lastBuildDate>Tue, 03 Mar 2026 10:00:00 GMT</lastBuildDate>");
      expect(rss).not.toContain("<script>");
      expect(rss).not.toContain("Waiting");
      expect(rss).not.toContain("Switched off");

      const entries = items(rss);
      expect(entries.map((entry) => texts(entry, "title")[0])).toEqual([hostile.name, middle.name, older.name]);
      const first = entries[0]!;
      expect(first).toContain("<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</title>");
      expect(first).toContain(`<link>${SITE}/tool/${hostile.slug}</link>`);
      expect(first).toContain(`<guid isPermaLink="true">${SITE}/tool/${hostile.slug}</guid>`);
      expect(first).toContain("<description>Fast &amp; &lt;b&gt;bold&lt;/b&gt;</description>");
      expect(first).toContain("<pubDate>Tue, 03 Mar 2026 10:00:00 GMT</pubDate>");
      expect(first).toContain("<category>Design &amp; UX</category>");
    });

    it("holds at most the 50 newest tools", async () => {
      await insertTools(database.db, 55, undefined, { verifiedAt: new Date("2026-01-01T00:00:00Z") });
      expect(items(await (await app.request("/rss.xml")).text())).toHaveLength(50);
    });

    it("has one feed per category holding only that category's tools", async () => {
      const design = await insertCategory(database.db, {
        label: "Design & UX",
        description: "Tools to draw <and> prototype",
      });
      const seo = await insertCategory(database.db, { label: "SEO" });
      await insertTool(database.db, {
        name: "Figma",
        categories: [seo.id, design.id],
        verifiedAt: new Date("2026-03-01T00:00:00Z"),
      });
      await insertTool(database.db, {
        name: "Penpot",
        categories: [design.id],
        verifiedAt: new Date("2026-03-02T00:00:00Z"),
      });
      await insertTool(database.db, {
        name: "Ahrefs",
        categories: [seo.id],
        verifiedAt: new Date("2026-03-03T00:00:00Z"),
      });
      await insertTool(database.db, { name: "Hidden design", categories: [design.id], isVerified: false });

      const response = await app.request(`/category/${design.slug}/rss.xml`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      const rss = await response.text();
      expectWellFormedXml(rss);
      expect(rss).toContain("<title>Indie Tools: new Design &amp; UX tools</title>");
      expect(rss).toContain(`<link>${SITE}/category/${design.slug}</link>`);
      expect(rss).toContain(
        `<atom:link href="${SITE}/category/${design.slug}/rss.xml" rel="self" type="application/rss+xml"/>`,
      );
      expect(rss).toContain("<description>Tools to draw &lt;and&gt; prototype</description>");
      expect(items(rss).map((entry) => texts(entry, "title")[0])).toEqual(["Penpot", "Figma"]);
      expect(items(rss)[1]).toContain("<category>SEO</category><category>Design &amp; UX</category>");
    });

    it("answers 404 with a short text for an unknown category", async () => {
      const response = await app.request("/category/no-such-category/rss.xml");
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("No category found with this slug");
    });

    it("is announced to browsers and readers by every page", async () => {
      const html = await (await app.request("/")).text();
      expect(html).toMatch(
        /<link [^>]*rel="alternate" type="application\/rss\+xml" title="New tools" href="\/rss.xml"\/>/,
      );
    });
  });

  describe("JSON Feed", () => {
    type Feed = JsonFeed & Record<string, unknown>;

    /** The fields JSON Feed 1.1 requires, and ours, with their types. */
    function expectValidJsonFeed(feed: Feed) {
      expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
      expect(typeof feed.title).toBe("string");
      expect(Array.isArray(feed.items)).toBe(true);
      for (const key of ["home_page_url", "feed_url"] as const) expect(URL.canParse(feed[key]), key).toBe(true);
      for (const item of feed.items) {
        expect(typeof item.id).toBe("string");
        expect(item.id.length).toBeGreaterThan(0);
        // An item has content_html or content_text (the specification's one requirement besides the id).
        expect(typeof item.content_text).toBe("string");
        expect(URL.canParse(item.url)).toBe(true);
        expect(new Date(item.date_published).toISOString()).toBe(item.date_published);
      }
      expect(new Set(feed.items.map((item) => item.id)).size).toBe(feed.items.length);
    }

    it("lists the newest verified live tools, as the RSS feed does, with hostile text kept as text", async () => {
      const design = await insertCategory(database.db, { label: "Design & UX" });
      await insertTool(database.db, { name: "Older", verifiedAt: new Date("2026-03-01T10:00:00Z") });
      const hostile = await insertTool(database.db, {
        name: `<script>alert("x")</script> & Co's "\\" \u2028`,
        shortDesc: "Fast & <b>bold</b>",
        categories: [design.id],
        verifiedAt: new Date("2026-03-03T10:00:00Z"),
      });
      await insertTool(database.db, { name: "Waiting", isVerified: false });
      await insertTool(database.db, {
        name: "Switched off",
        isActive: false,
        verifiedAt: new Date("2026-04-01T00:00:00Z"),
      });

      const response = await app.request("/feed.json");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
      const text = await response.text();
      const feed = JSON.parse(text) as Feed;
      expectValidJsonFeed(feed);
      expect(feed).toMatchObject({
        title: "Indie Tools: new tools",
        home_page_url: `${SITE}/`,
        feed_url: `${SITE}/feed.json`,
        language: "en",
      });
      expect(feed.items.map((item) => item.title)).toEqual([hostile.name, "Older"]);
      expect(feed.items[0]).toEqual({
        id: `${SITE}/tool/${hostile.slug}`,
        url: `${SITE}/tool/${hostile.slug}`,
        title: hostile.name,
        content_text: "Fast & <b>bold</b>",
        summary: "Fast & <b>bold</b>",
        date_published: "2026-03-03T10:00:00.000Z",
        tags: ["Design & UX"],
      });
      // No item says it holds HTML: a reader shows the text as text.
      expect(text).not.toContain("content_html");
      expect(feed.items[1]).not.toHaveProperty("tags");
    });

    it("holds at most the 50 newest tools, and is announced by every page beside the RSS feed", async () => {
      await insertTools(database.db, 55, undefined, { verifiedAt: new Date("2026-01-01T00:00:00Z") });
      expect((JSON.parse(await (await app.request("/feed.json")).text()) as Feed).items).toHaveLength(50);
      const html = await (await app.request("/")).text();
      expect(html).toMatch(
        /<link [^>]*rel="alternate" type="application\/feed\+json" title="New tools" href="\/feed.json"\/>/,
      );
    });

    it("answers 304 to a reader that has it, and changes when a tool goes live", async () => {
      // llms.txt lists the tools of each category.
      const category = await insertCategory(database.db, { label: "Design" });
      await insertTool(database.db, {
        name: "First",
        categories: [category.id],
        verifiedAt: new Date("2026-03-01T00:00:00Z"),
      });
      for (const path of ["/feed.json", "/rss.xml", "/llms.txt"]) {
        const first = await app.request(path);
        const tag = first.headers.get("etag");
        expect(tag, path).toBeTruthy();
        expect((await app.request(path, { headers: { "if-none-match": tag! } })).status, path).toBe(304);
      }
      const before = await Promise.all(
        ["/feed.json", "/rss.xml", "/llms.txt"].map(async (path) => (await app.request(path)).headers.get("etag")!),
      );
      await insertTool(database.db, {
        name: "Second",
        categories: [category.id],
        verifiedAt: new Date("2026-03-02T00:00:00Z"),
      });
      for (const [index, path] of ["/feed.json", "/rss.xml", "/llms.txt"].entries()) {
        const response = await app.request(path, { headers: { "if-none-match": before[index]! } });
        expect(response.status, path).toBe(200);
        expect(await response.text(), path).toContain("Second");
      }
    });
  });

  describe("feeds per category and per tag", () => {
    it("has a JSON Feed per category, holding only that category's live tools", async () => {
      const design = await insertCategory(database.db, {
        label: "Design & UX",
        description: "Tools to draw <and> prototype",
      });
      const seo = await insertCategory(database.db, { label: "SEO" });
      await insertTool(database.db, {
        name: "Figma",
        categories: [seo.id, design.id],
        verifiedAt: new Date("2026-03-01T00:00:00Z"),
      });
      await insertTool(database.db, {
        name: "Penpot",
        categories: [design.id],
        verifiedAt: new Date("2026-03-02T00:00:00Z"),
      });
      await insertTool(database.db, {
        name: "Ahrefs",
        categories: [seo.id],
        verifiedAt: new Date("2026-03-03T00:00:00Z"),
      });
      await insertTool(database.db, { name: "Hidden design", categories: [design.id], isVerified: false });

      const response = await app.request(`/category/${design.slug}/feed.json`);
      expect(response.status).toBe(200);
      const feed = JSON.parse(await response.text()) as JsonFeed;
      expect(feed).toMatchObject({
        title: "Indie Tools: new Design & UX tools",
        home_page_url: `${SITE}/category/${design.slug}`,
        feed_url: `${SITE}/category/${design.slug}/feed.json`,
        description: "Tools to draw <and> prototype",
      });
      expect(feed.items.map((item) => item.title)).toEqual(["Penpot", "Figma"]);
      expect(feed.items[1]!.tags).toEqual(["SEO", "Design & UX"]);
      expect((await app.request("/category/no-such-category/feed.json")).status).toBe(404);

      const html = await (await app.request(`/category/${design.slug}`)).text();
      expect(html).toContain(
        `type="application/feed+json" title="Design &amp; UX on Indie Tools" href="http://localhost:3000/category/${design.slug}/feed.json"`,
      );
    });

    it("has an RSS and a JSON Feed per tag, holding only the live tools that carry it", async () => {
      await insertTool(database.db, {
        name: `Notes <&> "quoted"`,
        tags: ["notes", "writing"],
        verifiedAt: new Date("2026-03-02T00:00:00Z"),
      });
      await insertTool(database.db, {
        name: "Older notes",
        tags: ["notes"],
        verifiedAt: new Date("2026-03-01T00:00:00Z"),
      });
      await insertTool(database.db, {
        name: "Writing only",
        tags: ["writing"],
        verifiedAt: new Date("2026-03-03T00:00:00Z"),
      });
      await insertTool(database.db, { name: "Waiting notes", tags: ["notes"], isVerified: false });
      await insertTool(database.db, {
        name: "Switched off notes",
        tags: ["notes"],
        isActive: false,
        verifiedAt: new Date("2026-03-04T00:00:00Z"),
      });

      const rssResponse = await app.request("/tag/notes/rss.xml");
      expect(rssResponse.status).toBe(200);
      expect(rssResponse.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      const rss = await rssResponse.text();
      expectWellFormedXml(rss);
      expect(rss).toContain("<title>Indie Tools: new tools tagged #notes</title>");
      expect(rss).toContain(`<link>${SITE}/tag/notes</link>`);
      expect(rss).toContain(`<atom:link href="${SITE}/tag/notes/rss.xml" rel="self" type="application/rss+xml"/>`);
      expect(items(rss).map((entry) => texts(entry, "title")[0])).toEqual([`Notes <&> "quoted"`, "Older notes"]);
      expect(rss).toContain("<title>Notes &lt;&amp;&gt; &quot;quoted&quot;</title>");

      const feed = JSON.parse(await (await app.request("/tag/notes/feed.json")).text()) as JsonFeed;
      expect(feed).toMatchObject({
        title: "Indie Tools: new tools tagged #notes",
        home_page_url: `${SITE}/tag/notes`,
        feed_url: `${SITE}/tag/notes/feed.json`,
      });
      expect(feed.items.map((item) => item.title)).toEqual([`Notes <&> "quoted"`, "Older notes"]);

      for (const path of ["/tag/no-such-tag/rss.xml", "/tag/no-such-tag/feed.json", "/tag/Not%20A%20Slug/rss.xml"]) {
        const response = await app.request(path);
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).toBe("No tool carries this tag");
      }

      const html = await (await app.request("/tag/notes")).text();
      expect(html).toContain(
        'type="application/rss+xml" title="#notes on Indie Tools" href="http://localhost:3000/tag/notes/rss.xml"',
      );
      expect(html).toContain(
        'type="application/feed+json" title="#notes on Indie Tools" href="http://localhost:3000/tag/notes/feed.json"',
      );
    });
  });

  describe("llms.txt", () => {
    it("gives the site, its sections and each category's newest tools as Markdown links, bounded per category", async () => {
      const design = await insertCategory(database.db, {
        label: "Design",
        description: "Tools to draw\nand prototype",
      });
      const empty = await insertCategory(database.db, { label: "Empty" });
      await insertTools(database.db, LLMS_TOOLS_PER_CATEGORY + 3, new Date("2026-02-01T00:00:00Z"), {
        categories: [design.id],
      });
      const hostile = await insertTool(database.db, {
        name: "Evil](https://evil.example) [x",
        shortDesc: "Line one\n## Not a heading",
        categories: [design.id],
        createdAt: new Date("2026-03-01T00:00:00Z"),
      });
      await insertTool(database.db, {
        name: "Waiting design",
        categories: [design.id],
        isVerified: false,
        createdAt: new Date("2026-03-02T00:00:00Z"),
      });
      // Its licence's kind and self-hosting follow its description (decision 060).
      const open = await insertTool(database.db, {
        name: "Penpot",
        shortDesc: "Design and prototyping.",
        categories: [design.id],
        licence: "MPL-2.0",
        licenceKind: "open-source",
        selfHostable: "confirmed",
        createdAt: new Date("2026-02-28T00:00:00Z"),
      });

      const response = await app.request("/llms.txt");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
      const text = await response.text();
      const lines = text.split("\n");
      // llmstxt.org: the H1 first, then a blockquote, then only H2 sections of link lists.
      expect(lines[0]).toBe("# Indie Tools");
      expect(lines.find((line) => line.startsWith("> "))).toContain(
        "hand-curated directory of tools for indie developers",
      );
      expect(lines.filter((line) => line.startsWith("#"))).toEqual([
        "# Indie Tools",
        "## Sections",
        "## Design",
        "## Empty",
        "## Optional",
      ]);
      const firstSection = lines.indexOf("## Sections");
      for (const line of lines.slice(firstSection))
        expect(line, line).toMatch(/^(|## .+|- \[.+\]\(https?:\/\/\S+\)(: .+)?)$/);
      expect(text).toContain(`- [All tools](${SITE}/tools): every live tool, newest first`);
      expect(text).toContain(`- [New tools (JSON Feed)](${SITE}/feed.json)`);

      const designSection = text.slice(text.indexOf("## Design"), text.indexOf("## Empty"));
      const links = designSection.split("\n").filter((line) => line.startsWith("- "));
      expect(links[0]).toBe(
        `- [All ${LLMS_TOOLS_PER_CATEGORY + 5} Design tools](${SITE}/category/${design.slug}): Tools to draw and prototype`,
      );
      // The newest first, at most LLMS_TOOLS_PER_CATEGORY, only live ones.
      expect(links).toHaveLength(1 + LLMS_TOOLS_PER_CATEGORY);
      expect(links[1]).toBe(
        `- [Evil\\](https://evil.example) \\[x](${SITE}/tool/${hostile.slug}): Line one \\#\\# Not a heading`,
      );
      expect(links[2]).toBe(
        `- [Penpot](${SITE}/tool/${open.slug}): Design and prototyping. (Open source, Self-hostable)`,
      );
      expect(text).not.toContain("Waiting design");
      expect(text).toContain(`## Empty\n\n- [All 0 Empty tools](${SITE}/category/${empty.slug}): About Empty\n`);
      expect(text).toContain(`- [Sitemap](${SITE}/sitemap.xml)`);
    });

    it("escapes every Markdown character of a maker's text: rendered with HTML on, nothing becomes markup", async () => {
      const category = await insertCategory(database.db, { label: "Design <b>#1</b>" });
      const tool = await insertTool(database.db, {
        name: "<script>alert('a')</script> a",
        shortDesc:
          "**bold** <img src=x onerror=alert(1)> ![i](https://evil.example/i.png) &lt; `code` [more](https://evil.example) | cell | ~~gone~~ _it_",
        categories: [category.id],
        verifiedAt: new Date("2026-03-01T00:00:00Z"),
      });
      const text = await (await app.request("/llms.txt")).text();
      expect(text).toContain(
        `- [\\<script\\>alert('a')\\</script\\> a](${SITE}/tool/${tool.slug}): \\*\\*bold\\*\\* \\<img src=x onerror=alert(1)\\>`,
      );
      const html = new MarkdownIt({ html: true, linkify: false }).render(text);
      expect(html).not.toMatch(/<(script|img|b|strong|em|code|del|table)\b/);
      expect(html).toContain("&lt;script&gt;alert('a')&lt;/script&gt; a");
      expect(html).toContain("&amp;lt;");
      const hrefs = [...html.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]!);
      expect(hrefs.length).toBeGreaterThan(5);
      for (const href of hrefs) expect(href.startsWith(SITE), href).toBe(true);
      expect(html).toContain("<h2>Design &lt;b&gt;#1&lt;/b&gt;</h2>");
    });
  });

  describe("query plans", () => {
    it("reads a sitemap part's tools as a range of tools_public_verified_idx", async () => {
      await insertTools(database.db, 300);
      await database.db.execute(sql`analyze tools`);
      for (const from of [null, { at: Date.parse("2025-12-31T12:00:00Z"), id: "tzzz" }]) {
        const text = await explainMainPlan(
          database.db,
          toolsListedBetweenQuery(database.db, "2025-12-31", "2025-12-31", { from, limit: 25_000 }),
        );
        expect(text).toContain("tools_public_verified_idx");
        expect(text).not.toMatch(/Sort|Seq Scan/);
        // A later part seeks to its first tool: the key is a condition of the index, not a filter of its rows.
        if (from) expect(text).toMatch(/Index Cond: .*ROW\(COALESCE\(verified_at, created_at\), id\) <= ROW/);
      }
      // Whether each has open-source alternatives: the kept counts of its categories and tags, by their key.
      await database.db.execute(
        sql`insert into facet_counts (scope, kind, value, count) select 'l:open-source', 't', 'filler-' || n, 1 + n % 5 from generate_series(1, 5000) n`,
      );
      await database.db.execute(sql`analyze facet_counts`);
      const all = await explainAll(
        database.db,
        toolsListedBetweenQuery(database.db, "2025-12-31", "2025-12-31", { from: null, limit: 25_000 }),
      );
      expect(all).toMatch(/Index Scan (using|on) facet_counts_scope_kind_value_pk/);
      expect(all).not.toMatch(/Seq Scan on facet_counts/);
    });

    it("reads the newest verified tools from tools_verified_at_idx", async () => {
      await insertTools(database.db, 300, undefined, { verifiedAt: new Date("2026-01-01T00:00:00Z") });
      await database.db.execute(sql`analyze tools`);
      const text = await explainMainPlan(database.db, newlyVerifiedToolsQuery(database.db, {}, 50));
      expect(text).toContain("tools_verified_at_idx");
      expect(text).not.toMatch(/Sort/);
    });

    it("reads a tag's newest verified tools through an index, never a scan of every tool", async () => {
      await insertTools(database.db, 300, undefined, {
        verifiedAt: new Date("2026-01-01T00:00:00Z"),
        tags: ["common"],
      });
      await insertTools(database.db, 5, new Date("2026-02-01T00:00:00Z"), {
        verifiedAt: new Date("2026-02-01T00:00:00Z"),
        tags: ["rare"],
      });
      await database.db.execute(sql`analyze tools`);
      for (const tag of ["common", "rare"]) {
        const text = await explainMainPlan(database.db, newlyVerifiedToolsQuery(database.db, { tag }, 50));
        expect(text, tag).toMatch(/tools_verified_at_idx|tools_tags_idx/);
        expect(text, tag).not.toMatch(/Seq Scan on tools/);
      }
    });
  });
});
