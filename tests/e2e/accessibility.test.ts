/**
 * axe-core finds no violation, with its default rules, on the main pages in Chromium, in the light and the dark theme,
 * on a desktop and (the visitors' pages) on a 390 px phone; and the built stylesheet turns over, in dark mode, every colour the components use (app.css).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq, sql } from "drizzle-orm";
import {
  alternativesPath,
  categoryPath,
  comparePath,
  profilePath,
  tagPath,
  toolPath,
  licencePath,
  dealFormPath,
  launchFormPath,
  linkBackPath,
} from "#common/page-paths.ts";
import { deals, launches, purchases, sponsorships, sponsorWeeks, users } from "#server/db/schema.ts";
import { addWeeks, mondayOf, PLACEMENTS } from "#common/sponsors.ts";
import { useResource } from "../setup/fixtures.ts";
import { startStripeStandIn } from "../setup/stripe.ts";
import { insertCategory, insertTool, insertUser } from "../factories.ts";
import { axeViolations } from "../setup/axe.ts";
import { BUILD_DIR } from "../setup/build-dir.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

/** A run of axe on several pages takes a few seconds a page. */
const SEVERAL_PAGES_MS = 90_000;

describe("accessibility in Chromium", () => {
  const stripe = useResource(startStripeStandIn);
  const site = useBrowserSite(() => stripe.env);
  const pages = { visitor: [] as string[], signedIn: [] as string[] };
  const contexts: Record<
    "light" | "dark",
    { visitor?: BrowserContext; phone?: BrowserContext; admin?: BrowserContext }
  > = { light: {}, dark: {} };

  beforeAll(async () => {
    const category = await insertCategory(site.database.db, { label: "Analytics" });
    const tool = await insertTool(site.database.db, {
      name: "Plain Counter",
      shortDesc: "Counts visits without cookies.",
      longDesc: "It **counts**, and [says so](https://example.com).",
      categories: [category.id],
      tags: ["privacy"],
      repositoryUrl: "https://github.com/plain/counter",
      licence: "AGPL-3.0-only",
      licenceKind: "open-source",
      selfHostable: "confirmed",
    });
    // Its repository's facts and a few weeks of stars, as the hourly refresh would have left them (decision 060).
    await site.database.db.execute(sql`update repository_facts set state = 'read', stars = 1234, forks = 56,
      is_archived = false, licence = 'AGPL-3.0', last_commit_at = now() - interval '3 days', latest_release_tag = 'v2.0.0',
      latest_release_at = now() - interval '40 days', first_read_at = now() - interval '21 days', checked_at = now()
      where tool_id = ${tool.id}`);
    await site.database.db.execute(sql`insert into repository_history (tool_id, year, stars)
      values (${tool.id}, 2026, '[40:43]={1100,1150,1190,1234}'::integer[])`);
    // A deal (decision 061), on the tool's page and /deals.
    await site.database.db.insert(deals).values({
      toolId: tool.id,
      code: "COUNT20",
      offer: "20% off the first year",
      endsAt: new Date(Date.now() + 30 * 86_400_000),
    });
    const queued = await insertTool(site.database.db, {
      name: "Queued Mailer",
      shortDesc: "Sends the mail you write.",
      categories: [category.id],
      isVerified: false,
    });
    // A tool held until its launch day (decision 063), on /coming-soon and its own page.
    const held = await insertTool(site.database.db, {
      name: "Held Notes",
      shortDesc: "Notes that wait for their day.",
      categories: [category.id],
      isActive: false,
    });
    await site.database.db
      .insert(launches)
      .values({ toolId: held.id, launchAt: new Date(Date.now() + 5 * 86_400_000), isWaiting: true });
    const featured = await insertTool(site.database.db, {
      name: "Featured Forms",
      shortDesc: "Forms that fill themselves.",
      categories: [category.id],
      tags: ["privacy"],
      isHomeBoosted: true,
    });
    // Sponsors (decision 064): every placement on sale, and an ad running this week in the banner, the home page's
    // card and the tool pages' slot.
    const owner = await insertUser(site.database.db, { role: "admin", email: "owner@example.com" });
    for (const kind of PLACEMENTS)
      await site.server.services.sponsors.savePlacement(owner.session, {
        kind,
        amount: 4900,
        currency: "usd",
        weeksAhead: 6,
        isOnSale: true,
      });
    const adId = "p0sponsoredad1";
    await site.database.db.insert(purchases).values({
      id: adId,
      userId: owner.id,
      kind: "sponsor",
      source: "stripe",
      state: "paid",
      amount: 14700,
      currency: "usd",
    });
    await site.database.db.insert(sponsorships).values({
      id: adId,
      userId: owner.id,
      placement: "banner",
      weeks: [mondayOf(new Date())],
      endsOn: addWeeks(mondayOf(new Date()), 1),
      text: "Acme Kit: ship your SaaS this weekend",
      url: "https://acme.example",
      state: "approved",
    });
    await site.database.db.insert(sponsorWeeks).values(
      (["banner", "home-card", "list-slot"] as const).map((placement) => ({
        placement,
        week: mondayOf(new Date()),
        sponsorshipId: adId,
      })),
    );
    for (const colorScheme of ["light", "dark"] as const) {
      contexts[colorScheme].visitor = await newContext(site.browser, { colorScheme });
      contexts[colorScheme].phone = await newContext(site.browser, {
        colorScheme,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const admin = await newContext(site.browser, { colorScheme });
      const name = `Ada${colorScheme}`;
      await signUpInBrowser(await admin.newPage(), site.server.url, name);
      await site.database.db
        .update(users)
        .set({ role: "admin" })
        .where(eq(users.email, `${name.toLowerCase()}@example.com`));
      contexts[colorScheme].admin = admin;
    }
    const [maker] = await site.database.db.select({ slug: users.slug }).from(users).limit(1);
    pages.visitor.push(
      "/",
      "/tools",
      toolPath(tool.slug),
      alternativesPath(tool.slug),
      alternativesPath(featured.slug, "open-source"),
      licencePath("AGPL-3.0-only"),
      comparePath(tool.slug, featured.slug),
      categoryPath(category.slug),
      tagPath("privacy"),
      "/search/counter",
      "/blog",
      "/open-data",
      "/deals",
      "/coming-soon",
      toolPath(held.slug),
      "/launches",
      "/advertise",
      "/login",
      "/register",
      profilePath(maker!.slug),
    );
    pages.signedIn.push(
      "/add-tool",
      "/admin",
      "/admin/tools",
      "/admin/featuring",
      "/admin/settings",
      "/admin/system",
      dealFormPath(tool.slug),
      linkBackPath(queued.slug),
      launchFormPath(queued.slug),
      "/advertise/banner",
      "/sponsorships/p0sponsoredad1",
      "/admin/sponsors",
      "/",
    );
    // The free way in (decision 062), which the operator offers.
    const operator = await insertUser(site.database.db, { role: "admin" });
    await site.server.services.settings.update(operator.session, {
      ...site.server.services.settings.current(),
      freeWayIn: "skip-line",
    });
  });
  afterAll(async () => {
    for (const theme of Object.values(contexts)) for (const context of Object.values(theme)) await context?.close();
  });

  for (const [colorScheme, device] of [
    ["light", "visitor"],
    ["dark", "visitor"],
    ["light", "phone"],
    ["dark", "phone"],
  ] as const) {
    it(
      `finds no violation on the visitors' pages, in the ${colorScheme} theme, on a ${device === "phone" ? "phone" : "desktop"}`,
      async () => {
        const page = await contexts[colorScheme][device]!.newPage();
        const found: string[] = [];
        for (const pagePath of pages.visitor) {
          await gotoHydrated(page, `${site.server.url}${pagePath}`);
          expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(colorScheme);
          found.push(...(await axeViolations(page)).map((violation) => `${pagePath}: ${violation}`));
        }
        expect(found).toEqual([]);
        await page.close();
      },
      SEVERAL_PAGES_MS,
    );
  }

  for (const colorScheme of ["light", "dark"] as const) {
    it(
      `finds no violation on the signed-in pages and the moderation queue, in the ${colorScheme} theme`,
      async () => {
        const page = await contexts[colorScheme].admin!.newPage();
        const found: string[] = [];
        for (const pagePath of pages.signedIn) {
          await gotoHydrated(page, `${site.server.url}${pagePath}`);
          found.push(...(await axeViolations(page)).map((violation) => `${pagePath}: ${violation}`));
        }
        // The queue shows the queued tool, so the check covered a real item.
        await gotoHydrated(page, `${site.server.url}/admin`);
        await page.getByTestId("queued-tool").filter({ hasText: "Queued Mailer" }).waitFor();
        // And the free way in's form was the real one, which the operator offers.
        await gotoHydrated(page, `${site.server.url}${pages.signedIn.find((path) => path.endsWith("/link-back"))}`);
        await page.getByRole("heading", { name: "A free way in for Queued Mailer" }).waitFor();
        expect(found).toEqual([]);
        await page.close();
      },
      SEVERAL_PAGES_MS,
    );
  }

  it("offers 'Skip to content' as the first stop of the keyboard, and it lands on the page's content", async () => {
    const page = await contexts.light.visitor!.newPage();
    await gotoHydrated(page, `${site.server.url}/tools`);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    // A visible focus ring: the outline of :focus-visible.
    expect(await skip.evaluate((link) => getComputedStyle(link).outlineStyle)).toBe("solid");
    await page.keyboard.press("Enter");
    await page.waitForURL(/#content$/);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#content")))).toBe(true);
    await page.close();
  });
});

describe("the built stylesheet", () => {
  it("gives every colour a component uses its dark value", () => {
    const assets = path.join(BUILD_DIR, "client/assets");
    const css = readdirSync(assets)
      .filter((file) => file.endsWith(".css"))
      .map((file) => readFileSync(path.join(assets, file), "utf8"))
      .join("\n");
    const used = new Set([...css.matchAll(/var\(--color-([a-z]+-\d+|white)\)/g)].map((match) => match[1]!));
    // The dark palette is the block that sets color-scheme to dark.
    const darkBlocks = [...css.matchAll(/\{([^{}]*color-scheme:\s*dark[^{}]*)\}/g)].map((match) => match[1]!);
    expect(darkBlocks.length).toBeGreaterThan(0);
    for (const block of darkBlocks) {
      const defined = new Set([...block.matchAll(/--color-([a-z]+-\d+|white):/g)].map((match) => match[1]!));
      const missing = [...used].filter((colour) => !defined.has(colour) && !/-500$/.test(colour));
      expect(missing).toEqual([]);
    }
    expect(used.size).toBeGreaterThan(20);
  });
});
