/** The list pages (/tools, /categories, /category/{slug}, /tags, /tag/{slug}) through the real app, as a browser without JavaScript sees them. */
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import { tools } from "#server/db/schema.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";

const SITE = "http://localhost:3000";

/** Undoes what HTML escaping does to an attribute or a text. */
function unescape(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** What a test reads from a rendered page. */
function readPage(html: string) {
  const attribute = (pattern: RegExp) => {
    const match = pattern.exec(html);
    return match ? unescape(match[1]!) : undefined;
  };
  const nextLink = /<a[^>]*rel="next"[^>]*>/.exec(html)?.[0];
  return {
    html,
    title: attribute(/<title>([^<]*)<\/title>/),
    description: attribute(/<meta name="description" content="([^"]*)"/),
    canonical: attribute(/<link rel="canonical" href="([^"]*)"/),
    /** The names of the tool cards, in page order. */
    toolNames: [...html.matchAll(/data-testid="tool-card"[\s\S]*?<a[^>]*href="\/tool\/[^"]+"[^>]*>([^<]+)<\/a>/g)].map(
      (match) => unescape(match[1]!),
    ),
    nextHref: nextLink ? unescape(/href="([^"]*)"/.exec(nextLink)![1]!) : undefined,
  };
}

describe.each(databaseKinds)("list pages on %s", (kind) => {
  const { database, app } = useTestApp(kind);
  beforeEach(() => database.reset());

  async function get(path: string) {
    const response = await app.request(path);
    return { status: response.status, ...readPage(await response.text()) };
  }

  /** Every tool name of a list, following its "Next page" links to the end. */
  async function followPages(path: string): Promise<{ names: string[]; pages: number }> {
    const names: string[] = [];
    let next: string | undefined = path;
    let pages = 0;
    while (next && pages < 50) {
      const page = await get(next);
      expect(page.status, next).toBe(200);
      names.push(...page.toolNames);
      next = page.nextHref;
      pages++;
    }
    return { names, pages };
  }

  async function setCounters(id: string, counters: { views?: number; clicks?: number }) {
    await database.db.update(tools).set(counters).where(eq(tools.id, id));
  }

  describe("/tools", () => {
    it("lists live tools newest first with its title, description and canonical address", async () => {
      await insertTool(database.db, { name: "Older", createdAt: new Date("2026-01-01T00:00:00Z") });
      await insertTool(database.db, { name: "Newer", createdAt: new Date("2026-01-02T00:00:00Z") });
      const page = await get("/tools");
      expect(page.status).toBe(200);
      expect(page.title).toBe("All tools | Indie Tools");
      expect(page.description).toMatch(/^Every tool in the directory, newest first\./);
      expect(page.canonical).toBe(`${SITE}/tools`);
      expect(page.html).toContain("<h1");
      expect(page.html).toContain(">All tools</h1>");
      expect(page.toolNames).toEqual(["Newer", "Older"]);
      expect(page.html).toContain('"@type":"ItemList"');
      expect(page.html).toContain(`"url":"${SITE}/tool/`);
    });

    it.each([
      ["newest", undefined],
      ["views", "views"],
      ["clicks", "clicks"],
    ] as const)("sorts by %s and pages through every live tool exactly once", async (sort, counter) => {
      const category = await insertCategory(database.db, { label: "Design" });
      // Each live tool with the value it is sorted by.
      const inserted: { id: string; name: string; key: number }[] = [];
      for (let index = 0; index < 13; index++) {
        const createdAt = new Date(Date.UTC(2026, 0, 1, 0, index));
        const tool = await insertTool(database.db, {
          name: `Tool ${sort} ${index}`,
          createdAt,
          categories: [category.id],
        });
        // Few distinct values, so many ties: the id must break them without a duplicate or a gap across pages.
        const count = (index * 7) % 4;
        if (counter) await setCounters(tool.id, { [counter]: count });
        inserted.push({ id: tool.id, name: tool.name, key: counter ? count : createdAt.getTime() });
      }
      const hidden = await insertTool(database.db, {
        name: "Hidden unverified",
        isVerified: false,
        categories: [category.id],
      });
      await setCounters(hidden.id, { views: 100, clicks: 100 });
      await insertTool(database.db, { name: "Hidden inactive", isActive: false, categories: [category.id] });

      const expected = [...inserted].sort((a, b) => b.key - a.key || (a.id < b.id ? 1 : -1)).map((tool) => tool.name);

      const query = sort === "newest" ? "?limit=5" : `?sort=${sort}&limit=5`;
      const { names, pages } = await followPages(`/tools${query}`);
      expect(pages).toBe(3);
      expect(names).toEqual(expected);
      expect(new Set(names).size).toBe(13);

      const first = await get(`/tools${query}`);
      // The next page keeps the sort and the page size; the canonical address is the plain list (decision 034).
      if (sort !== "newest") expect(first.nextHref).toContain(`sort=${sort}`);
      expect(first.nextHref).toContain("limit=5");
      const second = await get(first.nextHref!);
      expect(second.canonical).toBe(`${SITE}/tools`);
      expect(second.html).toContain("Back to the first page");
    });

    it("titles a sorted view after its order", async () => {
      await insertTool(database.db);
      const page = await get("/tools?sort=clicks");
      expect(page.title).toBe("All tools, most clicked first | Indie Tools");
      expect(page.html).toMatch(/<option value="clicks" selected="">/);
    });

    it("filters by category, tag and pricing, alone and together", async () => {
      const design = await insertCategory(database.db, { label: "Design" });
      const seo = await insertCategory(database.db, { label: "SEO" });
      await insertTool(database.db, {
        name: "Free design",
        categories: [design.id],
        tags: ["icons"],
        paymentType: "free",
      });
      await insertTool(database.db, {
        name: "Paid design",
        categories: [design.id],
        tags: ["icons", "ui-kit"],
        paymentType: "paid",
      });
      await insertTool(database.db, {
        name: "Free seo",
        categories: [seo.id],
        tags: ["keywords"],
        paymentType: "free",
      });
      await insertTool(database.db, {
        name: "Hidden design",
        categories: [design.id],
        tags: ["icons"],
        isVerified: false,
      });

      const sorted = async (path: string) => (await get(path)).toolNames.sort();
      expect(await sorted("/tools?category=design")).toEqual(["Free design", "Paid design"]);
      expect(await sorted("/tools?tag=icons")).toEqual(["Free design", "Paid design"]);
      expect(await sorted("/tools?tag=ui-kit")).toEqual(["Paid design"]);
      expect(await sorted("/tools?payment=free")).toEqual(["Free design", "Free seo"]);
      expect(await sorted("/tools?category=design&payment=free")).toEqual(["Free design"]);
      expect(await sorted("/tools?category=seo&tag=icons")).toEqual([]);
      // What an unset select sends without JavaScript: empty values mean no filter.
      expect(await sorted("/tools?sort=&category=&payment=")).toEqual(["Free design", "Free seo", "Paid design"]);

      const filtered = await get("/tools?payment=paid&sort=views&category=design&tag=icons");
      expect(filtered.title).toBe("Paid tools in Design tagged #icons, most viewed first | Indie Tools");
      expect(filtered.canonical).toBe(`${SITE}/tools`);
      expect(filtered.html).toContain('<meta name="robots" content="noindex"/>');
      expect(filtered.description).toContain("Paid tools in Design tagged #icons, most viewed first.");
      // The active tag is selected in the tag facet, with the number of tools it leaves.
      expect(filtered.html).toContain('<option value="icons" selected="">#icons (1)</option>');
    });

    it("pages a filtered list with its filters kept", async () => {
      const design = await insertCategory(database.db, { label: "Design" });
      for (let index = 0; index < 7; index++) {
        await insertTool(database.db, {
          name: `Design ${index}`,
          categories: [design.id],
          paymentType: "paid",
          createdAt: new Date(Date.UTC(2026, 0, 1, index)),
        });
        await insertTool(database.db, {
          name: `Other ${index}`,
          paymentType: "paid",
          createdAt: new Date(Date.UTC(2026, 0, 1, index, 30)),
        });
      }
      const { names, pages } = await followPages("/tools?category=design&payment=paid&limit=3");
      expect(pages).toBe(3);
      expect(names).toEqual(["Design 6", "Design 5", "Design 4", "Design 3", "Design 2", "Design 1", "Design 0"]);
    });

    it("shows the filter form as a plain GET form with every category", async () => {
      await insertCategory(database.db, { label: "Analytics and Data" });
      const page = await get("/tools");
      const form = /<form[^>]*aria-label="Filter tools"[^>]*>/.exec(page.html)![0];
      expect(form).toContain('method="get"');
      expect(form).toContain('action="/tools"');
      expect(page.html).toContain('<option value="analytics-and-data">Analytics and Data (0)</option>');
      expect(page.html).toContain('<option value="open-source">Open source (0)</option>');
      expect(page.html).toMatch(/<button type="submit"[^>]*>.*?Apply.*?<\/button>/);
    });

    it.each([
      ["?sort=random", "sort must be one of newest, views, clicks"],
      ["?payment=cheap", "payment must be one of free, freemium, paid, open-source"],
      ["?tag=Not%20A%20Tag", "tag must be a tag such as open-source"],
      ["?category=nowhere", "There is no category with the address &quot;nowhere&quot;"],
      ["?cursor=garbage", "This page link is no longer valid"],
      ["?limit=1000", "limit must be a number from 1 to 100"],
    ])("answers %s with a 400 page that says why", async (query, message) => {
      const page = await get(`/tools${query}`);
      expect(page.status).toBe(400);
      expect(page.html).toContain(message);
    });

    it("has empty states: no tool at all, and no tool matching the filters", async () => {
      const empty = await get("/tools");
      expect(empty.status).toBe(200);
      expect(empty.html).toContain("No tools here yet.");
      expect(empty.nextHref).toBeUndefined();

      await insertTool(database.db, { paymentType: "free" });
      const none = await get("/tools?payment=paid");
      expect(none.status).toBe(200);
      expect(none.toolNames).toEqual([]);
      expect(none.html).toContain("No tool matches these filters");
      expect(none.html).toMatch(/<a[^>]*href="\/tools"[^>]*>Clear the filters<\/a>/);
    });
  });

  describe("/categories", () => {
    it("lists every category with its colour, description and live tool count", async () => {
      const design = await insertCategory(database.db, {
        label: "Design",
        color: "#F9CCB4",
        description: "Tools to look good",
      });
      const seo = await insertCategory(database.db, { label: "SEO" });
      await insertTool(database.db, { categories: [design.id] });
      await insertTool(database.db, { categories: [design.id, seo.id] });
      await insertTool(database.db, { categories: [seo.id], isVerified: false });

      const page = await get("/categories");
      expect(page.status).toBe(200);
      expect(page.title).toBe("Categories | Indie Tools");
      expect(page.description).toMatch(/^Browse Indie Tools by category/);
      expect(page.canonical).toBe(`${SITE}/categories`);
      const cards = [...page.html.matchAll(/<a[^>]*data-testid="category-card"[^>]*>[\s\S]*?<\/a>/g)];
      expect(cards.map((card) => /href="([^"]+)"/.exec(card[0])![1])).toEqual(["/category/design", "/category/seo"]);
      expect(cards[0]![0]).toContain("2 tools");
      expect(cards[0]![0]).toContain("Tools to look good");
      expect(cards[0]![0]).toContain("background-color:#F9CCB4");
      expect(cards[1]![0]).toContain("1 tool<");
      expect(page.html).toContain(`"url":"${SITE}/category/design"`);
    });

    it("counts only live tools: a tool leaving the catalogue leaves the counts", async () => {
      const design = await insertCategory(database.db, { label: "Design" });
      const tool = await insertTool(database.db, { categories: [design.id], tags: ["icons"] });
      await insertTool(database.db, { categories: [design.id], tags: ["fonts"] });
      expect((await get("/categories")).html).toContain("2 tools");
      expect((await get("/tags")).html).toMatch(/#icons<span[^>]*>1/);

      await database.db.update(tools).set({ isActive: false }).where(eq(tools.id, tool.id));
      expect((await get("/categories")).html).toContain("1 tool<");
      const tags = await get("/tags");
      expect(tags.html).not.toContain("#icons");
      expect(tags.html).toContain("#fonts");
      expect((await get("/tag/icons")).status).toBe(404);
      expect((await get("/category/design")).toolNames).not.toContain(tool.name);

      // Verified again, it comes back everywhere.
      await database.db.update(tools).set({ isActive: true }).where(eq(tools.id, tool.id));
      expect((await get("/categories")).html).toContain("2 tools");
      expect((await get("/tag/icons")).toolNames).toEqual([tool.name]);
    });

    it("has an empty state", async () => {
      const page = await get("/categories");
      expect(page.status).toBe(200);
      expect(page.html).toContain("No categories yet.");
    });
  });

  describe("/category/{slug}", () => {
    it("shows the category, its featured tools first, then all of its live tools", async () => {
      const design = await insertCategory(database.db, {
        label: "Design",
        description: "Tools to look good",
        longDescription: "Read **this** <script>x</script>",
      });
      const other = await insertCategory(database.db, { label: "Other" });
      await insertTool(database.db, {
        name: "Plain design",
        categories: [design.id],
        createdAt: new Date("2026-01-03T00:00:00Z"),
      });
      await insertTool(database.db, {
        name: "Star design",
        categories: [design.id],
        isFeaturedCategory: true,
        createdAt: new Date("2026-01-01T00:00:00Z"),
      });
      await insertTool(database.db, { name: "Star elsewhere", categories: [other.id], isFeaturedCategory: true });
      await insertTool(database.db, {
        name: "Hidden star",
        categories: [design.id],
        isFeaturedCategory: true,
        isVerified: false,
      });

      const page = await get("/category/design");
      expect(page.status).toBe(200);
      expect(page.title).toBe("Design tools for indie developers | Indie Tools");
      expect(page.description).toBe("Tools to look good");
      expect(page.canonical).toBe(`${SITE}/category/design`);
      expect(page.html).toContain(
        '<link rel="alternate" type="application/rss+xml" title="Design on Indie Tools" href="http://localhost:3000/category/design/rss.xml"/>',
      );
      expect(page.html).toContain('"@type":"BreadcrumbList"');
      expect(page.html).toContain(`"item":"${SITE}/categories"`);
      expect(page.html).toContain("<strong>this</strong>");
      expect(page.html).not.toContain("<script>x</script>");

      const featured = page.html.indexOf("Featured in Design");
      const all = page.html.indexOf("All Design tools");
      expect(featured).toBeGreaterThan(0);
      expect(all).toBeGreaterThan(featured);
      expect(page.toolNames).toEqual(["Star design", "Plain design", "Star design"]);
      const firstStar = page.html.indexOf(">Star design<");
      expect(firstStar).toBeGreaterThan(featured);
      expect(firstStar).toBeLessThan(all);
      expect(page.html).not.toContain("Star elsewhere");
      expect(page.html).not.toContain("Hidden star");
    });

    it("pages newest first, with the featured section on the first page only", async () => {
      const design = await insertCategory(database.db, { label: "Design" });
      await insertTool(database.db, {
        name: "Star",
        categories: [design.id],
        isFeaturedCategory: true,
        createdAt: new Date("2025-01-01T00:00:00Z"),
      });
      for (let index = 0; index < PAGE_SIZE + 1; index++) {
        await insertTool(database.db, {
          name: `Design ${index}`,
          categories: [design.id],
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
        });
      }
      const first = await get("/category/design");
      expect(first.toolNames).toHaveLength(1 + PAGE_SIZE);
      expect(first.nextHref).toMatch(/^\/category\/design\?cursor=/);
      const second = await get(first.nextHref!);
      expect(second.status).toBe(200);
      expect(second.html).not.toContain("Featured in Design");
      expect(second.toolNames).toEqual(["Design 0", "Star"]);
      expect(second.canonical).toBe(`${SITE}/category/design`);
      expect(second.nextHref).toBeUndefined();
    });

    it("has an empty state", async () => {
      await insertCategory(database.db, { label: "Design" });
      const page = await get("/category/design");
      expect(page.status).toBe(200);
      expect(page.html).toContain("No tool in this category yet.");
      expect(page.html).not.toContain("Featured in Design");
    });

    it.each(["/category/nowhere", "/category/Not_A_Slug"])("answers %s with a 404 page", async (path) => {
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(page.html).toContain("No category found with this address");
      expect(page.title).toBe("Page not found | Indie Tools");
    });
  });

  describe("/tags", () => {
    it("lists the tags of live tools, most used first, with their counts", async () => {
      await insertTool(database.db, { tags: ["analytics", "privacy"] });
      await insertTool(database.db, { tags: ["analytics"] });
      await insertTool(database.db, { tags: ["hidden-only"], isVerified: false });
      const page = await get("/tags");
      expect(page.status).toBe(200);
      expect(page.title).toBe("Tags | Indie Tools");
      expect(page.description).toMatch(/^Every tag on Indie Tools/);
      expect(page.canonical).toBe(`${SITE}/tags`);
      const tags = [...page.html.matchAll(/href="\/tag\/([^"]+)"[^>]*>#[^<]+<span[^>]*>(\d+)/g)].map((match) => [
        match[1],
        Number(match[2]),
      ]);
      expect(tags).toEqual([
        ["analytics", 2],
        ["privacy", 1],
      ]);
      expect(page.html).not.toContain("hidden-only");
    });

    it("pages through many tags, each exactly once, in (count desc, tag asc) order", async () => {
      // 450 tags with counts 3, 2 and 1 (150 each): the pages of 200 cut inside a count.
      const values = Array.from(
        { length: 450 },
        (_, index) => sql`(${`tag-${String(index).padStart(3, "0")}`}, ${3 - (index % 3)})`,
      );
      await database.db.execute(sql`insert into tag_counts (tag, count) values ${sql.join(values, sql`, `)}`);
      const seen: string[] = [];
      let next: string | undefined = "/tags";
      let pages = 0;
      while (next && pages < 10) {
        const page = await get(next);
        expect(page.status).toBe(200);
        seen.push(...[...page.html.matchAll(/href="\/tag\/([^"]+)"/g)].map((match) => match[1]!));
        next = page.nextHref;
        pages++;
      }
      expect(pages).toBe(3);
      const expected = Array.from({ length: 450 }, (_, index) => ({
        tag: `tag-${String(index).padStart(3, "0")}`,
        count: 3 - (index % 3),
      }))
        .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1))
        .map((row) => row.tag);
      expect(seen).toEqual(expected);
    });

    it("has an empty state, and refuses a broken cursor", async () => {
      const page = await get("/tags");
      expect(page.status).toBe(200);
      expect(page.html).toContain("No tags yet.");
      expect((await get("/tags?cursor=nope")).status).toBe(400);
    });
  });

  describe("/tag/{slug}", () => {
    it("shows the tag, its count and its live tools newest first", async () => {
      await insertTool(database.db, { name: "Older", tags: ["privacy"], createdAt: new Date("2026-01-01T00:00:00Z") });
      await insertTool(database.db, {
        name: "Newer",
        tags: ["privacy", "analytics"],
        createdAt: new Date("2026-01-02T00:00:00Z"),
      });
      await insertTool(database.db, { name: "Untagged" });
      await insertTool(database.db, { name: "Hidden", tags: ["privacy"], isActive: false });

      const page = await get("/tag/privacy");
      expect(page.status).toBe(200);
      expect(page.title).toBe("Tools tagged #privacy | Indie Tools");
      expect(page.description).toMatch(/^2 hand-picked tools for indie developers and solopreneurs tagged #privacy/);
      expect(page.canonical).toBe(`${SITE}/tag/privacy`);
      expect(page.html).toContain(">#privacy</h1>");
      expect(page.html).toContain("2 tools");
      expect(page.toolNames).toEqual(["Newer", "Older"]);
      expect(page.html).toContain('"@type":"BreadcrumbList"');
      expect(page.html).toContain(`"item":"${SITE}/tags"`);
      expect(page.html).toContain('"@type":"ItemList"');
    });

    it("pages through its tools", async () => {
      for (let index = 0; index < 5; index++) {
        await insertTool(database.db, {
          name: `Tagged ${index}`,
          tags: ["seo"],
          createdAt: new Date(Date.UTC(2026, 0, 1, index)),
        });
      }
      const { names, pages } = await followPages("/tag/seo?limit=2");
      expect(pages).toBe(3);
      expect(names).toEqual(["Tagged 4", "Tagged 3", "Tagged 2", "Tagged 1", "Tagged 0"]);
    });

    it.each(["/tag/nothing", "/tag/Bad_Tag"])("answers %s with a 404 page", async (path) => {
      await insertTool(database.db, { tags: ["hidden-tag"], isVerified: false });
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(page.html).toContain("No tool carries this tag");
    });

    it("answers 404 for a tag only hidden tools carry", async () => {
      await insertTool(database.db, { tags: ["hidden-tag"], isVerified: false });
      const page = await get("/tag/hidden-tag");
      expect(page.status).toBe(404);
      expect(page.html).toContain("No tool carries this tag");
    });
  });
});
