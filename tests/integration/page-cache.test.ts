/**
 * The page cache (server/http/page-cache.ts) through the real app: what is kept, what is never kept, HTTP caching, and
 * which pages each kind of write drops (the triggers of migration 0014), on each database.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { matchRoutes, type Params, type RouteObject, type ServerBuild } from "react-router";
import type { ToolInput } from "#common/tool-input.ts";
import { tools } from "#server/db/schema.ts";
import { insertCategory, insertTool, insertUser } from "../factories.ts";
import { PERSON } from "../setup/agents.ts";
import { routeMatcher } from "#server/http/page-cache.ts";
import { loadBuild } from "../setup/app.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";

describe.each(databaseKinds)("page cache on %s", (kind) => {
  const { database, app } = useTestApp(kind, {}, { now: () => new Date(clock) });

  /**
   * The cache's clock, which only the tests move: a page kept for a few seconds (a missing page's 10) must not lapse
   * while a busy machine runs the test.
   */
  let clock = Date.now();

  beforeEach(() => database.reset());

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { ...PERSON, ...headers } });
  const cacheOf = async (path: string, headers: Record<string, string> = {}) =>
    (await get(path, headers)).headers.get("x-cache");

  describe("what is kept", () => {
    it("renders a visitor's page once, then serves it from the cache", async () => {
      await insertTool(database.db, { name: "Kept Tool" });
      const miss = await get("/");
      expect(miss.headers.get("x-cache")).toBe("miss");
      const hit = await get("/");
      expect(hit.headers.get("x-cache")).toBe("hit");
      expect(await hit.text()).toBe(await miss.text());
      // A browser revalidates before each use (a stale copy must never reach a person who has just signed in); a CDN keeps it a minute.
      expect(hit.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=60");
      expect(hit.headers.get("cdn-cache-control")).toBe("max-age=60, stale-while-revalidate=86400");
      const head = await app.request("/", { method: "HEAD", headers: PERSON });
      expect([head.status, head.headers.get("x-cache"), await head.text()]).toEqual([200, "hit", ""]);
    });

    it("keys a page on the query parameters it reads, in any order, the last of each: any other parameter gets the same page", async () => {
      await insertTool(database.db);
      expect(await cacheOf("/tools?sort=views&payment=free")).toBe("miss");
      expect(await cacheOf("/tools?payment=free&sort=views")).toBe("hit");
      // A newsletter's or a social network's parameters, or a parameter repeated, cost a hit, not a render.
      for (const same of [
        "/tools?payment=free&sort=views&utm_source=x&utm_medium=mail",
        "/tools?sort=clicks&payment=free&sort=views&ref=hn",
        `/tools?payment=free&sort=views&${"x=1&".repeat(200)}`,
      ]) {
        expect(await cacheOf(same), same).toBe("hit");
      }
      expect(await cacheOf("/?fbclid=123")).toBe("miss");
      expect(await cacheOf("/")).toBe("hit");
      expect(app.pageCache!.size().pages).toBe(2);
    });

    it("serves a signed-in person running scripts the page every visitor gets, and renders it for one who runs none", async () => {
      await insertTool(database.db, { name: "Shared Tool" });
      const person = createClient(app.request);
      expect(
        (await person.postSolved("/register", { username: "Ada", email: "ada@example.com", password: "long-enough" }))
          .status,
      ).toBe(302);
      const cookie = person.cookieHeader();

      // No script marker: the browser runs no JavaScript, the page is rendered for the person and never kept.
      const signedIn = await get("/", { cookie });
      expect(signedIn.headers.get("x-cache")).toBe("bypass");
      expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
      expect(await signedIn.text()).toContain('data-viewer="member"');
      expect(app.pageCache!.size().pages).toBe(0);

      const visitor = await get("/");
      expect(visitor.headers.get("x-cache")).toBe("miss");
      const visitorHtml = await visitor.text();
      expect(visitorHtml).not.toContain('data-viewer="member"');
      expect(visitorHtml).not.toContain("Ada");

      // With the marker, the same page as the visitor's, from the cache, byte for byte; the person's own state is theirs to ask for.
      const shared = await get("/", { cookie: `${cookie}; idt_js=1` });
      expect([shared.headers.get("x-cache"), shared.headers.get("etag"), await shared.text()]).toEqual([
        "hit",
        visitor.headers.get("etag"),
        visitorHtml,
      ]);
      const me = await get("/api/me", { cookie });
      expect(me.headers.get("cache-control")).toBe("private, no-store");
      expect(((await me.json()) as { user: { username: string } }).user.username).toBe("Ada");
      expect(((await (await get("/api/me")).json()) as { user: null }).user).toBeNull();

      // A made-up session cookie, or one whose session ended, is no session: the visitors' page, a hit.
      for (const made of [
        "better-auth.session_token=abc.def",
        `${cookie.replace(/session_token=[^;.]+/, "session_token=forged")}`,
      ]) {
        expect((await get("/", { cookie: made })).headers.get("x-cache"), made).toBe("hit");
      }
      expect((await person.post("/logout", {})).status).toBe(302);
      expect((await get("/", { cookie })).headers.get("x-cache")).toBe("hit");
    });

    it("sends no cookie and no Vary: Cookie to a visitor", async () => {
      const tool = await insertTool(database.db);
      for (const path of [
        "/",
        "/",
        "/tools",
        `/tool/${tool.slug}`,
        "/categories",
        "/search/tool",
        "/login",
        "/no-such-page",
      ]) {
        const response = await get(path);
        expect(response.headers.getSetCookie(), path).toEqual([]);
        expect(response.headers.get("vary") ?? "", path).not.toMatch(/cookie/i);
      }
    });

    it("keeps a missing page briefly, and drops it when the tool it would show goes live", async () => {
      const waiting = await insertTool(database.db, { isVerified: false });
      expect((await get(`/tool/${waiting.slug}`)).status).toBe(404);
      const kept = await get(`/tool/${waiting.slug}`);
      expect([kept.status, kept.headers.get("x-cache"), kept.headers.get("cache-control")]).toEqual([
        404,
        "hit",
        "public, max-age=0, must-revalidate, s-maxage=10",
      ]);
      // Kept 10 s: at 9.999 s it is still the kept page, at 10 s it is rendered again.
      clock += 9_999;
      expect((await get(`/tool/${waiting.slug}`)).headers.get("x-cache")).toBe("hit");
      clock += 1;
      expect((await get(`/tool/${waiting.slug}`)).headers.get("x-cache")).toBe("miss");
      await database.db.update(tools).set({ isVerified: true }).where(eq(tools.id, waiting.id));
      const live = await get(`/tool/${waiting.slug}`);
      expect([live.status, live.headers.get("x-cache")]).toEqual([200, "miss"]);
    });

    it("answers a matching If-None-Match with 304, in every encoding, without rendering", async () => {
      await insertTool(database.db);
      const first = await get("/", { "accept-encoding": "br, gzip" });
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^"[\w-]+-br"$/);
      expect(first.headers.get("content-encoding")).toBe("br");
      const gzip = await get("/", { "accept-encoding": "gzip" });
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
      expect(gzip.headers.get("etag")).toBe(etag.replace(/-br"$/, '-gzip"'));
      const plain = await get("/", { "accept-encoding": "identity" });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plain.headers.get("etag")).toBe(etag.replace(/-br"$/, '"'));
      // The same page in each: the cache keeps the compressed bodies, and inflates one for a client that takes neither.
      const html = await plain.text();
      expect(html).toContain("</html>");
      expect(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString("utf8")).toBe(html);
      expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString("utf8")).toBe(html);
      for (const candidate of [etag, gzip.headers.get("etag")!, `W/${etag}`, `"other", ${etag}`]) {
        const revalidated = await get("/", { "if-none-match": candidate, "accept-encoding": "br" });
        expect(revalidated.status, candidate).toBe(304);
        expect(revalidated.headers.get("etag")).toBe(etag);
        // Its headers replace those of the browser's copy: the page's own script policy comes with them.
        expect(revalidated.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
        expect(await revalidated.text()).toBe("");
      }
      expect((await get("/", { "if-none-match": '"stale"' })).status).toBe(200);
    });

    it("keeps a page's data for client-side navigation too", async () => {
      const tool = await insertTool(database.db);
      expect(await cacheOf(`/tool/${tool.slug}.data`)).toBe("miss");
      expect(await cacheOf(`/tool/${tool.slug}.data`)).toBe("hit");
      expect(await cacheOf("/_.data?_routes=routes%2Fhome")).toBe("miss");
      expect(await cacheOf("/_.data?_routes=routes%2Fhome")).toBe("hit");
    });
  });

  describe("which writes drop which pages", () => {
    type Fixture = Awaited<ReturnType<typeof setUp>>;

    async function setUp() {
      const admin = await insertUser(database.db, { username: "Admin", role: "admin" });
      const maker = await insertUser(database.db, { username: "Maker" });
      const x = await insertCategory(database.db, { label: "Xray" });
      const y = await insertCategory(database.db, { label: "Yankee" });
      const alpha = await insertTool(database.db, {
        name: "Alpha Counter",
        categories: [x.id],
        tags: ["ta"],
        creatorUsername: maker.slug,
        isLinkedToCreator: true,
      });
      const bravo = await insertTool(database.db, { name: "Bravo Mailer", categories: [y.id], tags: ["tb"] });
      const queued = await insertTool(database.db, {
        name: "Charlie Queue",
        categories: [x.id],
        tags: ["ta"],
        isVerified: false,
      });
      const pages = {
        home: "/",
        tools: "/tools",
        alpha: `/tool/${alpha.slug}`,
        bravo: `/tool/${bravo.slug}`,
        queued: `/tool/${queued.slug}`,
        x: "/category/xray",
        y: "/category/yankee",
        ta: "/tag/ta",
        tb: "/tag/tb",
        searchAlpha: "/search/alpha",
        searchMailer: "/search/mailer",
        categories: "/categories",
        tags: "/tags",
        maker: `/profile/${maker.slug}`,
        blog: "/blog",
      };
      for (const path of Object.values(pages)) await get(path);
      for (const [name, path] of Object.entries(pages)) expect(await cacheOf(path), name).toBe("hit");
      return { admin, maker, x, y, alpha, bravo, queued, pages };
    }

    /** The pages a write dropped: those rendered anew right after it. */
    async function droppedBy(fixture: Fixture, write: () => Promise<unknown>): Promise<string[]> {
      await write();
      const dropped: string[] = [];
      for (const [name, path] of Object.entries(fixture.pages))
        if ((await cacheOf(path)) === "miss") dropped.push(name);
      return dropped.sort();
    }

    const edit = (tool: Fixture["alpha"], change: Partial<ToolInput>): ToolInput => ({
      name: tool.name,
      website: tool.website,
      shortDesc: tool.shortDesc,
      longDesc: tool.longDesc,
      categories: tool.categories,
      tags: tool.tags,
      paymentType: tool.paymentType as ToolInput["paymentType"],
      repository: null,
      licence: null,
      isSelfHostable: false,
      pros: [],
      cons: [],
      faq: [],
      ...change,
    });

    it("a tool edited: its page, every page that shows its card, and the searches", async () => {
      const fixture = await setUp();
      const { admin, alpha } = fixture;
      const dropped = await droppedBy(fixture, () =>
        app.services.lifecycle.updateTool(admin.session, alpha.id, edit(alpha, { shortDesc: "Counts better now." })),
      );
      // /tool/bravo shows Alpha among the tools makers added.
      expect(dropped).toEqual(
        ["alpha", "bravo", "home", "maker", "searchAlpha", "searchMailer", "ta", "tools", "x"].sort(),
      );
    });

    it("a tool moved to another category and tag: both categories' and tags' pages, the counts, and search", async () => {
      const fixture = await setUp();
      const { admin, alpha, y } = fixture;
      const dropped = await droppedBy(fixture, () =>
        app.services.lifecycle.updateTool(admin.session, alpha.id, edit(alpha, { categories: [y.id], tags: ["tb"] })),
      );
      // /tool/bravo suggests from Yankee, which Alpha joined.
      expect(dropped).toEqual(
        [
          "alpha",
          "bravo",
          "categories",
          "home",
          "maker",
          "searchAlpha",
          "searchMailer",
          "ta",
          "tags",
          "tb",
          "tools",
          "x",
          "y",
        ].sort(),
      );
    });

    it("a tool verified: every list it joins, the searches, the counts, its category's tool pages; not the others", async () => {
      const fixture = await setUp();
      const { admin, queued } = fixture;
      const dropped = await droppedBy(fixture, () => app.services.lifecycle.verifyTool(admin.session, queued.id));
      expect(dropped).toEqual(
        ["alpha", "categories", "home", "queued", "searchAlpha", "searchMailer", "ta", "tags", "tools", "x"].sort(),
      );
    });

    it("a tool submitted: nothing a visitor sees, until it is verified", async () => {
      const fixture = await setUp();
      const { maker, x } = fixture;
      const submitted = () =>
        app.services.lifecycle.submitTool(maker.session, {
          name: "Delta Submitted",
          website: "https://delta.example",
          shortDesc: "Waits in the queue for a verifier.",
          longDesc: "",
          categories: [x.id],
          tags: ["ta"],
          paymentType: "free",
          repository: null,
          licence: null,
          isSelfHostable: false,
          pros: [],
          cons: [],
          faq: [],
        });
      expect(await droppedBy(fixture, submitted)).toEqual([]);
    });

    it("a tool refused: nothing a visitor sees", async () => {
      const fixture = await setUp();
      const { admin, queued } = fixture;
      expect(
        await droppedBy(fixture, () =>
          app.services.lifecycle.rejectTool(admin.session, queued.id, "Not a tool for makers"),
        ),
      ).toEqual([]);
    });

    it("a tool featured: the featured lists, every tool page (they suggest featured tools), its own cards, and every count of featured tools", async () => {
      const fixture = await setUp();
      const { admin, bravo } = fixture;
      const dropped = await droppedBy(fixture, () =>
        app.services.admin.setToolFlag(admin.session, { toolId: bravo.id, flag: "isHomeBoosted", value: true }),
      );
      // The searches' and the lists' facets count featured tools, those that do not show this one too (migration 0029).
      expect(dropped).toEqual(
        ["alpha", "bravo", "categories", "home", "searchAlpha", "searchMailer", "tb", "tools", "y"].sort(),
      );
    });

    it("a tool switched off: every list it left, and its page", async () => {
      const fixture = await setUp();
      const { admin, alpha } = fixture;
      const dropped = await droppedBy(fixture, () =>
        app.services.admin.setToolFlag(admin.session, { toolId: alpha.id, flag: "isActive", value: false }),
      );
      expect(dropped).toEqual(
        [
          "alpha",
          "bravo",
          "categories",
          "home",
          "maker",
          "searchAlpha",
          "searchMailer",
          "ta",
          "tags",
          "tools",
          "x",
        ].sort(),
      );
    });

    it("a tool's counters: no page (they lag a minute at most)", async () => {
      const fixture = await setUp();
      expect(
        await droppedBy(fixture, () =>
          database.db.update(tools).set({ views: 99, clicks: 9 }).where(eq(tools.id, fixture.alpha.id)),
        ),
      ).toEqual([]);
    });

    it("a category created or edited: every page, since every footer lists the categories", async () => {
      const fixture = await setUp();
      const all = Object.keys(fixture.pages).sort();
      expect(
        await droppedBy(fixture, () =>
          app.services.admin.createCategory(fixture.admin.session, {
            label: "Zulu",
            slug: "zulu",
            description: "",
            color: "#FFFFFF",
          }),
        ),
      ).toEqual(all);
      for (const path of Object.values(fixture.pages)) await get(path);
      const { x } = fixture;
      expect(
        await droppedBy(fixture, () =>
          app.services.admin.updateCategory(fixture.admin.session, x.id, {
            label: "Xray",
            slug: "xray",
            description: "New words",
            color: x.color,
          }),
        ),
      ).toEqual(all);
    });

    it("a profile changed: that profile; a new name also every page that shows the maker's tools", async () => {
      const fixture = await setUp();
      const { maker } = fixture;
      const profile = {
        username: "Maker",
        bio: "I make counters.",
        socialProfiles: [],
        newsletter: false,
        isSolo: true,
      };
      expect(await droppedBy(fixture, () => app.services.users.updateProfile(maker.session, profile))).toEqual([
        "maker",
      ]);
      const renamed = await droppedBy(fixture, () =>
        app.services.users.updateProfile(maker.session, { ...profile, username: "MAKER" }),
      );
      // A tool page names its maker; a tool's pages and cards share one tag.
      expect(renamed).toEqual(["alpha", "bravo", "home", "maker", "searchAlpha", "ta", "tools", "x"].sort());
    });

    it("a claim accepted: the tool wherever it shows, and its maker's profile", async () => {
      const fixture = await setUp();
      const { admin, bravo, maker } = fixture;
      await app.services.lifecycle.askForClaim(maker.session, bravo.id);
      for (const path of Object.values(fixture.pages)) await get(path);
      const dropped = await droppedBy(fixture, () => app.services.lifecycle.acceptClaim(admin.session, bravo.id));
      // /tool/alpha lists Bravo among the tools makers added since the claim.
      expect(dropped).toEqual(["alpha", "bravo", "home", "maker", "searchMailer", "tb", "tools", "y"].sort());
    });
  });
});

/** React Router's own matching (matchRoutes over the build's route tree): what the page cache's matcher must agree with. */
function reactRouterMatcher(build: ServerBuild): (pathname: string) => { handle: unknown; params: Params } | null {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const byId = new Map<string, RouteObject>();
  for (const { id, path, index, caseSensitive } of routes) {
    byId.set(id, index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: [] });
  }
  const roots: RouteObject[] = [];
  for (const route of routes) {
    const node = byId.get(route.id)!;
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    if (parent?.children) parent.children.push(node);
    else roots.push(node);
  }
  return (pathname) => {
    const leaf = matchRoutes(roots, pathname)?.at(-1);
    return leaf?.route.id ? { handle: build.routes[leaf.route.id]?.module.handle, params: leaf.params } : null;
  };
}

