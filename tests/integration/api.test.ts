/** The public read API (/api/v1): its filters and refusals, live tools only, ETags, cross-origin reads, and its reference page. */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { tools, users } from "#server/db/schema.ts";
import { insertCategory, insertTool, insertTools, insertUser } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";

type Card = { id: string; name: string; slug: string };
type List<Item = Card> = { items: Item[]; nextCursor: string | null };

const CARD_KEYS = [
  "categories",
  "id",
  "isHomeBoosted",
  "isSelfHostable",
  "licenceKind",
  "likes",
  "logo",
  "name",
  "shortDesc",
  "slug",
  "website",
];
const TOOL_KEYS = [
  ...CARD_KEYS,
  "clicks",
  "cons",
  "createdAt",
  "creator",
  "faq",
  "isClaimable",
  "isLicenceSetByAdmin",
  "largeImage",
  "licence",
  "longDesc",
  "longDescHtml",
  "paymentType",
  "pros",
  "rating",
  "tags",
  "updatedAt",
  "verifiedAt",
  "views",
].sort();

describe.each(databaseKinds)("the public API on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  async function get<Body = List>(
    path: string,
    init?: RequestInit,
  ): Promise<{ status: number; body: Body; headers: Headers }> {
    const response = await app.request(path, init);
    return { status: response.status, body: (await response.json()) as Body, headers: response.headers };
  }
  const names = (list: List) => list.items.map((item) => item.name);

  /** A small catalogue: two categories, tags, pricing, a featured tool, a counted one, and tools that are not live. */
  async function seed() {
    const design = await insertCategory(database.db, { label: "Design" });
    const analytics = await insertCategory(database.db, { label: "Analytics" });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await insertTool(database.db, {
      name: "Figment",
      categories: [design.id],
      tags: ["mockups"],
      paymentType: "paid",
      createdAt: day(1),
    });
    await insertTool(database.db, {
      name: "Plausible",
      categories: [analytics.id],
      tags: ["open-source", "privacy"],
      paymentType: "open-source",
      isHomeBoosted: true,
      createdAt: day(2),
    });
    await insertTool(database.db, {
      name: "Counter",
      categories: [analytics.id],
      tags: ["privacy"],
      paymentType: "free",
      views: 50,
      clicks: 5,
      createdAt: day(3),
    });
    await insertTool(database.db, {
      name: "Waiting analytics",
      categories: [analytics.id],
      tags: ["privacy"],
      isVerified: false,
      createdAt: day(4),
    });
    await insertTool(database.db, {
      name: "Switched off analytics",
      categories: [analytics.id],
      tags: ["privacy"],
      isActive: false,
      createdAt: day(5),
    });
    return { design, analytics };
  }

  describe("GET /api/v1/tools", () => {
    it("finds with q what the search finds, stems and descriptions included, in the list's own order", async () => {
      await seed();
      await insertTool(database.db, {
        name: "Team Notes",
        shortDesc: "Shared notes for small teams",
        createdAt: new Date(Date.UTC(2026, 0, 6)),
      });
      await insertTool(database.db, {
        name: "Jotter",
        shortDesc: "Take a note in a second",
        createdAt: new Date(Date.UTC(2026, 0, 7)),
        views: 90,
      });
      const searched = names((await get("/api/v1/search?q=note")).body);
      expect(searched.toSorted()).toEqual(["Jotter", "Team Notes"]);
      expect(names((await get("/api/v1/tools?q=note")).body)).toEqual(["Jotter", "Team Notes"]);
      expect(names((await get("/api/v1/tools?q=note&sort=name")).body)).toEqual(["Jotter", "Team Notes"]);
      expect(names((await get("/api/v1/tools?q=zzqxvy")).body)).toEqual([]);
    });

    it("lists live tools only, newest first, in the list shape", async () => {
      await seed();
      const { status, body } = await get("/api/v1/tools");
      expect(status).toBe(200);
      expect(names(body)).toEqual(["Counter", "Plausible", "Figment"]);
      expect(body.nextCursor).toBeNull();
      expect(Object.keys(body.items[0]!).sort()).toEqual(CARD_KEYS);
    });

    it.each([
      ["category=analytics", ["Counter", "Plausible"]],
      ["tag=privacy", ["Counter", "Plausible"]],
      ["pricing=paid", ["Figment"]],
      ["featured=true", ["Plausible"]],
      ["featured=false", ["Counter", "Figment"]],
      ["q=plausible", ["Plausible"]],
      ["q=Open%20Source", ["Plausible"]],
      // What the search finds, typos forgiven.
      ["q=plausibel", ["Plausible"]],
      ["sort=views", ["Counter", "Plausible", "Figment"]],
      ["sort=name", ["Counter", "Figment", "Plausible"]],
      ["category=analytics&tag=privacy&pricing=free&sort=clicks", ["Counter"]],
      ["category=design&featured=true", []],
    ])("filters by %s", async (query, expected) => {
      await seed();
      const { status, body } = await get(`/api/v1/tools?${query}`);
      expect(status).toBe(200);
      expect(names(body)).toEqual(expected);
    });

    it("pages by cursor under every sort and filter, each tool once", async () => {
      const category = await insertCategory(database.db, { label: "Design" });
      await insertTools(database.db, 25, new Date("2026-01-01T00:00:00Z"), {
        categories: [category.id],
        tags: ["mockups"],
      });
      await database.db.update(tools).set({ views: 7 });
      for (const query of [
        "sort=newest",
        "sort=views&category=design",
        "tag=mockups&sort=clicks",
        "sort=name&category=design",
      ]) {
        const seen: string[] = [];
        let cursor: string | null = "";
        for (let pages = 0; cursor !== null && pages < 10; pages++) {
          const { body }: { body: List } = await get(
            `/api/v1/tools?${query}&limit=10${cursor ? `&cursor=${cursor}` : ""}`,
          );
          seen.push(...body.items.map((item) => item.id));
          cursor = body.nextCursor;
        }
        expect(seen, query).toHaveLength(25);
        expect(new Set(seen).size, query).toBe(25);
      }
    });

    it.each([
      ["colour=red", "Unknown query parameter: colour. See /api/docs for the parameters of each endpoint"],
      ["category=nothing-here", "category must be the address of a category, such as design (see /api/v1/categories)"],
      [
        "category=Not%20A%20Slug",
        "category must be the address of a category, such as design (see /api/v1/categories)",
      ],
      ["tag=no-tool-has-it", "tag must be a tag that live tools carry, such as open-source (see /api/v1/tags)"],
      ["pricing=cheap", "pricing must be one of free, freemium, paid, open-source"],
      ["sort=title", "sort must be one of newest, views, clicks, verified, name, likes, trending, rising"],
      ["featured=yes", "featured must be true or false"],
      ["q=%21%3F", "q must hold at least one word of letters or digits, at most 80 characters"],
      ["cursor=garbage", "This page link is no longer valid"],
      // A cursor of another order: by name its key is a text, by date a number.
      ["sort=name&cursor=1767225600000.tabc", "This page link is no longer valid"],
      ["sort=views&cursor=tYWJj.tabc", "This page link is no longer valid"],
      ["limit=0", "limit must be a number from 1 to 100"],
      ["sort=views&sort=clicks", "Give sort once"],
    ])("refuses %s with a 400 and a message", async (query, message) => {
      await seed();
      const { status, body, headers } = await get(`/api/v1/tools?${query}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: { code: "invalid-argument", message } });
      // A refusal is readable from another origin too.
      expect(headers.get("access-control-allow-origin")).toBe("*");
    });

    it("refuses a tag that only tools not live carry", async () => {
      await insertTool(database.db, { name: "Waiting", tags: ["secret-tag"], isVerified: false });
      expect((await get("/api/v1/tools?tag=secret-tag")).status).toBe(400);
    });
  });

  describe("one tool", () => {
    it("answers a live tool by id and by slug, with its public fields only", async () => {
      const maker = await insertUser(database.db, { username: "Ada", email: "ada.private@example.org" });
      const tool = await insertTool(database.db, {
        name: "Plausible",
        submittedBy: maker.id,
        longDesc: "**Simple** <script>x</script>",
      });
      await database.db
        .update(tools)
        .set({ creatorUsername: maker.slug, isLinkedToCreator: true })
        .where(eq(tools.id, tool.id));
      const byId = await get<Record<string, unknown>>(`/api/v1/tools/${tool.id}`);
      const bySlug = await get<Record<string, unknown>>(`/api/v1/tools/by-slug/${tool.slug}`);
      expect(byId.status).toBe(200);
      expect(bySlug.body).toEqual(byId.body);
      expect(Object.keys(byId.body).sort()).toEqual(TOOL_KEYS);
      expect(byId.body).toMatchObject({ name: "Plausible", creator: { username: "Ada", slug: maker.slug } });
      expect(byId.body.longDescHtml).not.toContain("<script");
      expect(JSON.stringify(byId.body)).not.toContain("ada.private@example.org");
      expect(JSON.stringify(byId.body)).not.toContain(maker.id);
    });

    it("answers 404 for a tool that is not live, and for an id or slug that cannot be one", async () => {
      const waiting = await insertTool(database.db, { name: "Waiting", isVerified: false });
      const off = await insertTool(database.db, { name: "Off", isActive: false });
      for (const [path, message] of [
        [`/api/v1/tools/${waiting.id}`, "No tool found with this ID"],
        [`/api/v1/tools/${off.id}/related`, "No tool found with this ID"],
        [`/api/v1/tools/by-slug/${waiting.slug}`, "No tool found with this slug"],
        ["/api/v1/tools/not-an-id", "No tool found with this ID"],
        ["/api/v1/tools/by-slug/Not%20a%20slug", "No tool found with this slug"],
      ]) {
        const { status, body } = await get(path!);
        expect({ path, status, body }).toEqual({ path, status: 404, body: { error: { code: "not-found", message } } });
      }
    });

    it("keeps /tools/{id}/related as the tool page reads it", async () => {
      const category = await insertCategory(database.db, { label: "Design" });
      const tool = await insertTool(database.db, { name: "Figment", categories: [category.id], views: 9 });
      await insertTool(database.db, { name: "Sketchy", categories: [category.id] });
      const { status, body } = await get<{ stats: unknown; suggested: Card[] }>(`/api/v1/tools/${tool.id}/related`);
      expect(status).toBe(200);
      expect(body.stats).toEqual({ views: 9, clicks: 0, rating: { count: 0, average: null, counts: [0, 0, 0, 0, 0] } });
      expect(body.suggested.map((card) => card.name)).toEqual(["Sketchy"]);
    });
  });

  describe("catalogue", () => {
    it("lists categories with their live tools' count, tags by use, and the top-lists", async () => {
      await seed();
      const categories = await get<List<{ label: string; toolCount: number }>>("/api/v1/categories");
      expect(categories.body.items.map(({ label, toolCount }) => ({ label, toolCount }))).toEqual([
        { label: "Analytics", toolCount: 2 },
        { label: "Design", toolCount: 1 },
      ]);
      expect(categories.body.nextCursor).toBeNull();
      const tags = await get<List<{ tag: string; count: number }>>("/api/v1/tags?limit=2");
      expect(tags.body.items).toEqual([
        { tag: "privacy", count: 2 },
        { tag: "mockups", count: 1 },
      ]);
      const rest = await get<List<{ tag: string }>>(`/api/v1/tags?limit=2&cursor=${tags.body.nextCursor}`);
      expect(rest.body).toEqual({ items: [{ tag: "open-source", count: 1 }], nextCursor: null });
      const topLists = await get<List<{ path: string; search: string }>>("/api/v1/top-lists");
      expect(topLists.body.items.length).toBeGreaterThan(0);
      expect(topLists.body.items).toContainEqual(
        expect.objectContaining({ path: "/top-react-tools", search: expect.any(String) }),
      );
    });

    it("searches live tools by relevance, with paging and a typo forgiven", async () => {
      await seed();
      expect(names((await get("/api/v1/search?q=Plausible")).body)).toEqual(["Plausible"]);
      expect(names((await get("/api/v1/search?q=plausibel")).body)).toEqual(["Plausible"]);
      const first = (await get("/api/v1/search?q=privacy&limit=1")).body;
      const second = (await get(`/api/v1/search?q=privacy&limit=1&cursor=${first.nextCursor}`)).body;
      expect([...names(first), ...names(second)].sort()).toEqual(["Counter", "Plausible"]);
      expect(second.nextCursor).toBeNull();
      const missing = await get("/api/v1/search");
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        error: {
          code: "invalid-argument",
          message: "q must hold at least one word of letters or digits, at most 80 characters",
        },
      });
    });

    it("refuses a parameter an endpoint does not read", async () => {
      for (const path of ["/api/v1/categories?cursor=x", "/api/v1/top-lists?limit=1", "/api/v1/tags?sort=name"]) {
        const { status, body } = await get(path);
        expect({ path, status }).toEqual({ path, status: 400 });
        expect(body).toMatchObject({
          error: { code: "invalid-argument", message: expect.stringContaining("Unknown query parameter") },
        });
      }
    });
  });

  describe("HTTP", () => {
    it("gives every GET an ETag and a 304 that other origins may read", async () => {
      const { analytics } = await seed();
      const [tool] = await database.db.select().from(tools).where(eq(tools.name, "Plausible"));
      const paths = [
        "/api/v1/tools?category=analytics",
        `/api/v1/tools/${tool!.id}`,
        `/api/v1/tools/by-slug/${tool!.slug}`,
        `/api/v1/tools/${tool!.id}/related`,
        "/api/v1/search?q=privacy",
        "/api/v1/categories",
        "/api/v1/tags",
        "/api/v1/top-lists",
        "/api/v1/openapi.json",
      ];
      for (const path of paths) {
        const first = await app.request(path, { headers: { origin: "https://other.example" } });
        expect(first.status, path).toBe(200);
        expect(first.headers.get("access-control-allow-origin"), path).toBe("*");
        expect(first.headers.get("access-control-allow-credentials"), path).toBeNull();
        expect(first.headers.get("access-control-expose-headers"), path).toContain("ETag");
        expect(first.headers.get("cache-control"), path).toBe("public, max-age=30");
        const etag = first.headers.get("etag")!;
        expect(etag, path).toMatch(/^(W\/)?"[^"]+"$/);
        const again = await app.request(path, { headers: { "if-none-match": etag, origin: "https://other.example" } });
        expect(again.status, path).toBe(304);
        expect(again.headers.get("access-control-allow-origin"), path).toBe("*");
      }
      // A write changes the answer, and so its ETag.
      const before = (await app.request("/api/v1/categories")).headers.get("etag");
      await insertTool(database.db, { name: "Another", categories: [analytics.id] });
      expect((await app.request("/api/v1/categories")).headers.get("etag")).not.toBe(before);
    });

    it("grants a preflight for a read, and none for the favourites or uploads", async () => {
      const preflight = (path: string, method: string) =>
        app.request(path, {
          method: "OPTIONS",
          headers: { origin: "https://other.example", "access-control-request-method": method },
        });
      const read = await preflight("/api/v1/tools", "GET");
      expect(read.status).toBe(204);
      expect(read.headers.get("access-control-allow-origin")).toBe("*");
      expect(read.headers.get("access-control-allow-methods")).toBe("GET, HEAD");
      expect(read.headers.get("access-control-allow-headers")).toContain("If-None-Match");
      for (const [path, method] of [
        ["/api/v1/tools/tabc/favorite", "POST"],
        ["/api/v1/tools/tabc/favorite", "DELETE"],
        ["/api/v1/tools/tabc/images/logo", "POST"],
      ]) {
        const refused = await preflight(path!, method!);
        expect(refused.headers.get("access-control-allow-origin"), `${method} ${path}`).toBeNull();
        expect(refused.headers.get("access-control-allow-methods"), `${method} ${path}`).toBeNull();
      }
    });

    it("reads no session for a GET: a signed-in person's read sets no cookie, while a favourite still needs the session", async () => {
      const tool = await insertTool(database.db, { name: "Plausible" });
      const client = createClient(app.request);
      expect(
        (await client.postSolved("/register", { username: "Ada", email: "ada@example.com", password: "long-enough" }))
          .status,
      ).toBe(302);
      const read = await client.request("/api/v1/tools");
      expect(read.headers.get("set-cookie")).toBeNull();
      expect(read.headers.get("access-control-allow-origin")).toBe("*");
      const added = await client.request(`/api/v1/tools/${tool.id}/favorite`, {
        method: "POST",
        headers: { origin: "http://localhost:3000" },
      });
      expect(added.status).toBe(200);
      expect(added.headers.get("access-control-allow-origin")).toBeNull();
      const [ada] = await database.db.select().from(users).where(eq(users.email, "ada@example.com"));
      expect(ada).toBeDefined();
      // A visitor's favourite is refused as before, and no other origin is told it may read the refusal.
      const refused = await app.request(`/api/v1/tools/${tool.id}/favorite`, {
        method: "POST",
        headers: { origin: "http://localhost:3000" },
      });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    });
  });

  describe("the reference page", () => {
    it("renders every operation from the document, loads nothing from another host, and runs no script", async () => {
      const response = await app.request("/api/docs");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      const html = await response.text();
      const document = (await (await app.request("/api/v1/openapi.json")).json()) as {
        paths: Record<string, Record<string, { summary: string }>>;
      };
      for (const [path, item] of Object.entries(document.paths)) {
        expect(html).toContain(`<code>${path}</code>`);
        for (const operation of Object.values(item)) expect(html).toContain(operation.summary.replaceAll("'", "&#39;"));
      }
      // Parameters with their types, example answers, and the notes on authentication, errors, paging and rate limits.
      expect(html).toContain("<code>pricing</code>");
      expect(html).toContain("&#34;free&#34; | &#34;freemium&#34;");
      expect(html).toContain("&#34;nextCursor&#34;");
      for (const heading of ["Authentication.", "Errors.", "Lists and paging.", "Caching and rate limits."])
        expect(html).toContain(heading);
      // The writes: their key, their body, and the keyed rate limit's headers.
      for (const note of [
        "Authorization: Bearer it_live_",
        "Needs an API key that may write.",
        "ToolSubmission",
        "RateLimit-Remaining",
        "Retry-After",
      ])
        expect(html).toContain(note);
      expect(html).not.toMatch(/<script|<link|<iframe|<img|src=|@import|url\(/i);
      expect(html).not.toMatch(/href="(https?:)?\/\//);
    });

    it("is linked from every page's footer", async () => {
      const html = await (await app.request("/")).text();
      expect(html).toContain('<a href="/api/docs">API</a>');
    });
  });
});
