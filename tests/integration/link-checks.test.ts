/**
 * The daily link checker over local websites that are healthy, refuse HEAD, moved to another domain, or are dead
 * (404, 500, refused, too slow), with the clock given: what it records, whom it flags, whom it hides (and the visitor's
 * cached page that goes with it), the tool page's "Link checked", and /admin/links, tried as each role. And its manners
 * towards hosts that struggle (429 with Retry-After, 503 again and again, no answer), paced by a clock 100 times faster
 * than the wall's, beside a healthy host that must not wait for them.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, gt } from "drizzle-orm";
import { auditRecords, linkChecks, outbox, tools } from "#server/db/schema.ts";
import { createSafeFetcher, type SafeFetcher, safeFetcherFromConfig } from "#server/fetch/safe-fetch.ts";
import {
  type Clock,
  FLAG_AFTER_FAILURES,
  flaggedLinksQuery,
  HIDE_AT_LEAST,
  HOST_GIVE_UP_AFTER,
  linkChecker,
  OUTAGE_SAMPLE,
} from "#server/tools/jobs/link-checks.ts";
import { runDailyJobs } from "#server/jobs.ts";
import { createLogger } from "#server/logger.ts";
import { webhookEvents } from "#server/webhooks/events.ts";
import { sql } from "drizzle-orm";
import { insertTool, insertTools } from "../factories.ts";
import { readers } from "#server/mail/readers.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { closedPortUrl } from "../setup/local-http.ts";
import { signUpPerson } from "../setup/people.ts";
import { startWebsite, type Website } from "../setup/websites.ts";

const DAY = 86_400_000;

/** A real clock that runs `speed` times faster than the wall's: a minute of backoff passes in 0.6 s. */
function fastClock(speed = 100): Clock {
  const start = Date.now();
  const began = performance.now();
  return {
    now: () => start + (performance.now() - began) * speed,
    sleep: (ms, signal) => delay(ms / speed, undefined, { signal }).catch(() => undefined),
  };
}

