/**
 * The analytics dashboards: the maker's figures on /my-tools and the site's on /admin/analytics. Their numbers from
 * the daily counts (the clock given through `now`), the pages through the real app with who may see what, and the
 * indexes that serve their reads.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { addDays, dayOf, lastDays, METRICS } from "#server/analytics/metrics.ts";
import {
  signupsPerDayQuery,
  submissionsPerDayQuery,
  linkedToolsQuery,
  searchCountsQuery,
  siteCountsQuery,
  toolDailyCountsQuery,
  toolReferrersQuery,
  topSubjectsQuery,
  topToolsQuery,
} from "#server/analytics/queries.ts";
import { dailyStats, searches, tools, users } from "#server/db/schema.ts";
import { insertDailyStat, insertTool, insertTools, insertUser } from "../factories.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { type Person, signUpPerson } from "../setup/people.ts";
import { type Client, createClient } from "../setup/forms.ts";
import { sendPageview } from "../setup/pageviews.ts";

/** The dashboards' clock in the tests of their numbers: 15 March 2026, noon UTC. */
const NOW = new Date("2026-03-15T12:00:00Z");
const TODAY = dayOf(NOW);
const daysAgo = (days: number, today = TODAY) => addDays(today, -days);

/** The text of an HTML fragment, without tags and React's text separators. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** A /my-tools tool block's figures, by tool id: the range's views, clicks and click-through rate as shown. */
function toolStatsOf(
  html: string,
): Record<string, { views: string; clicks: string; ctr: string; referrers: [string, string][] }> {
  const blocks: Record<string, { views: string; clicks: string; ctr: string; referrers: [string, string][] }> = {};
  for (const [block] of html.matchAll(/<article data-testid="tool-stats"[\s\S]*?<\/article>/g)) {
    const id = /data-tool-id="([^"]+)"/.exec(block)![1]!;
    const stat = (name: string) => textOf(new RegExp(`data-testid="${name}"[^>]*>([\\s\\S]*?)</dd>`).exec(block)![1]!);
    blocks[id] = {
      views: stat("stat-views"),
      clicks: stat("stat-clicks"),
      ctr: stat("stat-ctr"),
      referrers: tableOf(block, "tool-referrers"),
    };
  }
  return blocks;
}

/** The rows of the table in the section with `testId`, as [label, count] texts; [] when the section says it is empty. */
function tableOf(html: string, testId: string): [string, string][] {
  const section = new RegExp(`<section data-testid="${testId}"[\\s\\S]*?</section>`).exec(html)?.[0];
  if (!section) throw new Error(`No section ${testId}`);
  return [...section.matchAll(/<tr><th scope="row"[^>]*>([\s\S]*?)<\/th><td[^>]*>([\s\S]*?)<\/td><\/tr>/g)].map(
    ([, label, count]) => [textOf(label!), textOf(count!)],
  );
}

