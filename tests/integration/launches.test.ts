/**
 * Launch days (decision 063) through the real app: a tool's editors choose its day, each role tried, within today and
 * 60 days; verification holds a tool whose day is to come (off every list, on /coming-soon, its page saying when, its
 * maker told); the minute's job lists it at its moment; a day chosen for today lists a held tool at once; the
 * operator's switch; and /coming-soon's plan.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { launchWinners, launches, tools } from "#server/db/schema.ts";
import { launchPeriod, weekKeyOf } from "#common/launch-periods.ts";
import { comingSoonQuery, launchBoardQuery } from "#server/launches/launches.ts";
import { insertTool, insertTools } from "../factories.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useMailAndBot, useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { type Person, signUpPerson } from "../setup/people.ts";

const DAY = 86_400_000;
/** A day `days` from today (UTC), as the form's date field sends it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

describe.each(databaseKinds)("launch days on %s", (kind) => {
  const { smtp, env } = useMailAndBot();
  const { database, app } = useTestApp(kind, env);
  let admin: Person;

  beforeEach(async () => {
    await database.reset();
    smtp.mails.length = 0;
    await app.services.settings.start();
    admin = await signUpPerson(app, database.db, "Admin", { role: "admin" });
  });

  const queuedTool = async () => {
    const maker = await signUpPerson(app, database.db, "Maker");
    const tool = await insertTool(database.db, { name: "Counter", submittedBy: maker.id, isVerified: false });
    return { maker, tool };
  };
  const choose = (person: Person, slug: string, launchOn: string) =>
    person.client.post(`/tool/${slug}/launch`, { launchOn });
  const toolRow = async (id: string) => (await database.db.select().from(tools).where(eq(tools.id, id)))[0]!;
  const launchRow = async (id: string) => (await database.db.select().from(launches).where(eq(launches.toolId, id)))[0];
  const home = async () => (await app.request("/")).text();

  it("lets the tool's editors choose its day, and refuses everyone else, each role tried", async () => {
    const { maker, tool } = await queuedTool();
    const path = `/tool/${tool.slug}/launch`;
    const visitor = createClient(app.request);
    const asked = await visitor.request(path);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    expect((await visitor.post(path, { launchOn: dayFromNow(3) })).status).toBe(302);
    const other = await signUpPerson(app, database.db, "Other");
    expect((await other.client.request(path)).status).toBe(403);
    expect((await choose(other, tool.slug, dayFromNow(3))).status).toBe(403);
    expect(await launchRow(tool.id)).toBeUndefined();
    expect(await (await maker.client.request("/my-tools")).text()).toContain('data-testid="launch-link"');
    for (const [person, days] of [
      [maker, 3],
      [await signUpPerson(app, database.db, "Vera", { role: "verifier" }), 4],
      [admin, 5],
    ] as const) {
      expect((await person.client.request(path)).status).toBe(200);
      const saved = await choose(person, tool.slug, dayFromNow(days));
      expect(saved.status).toBe(200);
      expect((await launchRow(tool.id))!.launchAt.toISOString().slice(0, 10)).toBe(dayFromNow(days));
    }
    expect((await maker.client.post(path, { intent: "remove" })).status).toBe(200);
    expect(await launchRow(tool.id)).toBeUndefined();
    expect((await choose(maker, "no-such-tool", dayFromNow(3))).status).toBe(404);
  });

  it("refuses a day before today, past 60 days or none, with its message, and stores nothing", async () => {
    const { maker, tool } = await queuedTool();
    for (const [launchOn, message] of [
      [dayFromNow(-1), "The launch day is today at the earliest"],
      [dayFromNow(61), "A launch day is within 60 days"],
      ["", "Choose the launch day"],
      ["2026-02-30", "Choose the launch day"],
      ["0000-01-01", "Choose the launch day"],
      ["<script>alert(1)</script>", "Choose the launch day"],
    ] as const) {
      const refused = await choose(maker, tool.slug, launchOn);
      expect(refused.status, launchOn).toBe(400);
      const html = await refused.text();
      expect(html, launchOn).toContain(message);
      expect(html).not.toContain("<script>alert(1)</script>");
    }
    expect(await launchRow(tool.id)).toBeUndefined();
    expect((await choose(maker, tool.slug, dayFromNow(60))).status).toBe(200);
  });

  it("holds a verified tool until its day: on /coming-soon and its own page only, its maker told; the minute's job lists it then", async () => {
    const { maker, tool } = await queuedTool();
    expect((await choose(maker, tool.slug, dayFromNow(3))).status).toBe(200);
    expect(await (await app.request("/coming-soon")).text()).toContain("No tool is waiting for its launch day.");

    await app.services.lifecycle.verifyTool(admin.session, tool.id);
    expect(await toolRow(tool.id)).toMatchObject({ isVerified: true, isActive: false });
    expect((await launchRow(tool.id))!.isWaiting).toBe(true);
    const mail = await smtp.waitForMail(maker.email, { containing: "is verified, and launches on" });
    expect(mail.subject).toMatch(/^Counter is verified, and launches on \d+ \w+ \d{4}$/);
    expect(mail.raw).toContain("/coming-soon");
    expect(await home()).not.toContain(`href="/tool/${tool.slug}"`);
    expect(await (await app.request("/tools")).text()).not.toContain(`href="/tool/${tool.slug}"`);
    const coming = await (await app.request("/coming-soon")).text();
    expect(coming).toContain(`href="/tool/${tool.slug}"`);
    expect(coming).toMatch(/Launches on \d+ \w+ \d{4}/);
    const page = await app.request(`/tool/${tool.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/Counter launches on \d+ \w+ \d{4}\./);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(await (await maker.client.request("/my-tools")).text()).toContain("Coming soon");
    const sitemap = async () => (await app.request("/sitemaps/pages.xml")).text();
    expect(await sitemap()).toContain("<loc>http://localhost:3000/coming-soon</loc>");

    // A minute before its moment nothing happens; at its moment it is listed.
    const launchAt = (await launchRow(tool.id))!.launchAt;
    expect(await app.services.launches.launchDueTools(new Date(launchAt.getTime() - 60_000))).toBe(0);
    expect(await app.services.launches.launchDueTools(new Date(launchAt.getTime() + 1000))).toBe(1);
    expect(await toolRow(tool.id)).toMatchObject({ isVerified: true, isActive: true });
    expect((await launchRow(tool.id))!.isWaiting).toBe(false);
    expect(await home()).toContain(`href="/tool/${tool.slug}"`);
    expect(await (await app.request("/coming-soon")).text()).not.toContain(`href="/tool/${tool.slug}"`);
    expect(await sitemap()).not.toContain("/coming-soon");
    // Live, its day can no longer change.
    const late = await choose(maker, tool.slug, dayFromNow(5));
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("This tool is live already");
  });

  it("lists a held tool at once when its day becomes today, and one whose day has come when it is verified", async () => {
    const { maker, tool } = await queuedTool();
    expect((await choose(maker, tool.slug, dayFromNow(10))).status).toBe(200);
    await app.services.lifecycle.verifyTool(admin.session, tool.id);
    expect((await toolRow(tool.id)).isActive).toBe(false);
    expect((await choose(maker, tool.slug, dayFromNow(0))).status).toBe(200);
    expect(await toolRow(tool.id)).toMatchObject({ isActive: true });
    expect((await launchRow(tool.id))!.isWaiting).toBe(false);

    const other = await insertTool(database.db, { name: "Today", submittedBy: maker.id, isVerified: false });
    expect((await choose(maker, other.slug, dayFromNow(0))).status).toBe(200);
    await app.services.lifecycle.verifyTool(admin.session, other.id);
    expect(await toolRow(other.id)).toMatchObject({ isVerified: true, isActive: true });
    await smtp.waitForMail(maker.email, { subject: "Today is live" });
  });

  it("lets an admin show a held tool before its day, and the operator turn launch days off", async () => {
    const { maker, tool } = await queuedTool();
    expect((await choose(maker, tool.slug, dayFromNow(5))).status).toBe(200);
    await app.services.lifecycle.verifyTool(admin.session, tool.id);
    // Shown by other means, it no longer waits.
    await database.db.update(tools).set({ isActive: true }).where(eq(tools.id, tool.id));
    expect((await launchRow(tool.id))!.isWaiting).toBe(false);
    expect(await (await app.request("/coming-soon")).text()).not.toContain(`href="/tool/${tool.slug}"`);

    const saved = await app.services.settings.update(admin.session, {
      ...app.services.settings.current(),
      launchDaysOn: false,
    });
    expect(saved.ok).toBe(true);
    try {
      const queued = await insertTool(database.db, { name: "Later", submittedBy: maker.id, isVerified: false });
      expect((await maker.client.request(`/tool/${queued.slug}/launch`)).status).toBe(404);
      expect((await choose(maker, queued.slug, dayFromNow(3))).status).toBe(404);
      expect((await app.request("/coming-soon")).status).toBe(404);
      expect((await app.request("/launches")).status).toBe(404);
      expect(await home()).not.toContain('href="/coming-soon"');
      expect(await home()).not.toContain('data-testid="launches-today"');
      expect(await (await maker.client.request("/my-tools")).text()).not.toContain('data-testid="launch-link"');
    } finally {
      await app.services.settings.reset(admin.session);
    }
    expect(await home()).toContain('href="/coming-soon"');
  });

  it("ranks a day's and a week's launches by counted likes: a fresh account's like waits, and moves nothing", async () => {
    const { maker, tool } = await queuedTool();
    const rival = await insertTool(database.db, { name: "Rival", submittedBy: maker.id, isVerified: false });
    const plain = await insertTool(database.db, { name: "Plain", isVerified: false });
    for (const queued of [tool, rival]) expect((await choose(maker, queued.slug, dayFromNow(0))).status).toBe(200);
    for (const queued of [tool, rival, plain]) await app.services.lifecycle.verifyTool(admin.session, queued.id);
    await database.db.update(tools).set({ likes: 5 }).where(eq(tools.id, rival.id));
    await database.db.update(tools).set({ likes: 2 }).where(eq(tools.id, tool.id));
    // The cards' names in their order, with the ranks their notes say in theirs.
    const names = (html: string) => {
      const ranks = [...html.matchAll(/No\. (\d+)/g)].map((match) => match[1]);
      const cards = [...html.matchAll(/data-testid="tool-card"[^]*?>(Counter|Rival|Plain)</g)].map((match) => match[1]);
      return cards.map((name, index) => `${ranks[index]} ${name}`);
    };
    const today = dayFromNow(0);
    const board = await (await app.request("/launches")).text();
    // Only the tools launched on a chosen day: Plain, verified without one, is not a launch.
    expect(names(board)).toEqual(["1 Rival", "2 Counter"]);
    expect(await (await app.request(`/launches/${today}`)).text()).toContain('rel="canonical"');
    // The home page shows today's launches, the most liked first, and is kept until one of them changes.
    const homePage = await app.request("/");
    const launchedToday = (await homePage.text()).split('data-testid="launches-today"')[1]!.split("</section>")[0]!;
    expect([...launchedToday.matchAll(/>(Counter|Rival|Plain)</g)].map((match) => match[1])).toEqual([
      "Rival",
      "Counter",
    ]);
    expect((await app.request("/")).headers.get("x-cache")).toBe("hit");
    await database.db.update(tools).set({ likes: 7 }).where(eq(tools.id, tool.id));
    expect((await app.request("/")).headers.get("x-cache")).toBe("miss");
    await database.db.update(tools).set({ likes: 2 }).where(eq(tools.id, tool.id));
    const week = /href="\/launches\/(\d{4}-W\d{2})"/.exec(board)![1]!;
    expect(names(await (await app.request(`/launches/${week}`)).text())).toEqual(["1 Rival", "2 Counter"]);
    expect(names(await (await app.request(`/launches/${dayFromNow(-1)}`)).text())).toEqual([]);
    expect(await (await app.request(`/launches/${dayFromNow(-1)}`)).text()).toContain("No tool launched that day.");

    // A like from an account made today waits (decision 042): the board does not move.
    const fresh = await signUpPerson(app, database.db, "Fresh");
    for (let index = 0; index < 4; index++) {
      const liked = await fresh.client.request(`/api/v1/tools/${tool.id}/favorite`, { method: "POST" });
      expect(liked.status).toBe(200);
    }
    expect((await toolRow(tool.id)).likes).toBe(2);
    expect(names(await (await app.request(`/launches/${today}`)).text())).toEqual(["1 Rival", "2 Counter"]);

    for (const [period, status] of [
      ["2026-02-30", 404],
      ["2026-W60", 404],
      ["yesterday", 404],
      ["<script>", 404],
      // The database has no year 0: such a day is no page, not an error.
      ["0000-01-01", 404],
      ["0000-W01", 404],
    ] as const)
      expect((await app.request(`/launches/${encodeURIComponent(period)}`)).status, period).toBe(status);
    const lower = await app.request(`/launches/${week.toLowerCase()}`);
    expect(lower.status).toBe(301);
    expect(lower.headers.get("location")).toBe(`/launches/${week}`);
  });

  it("fixes the last week's three winners once, e-mails each its badge, and the badge says the rank", async () => {
    const lastWeek = launchPeriod(weekKeyOf(new Date(Date.now() - 7 * DAY)))!;
    const makers = await Promise.all(["Ann", "Ben", "Cy", "Dee"].map((name) => signUpPerson(app, database.db, name)));
    const launched = [];
    for (const [index, maker] of makers.entries()) {
      const tool = await insertTool(database.db, { name: `Tool ${maker.slug}`, submittedBy: maker.id });
      await database.db
        .insert(launches)
        .values({ toolId: tool.id, launchAt: new Date(lastWeek.from.getTime() + (index + 1) * 3_600_000) });
      await database.db
        .update(tools)
        .set({ likes: [3, 9, 5, 1][index]! })
        .where(eq(tools.id, tool.id));
      launched.push(tool);
    }
    // This week's launch is not last week's.
    const current = await insertTool(database.db, { name: "Current" });
    await database.db.insert(launches).values({ toolId: current.id, launchAt: new Date() });
    await database.db.update(tools).set({ likes: 50 }).where(eq(tools.id, current.id));

    expect(await app.services.launches.fixWeekWinners()).toBe(3);
    const winners = await database.db.select().from(launchWinners).orderBy(launchWinners.rank);
    expect(winners.map((winner) => [winner.rank, winner.toolId, winner.likes])).toEqual([
      [1, launched[1]!.id, 9],
      [2, launched[2]!.id, 5],
      [3, launched[0]!.id, 3],
    ]);
    const mail = await smtp.waitForMail(makers[1]!.email, { containing: "of the week of" });
    expect(mail.subject).toMatch(/^Tool ben is No\. 1 of the week of \d+ \w+ \d{4}$/);
    expect(mail.raw).toContain(`/badge/${launched[1]!.slug}.svg?week=${lastWeek.key}`);
    await smtp.waitForMail(makers[2]!.email, {
      subject: mail.subject.replace("Tool ben is No. 1", "Tool cy is No. 2"),
    });
    await smtp.waitForMail(makers[0]!.email, {
      subject: mail.subject.replace("Tool ben is No. 1", "Tool ann is No. 3"),
    });
    // Fixed once: a second run finds them and tells no one again.
    expect(await app.services.launches.fixWeekWinners()).toBe(0);
    await app.services.outbox.drain();
    expect(smtp.mails.filter((sent) => sent.subject.includes("of the week of"))).toEqual([]);

    const badge = async (slug: string, query: string) => (await app.request(`/badge/${slug}.svg?${query}`)).text();
    expect(await badge(launched[1]!.slug, `week=${lastWeek.key}`)).toContain(">#1 OF THE WEEK ON</text>");
    expect(await badge(launched[3]!.slug, `week=${lastWeek.key}`)).toContain(">LISTED ON</text>");
    expect(await badge(launched[1]!.slug, `week=${lastWeek.previous}`)).toContain(">LISTED ON</text>");
    expect((await app.request(`/badge/${launched[1]!.slug}.svg?week=2026-48`)).status).toBe(400);
  });

  it("reads /coming-soon from launches_waiting_idx, and a leaderboard from its period's index", async () => {
    const plan = await explainMainPlan(database.db, comingSoonQuery(database.db, { limit: 25 }));
    expect(plan).toContain("launches_waiting_idx");
    // A busy week: 300 launches, most on its Monday, as the planner would see them.
    const launched = await insertTools(database.db, 300);
    await database.db.insert(launches).values(
      launched.map((tool, index) => ({
        toolId: tool.id,
        launchAt: new Date(Date.parse("2026-11-23T00:00:00Z") + (index % 10 === 0 ? 3 * DAY : index * 60_000)),
      })),
    );
    await database.db.execute(sql`update tools set likes = (random() * 100)::int`);
    await database.db.execute(sql`analyze launches`);
    for (const kind of ["day", "week"] as const) {
      const board = await explainMainPlan(
        database.db,
        launchBoardQuery(database.db, { kind, from: new Date("2026-11-23T00:00:00Z"), limit: 50 }),
      );
      expect(board).toContain(`launches_${kind}_board_idx`);
      // In the index's order: the first 50 rows, however many tools launched then.
      expect(board).not.toContain("Sort");
    }
  });
});