/** The operator's notices are written in English, the default. */
const siteReaders = readers({ siteUrl: "http://localhost:3000", locales: ["en"], defaultLocale: "en" });
describe.each(databaseKinds)("the link checker on %s", (kind) => {
  const { database, app } = useTestApp(kind, {
    FETCH_ALLOW_PRIVATE_HOSTS: "127.0.0.1, localhost",
    LINK_CHECK_HIDE_AFTER: "3",
  });
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
    checker = linkChecker({
      db: database.db,
      readers: siteReaders,
      fetcher: safeFetcherFromConfig(app.config),
      hideAfter: app.config.LINK_CHECK_HIDE_AFTER,
      hostPauseMs: 100,
      timeoutMs: 400,
      writeToolSnapshot: app.services.tools.writeToolSnapshot,
      webhooks: webhookEvents({ siteUrl: app.config.SITE_URL }),
      outbox: app.services.outbox,
    });
  });
  afterAll(() => Promise.all([site.close(), busy.close()]));
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

  const checkOf = async (toolId: string) =>
    (await database.db.select().from(linkChecks).where(eq(linkChecks.toolId, toolId)))[0];
  const toolOf = async (toolId: string) => (await database.db.select().from(tools).where(eq(tools.id, toolId)))[0]!;

  it("records each website's status and final address, flags moved and repeatedly failing links, and hides dead ones after 3 failures", async () => {
    const sites = await insertSites();
    const dead = [sites.gone, sites.broken, sites.refused, sites.slow];
    const now = Date.now();
    const days = [new Date(now - 2 * DAY), new Date(now - DAY), new Date(now)];

    expect(await checker.checkAllLinks(days[0])).toEqual({ checked: 8, moved: 1, failed: 4, hidden: 0, skipped: 0 });
    expect(await checkOf(sites.healthy.id)).toMatchObject({
      status: 200,
      finalUrl: `${site.url}/`,
      failures: 0,
      flaggedAt: null,
      checkedAt: days[0],
    });
    expect(await checkOf(sites.noHead.id)).toMatchObject({ status: 200, failures: 0, flaggedAt: null });
    expect(site.requests.filter((request) => request.path === "/no-head").map((request) => request.method)).toEqual([
      "HEAD",
      "GET",
    ]);
    expect(await checkOf(sites.sameDomain.id)).toMatchObject({ status: 200, isMoved: false, flaggedAt: null });
    expect(await checkOf(sites.moved.id)).toMatchObject({
      status: 200,
      finalUrl: `http://localhost:${site.port}/`,
      isMoved: true,
      flaggedAt: days[0],
    });
    expect(await checkOf(sites.gone.id)).toMatchObject({
      status: 404,
      failures: 1,
      flaggedAt: null,
      error: "The website answered with an error (HTTP 404), so we could not read the page",
    });
    expect(await checkOf(sites.broken.id)).toMatchObject({ status: 500, failures: 1 });
    expect(await checkOf(sites.refused.id)).toMatchObject({
      status: null,
      failures: 1,
      error: "We could not reach this website: it refused the connection or is down",
    });
    expect(await checkOf(sites.slow.id)).toMatchObject({
      status: null,
      failures: 1,
      error: "This website took longer than 1 second to answer, so we stopped waiting",
    });

    // A visitor's cached page of a tool that is about to be hidden.
    const page = `/tool/${sites.gone.slug}`;
    expect((await app.request(page)).status).toBe(200);
    expect((await app.request(page)).headers.get("x-cache")).toBe("hit");

    expect(await checker.checkAllLinks(days[1])).toEqual({ checked: 8, moved: 1, failed: 4, hidden: 0, skipped: 0 });
    for (const tool of dead)
      expect(await checkOf(tool.id)).toMatchObject({
        failures: FLAG_AFTER_FAILURES,
        flaggedAt: days[1],
        hiddenAt: null,
      });
    expect((await app.request(page)).headers.get("x-cache")).toBe("hit");

    expect(await checker.checkAllLinks(days[2])).toEqual({ checked: 8, moved: 1, failed: 0, hidden: 4, skipped: 0 });
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
    const { client: reader } = await signUpPerson(app, database.db, "Reader");
    const page = async () => (await reader.request(`/tool/${tool.slug}`)).text();
    expect(await page()).not.toContain("Link checked");
    await checker.checkAllLinks(new Date());
    expect(await page()).toContain("Link checked today");
    await database.db.update(linkChecks).set({ workingAt: new Date(Date.now() - 3 * DAY - 1000) });
    expect(await page()).toMatch(/Link checked (<!-- -->)?3 days(<!-- -->)? ago/);
    // A check that did not find it working says nothing new: the page still says when one last did.
    await database.db
      .update(tools)
      .set({ website: `${site.url}/gone` })
      .where(eq(tools.id, tool.id));
    await checker.checkAllLinks(new Date());
    expect(await checkOf(tool.id)).toMatchObject({ status: 404, failures: 1 });
    expect(await page()).toMatch(/Link checked (<!-- -->)?3 days(<!-- -->)? ago/);
  });

  it("never says a link was checked when no check found it working", async () => {
    const tool = await insertTool(database.db, { name: "Never worked", website: `${site.url}/gone` });
    const { client: reader } = await signUpPerson(app, database.db, "Reader");
    await checker.checkAllLinks(new Date());
    expect(await checkOf(tool.id)).toMatchObject({ status: 404, workingAt: null });
    expect(await (await reader.request(`/tool/${tool.slug}`)).text()).not.toContain("Link checked");
  });

  describe("when the site's own network is down", () => {
    const noticesOf = async () =>
      (await database.db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.channel, "notice"))).map(
        (row) => row.payload as { title: string; text: string },
      );

    it("pauses when the reference address does not answer: no tool is checked, and the admins are told once a day", async () => {
      const sites = await insertSites();
      const offline = linkChecker({
        db: database.db,
        readers: siteReaders,
        fetcher: safeFetcherFromConfig(app.config),
        hideAfter: 1,
        referenceUrl: `${refusedUrl}/`,
        timeoutMs: 400,
        writeToolSnapshot: app.services.tools.writeToolSnapshot,
        webhooks: webhookEvents({ siteUrl: app.config.SITE_URL }),
        outbox: app.services.outbox,
      });
      for (const day of [0, 0, 1]) {
        const counts = await offline.checkAllLinks(new Date(Date.now() + day * DAY));
        expect(counts).toMatchObject({ checked: 0, failed: 0, hidden: 0 });
        expect(counts.paused).toContain(`the reference address ${refusedUrl}/ did not answer`);
      }
      expect(await database.db.select().from(linkChecks)).toEqual([]);
      expect((await toolOf(sites.refused.id)).isActive).toBe(true);
      const notices = await noticesOf();
      expect(notices.map((notice) => notice.title)).toEqual(["Link check paused", "Link check paused"]);
    });

    it("pauses when most websites give no answer at once, counting against none of them, and says the answers count", async () => {
      // A page that answered 404 before the run paused is gone whatever the site's own network does: it counts, and
      // the notice says so. It is read first, as the first tool listed.
      const gone = await insertTool(database.db, { name: "Gone", website: `${site.url}/gone` });
      const healthy = await insertTool(database.db, { name: "Healthy", website: `${site.url}/` });
      const silent = [];
      for (let index = 0; index < OUTAGE_SAMPLE + 5; index++)
        silent.push(await insertTool(database.db, { name: `Silent ${index}`, website: `${await closedPortUrl()}/` }));
      const strict = linkChecker({
        db: database.db,
        readers: siteReaders,
        fetcher: safeFetcherFromConfig(app.config),
        hideAfter: 1,
        timeoutMs: 400,
        writeToolSnapshot: app.services.tools.writeToolSnapshot,
        webhooks: webhookEvents({ siteUrl: app.config.SITE_URL }),
        outbox: app.services.outbox,
      });
      const counts = await strict.checkAllLinks(new Date());
      expect(counts.paused).toMatch(/websites gave no answer at all/);
      expect(counts.paused).toContain(
        "count against no tool; the websites that answered before it paused were counted",
      );
      expect(counts.failed + counts.hidden).toBe(0);
      const failing = await database.db.select().from(linkChecks).where(gt(linkChecks.failures, 0));
      expect(failing.map((check) => check.toolId)).toEqual([gone.id]);
      for (const tool of silent) expect((await toolOf(tool.id)).isActive).toBe(true);
      expect((await toolOf(healthy.id)).isActive).toBe(true);
      expect((await noticesOf()).map((notice) => notice.title)).toEqual(["Link check paused"]);
    });
  });

  describe("when the site's own resolver is down", () => {
    const noticesOf = async () =>
      (await database.db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.channel, "notice"))).map(
        (row) => row.payload as { title: string; text: string },
      );
    /** A resolver's failure, as getaddrinfo reports it: no name server answered (EAI_AGAIN), or it said no such name (ENOTFOUND). */
    const resolverError = (hostname: string, code: "EAI_AGAIN" | "ENOTFOUND") =>
      Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code, hostname });
    /** Tools on hosts of their own, named `<prefix>-<n>.test`, each at the local website's port. */
    const hostsOf = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => `${prefix}-${index}.test`);

    /**
     * An app whose resolver knows only `resolvable` (as 127.0.0.1, where the local website answers) and fails for every
     * other name, its daily jobs run as the server runs them, for `days` days in a row; then what the checks left.
     */
    async function runDays({
      resolvable,
      failing,
      reference,
      days = 4,
      code = "EAI_AGAIN",
    }: {
      resolvable: string[];
      failing: string[];
      reference: string;
      days?: number;
      code?: "EAI_AGAIN" | "ENOTFOUND";
    }) {
      const known = new Set(resolvable);
      const offline = await createTestApp(
        database,
        {
          FETCH_ALLOW_PRIVATE_HOSTS: [...resolvable, "127.0.0.1"].join(","),
          LINK_CHECK_HIDE_AFTER: "3",
          LINK_CHECK_REFERENCE_URL: reference,
        },
        {
          resolveHost: async (hostname) =>
            known.has(hostname) ? [{ address: "127.0.0.1", family: 4 }] : Promise.reject(resolverError(hostname, code)),
        },
      );
      const listed = [];
      for (const host of [...resolvable, ...failing])
        listed.push(await insertTool(database.db, { name: host, website: `http://${host}:${site.port}/` }));
      const lines: string[] = [];
      const logger = createLogger("info", { write: (line) => void lines.push(line) });
      const start = Date.now();
      for (let day = 0; day < days; day++) await runDailyJobs(offline.services, logger, new Date(start + day * DAY));
      const hidden = (await database.db.select({ id: tools.id }).from(tools).where(eq(tools.isActive, false))).length;
      return { app: offline, listed, lines, hidden };
    }

    it("pauses every day, with a notice and no tool hidden, when no name resolves, not even the reference address's", async () => {
      const {
        lines,
        hidden,
        app: offline,
      } = await runDays({ resolvable: [], failing: hostsOf("tool", 30), reference: "https://example.com" });
      expect(hidden).toBe(0);
      expect(await database.db.select().from(linkChecks)).toEqual([]);
      expect(
        lines.filter((line) =>
          line.includes(
            "link check: paused: The link check paused, counting against no tool: the reference address https://example.com did not answer",
          ),
        ),
      ).toHaveLength(4);
      const notices = await noticesOf();
      expect(notices).toHaveLength(4);
      for (const notice of notices)
        expect(notice).toMatchObject({
          title: "Link check paused",
          text: expect.stringContaining("resolver seems down"),
        });
      // /admin/links says so too, for an operator without the bot.
      const { client: admin } = await signUpPerson(offline, database.db, "Admin", { role: "admin" });
      const page = await (await admin.request("/admin/links")).text();
      expect(page).toContain('data-testid="link-check-paused"');
      expect(page).toContain("the reference address https://example.com did not answer");
    });

    it("pauses, with a notice and no tool hidden, when most names do not resolve and no reference address is set", async () => {
      for (const code of ["EAI_AGAIN", "ENOTFOUND"] as const) {
        await database.reset();
        const { lines, hidden } = await runDays({
          resolvable: hostsOf("up", 10),
          failing: hostsOf("down", 15),
          reference: "",
          code,
        });
        expect(hidden, code).toBe(0);
        expect(await database.db.select().from(linkChecks).where(gt(linkChecks.failures, 0)), code).toEqual([]);
        expect(
          lines.filter((line) =>
            /link check: paused: .* websites gave no answer at all, or their names did not resolve/.test(line),
          ),
          code,
        ).toHaveLength(4);
        expect(
          (await noticesOf()).map((notice) => notice.title),
          code,
        ).toEqual(["Link check paused", "Link check paused", "Link check paused", "Link check paused"]);
      }
    });

    it("counts a name that does not resolve against its tool when the rest of the run shows the resolver works", async () => {
      const { listed, hidden } = await runDays({
        resolvable: hostsOf("up", 24),
        failing: hostsOf("gone", 1),
        reference: "",
        days: 3,
        code: "ENOTFOUND",
      });
      expect(hidden).toBe(1);
      const gone = listed.find((tool) => tool.name === "gone-0.test")!;
      expect(await checkOf(gone.id)).toMatchObject({
        status: null,
        failures: 3,
        hiddenAt: expect.any(Date),
        error: "We could not find this website: check the address",
      });
    });
  });

  describe("the breaker", () => {
    const noticesOf = async () =>
      (await database.db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.channel, "notice"))).map(
        (row) => row.payload as { title: string; text: string },
      );
    const strictChecker = (options: { hideAtLeast?: number; fetcher?: SafeFetcher } = {}) =>
      linkChecker({
        db: database.db,
        readers: siteReaders,
        fetcher: safeFetcherFromConfig(app.config),
        hideAfter: 1,
        timeoutMs: 400,
        hostPauseMs: 0,
        writeToolSnapshot: app.services.tools.writeToolSnapshot,
        webhooks: webhookEvents({ siteUrl: app.config.SITE_URL }),
        outbox: app.services.outbox,
        ...options,
      });

    it("hides no tool, and tells the admins, when a run finds more dead than it may hide at once", async () => {
      for (let index = 0; index < 20; index++)
        await insertTool(database.db, { name: `Fine ${index}`, website: `${site.url}/?n=${index}` });
      const dead = [];
      for (let index = 0; index < HIDE_AT_LEAST + 3; index++)
        dead.push(await insertTool(database.db, { name: `Dead ${index}`, website: `${site.url}/gone?n=${index}` }));
      const counts = await strictChecker().checkAllLinks(new Date());
      expect(counts).toMatchObject({ checked: 28, failed: HIDE_AT_LEAST + 3, hidden: 0 });
      expect(counts.paused).toBe(
        `The link check hid no tool: ${HIDE_AT_LEAST + 3} tools failed often enough to be hidden, more than a run may hide at once (${HIDE_AT_LEAST}). Look at /admin/links: fix or mark the links there, or they are counted again on the next run.`,
      );
      for (const tool of dead) {
        expect((await toolOf(tool.id)).isActive).toBe(true);
        // Flagged for the admins all the same.
        expect(await checkOf(tool.id)).toMatchObject({ failures: 1, flaggedAt: expect.any(Date), hiddenAt: null });
      }
      expect((await noticesOf()).map((notice) => notice.title)).toEqual(["Link check paused"]);
      // As few as it may hide are hidden.
      await database.db
        .update(tools)
        .set({ website: `${site.url}/` })
        .where(sql`${tools.name} in ('Dead 0', 'Dead 1', 'Dead 2')`);
      expect(await strictChecker().checkAllLinks(new Date())).toEqual({
        checked: 28,
        moved: 0,
        failed: 0,
        hidden: HIDE_AT_LEAST,
        skipped: 0,
      });
    });

    it("hides many tools at once without a deadlock, and an admin brings them all back in one action", async () => {
      // Each on a host of its own, so that 16 are checked at once, sharing the categories, tags and prices whose counts
      // each hide changes: hidden one by one, in parallel, they deadlocked on PostgreSQL.
      const hosts = Array.from({ length: 200 }, (_, index) => `dead-${index}.test`);
      const dead = [];
      for (const [index, host] of hosts.entries()) {
        dead.push(
          await insertTool(database.db, {
            name: `Dead ${index}`,
            website: `http://${host}:${site.port}/gone`,
            tags:
              index % 2
                ? ["analytics", "email", `own-${index % 7}`, `b-${index % 5}`]
                : [`own-${index % 7}`, "email", "analytics", `b-${index % 3}`],
            categories: [`c${index % 4}`, `c${index % 3}`],
            paymentType: (["free", "paid", "freemium"] as const)[index % 3],
          }),
        );
      }
      const counts = await strictChecker({
        hideAtLeast: 200,
        fetcher: createSafeFetcher({
          userAgent: "IndieToolsBot/1.0",
          allowedPrivateHosts: hosts,
          resolveHost: async () => [{ address: "127.0.0.1", family: 4 }],
        }),
      }).checkAllLinks(new Date());
      expect(counts).toEqual({ checked: 200, moved: 0, failed: 0, hidden: 200, skipped: 0 });
      for (const tool of dead) expect((await toolOf(tool.id)).isActive).toBe(false);
      expect(await database.db.select().from(tools).where(eq(tools.isActive, true))).toEqual([]);
      expect(await (await app.request("/tag/analytics")).text()).not.toContain("Dead 199");

      const { client: admin } = await signUpPerson(app, database.db, "Admin", { role: "admin" });
      const page = await (await admin.request("/admin/links")).text();
      expect(page).toContain("200 tools are hidden after failed checks.");
      expect(page).toContain("Show all 200 hidden tools again");
      expect(page).toMatch(/data-testid="link-check-last-run"[^>]*>Last check on /);
      const response = await admin.post("/admin/links", { intent: "show-all-hidden" });
      expect(await response.text()).toContain("200 tools are live again.");
      for (const tool of dead) {
        expect((await toolOf(tool.id)).isActive).toBe(true);
        expect(await checkOf(tool.id)).toMatchObject({ flaggedAt: null, hiddenAt: null, failures: 0 });
      }
      expect(await (await app.request("/tag/analytics")).text()).toContain("Dead 199");
      expect(await database.db.$count(auditRecords, eq(auditRecords.kind, "link.resolved"))).toBe(200);
    });
  });

  it("checks queued tools too, to show the queue a website that does not answer, and never flags nor hides them", async () => {
    const listed = await insertTool(database.db, { name: "Listed", website: `${site.url}/` });
    const queued = await insertTool(database.db, { name: "Submitted", website: `${refusedUrl}/`, isVerified: false });
    const now = Date.now();
    for (const day of [2, 1, 0]) await checker.checkAllLinks(new Date(now - day * DAY));
    expect(await checkOf(queued.id)).toMatchObject({ status: null, failures: 3, flaggedAt: null, hiddenAt: null });
    expect((await toolOf(queued.id)).isActive).toBe(true);
    expect(await checkOf(listed.id)).toMatchObject({ status: 200, failures: 0 });

    const { client: verifier } = await signUpPerson(app, database.db, "Verifier", { role: "verifier" });
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
    for (let index = 1; index < arrivals.length; index++)
      expect(arrivals[index]! - arrivals[index - 1]!).toBeGreaterThanOrEqual(100);
  });

  it("stops asking once its process stops: the page under way is recorded, the tools still waiting are left for the next run", async () => {
    for (const path of ["/a", "/b", "/c"]) await insertTool(database.db, { website: `${busy.url}${path}` });
    arrivals.length = 0;
    // A host's pause of 10 s: the run must not wait it out to notice.
    const patient = linkChecker({
      db: database.db,
      readers: siteReaders,
      fetcher: safeFetcherFromConfig(app.config),
      hideAfter: app.config.LINK_CHECK_HIDE_AFTER,
      hostPauseMs: 10_000,
      timeoutMs: 400,
      writeToolSnapshot: app.services.tools.writeToolSnapshot,
      webhooks: webhookEvents({ siteUrl: app.config.SITE_URL }),
      outbox: app.services.outbox,
    });
    const stopping = new AbortController();
    const run = patient.checkAllLinks(new Date(), stopping.signal);
    await vi.waitFor(() => expect(arrivals).toHaveLength(1));
    stopping.abort();
    const started = Date.now();
    expect(await run).toMatchObject({ checked: 1, skipped: 2 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(arrivals).toHaveLength(1);
    expect(await database.db.$count(linkChecks)).toBe(1);
  });

  it("pages the flagged links through their index, never sorting them", async () => {
    const rows = await insertTools(database.db, 1000);
    const start = Date.now();
    await database.db.insert(linkChecks).values(
      rows.map((row, index) => ({
        toolId: row.id,
        checkedAt: new Date(start),
        status: 200,
        failures: 0,
        flaggedAt: index % 4 === 0 ? null : new Date(start - index * 1000),
      })),
    );
    await database.db.execute(sql`analyze link_checks`);
    for (const cursor of [null, { key: start - 100_000, id: "tzzz" }]) {
      const plan = await explainMainPlan(database.db, flaggedLinksQuery(database.db, cursor, 51));
      expect(plan).toContain("link_checks_flagged_idx");
      expect(plan).not.toMatch(/Sort/);
    }
  });

  describe("backoff per host", () => {
    const clock = fastClock();
    type Arrival = { host: string; path: string; at: number };
    const arrivals: Arrival[] = [];
    let limited: Website;
    let unavailable: Website;
    let healthy: Website;
    let faraway: Website;
    let limitedAnswers = 0;
    const backoffChecker = () =>
      linkChecker({
        db: database.db,
        readers: siteReaders,
        fetcher: safeFetcherFromConfig(app.config),
        hideAfter: app.config.LINK_CHECK_HIDE_AFTER,
        concurrency: 2,
        hostPauseMs: 1000,
        timeoutMs: 400,
        clock,
        writeToolSnapshot: app.services.tools.writeToolSnapshot,
        webhooks: webhookEvents({ siteUrl: app.config.SITE_URL }),
        outbox: app.services.outbox,
      });
    const answering = (host: string, answer: (response: ServerResponse) => void) => ({
      handle: (request: IncomingMessage, response: ServerResponse) => {
        arrivals.push({ host, path: new URL(request.url ?? "/", "http://x").pathname, at: clock.now() });
        answer(response);
      },
    });
    const pathsOf = (count: number) => Array.from({ length: count }, (_, index) => `/${index}`);

    beforeAll(async () => {
      [limited, unavailable, healthy, faraway] = await Promise.all([
        startWebsite(),
        startWebsite(),
        startWebsite(),
        startWebsite(),
      ]);
      for (const path of pathsOf(2)) {
        // Its first answer of a run asks for two minutes' rest; then it answers.
        limited.serve(
          path,
          answering("limited", (response) => {
            response.writeHead(limitedAnswers++ === 0 ? 429 : 200, { "retry-after": "120" });
            response.end();
          }),
        );
      }
      for (const path of pathsOf(6))
        unavailable.serve(
          path,
          answering("unavailable", (response) => void (response.writeHead(503), response.end())),
        );
      for (const path of pathsOf(5))
        healthy.serve(
          path,
          answering("healthy", (response) => void (response.writeHead(200), response.end())),
        );
      // Come back tomorrow: longer than any run waits.
      for (const path of pathsOf(3))
        faraway.serve(
          path,
          answering(
            "faraway",
            (response) => void (response.writeHead(429, { "retry-after": "86400" }), response.end()),
          ),
        );
    });
    afterAll(() => Promise.all([limited, unavailable, healthy, faraway].map((website) => website.close())));
    beforeEach(() => {
      arrivals.length = 0;
      limitedAnswers = 0;
    });

    const gaps = (host: string) => {
      const times = arrivals.filter((arrival) => arrival.host === host).map((arrival) => arrival.at);
      return times.slice(1).map((at, index) => at - times[index]!);
    };

    it("waits out a 429's Retry-After, backs off a host that answers 503 until it leaves it for the next run, and keeps a healthy host's pace beside them", async () => {
      const insert = (website: Website, count: number) =>
        Promise.all(pathsOf(count).map((path) => insertTool(database.db, { website: `${website.url}${path}` })));
      const limitedTools = await insert(limited, 2);
      const unavailableTools = await insert(unavailable, 6);
      const healthyTools = await insert(healthy, 5);
      const refusedTools = await Promise.all(
        pathsOf(5).map((path) => insertTool(database.db, { website: `${refusedUrl}${path}` })),
      );

      // Two hosts at once: the struggling ones must not hold both while they wait.
      const counts = await backoffChecker().checkAllLinks(new Date());
      // The 429 is asked again, not counted; the 503s and refusals are, until the host is left alone.
      expect(counts).toEqual({
        checked: 2 + HOST_GIVE_UP_AFTER + 5 + HOST_GIVE_UP_AFTER,
        moved: 0,
        failed: 2 * HOST_GIVE_UP_AFTER,
        hidden: 0,
        skipped: 2 + 1,
      });

      const limitedArrivals = arrivals.filter((arrival) => arrival.host === "limited");
      expect(limitedArrivals).toHaveLength(3);
      // The page that got the 429 is asked again, once the two minutes are over.
      expect(limitedArrivals[1]!.path).toBe(limitedArrivals[0]!.path);
      expect(gaps("limited")[0]).toBeGreaterThanOrEqual(120_000);
      for (const tool of limitedTools) expect(await checkOf(tool.id)).toMatchObject({ status: 200, failures: 0 });

      // 503 after 503: each pause twice the one before, then the host is left with its last tools unchecked.
      expect(gaps("unavailable")).toHaveLength(HOST_GIVE_UP_AFTER - 1);
      gaps("unavailable").forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual(1000 * 2 ** (index + 1)));
      const unavailableChecks = await Promise.all(unavailableTools.map((tool) => checkOf(tool.id)));
      expect(unavailableChecks.filter((check) => check?.status === 503 && check.failures === 1)).toHaveLength(
        HOST_GIVE_UP_AFTER,
      );
      expect(unavailableChecks.filter((check) => check === undefined)).toHaveLength(6 - HOST_GIVE_UP_AFTER);
      // A host that refuses the connection is left in the same way.
      expect(
        (await Promise.all(refusedTools.map((tool) => checkOf(tool.id)))).filter((check) => check === undefined),
      ).toHaveLength(1);

      // The healthy host went at its own pace, done long before the limited host's rest was over.
      expect(gaps("healthy")).toHaveLength(4);
      for (const gap of gaps("healthy")) expect(gap).toBeGreaterThanOrEqual(1000);
      expect(arrivals.filter((arrival) => arrival.host === "healthy").at(-1)!.at).toBeLessThan(limitedArrivals[1]!.at);
      for (const tool of healthyTools) expect(await checkOf(tool.id)).toMatchObject({ status: 200, failures: 0 });
    });

    it("leaves a host that asks for more rest than a run waits, and paces one host across the whole run, not each batch of tools read", async () => {
      const farTools = await Promise.all(
        pathsOf(3).map((path) => insertTool(database.db, { website: `${faraway.url}${path}` })),
      );
      // 1,001 tools of one struggling host: read in two batches, it is still asked only until it is left alone.
      await insertTools(database.db, 1001, new Date(), { website: `${unavailable.url}/0` });
      const counts = await backoffChecker().checkAllLinks(new Date());
      expect(counts).toEqual({
        checked: HOST_GIVE_UP_AFTER,
        moved: 0,
        failed: HOST_GIVE_UP_AFTER,
        hidden: 0,
        skipped: 3 + 1001 - HOST_GIVE_UP_AFTER,
      });
      expect(arrivals.filter((arrival) => arrival.host === "faraway")).toHaveLength(1);
      for (const tool of farTools) expect(await checkOf(tool.id)).toBeUndefined();
      expect(arrivals.filter((arrival) => arrival.host === "unavailable")).toHaveLength(HOST_GIVE_UP_AFTER);
    });
  });

  describe("/admin/links", () => {
    type Role = "visitor" | "guest" | "creator" | "verifier" | "admin";
    const ROLES: Role[] = ["visitor", "guest", "creator", "verifier", "admin"];

    async function people() {
      const creator = await signUpPerson(app, database.db, "Creator");
      return {
        visitor: { client: createClient(app.request) },
        guest: await signUpPerson(app, database.db, "Guest"),
        creator,
        verifier: await signUpPerson(app, database.db, "Verifier", { role: "verifier" }),
        admin: await signUpPerson(app, database.db, "Admin", { role: "admin" }),
      };
    }

    async function hiddenTool(creatorId: string) {
      const tool = await insertTool(database.db, {
        name: "Gone Tool",
        website: `${site.url}/gone`,
        submittedBy: creatorId,
      });
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
      const expected: Record<Role, number | string> = {
        visitor: "login",
        guest: 403,
        creator: 403,
        verifier: 403,
        admin: 200,
      };
      for (const role of ROLES) {
        const response = await who[role].client.request("/admin/links");
        if (expected[role] === "login") expect(response.headers.get("location")).toMatch(/^\/login/);
        else expect(response.status, role).toBe(expected[role]);
      }
      const html = await (await who.admin.client.request("/admin/links")).text();
      expect(html.match(/data-testid="flagged-link"/g)).toHaveLength(5);
      // A failing link says since when: its first failure in a row, the day before.
      expect(html).toMatch(
        new RegExp(`failing since (<!-- -->)?<time dateTime="${new Date(now - DAY).toISOString().slice(0, 10)}"`),
      );
      expect(html).toContain(`Now redirects to http://localhost:${site.port}/`);
      expect(html).not.toContain(sites.healthy.name + "</a>");
      expect(html).toMatch(/data-testid="admin-count-links"[^>]*>5</);
      const first = await checker.listFlaggedLinks(who.admin.session, { limit: 2 });
      expect(first.links).toHaveLength(2);
      const { decodeCursor } = await import("#common/cursor.ts");
      const second = await checker.listFlaggedLinks(who.admin.session, {
        limit: 10,
        cursor: decodeCursor(first.nextCursor!),
      });
      expect(second.links).toHaveLength(3);
      expect(new Set([...first.links, ...second.links].map((link) => link.toolId)).size).toBe(5);
    });

    it.each(ROLES)("'Show all hidden tools again' as %s", async (role) => {
      const who = await people();
      const tool = await hiddenTool(who.creator.id);
      const response = await who[role].client.post("/admin/links", { intent: "show-all-hidden" });
      if (role === "admin") {
        expect(await response.text()).toContain("1 tool is live again.");
        expect((await toolOf(tool.id)).isActive).toBe(true);
      } else {
        expect(role === "visitor" ? response.headers.get("location") : response.status).toSatisfy((answer: unknown) =>
          role === "visitor" ? /^\/login/.test(String(answer)) : answer === 403,
        );
        expect((await toolOf(tool.id)).isActive).toBe(false);
      }
    });

    it.each(ROLES)("'Link fixed: show again' as %s", async (role) => {
      const who = await people();
      const tool = await hiddenTool(who.creator.id);
      const response = await who[role].client.post("/admin/links", { intent: "resolve", toolId: tool.id });
      if (role === "admin") {
        expect(response.status).toBe(200);
        expect(await response.text()).toContain("Gone Tool is live again.");
        expect((await toolOf(tool.id)).isActive).toBe(true);
        expect(await checkOf(tool.id)).toMatchObject({ flaggedAt: null, hiddenAt: null, failures: 0 });
        expect((await app.request(`/tool/${tool.slug}`)).status).toBe(200);
      } else {
        expect(role === "visitor" ? response.headers.get("location") : response.status).toSatisfy((answer: unknown) =>
          role === "visitor" ? /^\/login/.test(String(answer)) : answer === 403,
        );
        expect((await toolOf(tool.id)).isActive).toBe(false);
        expect(await checkOf(tool.id)).toMatchObject({ hiddenAt: expect.any(Date) });
      }
    });
  });
});
