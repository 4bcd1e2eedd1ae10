/** POST /api/event: what is stored, what is refused, what is ignored, and that the counters equal the daily counts. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { HOME_NEWSLETTER_EVENT, OUTBOUND_CLICK_EVENT, PAGEVIEW_EVENT } from "#common/constants.ts";
import { analyticsSalts, dailyStats, dailyVisitors, events, tools } from "#server/db/schema.ts";
import { METRICS } from "#server/analytics/metrics.ts";
import { runJobs } from "#server/jobs.ts";
import { createLogger } from "#server/logger.ts";
import { insertTool, insertUser } from "../factories.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { type LocalServer, startLocalServer } from "../setup/local-http.ts";

const SITE = "http://localhost:3000";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

type Sender = { address?: string; userAgent?: string; origin?: string };

describe.each(databaseKinds)("analytics events on %s", (kind) => {
  const { database, app } = useTestApp(kind, { TRUST_PROXY: "true" }, { now: () => clock });
  let clock: Date;

  /** Posts an event as a browser would: a JSON text body, from the address given (the app trusts X-Forwarded-For here). */
  function send(body: unknown, { address = "203.0.113.7", userAgent = CHROME, origin }: Sender = {}) {
    return app.request("/api/event", {
      method: "POST",
      headers: {
        "content-type": "text/plain",
        "user-agent": userAgent,
        "x-forwarded-for": address,
        ...(origin ? { origin } : {}),
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  }
  const pageview = (path: string, referrer: string | null = null) => ({
    n: PAGEVIEW_EVENT,
    u: `${SITE}${path}`,
    d: "localhost",
    r: referrer,
  });
  const click = (toolId: string, url = "https://tool.example.com/?ref=indietools") => ({
    n: OUTBOUND_CLICK_EVENT,
    u: `${SITE}/`,
    d: "localhost",
    r: null,
    p: { url, toolId },
  });

  async function count(metric: string, subject = "", detail?: string): Promise<number> {
    const rows = await database.db.select().from(dailyStats).where(eq(dailyStats.metric, metric));
    return rows
      .filter((row) => row.subject === subject && (detail === undefined || row.detail === detail))
      .reduce((sum, row) => sum + row.count, 0);
  }

  beforeEach(async () => {
    clock = new Date("2026-03-10T12:00:00Z");
    // What the last test left unwritten is written before the tables are emptied.
    await app.services.analytics.flush();
    await database.reset();
  });

  it("stores a page view with the page, a visitor hash and no address", async () => {
    const response = await send(pageview("/categories?utm_source=x", "https://news.ycombinator.com/item?id=42"), {
      address: "198.51.100.23",
    });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("ok");
    await app.services.analytics.flush();

    const [row] = await database.db.select().from(events);
    expect(row).toMatchObject({
      name: "pageview",
      path: "/categories",
      referrer: "news.ycombinator.com",
      toolId: null,
      props: {},
    });
    expect(row!.visitor).toMatch(/^[0-9a-f]{32}$/);
    // Nothing that identifies the visitor is kept: not the address, not the browser.
    expect(JSON.stringify(row)).not.toContain("198.51.100.23");
    expect(JSON.stringify(row)).not.toContain("Chrome");
    expect(await count(METRICS.pageviews)).toBe(1);
    expect(await count(METRICS.visitors)).toBe(1);
    expect(await count(METRICS.page, "/categories")).toBe(1);
    expect(await count(METRICS.referrer, "news.ycombinator.com")).toBe(1);
  });

  it("reads Plausible's long field names and props sent as a JSON text", async () => {
    const response = await send({
      name: HOME_NEWSLETTER_EVENT,
      url: `${SITE}/`,
      domain: "localhost",
      props: JSON.stringify({ place: "home" }),
    });
    expect(response.status).toBe(202);
    await app.services.analytics.flush();
    const [row] = await database.db.select().from(events);
    expect(row).toMatchObject({ name: HOME_NEWSLETTER_EVENT, path: "/", props: { place: "home" } });
    expect(await count(METRICS.event, HOME_NEWSLETTER_EVENT)).toBe(1);
    expect(await count(METRICS.pageviews)).toBe(0);
  });

  it.each([
    ["not JSON", "{oops", "The event must be a JSON object"],
    ["an array", [], "The event must be a JSON object"],
    ["null", null, "The event must be a JSON object"],
    ["no name", { u: `${SITE}/`, d: "localhost" }, "The event needs a name (n)"],
    ["no address", { n: "pageview", d: "localhost" }, "The event needs the page's address (u), an http(s) URL"],
    [
      "a script address",
      { n: "pageview", u: "javascript:alert(1)", d: "localhost" },
      "The event needs the page's address (u), an http(s) URL",
    ],
    ["no domain", { n: "pageview", u: `${SITE}/` }, "The event needs the site's domain (d)"],
    [
      "another site's domain",
      { n: "pageview", u: "https://other.example/", d: "other.example" },
      "Events are counted for localhost only, not for other.example",
    ],
    [
      "nested props",
      { n: "x", u: `${SITE}/`, d: "localhost", p: { a: { b: 1 } } },
      "The event's properties (p) must be an object of at most 30 texts, numbers or booleans, 2,000 characters in all",
    ],
    [
      "too many props",
      {
        n: "x",
        u: `${SITE}/`,
        d: "localhost",
        p: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i])),
      },
      "The event's properties (p) must be an object of at most 30 texts, numbers or booleans, 2,000 characters in all",
    ],
    [
      "props of more than 2,000 characters",
      { n: "x", u: `${SITE}/`, d: "localhost", p: { a: "x".repeat(1500), b: "y".repeat(600) } },
      "The event's properties (p) must be an object of at most 30 texts, numbers or booleans, 2,000 characters in all",
    ],
    [
      "a NUL character in the name",
      { n: "page\u0000view", u: `${SITE}/`, d: "localhost" },
      "The event holds characters that are not text",
    ],
    [
      "half a surrogate pair in a property",
      { n: "x", u: `${SITE}/`, d: "localhost", p: { a: "\ud800" } },
      "The event's properties (p) must be an object of at most 30 texts, numbers or booleans, 2,000 characters in all",
    ],
  ])("answers 400 with a message to %s, and stores nothing", async (_case, body, message) => {
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid-argument", message } });
    await app.services.analytics.flush();
    expect(await database.db.$count(events)).toBe(0);
  });

  it("answers a body past 64 kB with 413 and a message, and stores nothing", async () => {
    const response = await send({ n: "x", u: `${SITE}/`, d: "localhost", p: { text: "x".repeat(70_000) } });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: { code: "invalid-argument", message: "The event is too large" },
    });
    await app.services.analytics.flush();
    expect(await database.db.$count(events)).toBe(0);
  });

  it.each([
    ["a search engine's crawler", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    [
      "a headless browser",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    ],
    ["a script", "curl/8.5.0"],
    ["no browser at all", ""],
  ])("ignores %s", async (_case, userAgent) => {
    const tool = await insertTool(database.db);
    const response = await send(pageview(`/tool/${tool.slug}`), { userAgent });
    expect(response.status).toBe(202);
    expect(response.headers.get("x-plausible-dropped")).toBe("1");
    await app.services.analytics.flush();
    expect(await database.db.$count(events)).toBe(0);
    expect(await database.db.$count(dailyStats)).toBe(0);
    const [row] = await database.db.select({ views: tools.views }).from(tools).where(eq(tools.id, tool.id));
    expect(row!.views).toBe(0);
  });

  it("answers 202 only once the event is stored", async () => {
    const response = await send(pageview("/categories"));
    expect(response.status).toBe(202);
    // No flush: the answer came after the batch holding the event committed.
    expect(await database.db.$count(events)).toBe(1);
    expect(await count(METRICS.pageviews)).toBe(1);
  });

  it("answers 503 with a message for an event that cannot be written, and stores the others of its batch", async () => {
    // The database refuses one page's rows, as it would an event that breaks a rule of its own.
    await database.db.execute(sql`create function refuse_poison() returns trigger language plpgsql as $$
      begin if new.path = '/poison' then raise exception 'refused'; end if; return new; end $$`);
    await database.db.execute(
      sql`create trigger refuse_poison before insert on events for each row execute function refuse_poison()`,
    );
    try {
      const answers = await Promise.all(
        ["/a", "/poison", "/b", "/c"].map((path, index) =>
          send(pageview(path), { address: `198.51.100.${index + 1}` }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([202, 503, 202, 202]);
      expect(await answers[1]!.json()).toEqual({
        error: { code: "unavailable", message: "The event could not be stored, try again in a moment" },
      });
      const stored = await database.db.select({ path: events.path }).from(events);
      expect(stored.map((row) => row.path).sort()).toEqual(["/a", "/b", "/c"]);
      expect(await count(METRICS.pageviews)).toBe(3);
    } finally {
      await database.db.execute(sql`drop trigger refuse_poison on events`);
      await database.db.execute(sql`drop function refuse_poison()`);
    }
  });

  it("refuses events posted from another site", async () => {
    const response = await send(pageview("/"), { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });

  it("counts a live tool's views and clicks, and not those of a tool that is not live", async () => {
    const live = await insertTool(database.db);
    const waiting = await insertTool(database.db, { isVerified: false });
    await send(pageview(`/tool/${live.slug}`, `${SITE}/search/crm`));
    await send(pageview(`/tool/${live.slug}`, "https://www.google.com/"));
    await send(pageview(`/tool/${live.slug}`));
    await send(click(live.id));
    await send(pageview(`/tool/${waiting.slug}`));
    await send(click(waiting.id));
    await send(click("tnotatool123"));
    await app.services.analytics.flush();

    const rows = await database.db.select({ id: tools.id, views: tools.views, clicks: tools.clicks }).from(tools);
    expect(rows.find((row) => row.id === live.id)).toMatchObject({ views: 3, clicks: 1 });
    expect(rows.find((row) => row.id === waiting.id)).toMatchObject({ views: 0, clicks: 0 });
    expect(await count(METRICS.toolView, live.id)).toBe(3);
    expect(await count(METRICS.toolClick, live.id)).toBe(1);
    expect(await count(METRICS.toolView, waiting.id)).toBe(0);
    expect(await count(METRICS.toolClick, waiting.id)).toBe(0);
    // Where the tool's visitors came from: one of our pages, another site (its host only), or nowhere.
    expect(await count(METRICS.toolReferrer, live.id, "/search/crm")).toBe(1);
    expect(await count(METRICS.toolReferrer, live.id, "google.com")).toBe(1);
    expect(await count(METRICS.toolReferrer, live.id, "")).toBe(1);
    // The site's sources are arrivals only: a move from one of our pages to another is not one.
    expect(await count(METRICS.referrer, "google.com")).toBe(1);
    expect(await count(METRICS.referrer, "")).toBe(2);
    expect(await count(METRICS.referrer, "/search/crm")).toBe(0);
    // Every outbound click is an event, by the link it led to (without its query string).
    expect(await count(METRICS.event, OUTBOUND_CLICK_EVENT, "https://tool.example.com/")).toBe(3);
    // The raw page views are all kept, the tool pages that are not public included.
    expect(await count(METRICS.pageviews)).toBe(4);
  });

  it("counts a visitor once a day, and cannot follow them into the next day", async () => {
    await send(pageview("/"), { address: "192.0.2.1" });
    await send(pageview("/tools"), { address: "192.0.2.1" });
    await send(pageview("/"), { address: "192.0.2.1", userAgent: FIREFOX });
    await send(pageview("/"), { address: "192.0.2.2" });
    await app.services.analytics.flush();
    const firstDay = await database.db.select({ visitor: events.visitor }).from(events);
    expect(new Set(firstDay.map((row) => row.visitor)).size).toBe(3);

    clock = new Date("2026-03-11T08:00:00Z");
    await send(pageview("/"), { address: "192.0.2.1" });
    await app.services.analytics.flush();
    const rows = await database.db.select().from(dailyStats).where(eq(dailyStats.metric, METRICS.visitors));
    expect(rows.map((row) => [row.day, row.count]).sort()).toEqual([
      ["2026-03-10", 3],
      ["2026-03-11", 1],
    ]);
    // A new day, a new salt: the same person gets a hash unrelated to yesterday's.
    const [nextDay] = await database.db
      .select({ visitor: events.visitor })
      .from(events)
      .where(eq(events.createdAt, clock));
    expect(firstDay.map((row) => row.visitor)).not.toContain(nextDay!.visitor);
  });

  it("keeps raw events for the retention period, and forgets past days' salts and visitor hashes", async () => {
    clock = new Date("2026-01-01T10:00:00Z");
    await send(pageview("/old"));
    await app.services.analytics.flush();
    clock = new Date("2026-03-09T10:00:00Z");
    await send(pageview("/yesterday"));
    await app.services.analytics.flush();
    clock = new Date("2026-03-10T12:00:00Z");
    await send(pageview("/today"));
    await app.services.analytics.flush();

    expect(await app.services.analytics.purge()).toEqual({ events: 1 });
    const paths = (await database.db.select({ path: events.path }).from(events)).map((row) => row.path).sort();
    expect(paths).toEqual(["/today", "/yesterday"]);
    expect((await database.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map((row) => row.day)).toEqual([
      "2026-03-10",
    ]);
    expect(
      (await database.db.select({ day: dailyVisitors.day }).from(dailyVisitors)).map((row) => row.day).sort(),
    ).toEqual(["2026-03-09", "2026-03-10"]);
    // The daily counts stay: they are what the charts draw.
    expect(await count(METRICS.page, "/old")).toBe(1);
  });

  it("writes the rest of a batch when one of its events cannot be stored, and refuses that one", async () => {
    const visit = { address: "192.0.2.9", userAgent: CHROME };
    // Three events of one batch; one no database can store (a NUL character), as if it had got past the checks of POST /api/event.
    const outcomes = await Promise.allSettled([
      app.services.analytics.record(pageview("/before"), visit),
      app.services.analytics.record({ n: "bad\u0000name", u: `${SITE}/`, d: "localhost" }, visit),
      app.services.analytics.record(pageview("/after"), visit),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({
      code: "unavailable",
      message: "The event could not be stored, try again in a moment",
    });
    const paths = (await database.db.select({ path: events.path }).from(events)).map((row) => row.path).sort();
    expect(paths).toEqual(["/after", "/before"]);
    expect(await count(METRICS.pageviews)).toBe(2);
  });

  it("runs the hourly jobs: old events are deleted, and a maker whose tool went live a week ago is mailed", async () => {
    clock = new Date("2026-01-01T10:00:00Z");
    await send(pageview("/old"));
    await app.services.analytics.flush();
    clock = new Date("2026-03-10T12:00:00Z");
    const maker = await insertUser(database.db, { username: "Nora", email: "nora@example.com" });
    await insertTool(database.db, {
      name: "Week Old",
      creatorUsername: maker.slug,
      isLinkedToCreator: true,
      verifiedAt: new Date("2026-03-03T09:00:00Z"),
    });

    await runJobs(app.services, createLogger("silent"), clock);
    expect(await database.db.$count(events)).toBe(0);
    expect(
      app.services.mailer
        .outbox()
        .filter((mail) => mail.to === "nora@example.com")
        .map((mail) => mail.subject),
    ).toEqual([expect.stringContaining("Week Old")]);
  });

  it("limits the events one address sends in a minute, and lets it go on in the next", async () => {
    const responses = [];
    for (let index = 0; index < 121; index++) responses.push(await send(pageview("/"), { address: "192.0.2.50" }));
    expect(responses.slice(0, 120).every((response) => response.status === 202)).toBe(true);
    expect(responses[120]!.status).toBe(429);
    expect(await responses[120]!.json()).toMatchObject({
      error: { code: "resource-exhausted", message: "Too many requests, try again later" },
    });
    expect((await send(pageview("/"), { address: "192.0.2.51" })).status).toBe(202);
    clock = new Date(clock.getTime() + 61_000);
    expect((await send(pageview("/"), { address: "192.0.2.50" })).status).toBe(202);
  });

  it("counts every event of a burst of 5,000, with no server error, and the counters equal the daily counts", async () => {
    const first = await insertTool(database.db);
    const second = await insertTool(database.db);
    // 50 visitors, 100 events each: page views of the two tools and of the home page, and clicks on the tools' links.
    const bodies = Array.from({ length: 5000 }, (_, index) => {
      const tool = Math.floor(index / 4) % 2 === 0 ? first : second;
      return [
        pageview(`/tool/${tool.slug}`),
        pageview("/"),
        click(tool.id),
        pageview(`/tool/${tool.slug}`, "https://twitter.com/"),
      ][index % 4]!;
    });
    const responses = await Promise.all(bodies.map((body, index) => send(body, { address: `10.0.${index % 50}.1` })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 202)).toBe(true);
    await app.services.analytics.flush();

    expect(await database.db.$count(events)).toBe(5000);
    expect(await count(METRICS.pageviews)).toBe(3750);
    expect(await count(METRICS.visitors)).toBe(50);
    const rows = await database.db.select({ id: tools.id, views: tools.views, clicks: tools.clicks }).from(tools);
    for (const tool of rows) {
      expect(tool.views).toBe(1250);
      expect(tool.clicks).toBe(625);
      expect(await count(METRICS.toolView, tool.id)).toBe(tool.views);
      expect(await count(METRICS.toolClick, tool.id)).toBe(tool.clicks);
    }
    // One row per page and day, however many batches added to it.
    const [home] = await database.db
      .select()
      .from(dailyStats)
      .where(sql`${dailyStats.metric} = ${METRICS.page} and ${dailyStats.subject} = '/'`);
    expect(home!.count).toBe(1250);
  });

  describe("forwarding to a Plausible-compatible host", () => {
    let plausible: LocalServer;
    let forwarding: Awaited<ReturnType<typeof createTestApp>>;

    beforeAll(async () => {
      plausible = await startLocalServer({ status: 202, body: "ok" });
      forwarding = await createTestApp(
        database,
        { TRUST_PROXY: "true", PLAUSIBLE_HOST: plausible.url },
        { now: () => clock },
      );
    });
    afterAll(() => plausible.close());
    afterEach(() => plausible.answer({ status: 202, body: "ok" }));

    it("sends each event on with the visitor's browser and address, and not a bot's", async () => {
      const post = (body: unknown, userAgent: string) =>
        forwarding.request("/api/event", {
          method: "POST",
          headers: { "user-agent": userAgent, "x-forwarded-for": "198.51.100.9" },
          body: JSON.stringify(body),
        });
      expect(
        (await post(pageview("/reset-password?token=secret", "https://example.org/a?q=private"), CHROME)).status,
      ).toBe(202);
      expect((await post(pageview("/"), "Googlebot/2.1 (+http://www.google.com/bot.html)")).status).toBe(202);
      await forwarding.services.analytics.forwarded();

      expect(plausible.requests).toHaveLength(1);
      const [forwarded] = plausible.requests;
      expect(forwarded!.method).toBe("POST");
      expect(forwarded!.url.pathname).toBe("/api/event");
      expect(forwarded!.headers["user-agent"]).toBe(CHROME);
      expect(forwarded!.headers["x-forwarded-for"]).toBe("198.51.100.9");
      // The page without its query string (it may hold a token), and only the site the visitor came from.
      expect(JSON.parse(forwarded!.body)).toEqual({
        n: "pageview",
        u: `${SITE}/reset-password`,
        d: "localhost",
        r: "https://example.org",
      });
      await forwarding.services.analytics.flush();
    });

    it("still counts events when the host fails", async () => {
      plausible.answer({ status: 500, body: { error: "down" } });
      const before = plausible.requests.length;
      const response = await forwarding.request("/api/event", {
        method: "POST",
        headers: { "user-agent": CHROME },
        body: JSON.stringify(pageview("/")),
      });
      expect(response.status).toBe(202);
      await forwarding.services.analytics.forwarded();
      expect(plausible.requests.length).toBe(before + 1);
      await forwarding.services.analytics.flush();
      expect(await database.db.$count(events)).toBe(1);
    });
  });
});
