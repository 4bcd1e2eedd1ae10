/**
 * The free way in (decision 062) through the real app, against local websites: a maker's page that shows the badge
 * earns the front of the queue or a listing at once, as the operator chose; a page without it, another site's, or a
 * hostile address earns nothing and says why; each role is tried; the daily look keeps a badge that stays, takes back
 * what a removed one earned on the second look in a row (with an e-mail), ignores a page it cannot reach and stops
 * after the watched days.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { FREE_WAY_IN, type FreeWayIn, LINK_BACK_WATCH_DAYS } from "#common/constants.ts";
import { linkBacks, tools } from "#server/db/schema.ts";
import { watchedLinkBacksQuery } from "#server/link-backs/link-backs.ts";
import { insertTool } from "../factories.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useMailAndBot, useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { type Person, signUpPerson } from "../setup/people.ts";
import { startWebsite, type Website } from "../setup/websites.ts";

const DAY = 86_400_000;
const BADGE =
  '<a href="http://localhost:3000/tool/counter?ref=badge"><img src="http://localhost:3000/badge/counter.svg"></a>';
const page = (body: string) => ({ body: `<!doctype html><title>Counter</title><body>${body}</body>` });

describe.each(databaseKinds)("the free way in on %s", (kind) => {
  const { smtp, env } = useMailAndBot();
  const { database, app } = useTestApp(kind, () => ({ ...env(), FETCH_ALLOW_PRIVATE_HOSTS: "127.0.0.1, localhost" }));
  let site: Website;
  let admin: Person;

  beforeAll(async () => {
    site = await startWebsite();
  });
  afterAll(() => site.close());
  beforeEach(async () => {
    await database.reset();
    smtp.mails.length = 0;
    await app.services.settings.start();
    admin = await signUpPerson(app, database.db, "Admin", { role: "admin" });
    site.serve("/", page(`<p>Counts visitors.</p><footer>${BADGE}</footer>`));
    site.serve("/about", page("<p>No badge here. <!-- <a href='http://localhost:3000/'>x</a> --></p>"));
  });

  const offer = async (earns: FreeWayIn) => {
    const saved = await app.services.settings.update(admin.session, {
      ...app.services.settings.current(),
      freeWayIn: earns,
    });
    expect(saved.ok).toBe(true);
  };
  /** A maker and their tool waiting in the queue, whose website is the local site. */
  const queuedTool = async () => {
    const maker = await signUpPerson(app, database.db, "Maker");
    const tool = await insertTool(database.db, {
      name: "Counter",
      website: `${site.url}/`,
      submittedBy: maker.id,
      isVerified: false,
    });
    return { maker, tool };
  };
  const look = (person: Person, slug: string, pageUrl: string) =>
    person.client.post(`/tool/${slug}/link-back`, { pageUrl });
  const toolRow = async (id: string) => (await database.db.select().from(tools).where(eq(tools.id, id)))[0]!;

  it("is offered only when the operator turns it on, to the tool's editors, each role tried", async () => {
    const { maker, tool } = await queuedTool();
    const path = `/tool/${tool.slug}/link-back`;
    await offer("off");
    expect((await maker.client.request(path)).status).toBe(404);
    expect((await look(maker, tool.slug, `${site.url}/`)).status).toBe(404);
    expect(await (await maker.client.request("/my-tools")).text()).not.toContain('data-testid="link-back-link"');
    await offer("skip-line");
    expect(await (await maker.client.request("/my-tools")).text()).toContain('data-testid="link-back-link"');

    const visitor = createClient(app.request);
    const asked = await visitor.request(path);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    expect((await visitor.post(path, { pageUrl: `${site.url}/` })).status).toBe(302);
    const other = await signUpPerson(app, database.db, "Other");
    expect((await other.client.request(path)).status).toBe(403);
    expect((await look(other, tool.slug, `${site.url}/`)).status).toBe(403);
    expect(await database.db.select().from(linkBacks)).toEqual([]);
    expect(site.requests).toEqual([]);
    for (const person of [maker, await signUpPerson(app, database.db, "Vera", { role: "verifier" }), admin]) {
      const form = await person.client.request(path);
      expect(form.status).toBe(200);
      const html = await form.text();
      // The badge's code, to paste, and the tool's website as the page to look at.
      expect(html).toContain("http://localhost:3000/badge/counter");
      expect(html).toContain(`value="${site.url}/"`);
    }
    expect((await maker.client.request("/tool/no-such-tool/link-back")).status).toBe(404);
  });

  it("puts a tool whose page links back at the front of the queue; a page without the link, or another site's, earns nothing", async () => {
    await offer("skip-line");
    const earlier = await insertTool(database.db, {
      name: "Earlier",
      isVerified: false,
      createdAt: new Date(Date.now() - DAY),
    });
    const { maker, tool } = await queuedTool();
    const queue = async () => (await app.services.lifecycle.listQueue(admin.session)).map((queued) => queued.name);
    expect(await queue()).toEqual([earlier.name, "Counter"]);

    for (const [pageUrl, message] of [
      [`${site.url}/about`, "No link to http://localhost:3000 on that page"],
      [`${site.url}/missing`, "404"],
      [`http://127.0.0.2:${site.port}/`, `Give a page of your tool&#x27;s own website: 127.0.0.1:${site.port}`],
      ["javascript:alert(1)", "Give the address of a page of your tool&#x27;s website"],
      ['"><script>alert(1)</script>', "Give the address of a page of your tool&#x27;s website"],
    ] as const) {
      const refused = await look(maker, tool.slug, pageUrl);
      expect(refused.status, pageUrl).toBe(400);
      const html = await refused.text();
      expect(html, pageUrl).toContain(message);
      expect(html).not.toContain("<script>alert(1)</script>");
    }
    // A page of the tool's site that sends elsewhere is not the tool's.
    site.serve("/elsewhere", { redirect: `http://localhost:${site.port}/`, status: 302 });
    expect(await (await look(maker, tool.slug, `${site.url}/elsewhere`)).text()).toContain(
      "Give a page of your tool&#x27;s own website",
    );
    // A tool whose "website" is the cloud's metadata address: the page is never read.
    const metadata = await insertTool(database.db, {
      name: "Metadata",
      website: "http://169.254.169.254/",
      submittedBy: maker.id,
      isVerified: false,
    });
    const inside = await look(maker, metadata.slug, "http://169.254.169.254/latest/meta-data/");
    expect(inside.status).toBe(400);
    expect(await inside.text()).toContain("private");
    expect(await database.db.select().from(linkBacks)).toEqual([]);
    expect(await queue()).toEqual([earlier.name, "Counter", "Metadata"]);

    const found = await look(maker, tool.slug, `${site.url}/`);
    expect(found.status).toBe(200);
    expect(await found.text()).toContain("Found: Counter is at the front of the queue");
    expect(await queue()).toEqual(["Counter", earlier.name, "Metadata"]);
    expect(await toolRow(tool.id)).toMatchObject({ hasSkippedLine: true, isVerified: false });
    const [row] = await database.db.select().from(linkBacks);
    expect(row).toMatchObject({ pageUrl: site.url, earned: "skip-line", missingSince: null, takenBackAt: null });
    expect(await (await maker.client.request(`/tool/${tool.slug}/link-back`)).text()).toContain(
      'data-testid="link-back-state"',
    );
  });

  it("counts only a visible, followed link on the tool's own website or a page under it", async () => {
    await offer("skip-line");
    const maker = await signUpPerson(app, database.db, "Maker");
    // A tool on a shared host: its website is a folder of it.
    const tool = await insertTool(database.db, {
      name: "Hosted Counter",
      website: `${site.url}/makers/counter`,
      submittedBy: maker.id,
      isVerified: false,
    });
    site.serve("/makers/someone-else", page(`<p>Another maker's page.</p>${BADGE}`));
    site.serve("/makers/counter/nofollow", page(BADGE.replace("<a ", '<a rel="nofollow" ')));
    site.serve("/makers/counter/hidden", page(`<div style="display:none">${BADGE}</div>`));
    site.serve("/makers/counter/template", page(`<template>${BADGE}</template>`));
    site.serve("/makers/counter/about", page(`<p>About the counter.</p>${BADGE}`));
    for (const [path, message] of [
      ["/makers/someone-else", "Give a page of your tool&#x27;s own website"],
      ["/makers/counter/nofollow", "No link to http://localhost:3000 on that page"],
      ["/makers/counter/hidden", "No link to http://localhost:3000 on that page"],
      ["/makers/counter/template", "No link to http://localhost:3000 on that page"],
    ] as const) {
      const refused = await look(maker, tool.slug, `${site.url}${path}`);
      expect(refused.status, path).toBe(400);
      expect(await refused.text(), path).toContain(message);
    }
    expect(await database.db.select().from(linkBacks)).toEqual([]);
    const found = await look(maker, tool.slug, `${site.url}/makers/counter/about`);
    expect(found.status).toBe(200);
    expect(await toolRow(tool.id)).toMatchObject({ hasSkippedLine: true });
  });

  it("lists the tool at once when the operator chose so, with the mail of a listed tool", async () => {
    await offer("live");
    const { maker, tool } = await queuedTool();
    const found = await look(maker, tool.slug, site.url);
    expect(await found.text()).toContain("Found: Counter is listed");
    expect(await toolRow(tool.id)).toMatchObject({ isVerified: true, isActive: true });
    expect(await (await app.request("/")).text()).toContain(`href="/tool/${tool.slug}"`);
    await smtp.waitForMail(maker.email, { subject: "Counter is live" });
    // Listed, it waits no more: the form says so, and a second look is refused.
    expect((await look(maker, tool.slug, site.url)).status).toBe(409);
  });

  it("looks again every day: a badge that stays is kept, one gone two looks in a row sends the tool back to the queue, once and for all", async () => {
    await offer("live");
    const { maker, tool } = await queuedTool();
    expect((await look(maker, tool.slug, `${site.url}/`)).status).toBe(200);
    const foundAt = Date.now();
    const day = (days: number) => new Date(foundAt + days * DAY);
    const recheck = (days: number) => app.services.linkBacks.recheckLinkBacks(day(days));

    expect(await recheck(1)).toMatchObject({ looked: 1, seen: 1 });
    // Gone one day, back the next: nothing is taken.
    site.serve("/", page("<p>Counts visitors.</p>"));
    expect(await recheck(2)).toMatchObject({ looked: 1, missing: 1 });
    expect((await database.db.select().from(linkBacks))[0]!.missingSince).toEqual(day(2));
    site.serve("/", page(BADGE));
    expect(await recheck(3)).toMatchObject({ seen: 1 });
    expect((await database.db.select().from(linkBacks))[0]!.missingSince).toBeNull();
    // A site we cannot reach says nothing, however long.
    site.serve("/", { status: 503 });
    expect(await recheck(4)).toMatchObject({ unreachable: 1, missing: 0 });
    expect(await recheck(5)).toMatchObject({ unreachable: 1, takenBack: 0 });
    expect((await toolRow(tool.id)).isVerified).toBe(true);

    // Gone two looks in a row: back in the queue, unlisted, and its maker told.
    site.serve("/", page("<p>Counts visitors.</p>"));
    expect(await recheck(6)).toMatchObject({ missing: 1, takenBack: 0 });
    expect(await recheck(7)).toMatchObject({ takenBack: 1 });
    expect(await toolRow(tool.id)).toMatchObject({ isVerified: false, hasSkippedLine: false });
    expect(await (await app.request("/")).text()).not.toContain(`href="/tool/${tool.slug}"`);
    expect((await app.services.lifecycle.listQueue(admin.session)).map((queued) => queued.id)).toContain(tool.id);
    const mail = await smtp.waitForMail(maker.email, { subject: "Counter is back in the queue" });
    expect(mail.raw).toContain("/my-tools");
    // Once taken back, a link back earns nothing more, and is no longer looked at.
    site.serve("/", page(BADGE));
    const again = await look(maker, tool.slug, `${site.url}/`);
    expect(again.status).toBe(409);
    const againHtml = await again.text();
    expect(againHtml).toContain("This tool&#x27;s badge was removed once");
    expect(await recheck(8)).toMatchObject({ looked: 0 });
  });

  it("stops looking after the watched days, and reads the watched link backs from their index", async () => {
    await offer("skip-line");
    const { maker, tool } = await queuedTool();
    expect((await look(maker, tool.slug, `${site.url}/`)).status).toBe(200);
    site.serve("/", page("<p>Counts visitors.</p>"));
    const after = new Date(Date.now() + (LINK_BACK_WATCH_DAYS + 1) * DAY);
    expect(await app.services.linkBacks.recheckLinkBacks(after)).toMatchObject({ looked: 0 });
    expect((await toolRow(tool.id)).hasSkippedLine).toBe(true);
    const plan = await explainMainPlan(database.db, watchedLinkBacksQuery(database.db, new Date(), null, 100));
    expect(plan).toContain("link_backs_watched_idx");
    expect(FREE_WAY_IN).toContain("off");
  });
});