describe("the page cache's route matching", () => {
  it("finds for every page the route React Router finds, with the same parameters", async () => {
    const build = await loadBuild();
    const fast = routeMatcher(build);
    const slow = reactRouterMatcher(build);
    const paths = [
      "/",
      "/tools",
      "/TOOLS/",
      "/tool/figma-t123",
      "/tool/figma-t123/alternatives",
      "/tool/figma-t123/alternatives/",
      "/tool/figma-t123/alternatives/mit",
      "/tool/figma-t123/alternatives/mit/more",
      "/launches",
      "/launches/week",
      "/launches/week//",
      "/admin/no-such-page",
      "/admin/no/such/page",
      "/ADMIN/",
      "//",
      "/tool/a%20b",
      "/compare/a-vs-b",
      "/category/design",
      "/tag/c%2B%2B",
      "/search/analytics",
      "/search",
      "/profile",
      "/profile/ada",
      "/admin",
      "/admin/webhooks/12",
      "/blog/first",
      "/top-ai-tools",
      "/terms-of-service.html",
      "/edit-tool/t1",
      "/no-such-page",
      "/tool",
      "/tool/a/b/c",
      "/open-data",
      "/my-tools",
    ];
    for (const route of Object.values(build.routes))
      if (route?.path && !route.path.includes(":")) paths.push(`/${route.path}`);
    for (const path of paths) {
      const [a, b] = [fast(path), slow(path)];
      expect(a?.handle, path).toBe(b?.handle);
      expect(a?.params ?? {}, path).toEqual(b?.params ?? {});
    }
  });
});
