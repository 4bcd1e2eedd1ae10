import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "#common/constants.ts";
import { insertCategory, insertTool, insertTools } from "../factories.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, openTestDatabase } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";

describe.each(databaseKinds)("HTTP on %s", (kind) => {
  const { database, app } = useTestApp(kind, { NEWSLETTER_URL: "https://news.example.com/join" });
  beforeEach(() => database.reset());

  describe("GET /api/v1/tools", () => {
    it("pages through live tools with nextCursor until it is null", async () => {
      await insertTools(database.db, PAGE_SIZE * 2 + 3);
      await insertTool(database.db, { name: "Hidden", isVerified: false });
      const names: string[] = [];
      let next: string | null = "";
      let requests = 0;
      while (next !== null && requests < 10) {
        const response = await app.request(`/api/v1/tools${next ? `?cursor=${next}` : ""}`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as { items: { name: string }[]; nextCursor: string | null };
        names.push(...body.items.map((tool) => tool.name));
        next = body.nextCursor;
        requests++;
      }
      expect(requests).toBe(3);
      expect(names).toHaveLength(PAGE_SIZE * 2 + 3);
      expect(names).not.toContain("Hidden");
    });

    it.each([
      ["?cursor=garbage", "This page link is no longer valid"],
      ["?limit=0", "limit must be a number from 1 to 100"],
      ["?limit=1000", "limit must be a number from 1 to 100"],
      ["?limit=abc", "limit must be a number from 1 to 100"],
    ])("answers 400 with a message to %s", async (query, message) => {
      const response = await app.request(`/api/v1/tools${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid-argument", message } });
    });

    it("answers 404 in the API's error shape for an unknown endpoint", async () => {
      const response = await app.request("/api/v1/nothing-here");
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not-found", message: "No such API endpoint" } });
    });
  });

  describe("pages", () => {
    it("renders the home page on the server with featured and latest tools", async () => {
      const category = await insertCategory(database.db, { label: "Analytics and Data" });
      await insertTool(database.db, {
        name: "Boosted Tool",
        isHomeBoosted: true,
        website: "https://boosted.example.com/?plan=pro",
        categories: [category.id],
      });
      await insertTools(database.db, PAGE_SIZE + 5);
      await insertTool(database.db, { name: "Hidden Tool", isVerified: false });

      const response = await app.request("/");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      const html = await response.text();
      expect(html).toContain("The Best Tools for Indie Developers");
      expect(html).toContain("Featured tools");
      expect(html).toContain("Get featured!");
      expect(html).toContain("Boosted Tool");
      expect(html).toContain("https://boosted.example.com/?plan=pro&amp;ref=indietools");
      expect(html).toContain('href="/category/analytics-and-data"');
      expect(html).not.toContain("Hidden Tool");
      // The first page of the latest tools, and a link that pages on without JavaScript.
      expect(html.match(/data-testid="tool-card"/g)?.length).toBe(1 + PAGE_SIZE);
      expect(html).toMatch(/href="\/\?cursor=[^"]+#latest"/);
      expect(html).toContain('<link rel="canonical" href="http://localhost:3000/"/>');
      expect(html).toContain('"@type":"ItemList"');
      expect(html).toContain("Join our newsletter");
      expect(html).toContain("Have your website appear on Bing and ChatGPT in hours! Click here.");
      expect(html).toContain("© 2025");
    });

    it("lists every category in the footer, the first 10 then the rest", async () => {
      const labels = Array.from({ length: 17 }, (_, index) => `Category ${String(index).padStart(2, "0")}`);
      for (const label of labels) await insertCategory(database.db, { label });
      const html = await (await app.request("/")).text();
      for (const label of labels) expect(html).toContain(`>${label}</a>`);
      const first = html.indexOf(">Categories</h2>");
      const more = html.indexOf(">More categories</h2>");
      expect(first).toBeGreaterThan(0);
      expect(more).toBeGreaterThan(first);
      expect(html.indexOf(">Category 09</a>")).toBeLessThan(more);
      expect(html.indexOf(">Category 10</a>")).toBeGreaterThan(more);
      expect(html).toContain('href="/top-react-tools"');
    });

    it("pages on without JavaScript through ?cursor, and refuses a broken cursor", async () => {
      await insertTools(database.db, PAGE_SIZE + 2);
      const first = await (await app.request("/")).text();
      const next = /href="\/\?cursor=([^"#]+)#latest"/.exec(first)![1]!;
      const second = await app.request(`/?cursor=${next}`);
      expect(second.status).toBe(200);
      expect((await second.text()).match(/data-testid="tool-card"/g)?.length).toBe(2);
      expect((await app.request("/?cursor=broken")).status).toBe(400);
    });

    it("shows an empty state when there is no tool", async () => {
      const html = await (await app.request("/")).text();
      expect(html).toContain("No tools here yet.");
      expect(html).toContain("No tool is featured right now.");
    });

    it("answers an unknown path with a real 404 page", async () => {
      const response = await app.request("/no/such/page");
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Page not found");
      expect(html).toContain("Back to the home page");
    });

    it("redirects the search form to /search/{slug}, and an empty search back", async () => {
      const response = await app.request("/search?q=Email%20Marketing!", { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/search/email-marketing");
      const empty = await app.request("/search?q=%20%20", { redirect: "manual" });
      expect(empty.headers.get("location")).toBe("/");
    });

    it("sends security headers and a nonce'd script policy on a page rendered for one request", async () => {
      const response = await app.request("/login");
      expect(response.headers.get("x-cache")).toBe("bypass");
      const policy = response.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
      const html = await response.text();
      expect(html).toContain(`nonce="${nonce}"`);
      // Every script that runs carries the nonce; JSON-LD is data that never runs.
      expect(html).not.toMatch(/<script(?![^>]*nonce=)(?![^>]*type="application\/ld\+json")[^>]*>[^<]/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      // A browser's same-site form post must carry its real Origin (no-referrer would make it "null").
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    });

    it("allows a cached page's scripts by their hashes, the same for every visitor, and shares no nonce", async () => {
      const miss = await app.request("/");
      const hit = await app.request("/");
      expect([miss.headers.get("x-cache"), hit.headers.get("x-cache")]).toEqual(["miss", "hit"]);
      const policy = hit.headers.get("content-security-policy")!;
      expect(miss.headers.get("content-security-policy")).toBe(policy);
      expect(policy).not.toContain("'nonce-");
      const html = await hit.text();
      expect(html).not.toContain("nonce=");
      const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map(
        (match) => match[1]!,
      );
      expect(scripts.length).toBeGreaterThan(0);
      const hashes = scripts.map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`);
      expect(/script-src ([^;]*)/.exec(policy)![1]!.split(" ").sort()).toEqual(["'self'", ...hashes].sort());
      expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
    });
  });

  it("answers a server error with a 500 page that shows nothing of the error", async () => {
    const broken = await openTestDatabase(kind);
    const { request: brokenRequest } = await createTestApp(broken);
    await broken.close();
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      const response = await brokenRequest("/");
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("Something went wrong");
      expect(html).not.toMatch(/at [\w.]+ \(|node_modules|pglite|postgres|closed|ended/i);
      const health = await brokenRequest("/healthz");
      expect(health.status).toBe(503);
    } finally {
      process.stderr.write = stderr;
    }
  });

  it("answers the public JSON, the sitemap and the feeds with an ETag, and 304 when it still matches", async () => {
    await insertTool(database.db);
    for (const path of ["/api/v1/tools", "/sitemap.xml", "/rss.xml", "/robots.txt"]) {
      const first = await app.request(path, { headers: { "accept-encoding": "br" } });
      expect(first.status, path).toBe(200);
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^(W\/)?"[^"]+"$/);
      const again = await app.request(path, { headers: { "if-none-match": etag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe("");
    }
  });

  describe("health and static files", () => {
    it("answers /healthz when the database answers", async () => {
      const response = await app.request("/healthz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    });

    it("serves the favicon", async () => {
      const response = await app.request("/favicon.ico");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/image\/(x-icon|vnd.microsoft.icon)/);
    });

    it("serves hashed assets compressed, with immutable cache headers", async () => {
      const html = await (await app.request("/")).text();
      const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!;
      const response = await app.request(asset, { headers: { "accept-encoding": "br, gzip" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const gzip = await app.request(asset, { headers: { "accept-encoding": "gzip" } });
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
    });
  });
});
