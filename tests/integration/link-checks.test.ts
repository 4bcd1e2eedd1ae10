/**
 * The daily link checker over local websites that are healthy, refuse HEAD, moved to another domain, or are dead
 * (404, 500, refused, too slow), with the clock given: what it records, whom it flags, whom it hides (and the visitor's
 * cached page that goes with it), the tool page's "Link checked", and /admin/links, tried as each role.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { slugify } from "#common/slugify.ts";
import { linkChecks, tools, users } from "#server/db/schema.ts";
import { safeFetcherFromConfig } from "#server/fetch/safe-fetch.ts";
import { FLAG_AFTER_FAILURES, flaggedLinksQuery, linkChecker } from "#server/tools/link-checks.ts";
import { webhookEvents } from "#server/webhooks/events.ts";
import { sql } from "drizzle-orm";
import { insertTool, insertTools } from "../factories.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, explainMainPlan, openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { createClient } from "../setup/forms.ts";
import { closedPortUrl } from "../setup/local-http.ts";
import { startWebsite, type Website } from "../setup/websites.ts";

const DAY = 86_400_000;

describe.each(databaseKinds)("the link checker on %s", (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let site: Website;
  let busy: Website;
  let refusedUrl: string;
  let checker: ReturnType<typeof linkChecker>;
  let inFlight = 0;
  let mostInFlight = 0;
  const arrivals: number[] = [];

  beforeAll(async () => {
    site = await startWebsite({
      "/": { body: "<title>Healthy</title>" },
      "/gone": { status: 404 },
      "/broken": { status: 500 },
      "/slow": { hang: true },
      "/no-head": {
        handle: (request, response) => {
          response.writeHead(request.method === "HEAD" ? 405 : 200);
          response.end();
        },
      },
    });
    site.serve("/moved", { redirect: `http://localhost:${site.port}/`, status: 301 });
    site.serve("/same-domain", { redirect: "/", status: 301 });
    // A host with several tools: its requests must come one at a time, with a pause between them.
    busy = await startWebsite();
    for (const path of ["/a", "/b", "/c"]) {
      busy.serve(path, {
        handle: (_request, response) => {
          inFlight++;
          mostInFlight = Math.max(mostInFlight, inFlight);
          arrivals.push(Date.now());
          setTimeout(() => {
            inFlight--;
            response.writeHead(200);
            response.end();
          }, 30);
        },
      });
    }
    refusedUrl = await closedPortUrl();
    database = await openTestDatabase(kind);
    app = await createTestApp(database, { FETCH_ALLOW_PRIVATE_HOSTS: "127.0.0.1, localhost", LINK_CHECK_HIDE_AFTER: "3" });
    checker = linkChecker({
      db: database.db,
      fetcher: safeFetcherFromConfig(app.config),
      hideAfter: app.config.LINK_CHECK_HIDE_AFTER,
      hostPauseMs: 100,
      timeoutMs: 400,
      writeToolSnapshot: app.services.tools.writeToolSnapshot,
      webhooks: webhookEvents({ siteUrl: app.config.SITE_URL }),
      outbox: app.services.outbox,
    });
  });
  afterAll(async () => {
    await Promise.all([site.close(), busy.close()]);
    await database.close();
  });
  beforeEach(() => database.reset());

  async function insertSites() {
    const make = (name: string, website: string) => insertTool(database.db, { name, website });
    return {
      healthy: await make("Healthy", `${site.url}/`),
      noHead: await make("No Head", `${site.url}/no-head`),
      sameDomain: await make("Same Domain", `${site.url}/same-domain`),
      moved: await make("Moved", `${site.url}/moved`),
      gone: await make("Gone", `${site.url}/gone`),
      broken: await make("Broken", `${site.url}/broken`),
      refused: await make("Refused", `${refusedUrl}/`),
      slow: await make("Slow", `${site.url}/slow`),
    };
  }

  const checkOf = async (toolId: string) => (await database.db.select().from(linkChecks).where(eq(linkChecks.toolId, toolId)))[0];
  const toolOf = async (toolId: string) => (await database.db.select().from(tools).where(eq(tools.id, toolId)))[0]!;

  it("records each website's status and final address, flags moved and repeatedly failing links, and hides dead ones after 3 failures", async () => {
    const sites = await insertSites();
    const dead = [sites.gone, sites.broken, sites.refused, sites.slow];
    const now = Date.now();
    const days = [new Date(now - 2 * DAY), new Date(now - DAY), new Date(now)];

    expect(await checker.checkAllLinks(days[0])).toEqual({ checked: 8, moved: 1, failed: 4, hidden: 0 });
    expect(await checkOf(sites.healthy.id)).toMatchObject({ status: 200, finalUrl: `${site.url}/`, failures: 0, flaggedAt: null, checkedAt: days[0] });
    expect(await checkOf(sites.noHead.id)).toMatchObject({ status: 200, failures: 0, flaggedAt: null });
    expect(site.requests.filter((request) => request.path === "/no-head").map((request) => request.method)).toEqual(["HEAD", "GET"]);
    expect(await checkOf(sites.sameDomain.id)).toMatchObject({ status: 200, isMoved: false, flaggedAt: null });
    expect(await checkOf(sites.moved.id)).toMatchObject({ status: 200, finalUrl: `http://localhost:${site.port}/`, isMoved: true, flaggedAt: days[0] });
    expect(await checkOf(sites.gone.id)).toMatchObject({ status: 404, failures: 1, flaggedAt: null, error: "The website answered with an error (HTTP 404), so we could not read the page" });
    expect(await checkOf(sites.broken.id)).toMatchObject({ status: 500, failures: 1 });
    expect(await checkOf(sites.refused.id)).toMatchObject({ status: null, failures: 1, error: "We could not reach this website: it refused the connection or is down" });
    expect(await checkOf(sites.slow.id)).toMatchObject({ status: null, failures: 1, error: "This website took longer than 1 second to answer, so we stopped waiting" });

    // A visitor's cached page of a tool that is about to be hidden.
    const page = `/tool/${sites.gone.slug}`;
    expect((await app.request(page)).status).toBe(200);
    expect((await app.request(page)).headers.get("x-cache")).toBe("hit");

    expect(await checker.checkAllLinks(days[1])).toEqual({ checked: 8, moved: 1, failed: 4, hidden: 0 });
    for (const tool of dead) expect(await checkOf(tool.id)).toMatchObject({ failures: FLAG_AFTER_FAILURES, flaggedAt: days[1], hiddenAt: null });
    expect((await app.request(page)).headers.get("x-cache")).toBe("hit");

    expect(await checker.checkAllLinks(days[2])).toEqual({ checked: 8, moved: 1, failed: 0, hidden: 4 });
    for (const tool of dead) {
      expect(await checkOf(tool.id)).toMatchObject({ failures: 3, flaggedAt: days[1], hiddenAt: days[2] });
      expect((await toolOf(tool.id)).isActive).toBe(false);
    }
    // Hidden: its cached page is dropped, and it is no longer public.
    expect((await app.request(page)).status).toBe(404);
    expect(await (await app.request("/tools")).text()).not.toContain(sites.gone.name);
    // A hidden tool is not checked again until an admin acts.
    expect((await checker.checkAllLinks(new Date(now + DAY))).checked).toBe(4);
    expect((await toolOf(sites.healthy.id)).isActive).toBe(true);

    // A link that works again clears its failures.
    expect(await checkOf(sites.healthy.id)).toMatchObject({ failures: 0, flaggedAt: null });
  });

  it("shows when the link was checked on the tool page", async () => {
    const tool = await insertTool(database.db, { name: "Healthy", website: `${site.url}/` });
    // Signed in, so each page is rendered now; a visitor's cached tool page is kept a minute at most, for its counters.
    const reader = createClient(app.request);
    await reader.postSolved("/register", { username: "Reader", email: "reader@example.com", password: "long-enough" });
    const page = async () => (await reader.request(`/tool/${tool.slug}`)).text();
    expect(await page()).not.toContain("Link checked");
    await checker.checkAllLinks(new Date());
    expect(await page()).toContain("Link checked today");
    await database.db.update(linkChecks).set({ checkedAt: new Date(Date.now() - 3 * DAY - 1000) });
    expect(await page()).toMatch(/Link checked (<!-- -->)?3 days(<!-- -->)? ago/);
  });

  it("checks queued tools too, to show the queue a website that does not answer, and never flags nor hides them", async () => {
    const listed = await insertTool(database.db, { name: "Listed", website: `${site.url}/` });
    const queued = await insertTool(database.db, { name: "Submitted", website: `${refusedUrl}/`, isVerified: false });
    const now = Date.now();
    for (const day of [2, 1, 0]) await checker.checkAllLinks(new Date(now - day * DAY));
    expect(await checkOf(queued.id)).toMatchObject({ status: null, failures: 3, flaggedAt: null, hiddenAt: null });
    expect((await toolOf(queued.id)).isActive).toBe(true);
    expect(await checkOf(listed.id)).toMatchObject({ status: 200, failures: 0 });

    const verifier = createClient(app.request);
    await verifier.postSolved("/register", { username: "Verifier", email: "verifier@example.com", password: "long-enough" });
    await database.db.update(users).set({ role: "verifier" }).where(eq(users.email, "verifier@example.com"));
    const queue = await (await verifier.request("/admin")).text();
    expect(queue).toContain("The website did not answer");
    // The same host as a listed tool: a possible duplicate, one more reason.
    expect(queue).toContain("Possible duplicate of Listed");
    expect(queue).toMatch(/data-testid="risk" data-score="60"/);
  });

  it("asks one host for one page at a time, with a pause between them", async () => {
    for (const path of ["/a", "/b", "/c"]) await insertTool(database.db, { website: `${busy.url}${path}` });
    arrivals.length = 0;
    mostInFlight = 0;
    expect((await checker.checkAllLinks(new Date())).checked).toBe(3);
    expect(mostInFlight).toBe(1);
    expect(arrivals).toHaveLength(3);
    for (let index = 1; index < arrivals.length; index++) expect(arrivals[index]! - arrivals[index - 1]!).toBeGreaterThanOrEqual(100);
  });

  it("pages the flagged links through their index, never sorting them", async () => {
    const rows = await insertTools(database.db, 1000);
    const start = Date.now();
    await database.db.insert(linkChecks).values(
      rows.map((row, index) => ({ toolId: row.id, checkedAt: new Date(start), status: 200, failures: 0, flaggedAt: index % 4 === 0 ? null : new Date(start - index * 1000) })),
    );
    await database.db.execute(sql`analyze link_checks`);
    for (const cursor of [null, { key: start - 100_000, id: "tzzz" }]) {
      const plan = await explainMainPlan(database.db, flaggedLinksQuery(database.db, cursor, 51));
      expect(plan).toContain("link_checks_flagged_idx");
      expect(plan).not.toMatch(/Sort/);
    }
  });

  describe("/admin/links", () => {
    type Role = "visitor" | "guest" | "creator" | "verifier" | "admin";
    const ROLES: Role[] = ["visitor", "guest", "creator", "verifier", "admin"];

    async function register(username: string, role: "guest" | "verifier" | "admin" = "guest") {
      const client = createClient(app.request);
      await client.postSolved("/register", { username, email: `${slugify(username)}@example.com`, password: "long-enough" });
      const [record] = await database.db.update(users).set({ role }).where(eq(users.email, `${slugify(username)}@example.com`)).returning();
      return { client, record: record! };
    }

    async function people() {
      const creator = await register("Creator");
      return {
        visitor: { client: createClient(app.request) },
        guest: await register("Guest"),
        creator,
        verifier: await register("Verifier", "verifier"),
        admin: await register("Admin", "admin"),
      };
    }

    async function hiddenTool(creatorId: string) {
      const tool = await insertTool(database.db, { name: "Gone Tool", website: `${site.url}/gone`, submittedBy: creatorId });
      const now = Date.now();
      for (const day of [2, 1, 0]) await checker.checkAllLinks(new Date(now - day * DAY));
      expect((await toolOf(tool.id)).isActive).toBe(false);
      return tool;
    }

    it("lists the broken and moved links for admins only, keyset-paged", async () => {
      const who = await people();
      const sites = await insertSites();
      const now = Date.now();
      for (const day of [1, 0]) await checker.checkAllLinks(new Date(now - day * DAY));
      const expected: Record<Role, number | string> = { visitor: "login", guest: 403, creator: 403, verifier: 403, admin: 200 };
      for (const role of ROLES) {
        const response = await who[role].client.request("/admin/links");
        if (expected[role] === "login") expect(response.headers.get("location")).toMatch(/^\/login/);
        else expect(response.status, role).toBe(expected[role]);
      }
      const html = await (await who.admin.client.request("/admin/links")).text();
      expect(html.match(/data-testid="flagged-link"/g)).toHaveLength(5);
      expect(html).toContain(`Now redirects to http://localhost:${site.port}/`);
      expect(html).not.toContain(sites.healthy.name + "</a>");
      expect(html).toMatch(/data-testid="admin-count-links"[^>]*>5</);
      const first = await checker.listFlaggedLinks(who.admin.record as never, { limit: 2 });
      expect(first.links).toHaveLength(2);
      const { decodeCursor } = await import("#common/cursor.ts");
      const second = await checker.listFlaggedLinks(who.admin.record as never, { limit: 10, cursor: decodeCursor(first.nextCursor!) });
      expect(second.links).toHaveLength(3);
      expect(new Set([...first.links, ...second.links].map((link) => link.toolId)).size).toBe(5);
    });

    it.each(ROLES)("'Link fixed: show again' as %s", async (role) => {
      const who = await people();
      const tool = await hiddenTool(who.creator.record.id);
      const response = await who[role].client.post("/admin/links", { intent: "resolve", toolId: tool.id });
      if (role === "admin") {
        expect(response.status).toBe(200);
        expect(await response.text()).toContain("Gone Tool is live again.");
        expect((await toolOf(tool.id)).isActive).toBe(true);
        expect(await checkOf(tool.id)).toMatchObject({ flaggedAt: null, hiddenAt: null, failures: 0 });
        expect((await app.request(`/tool/${tool.slug}`)).status).toBe(200);
      } else {
        expect(role === "visitor" ? response.headers.get("location") : response.status).toSatisfy((answer: unknown) => (role === "visitor" ? /^\/login/.test(String(answer)) : answer === 403));
        expect((await toolOf(tool.id)).isActive).toBe(false);
        expect(await checkOf(tool.id)).toMatchObject({ hiddenAt: expect.any(Date) });
      }
    });
  });
});