describe.each(databaseKinds)("analytics dashboards on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  const stat = (metric: string, subject: string, day: string, count: number, detail = "") =>
    insertDailyStat(database.db, { metric, subject, detail, day, count });

  describe("the maker's numbers", () => {
    beforeEach(() => database.reset());

    it("sums each linked tool's views and clicks over the range, one point a day, zeros filled", async () => {
      const maker = await insertUser(database.db, { username: "Maker" });
      await insertTool(database.db, {
        name: "Older",
        creatorUsername: maker.slug,
        isLinkedToCreator: true,
        createdAt: new Date("2026-01-01T00:00:00Z"),
      });
      const counter = await insertTool(database.db, {
        name: "Counter",
        creatorUsername: maker.slug,
        isLinkedToCreator: true,
        views: 40,
        clicks: 7,
        createdAt: new Date("2026-02-01T00:00:00Z"),
      });
      // Claimed but not accepted yet: not the maker's until a verifier says so.
      await insertTool(database.db, {
        name: "Claimed",
        creatorUsername: maker.slug,
        hasBeenClaimed: true,
        isLinkedToCreator: false,
      });
      await stat(METRICS.toolView, counter.id, TODAY, 3);
      await stat(METRICS.toolView, counter.id, daysAgo(6), 2); // the first day of the last 7
      await stat(METRICS.toolView, counter.id, daysAgo(7), 5); // just before it
      await stat(METRICS.toolView, counter.id, daysAgo(90), 100); // just before the last 90
      await stat(METRICS.toolClick, counter.id, TODAY, 1);
      await stat(METRICS.toolClick, counter.id, daysAgo(7), 2);
      // Someone else's tool's rows do not leak in.
      await stat(METRICS.toolView, "tsomeoneelse", TODAY, 50);

      const week = await app.services.stats.getMakerDashboard(maker.session, { days: 7, now: NOW });
      expect(week.days).toBe(7);
      expect(week.hasMoreTools).toBe(false);
      expect(week.tools.map((tool) => tool.name)).toEqual(["Counter", "Older"]);
      const [counterWeek, olderWeek] = week.tools;
      expect(counterWeek).toMatchObject({
        id: counter.id,
        slug: counter.slug,
        isLive: true,
        totals: { views: 5, clicks: 1, ctr: 0.2 },
        allTime: { views: 40, clicks: 7 },
      });
      expect(counterWeek!.series).toEqual(
        lastDays(7, NOW).map((day) => ({
          day,
          views: day === TODAY ? 3 : day === daysAgo(6) ? 2 : 0,
          clicks: day === TODAY ? 1 : 0,
        })),
      );
      expect(counterWeek!.series[0]!.day).toBe("2026-03-09");
      expect(olderWeek!.totals).toEqual({ views: 0, clicks: 0, ctr: null });
      expect(olderWeek!.series).toHaveLength(7);
      expect(olderWeek!.series.every((day) => day.views === 0 && day.clicks === 0)).toBe(true);

      const month = await app.services.stats.getMakerDashboard(maker.session, { days: 30, now: NOW });
      expect(month.tools[0]!.totals).toEqual({ views: 10, clicks: 3, ctr: 0.3 });
      expect(month.tools[0]!.series).toHaveLength(30);
      // The last 90 days began before Counter (1 February) and Older (1 January) were listed: their charts start then.
      const quarter = await app.services.stats.getMakerDashboard(maker.session, { days: 90, now: NOW });
      expect(quarter.tools[0]!.totals.views).toBe(10);
      expect(quarter.tools[0]!.series[0]!.day).toBe("2026-02-01");
      expect(quarter.tools[0]!.series.at(-1)!.day).toBe(TODAY);
      expect(quarter.tools[1]!.series[0]!.day).toBe("2026-01-01");
    });

    it("starts a tool's chart on the day it was listed, or on an earlier day that has a count", async () => {
      const maker = await insertUser(database.db, { username: "Maker" });
      const fresh = await insertTool(database.db, {
        name: "Fresh",
        creatorUsername: maker.slug,
        isLinkedToCreator: true,
        createdAt: new Date(`${daysAgo(2)}T15:00:00Z`),
      });
      await stat(METRICS.toolView, fresh.id, TODAY, 4);
      const [freshMonth] = (await app.services.stats.getMakerDashboard(maker.session, { days: 30, now: NOW })).tools;
      expect(freshMonth!.series).toEqual(
        [daysAgo(2), daysAgo(1), TODAY].map((day) => ({ day, views: day === TODAY ? 4 : 0, clicks: 0 })),
      );
      // Imported with a later date than its first counted view: the chart keeps that view.
      await stat(METRICS.toolClick, fresh.id, daysAgo(5), 1);
      const [imported] = (await app.services.stats.getMakerDashboard(maker.session, { days: 30, now: NOW })).tools;
      expect(imported!.series[0]).toEqual({ day: daysAgo(5), views: 0, clicks: 1 });
      expect(imported!.series).toHaveLength(6);
    });

    it("lists each tool's top referrers over the range, the largest first", async () => {
      const maker = await insertUser(database.db, { username: "Maker" });
      const tool = await insertTool(database.db, { creatorUsername: maker.slug, isLinkedToCreator: true });
      await stat(METRICS.toolReferrer, tool.id, TODAY, 4, "news.ycombinator.com");
      await stat(METRICS.toolReferrer, tool.id, daysAgo(1), 1, "news.ycombinator.com");
      await stat(METRICS.toolReferrer, tool.id, TODAY, 3, "/category/analytics");
      await stat(METRICS.toolReferrer, tool.id, TODAY, 1, "");
      await stat(METRICS.toolReferrer, tool.id, daysAgo(10), 9, "old.example.com");
      for (let index = 0; index < 12; index++)
        await stat(METRICS.toolReferrer, tool.id, daysAgo(20), 2, `site-${String(index).padStart(2, "0")}.example`);

      const week = await app.services.stats.getMakerDashboard(maker.session, { days: 7, now: NOW });
      expect(week.tools[0]!.referrers).toEqual([
        { source: "news.ycombinator.com", views: 5 },
        { source: "/category/analytics", views: 3 },
        { source: "", views: 1 },
      ]);
      const month = await app.services.stats.getMakerDashboard(maker.session, { days: 30, now: NOW });
      expect(month.tools[0]!.referrers).toHaveLength(10);
      expect(month.tools[0]!.referrers.slice(0, 4)).toEqual([
        { source: "old.example.com", views: 9 },
        { source: "news.ycombinator.com", views: 5 },
        { source: "/category/analytics", views: 3 },
        { source: "site-00.example", views: 2 },
      ]);
    });

    it("shows the newest tools and says there are more", async () => {
      const maker = await insertUser(database.db, { username: "Busy Maker" });
      await insertTools(database.db, 21, new Date("2026-03-01T00:00:00Z"), {
        creatorUsername: maker.slug,
        isLinkedToCreator: true,
      });
      const dashboard = await app.services.stats.getMakerDashboard(maker.session, { days: 30, now: NOW });
      expect(dashboard.tools).toHaveLength(20);
      expect(dashboard.tools[0]!.name).toBe("Bulk tool 0");
      expect(dashboard.hasMoreTools).toBe(true);
    });

    it("asks a visitor to sign in", async () => {
      await expect(app.services.stats.getMakerDashboard(null, { days: 30, now: NOW })).rejects.toMatchObject({
        code: "unauthenticated",
      });
    });
  });

  describe("the site's numbers", () => {
    beforeEach(() => database.reset());

    it("counts page views, visitors, sign-ups and submissions per day, and the top lists of the range", async () => {
      const admin = await insertUser(database.db, {
        username: "Admin",
        role: "admin",
        createdAt: new Date("2025-01-01T00:00:00Z"),
      });
      // Sign-ups and submissions by UTC day: the first and last moments of a day, and just outside the range.
      for (const createdAt of [
        "2026-03-15T00:00:00Z",
        "2026-03-15T11:59:59Z",
        "2026-03-09T00:00:00Z",
        "2026-03-08T23:59:59.999Z",
      ]) {
        await insertUser(database.db, { createdAt: new Date(createdAt) });
      }
      // Submissions are the tools users submitted; the demo catalogue's (no submitter) are not.
      const counter = await insertTool(database.db, {
        name: "Counter",
        submittedBy: admin.id,
        createdAt: new Date("2026-03-14T23:59:59.999Z"),
      });
      const notes = await insertTool(database.db, {
        name: "Notes",
        submittedBy: admin.id,
        createdAt: new Date("2026-02-01T00:00:00Z"),
      });
      await insertTool(database.db, {
        name: "Waiting",
        submittedBy: admin.id,
        isVerified: false,
        createdAt: new Date("2026-03-10T08:00:00Z"),
      });
      await insertTool(database.db, { name: "Demo", createdAt: new Date("2026-03-12T08:00:00Z") });

      await stat(METRICS.pageviews, "", TODAY, 30);
      await stat(METRICS.pageviews, "", daysAgo(6), 10);
      await stat(METRICS.pageviews, "", daysAgo(7), 1000);
      await stat(METRICS.visitors, "", TODAY, 12);
      await stat(METRICS.page, "/", TODAY, 20);
      await stat(METRICS.page, "/", daysAgo(1), 5);
      await stat(METRICS.page, "/tools", TODAY, 7);
      await stat(METRICS.page, "/blog", daysAgo(8), 900);
      await stat(METRICS.referrer, "", TODAY, 9);
      await stat(METRICS.referrer, "news.ycombinator.com", TODAY, 11);
      await stat(METRICS.toolView, counter.id, TODAY, 8);
      await stat(METRICS.toolView, notes.id, TODAY, 12);
      await stat(METRICS.toolClick, counter.id, TODAY, 4);
      await stat(METRICS.toolClick, notes.id, daysAgo(9), 40);
      await stat(METRICS.event, "home_click_nl", TODAY, 2);
      await stat(METRICS.event, "Outbound Link: Click", TODAY, 3, "https://counter.example.com/");
      await stat(METRICS.event, "Outbound Link: Click", daysAgo(2), 1, "https://notes.example.com/");
      for (const [text, resultCount] of [
        ["seo", 5],
        ["seo", 5],
        ["zzqx", 0],
        ["zzqx", 0],
        ["zzqx", 0],
        ["analytics", 3],
        ["nothing-here", 0],
      ] as const) {
        await app.services.search.recordSearch(text, resultCount);
      }

      const site = await app.services.stats.getSiteDashboard(admin.session, { days: 7, now: NOW });
      expect(site.series.map((day) => day.day)).toEqual(lastDays(7, NOW));
      const on = (day: string) => site.series.find((row) => row.day === day)!;
      expect(on(TODAY)).toEqual({ day: TODAY, pageviews: 30, visitors: 12, signups: 2, submissions: 0 });
      expect(on(daysAgo(1))).toEqual({ day: daysAgo(1), pageviews: 0, visitors: 0, signups: 0, submissions: 1 });
      expect(on(daysAgo(5))).toEqual({ day: daysAgo(5), pageviews: 0, visitors: 0, signups: 0, submissions: 1 });
      expect(on(daysAgo(6))).toEqual({ day: daysAgo(6), pageviews: 10, visitors: 0, signups: 1, submissions: 0 });
      expect(site.totals).toEqual({ pageviews: 40, signups: 3, submissions: 2 });
      expect(site.topPages).toEqual([
        { path: "/", views: 25 },
        { path: "/tools", views: 7 },
      ]);
      expect(site.topReferrers).toEqual([
        { source: "news.ycombinator.com", views: 11 },
        { source: "", views: 9 },
      ]);
      expect(site.topToolsByViews).toEqual([
        { id: notes.id, name: "Notes", slug: notes.slug, count: 12 },
        { id: counter.id, name: "Counter", slug: counter.slug, count: 8 },
      ]);
      expect(site.topToolsByClicks).toEqual([{ id: counter.id, name: "Counter", slug: counter.slug, count: 4 }]);
      expect(site.events).toEqual([
        { name: "Outbound Link: Click", count: 4 },
        { name: "home_click_nl", count: 2 },
      ]);
      expect(site.topSearches).toEqual([
        { text: "zzqx", count: 3, isHidden: false },
        { text: "seo", count: 2, isHidden: false },
        { text: "analytics", count: 1, isHidden: false },
        { text: "nothing-here", count: 1, isHidden: false },
      ]);
      expect(site.searchesFoundNothing).toEqual([
        { text: "zzqx", count: 3, isHidden: false },
        { text: "nothing-here", count: 1, isHidden: false },
      ]);

      const month = await app.services.stats.getSiteDashboard(admin.session, { days: 30, now: NOW });
      expect(month.series).toHaveLength(30);
      expect(month.totals).toEqual({ pageviews: 1040, signups: 4, submissions: 2 });
      expect(month.topPages[0]).toEqual({ path: "/blog", views: 900 });
      expect(month.topToolsByClicks[0]).toMatchObject({ name: "Notes", count: 40 });
    });

    it("keeps the top lists to ten rows", async () => {
      const admin = await insertUser(database.db, { role: "admin" });
      for (let index = 0; index < 12; index++)
        await stat(METRICS.page, `/page-${String(index).padStart(2, "0")}`, TODAY, 100 - index);
      const site = await app.services.stats.getSiteDashboard(admin.session, { days: 7, now: NOW });
      expect(site.topPages.map((page) => page.path)).toEqual(
        Array.from({ length: 10 }, (_, index) => `/page-${String(index).padStart(2, "0")}`),
      );
    });

    it("is for admins only", async () => {
      const range = { days: 7 as const, now: NOW };
      await expect(app.services.stats.getSiteDashboard(null, range)).rejects.toMatchObject({ code: "unauthenticated" });
      for (const role of ["guest", "verifier"] as const) {
        const user = await insertUser(database.db, { role });
        await expect(app.services.stats.getSiteDashboard(user.session, range)).rejects.toMatchObject({
          code: "permission-denied",
        });
      }
    });
  });

  describe("the pages", () => {
    beforeEach(() => database.reset());

    const today = () => dayOf(new Date());

    /** Registers through /register (signed in from then on), then gives the role directly, as `npm run admin` would. */
    const register = (username: string, role: Person["session"]["role"] = "guest") =>
      signUpPerson(app, database.db, username, { role });

    async function page(client: Client, path: string): Promise<string> {
      const response = await client.request(path);
      expect(response.status, path).toBe(200);
      return response.text();
    }

    it("/my-tools sends a visitor to log in", async () => {
      const response = await createClient(app.request).request("/my-tools?days=7");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fmy-tools%3Fdays%3D7");
    });

    it("/my-tools explains how a tool gets linked to someone who has none", async () => {
      const guest = await register("Guest");
      const html = await page(guest.client, "/my-tools");
      expect(html).toContain("How your tools do");
      expect(html).toContain("No tool is linked to you yet");
      expect(textOf(html)).toContain("A tool you submit is linked to you once it is verified");
      expect(html).not.toContain('data-testid="tool-stats"');
      expect(html).not.toContain('data-testid="chart"');
    });

    it("/my-tools shows the creator their tool's figures for the range asked, and no one else's", async () => {
      const maker = await register("Maker");
      const other = await register("Other Maker");
      const tool = await insertTool(database.db, {
        name: "Counter",
        creatorUsername: maker.record.slug,
        isLinkedToCreator: true,
        views: 47,
        clicks: 6,
      });
      const theirs = await insertTool(database.db, {
        name: "Theirs",
        creatorUsername: other.record.slug,
        isLinkedToCreator: true,
      });
      await stat(METRICS.toolView, tool.id, today(), 3);
      await stat(METRICS.toolView, tool.id, daysAgo(20, today()), 4);
      await stat(METRICS.toolView, tool.id, daysAgo(60, today()), 40);
      await stat(METRICS.toolClick, tool.id, today(), 1);
      await stat(METRICS.toolClick, tool.id, daysAgo(60, today()), 5);
      await stat(METRICS.toolReferrer, tool.id, today(), 2, "news.ycombinator.com");
      await stat(METRICS.toolReferrer, tool.id, today(), 1, "/category/analytics");
      await stat(METRICS.toolView, theirs.id, today(), 99);

      const week = await page(maker.client, "/my-tools?days=7");
      expect(toolStatsOf(week)).toEqual({
        [tool.id]: {
          views: "3",
          clicks: "1",
          ctr: "33.3%",
          referrers: [
            ["news.ycombinator.com", "2"],
            ["/category/analytics (this site)", "1"],
          ],
        },
      });
      expect(week).toContain('href="/category/analytics"');
      expect(week).toMatch(/<a[^>]*aria-current="page"[^>]*>Last 7 days<\/a>/);
      expect(week).toContain("Since it was listed: 47 views, 6 clicks");
      // The chart's numbers are in a real table, for a visitor without JavaScript.
      expect(week).toMatch(
        /<figure data-testid="chart"[\s\S]*?<table[\s\S]*?<caption[^>]*>Views and clicks of Counter, per day<\/caption>/,
      );
      expect(week).toContain('<th scope="col" class="text-right">Views</th>');
      expect(week).not.toContain("Theirs");

      expect(toolStatsOf(await page(maker.client, "/my-tools"))[tool.id]).toMatchObject({
        views: "7",
        clicks: "1",
        ctr: "14.3%",
      });
      expect(toolStatsOf(await page(maker.client, "/my-tools?days=90"))[tool.id]).toMatchObject({
        views: "47",
        clicks: "6",
        ctr: "12.8%",
      });
      // A range that is not offered falls back to 30 days.
      const fallback = await page(maker.client, "/my-tools?days=365");
      expect(toolStatsOf(fallback)[tool.id]).toMatchObject({ views: "7" });
      expect(fallback).toMatch(/<a[^>]*aria-current="page"[^>]*>Last 30 days<\/a>/);

      const theirPage = await page(other.client, "/my-tools?days=90");
      expect(Object.keys(toolStatsOf(theirPage))).toEqual([theirs.id]);
      expect(theirPage).not.toContain("Counter");
    });

    it("/my-tools says '—' for a tool nobody has seen yet in the range", async () => {
      const maker = await register("Maker");
      const tool = await insertTool(database.db, {
        name: "Quiet",
        creatorUsername: maker.record.slug,
        isLinkedToCreator: true,
      });
      const html = await page(maker.client, "/my-tools?days=7");
      expect(toolStatsOf(html)[tool.id]).toEqual({ views: "0", clicks: "0", ctr: "—", referrers: [] });
      expect(html).toContain("No views and no clicks yet in the last 7 days.");
      expect(html).toContain("Since it was listed: 0 views, 0 clicks");
    });

    it("/my-tools puts each count's noun in the right number", async () => {
      const maker = await register("Maker");
      await insertTool(database.db, {
        name: "Single",
        creatorUsername: maker.record.slug,
        isLinkedToCreator: true,
        views: 1,
        clicks: 1,
      });
      await insertTool(database.db, {
        name: "Popular",
        creatorUsername: maker.record.slug,
        isLinkedToCreator: true,
        views: 12_345,
        clicks: 2,
      });
      const html = await page(maker.client, "/my-tools?days=7");
      expect(html).toContain("Since it was listed: 1 view, 1 click");
      expect(html).toContain("Since it was listed: 12,345 views, 2 clicks");
      expect(html).not.toMatch(/\b1 (views|clicks)\b/);
    });

    it("/admin/analytics is for admins: a visitor signs in, a guest and a verifier are refused", async () => {
      const response = await createClient(app.request).request("/admin/analytics?days=7");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Fanalytics%3Fdays%3D7");
      for (const role of ["guest", "verifier"] as const) {
        const person = await register(`A ${role}`, role);
        expect((await person.client.request("/admin/analytics")).status, role).toBe(403);
      }
      const verifierConsole = await page((await register("Vera", "verifier")).client, "/admin");
      expect(verifierConsole).not.toContain('href="/admin/analytics"');
    });

    it("/admin/analytics shows the admin the range's numbers in its tables", async () => {
      const admin = await register("Admin", "admin");
      const tool = await insertTool(database.db, { name: "Counter" });
      await stat(METRICS.pageviews, "", today(), 30);
      await stat(METRICS.visitors, "", today(), 12);
      await stat(METRICS.pageviews, "", daysAgo(20, today()), 70);
      await stat(METRICS.page, "/", today(), 25);
      await stat(METRICS.page, "//evil.example", today(), 1);
      await stat(METRICS.referrer, "news.ycombinator.com", today(), 6);
      await stat(METRICS.referrer, "", today(), 4);
      await stat(METRICS.toolView, tool.id, today(), 8);
      await stat(METRICS.toolClick, tool.id, daysAgo(20, today()), 3);
      await stat(METRICS.event, "home_click_nl", today(), 2);

      const week = await page(admin.client, "/admin/analytics?days=7");
      expect(week).toContain('href="/admin/analytics"');
      expect(textOf(/data-testid="total-pageviews"[^>]*>([^<]*)</.exec(week)![1]!)).toBe("30");
      expect(tableOf(week, "top-pages")).toEqual([
        ["/", "25"],
        ["//evil.example", "1"],
      ]);
      // Only our own pages are links.
      expect(week).not.toContain('href="//evil.example"');
      expect(tableOf(week, "top-referrers")).toEqual([
        ["news.ycombinator.com", "6"],
        ["Direct / none", "4"],
      ]);
      expect(tableOf(week, "top-tools-views")).toEqual([["Counter", "8"]]);
      expect(week).toContain(`href="/tool/${tool.slug}"`);
      expect(tableOf(week, "top-tools-clicks")).toEqual([]);
      expect(week).toContain("No click on a tool&#x27;s website in the last 7 days.");
      expect(tableOf(week, "events")).toEqual([["home_click_nl", "2"]]);
      expect(week).toMatch(/<figure data-testid="chart"[\s\S]*?Page views and unique visitors/);

      const month = await page(admin.client, "/admin/analytics?days=30");
      expect(textOf(/data-testid="total-pageviews"[^>]*>([^<]*)</.exec(month)![1]!)).toBe("100");
      expect(tableOf(month, "top-tools-clicks")).toEqual([["Counter", "3"]]);
    });

    it("/admin/analytics lists what people searched, and what found nothing, from the search pages' page views", async () => {
      const admin = await register("Admin", "admin");
      await insertTool(database.db, { name: "Counter", tags: ["counter"] });
      const searcher = createClient(app.request);
      for (const path of [
        "/search/counter",
        "/search/zzqx-nothing",
        "/search/zzqx-nothing",
        "/search/counter",
        "/search/counter",
      ]) {
        const response = await searcher.request(path);
        expect(response.status).toBe(200);
        // What the search page sends with its page view: how many tools its first page shows.
        const found = (await response.text()).match(/data-testid="tool-card"/g)?.length ?? 0;
        await sendPageview(app, path, { props: { results: found } });
      }
      const rows = await database.db
        .select({ text: searches.text, count: searches.count, resultCount: searches.resultCount })
        .from(searches)
        .orderBy(searches.text);
      expect(rows).toEqual([
        { text: "counter", count: 3, resultCount: 1 },
        { text: "zzqx-nothing", count: 2, resultCount: 0 },
      ]);

      const html = await page(admin.client, "/admin/analytics");
      // Each top search has its Hide button (search-pages.test.ts hides one).
      expect(tableOf(html, "top-searches")).toEqual([
        ["counter Hide", "3"],
        ["zzqx nothing Hide", "2"],
      ]);
      expect(tableOf(html, "searches-found-nothing")).toEqual([["zzqx nothing", "2"]]);
      expect(html).toContain('href="/search/zzqx-nothing"');
    });

    it("/admin/analytics says what is missing on a fresh site", async () => {
      const admin = await register("Admin", "admin");
      await database.db
        .update(users)
        .set({ createdAt: new Date("2025-01-01T00:00:00Z") })
        .where(eq(users.id, admin.record.id));
      const html = await page(admin.client, "/admin/analytics?days=7");
      expect(html).toContain("No page views yet in the last 7 days.");
      expect(html).toContain("No sign-up and no submission in the last 7 days.");
      expect(html).toContain("Nobody has searched yet.");
      expect(html).not.toContain("<table");
    });
  });

  describe("query plans", () => {
    beforeAll(async () => {
      await database.reset();
      const maker = await insertUser(database.db, { username: "Planner" });
      const linked = await insertTools(database.db, 30, new Date("2026-03-01T00:00:00Z"), {
        creatorUsername: maker.slug,
        isLinkedToCreator: true,
      });
      await insertTools(database.db, 300, new Date("2025-06-01T00:00:00Z"));
      const rows: (typeof dailyStats.$inferInsert)[] = [];
      for (const day of lastDays(120, NOW)) {
        rows.push({ metric: METRICS.pageviews, day, count: 10 }, { metric: METRICS.visitors, day, count: 5 });
        for (const [index, tool] of linked.entries()) {
          rows.push(
            { metric: METRICS.toolView, subject: tool.id, day, count: index + 1 },
            { metric: METRICS.toolClick, subject: tool.id, day, count: 1 },
          );
          rows.push({
            metric: METRICS.toolReferrer,
            subject: tool.id,
            detail: `site-${index % 5}.example`,
            day,
            count: 1,
          });
          rows.push({ metric: METRICS.page, subject: `/tool/${tool.slug}`, day, count: 2 });
        }
      }
      for (let index = 0; index < rows.length; index += 1000)
        await database.db.insert(dailyStats).values(rows.slice(index, index + 1000));
      for (let index = 0; index < 200; index++) await app.services.search.recordSearch(`text-${index}`, index % 3);
      await database.db.execute(sql`analyze daily_stats`);
      await database.db.execute(sql`analyze tools`);
      await database.db.execute(sql`analyze users`);
      await database.db.execute(sql`analyze searches`);
    });

    const first = lastDays(30, NOW)[0]!;
    const plan = (query: Parameters<typeof explainMainPlan>[1]) => explainMainPlan(database.db, query);
    const ids = async () =>
      (await database.db.select({ id: tools.id }).from(tools).where(eq(tools.isLinkedToCreator, true))).map(
        (row) => row.id,
      );

    it("finds a maker's linked tools through tools_creator_username_idx", async () => {
      // A maker has few tools: the planner may read them all from the index and order them after.
      const text = await plan(linkedToolsQuery(database.db, { slug: "planner" }));
      expect(text).toContain("tools_creator_username_idx");
      expect(text).not.toMatch(/Seq Scan/);
    });

    it("reads the tools' daily counts and referrers through the daily_stats indexes", async () => {
      for (const query of [
        toolDailyCountsQuery(database.db, await ids(), first, TODAY),
        toolReferrersQuery(database.db, await ids(), first, TODAY),
      ]) {
        const text = await plan(query);
        expect(text).toMatch(/daily_stats_metric_day_idx|daily_stats_metric_subject_detail_day_pk/);
        expect(text).not.toMatch(/Seq Scan/);
      }
    });

    it("reads the site's daily counts and top lists through the daily_stats indexes", async () => {
      for (const query of [
        siteCountsQuery(database.db, first, TODAY),
        topSubjectsQuery(database.db, METRICS.page, first, TODAY),
        topToolsQuery(database.db, METRICS.toolView, first, TODAY),
      ]) {
        const text = await plan(query);
        expect(text).toMatch(/daily_stats_metric_day_idx|daily_stats_metric_subject_detail_day_pk/);
        expect(text).not.toMatch(/Seq Scan/);
      }
    });

    it("counts sign-ups and submissions per day through the created_at indexes", async () => {
      const start = new Date(`${first}T00:00:00Z`);
      const end = new Date(`${addDays(TODAY, 1)}T00:00:00Z`);
      const signups = await plan(signupsPerDayQuery(database.db, start, end));
      expect(signups).toContain("users_created_at_idx");
      expect(signups).not.toMatch(/Seq Scan/);
      const submissions = await plan(submissionsPerDayQuery(database.db, first, TODAY));
      // By day, or through the submitters' index when few tools have a submitter (the demo catalogue has none).
      expect(submissions).toMatch(/tools_created_day_idx|tools_submitted_by_idx/);
      expect(submissions).not.toMatch(/Seq Scan/);
    });

    it("reads the top searches, and those that found nothing, in index order", async () => {
      const top = await plan(searchCountsQuery(database.db, false));
      expect(top).toContain("searches_count_idx");
      expect(top).not.toMatch(/Seq Scan|Sort/);
      const nothing = await plan(searchCountsQuery(database.db, true));
      expect(nothing).toContain("searches_found_nothing_idx");
      expect(nothing).not.toMatch(/Seq Scan|Sort/);
    });
  });
});
