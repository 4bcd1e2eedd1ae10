/**
 * The embeddable badges through the real app: the SVG (themes, views, featured, escaping, 404, ETag and what other
 * sites need to show it), the snippets /my-tools gives each maker for their live tools, and the visits a badge
 * brings, counted as their own source for the maker and the admin.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { tools, users } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { PERSON } from "../setup/agents.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { signUpPerson } from "../setup/people.ts";
import { createClient } from "../setup/forms.ts";
import { expectWellFormedXml, texts, unescapeXml } from "../setup/xml.ts";

const SITE = "http://localhost:3000";
const HOSTILE_SITE = `Tools <&> "Co's"`;

/** The text of an HTML fragment, without tags and React's text separators. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** The readonly textareas' values on a page, by id, unescaped as a browser reads them. */
function textareas(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, attributes, value] of html.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    expect(attributes).toContain("readOnly");
    found[/id="([^"]+)"/.exec(attributes!)![1]!] = value!
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  }
  return found;
}

describe.each(databaseKinds)("badges on %s", (kind) => {
  const { database, app } = useTestApp(kind, { SITE_NAME: HOSTILE_SITE });

  beforeEach(() => database.reset());

  describe("the image", () => {
    it("says a live tool is listed, in a small well-formed SVG that other sites may show", async () => {
      const tool = await insertTool(database.db, { name: `<script>alert("x")</script> & "Tom's"`, views: 1234 });
      const response = await app.request(`/badge/${tool.slug}.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=3600");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const svg = await response.text();
      expectWellFormedXml(svg, { declaration: false });
      expect(svg.length).toBeLessThan(2000);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="40" viewBox="0 0 \d+ 40"/);
      expect(svg).not.toContain("<script");
      expect(texts(svg, "title")).toEqual([`${tool.name} is listed on ${HOSTILE_SITE}`]);
      expect(texts(svg, "text")).toEqual(["LISTED ON", HOSTILE_SITE]);
      expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Tom&apos;s&quot;");
      // Light by default; the views only when asked for.
      expect(svg).toContain('fill="#ffffff"');
      expect(svg).not.toContain("1,234");
      // Pages elsewhere keep their own security headers: the app's default stays same-origin.
      expect((await app.request("/")).headers.get("cross-origin-resource-policy")).toBe("same-origin");
    });

    it("draws the dark theme, the views, and 'Featured on' for a featured tool, wider with more to say", async () => {
      const tool = await insertTool(database.db, { name: "Counter", views: 12_345, isHomeBoosted: true });
      const widthOf = (svg: string) => Number(/^<svg [^>]*width="(\d+)"/.exec(svg)![1]);
      const plain = await (await app.request(`/badge/${tool.slug}.svg`)).text();
      const dark = await (await app.request(`/badge/${tool.slug}.svg?theme=dark&views=1`)).text();
      expectWellFormedXml(dark, { declaration: false });
      expect(texts(plain, "text")).toEqual(["FEATURED ON", HOSTILE_SITE]);
      expect(texts(dark, "text")).toEqual(["FEATURED ON", HOSTILE_SITE, "VIEWS", "12.3k"]);
      expect(texts(dark, "title")).toEqual([`Counter is featured on ${HOSTILE_SITE}, 12,345 views`]);
      expect(dark).toContain('fill="#0f172a"');
      expect(dark).not.toContain('fill="#ffffff"');
      expect(widthOf(dark)).toBeGreaterThan(widthOf(plain));
      // Each text is given the width the badge measured for it.
      for (const match of dark.matchAll(/<text [^>]*textLength="(\d+)"[^>]*>([^<]*)<\/text>/g))
        expect(Number(match[1])).toBeGreaterThan(unescapeXml(match[2]!).length * 4);
    });

    it("answers 304 to a browser that has it, and a new image once the tool is featured or its views change", async () => {
      const tool = await insertTool(database.db, { name: "Counter", views: 5 });
      const path = `/badge/${tool.slug}.svg?views=1`;
      const first = await app.request(path);
      const tag = first.headers.get("etag")!;
      expect(tag).toBeTruthy();
      const again = await app.request(path, { headers: { "if-none-match": tag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=3600");

      await database.db.update(tools).set({ views: 6 }).where(eq(tools.id, tool.id));
      const counted = await app.request(path, { headers: { "if-none-match": tag } });
      expect(counted.status).toBe(200);
      expect(texts(await counted.text(), "text")).toContain("6");
      const countedTag = counted.headers.get("etag")!;

      await database.db.update(tools).set({ isHomeBoosted: true }).where(eq(tools.id, tool.id));
      const featured = await app.request(path, { headers: { "if-none-match": countedTag } });
      expect(featured.status).toBe(200);
      expect(texts(await featured.text(), "text")[0]).toBe("FEATURED ON");
    });

    it("answers 404 with an image saying so for an unknown slug or a tool that is not live", async () => {
      const waiting = await insertTool(database.db, { name: "Waiting", isVerified: false });
      const off = await insertTool(database.db, { name: "Switched off", isActive: false });
      for (const path of [
        "/badge/no-such-tool.svg",
        `/badge/${waiting.slug}.svg`,
        `/badge/${off.slug}.svg?views=1`,
        "/badge/Not%20A%20Slug.svg",
        `/badge/${off.slug}.png`,
      ]) {
        const response = await app.request(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("content-type"), path).toBe("image/svg+xml; charset=utf-8");
        expect(response.headers.get("cache-control"), path).toBe("public, max-age=60");
        const svg = await response.text();
        expectWellFormedXml(svg, { declaration: false });
        expect(texts(svg, "text"), path).toEqual(["NOT LISTED ON", HOSTILE_SITE]);
        expect(svg, path).not.toMatch(/Waiting|Switched off/);
      }
    });

    it("refuses options it does not know with a message", async () => {
      const tool = await insertTool(database.db);
      for (const [query, message] of [
        ["theme=blue", "The theme is light or dark"],
        ["views=yes", "views is 1 to show the views, or 0"],
        ["theme=dark&theme=light", "The theme is light or dark"],
      ]) {
        const response = await app.request(`/badge/${tool.slug}.svg?${query}`);
        expect(response.status, query).toBe(400);
        expect(((await response.json()) as { error: { message: string } }).error.message, query).toBe(message);
      }
    });
  });

  describe("the snippets on /my-tools", () => {
    const register = (username: string) => signUpPerson(app, database.db, username);

    it("gives the maker the HTML and Markdown of each live tool's badge, linking back with ref=badge, and none for the others", async () => {
      const maker = await register("Maker");
      const other = await register("Other");
      const mine = { submittedBy: maker.record.id, creatorUsername: maker.record.slug, isLinkedToCreator: true };
      const live = await insertTool(database.db, { ...mine, name: `Evil] <b>"x"</b> & Co` });
      const waiting = await insertTool(database.db, { ...mine, name: "Waiting", isVerified: false });
      const off = await insertTool(database.db, { ...mine, name: "Switched off", isActive: false });
      const theirs = await insertTool(database.db, {
        submittedBy: other.record.id,
        creatorUsername: other.record.slug,
        isLinkedToCreator: true,
        name: "Theirs",
      });

      const response = await maker.client.request("/my-tools");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html.match(/data-testid="badge-snippets"/g)).toHaveLength(1);
      expect(html).not.toContain("<b>");
      const image = `${SITE}/badge/${live.slug}.svg`;
      const link = `${SITE}/tool/${live.slug}?ref=badge`;
      expect(textareas(html)).toEqual({
        [`badge-html-${live.id}`]: `<a href="${link}"><img src="${image}" alt="Evil] &lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; Co on Tools &lt;&amp;&gt; &quot;Co&#39;s&quot;" height="40"></a>`,
        [`badge-markdown-${live.id}`]: `[![Evil\\] <b>"x"</b> & Co on ${HOSTILE_SITE}](${image})](${link})`,
      });
      // The previews are the badge itself, light and dark.
      expect(html).toContain(`src="/badge/${live.slug}.svg"`);
      expect(html).toContain(`src="/badge/${live.slug}.svg?theme=dark"`);
      for (const tool of [waiting, off, theirs]) expect(html).not.toContain(`/badge/${tool.slug}.svg`);

      // Another maker sees their own badge only; a visitor is sent to sign in.
      const theirPage = await (await other.client.request("/my-tools")).text();
      expect(Object.keys(textareas(theirPage))).toEqual([`badge-html-${theirs.id}`, `badge-markdown-${theirs.id}`]);
      const visitor = await createClient(app.request).request("/my-tools");
      expect(visitor.status).toBe(302);
    });

    it("counts the visits a badge brings as their own source, for the maker and for the admin", async () => {
      const maker = await register("Maker");
      const admin = await register("Admin");
      await database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.record.id));
      const tool = await insertTool(database.db, {
        name: "Counter",
        submittedBy: maker.record.id,
        creatorUsername: maker.record.slug,
        isLinkedToCreator: true,
      });

      const view = async (path: string, referrer: string | null) => {
        const response = await app.request("/api/event", {
          method: "POST",
          headers: { ...PERSON, "content-type": "text/plain" },
          body: JSON.stringify({ n: "pageview", u: `${SITE}${path}`, d: "localhost", r: referrer }),
        });
        expect(response.status).toBe(202);
      };
      // From badges on two sites, and one opened with no referrer: each is the badge; a plain link from a site is that site.
      await view(`/tool/${tool.slug}?ref=badge`, "https://blog.example.org/post");
      await view(`/tool/${tool.slug}?ref=badge`, "https://other.example.com/");
      await view(`/tool/${tool.slug}?ref=badge`, null);
      await view(`/tool/${tool.slug}`, "https://blog.example.org/post");
      // Another ref is no badge.
      await view(`/tool/${tool.slug}?ref=newsletter`, "https://mail.example.net/");
      await app.services.analytics.flush();

      const mine = textOf(
        /<section data-testid="tool-referrers"[\s\S]*?<\/section>/.exec(
          await (await maker.client.request("/my-tools?days=7")).text(),
        )![0],
      );
      expect(mine).toContain("A badge on another site 3");
      expect(mine).toContain("blog.example.org 1");
      expect(mine).toContain("mail.example.net 1");
      expect(mine).not.toContain("other.example.com");

      const site = textOf(
        /<section data-testid="top-referrers"[\s\S]*?<\/section>/.exec(
          await (await admin.client.request("/admin/analytics?days=7")).text(),
        )![0],
      );
      expect(site).toContain("A badge on another site 3");
      expect(site).toContain("blog.example.org 1");
    });
  });
});
