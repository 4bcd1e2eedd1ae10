/**
 * The site on a 390 × 844 phone and a 1366 × 900 desktop: the filters' sheet, the sticky banner, the cards' even
 * layout and the infinite scroll after a jump to the bottom.
 */
import type { BrowserContextOptions, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { PAGE_SIZE } from "#common/constants.ts";
import { comparePath } from "#common/page-paths.ts";
import { FLASH_COOKIE } from "#common/flash.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { insertTools } from "../factories.ts";
import { gotoHydrated, newContext } from "../setup/browser.ts";

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };

describe("the site on a phone and a desktop, in Chromium", () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    // The catalogue's logos go through the server's own storage, as on a first start.
    await seedDemoCatalogue(site.database.db, { storage: site.server.storage });
    // Older than the demo's tools, so the home's latest list has more pages than the first.
    await insertTools(site.database.db, PAGE_SIZE * 2, new Date("2020-01-01T00:00:00Z"));
  });

  async function open(options: BrowserContextOptions, path: string, javaScriptEnabled = true): Promise<Page> {
    const context = await newContext(site.browser, { ...options, javaScriptEnabled });
    const page = await context.newPage();
    if (javaScriptEnabled) await gotoHydrated(page, `${site.server.url}${path}`);
    else await page.goto(`${site.server.url}${path}`);
    return page;
  }

  describe("the filters", () => {
    it("sit behind 'Filters (n)' on a phone, beside the count of results, and open as a sheet that applies with JavaScript", async () => {
      const page = await open(PHONE, "/tools?payment=free");
      const form = page.getByRole("form", { name: "Filter tools" });
      const toggle = page.locator("summary", { hasText: "Filters" });
      expect((await toggle.textContent())?.trim()).toBe("Filters (1)");
      expect(await form.isVisible()).toBe(false);
      // The first result is on the first screen.
      const firstCard = await page.getByTestId("tool-card").first().boundingBox();
      expect(firstCard!.y).toBeLessThan(844 - 100);
      await expect(page.locator(".filters-bar > p").textContent()).resolves.toMatch(/^\d+ tools? · Clear the filters$/);

      await toggle.click();
      expect(await form.isVisible()).toBe(true);
      const sheet = (await form.boundingBox())!;
      expect(Math.round(sheet.y + sheet.height)).toBe(844);
      // Choosing does not close the sheet; "Show results" applies every choice at once.
      await form.getByLabel("Pricing").selectOption("paid");
      await form.getByLabel("Sort").selectOption("name");
      expect(await form.isVisible()).toBe(true);
      expect(page.url()).toMatch(/payment=free$/);
      await form.getByRole("button", { name: "Show results" }).click();
      await page.waitForURL(/\/tools\?payment=paid&sort=name$/);
      expect(await form.isVisible()).toBe(false);
      expect((await toggle.textContent())?.trim()).toBe("Filters (1)");

      // Escape and the backdrop close it, as the Close link does.
      await toggle.click();
      await form.getByLabel("Category").focus();
      await page.keyboard.press("Escape");
      expect(await form.isVisible()).toBe(false);
      await toggle.click();
      await page.mouse.click(195, 40);
      expect(await form.isVisible()).toBe(false);
      await toggle.click();
      await form.getByRole("link", { name: "Close" }).click();
      expect(await form.isVisible()).toBe(false);
      expect(page.url()).toMatch(/\/tools\?payment=paid&sort=name$/);
      await page.context().close();
    });

    it("open and apply without JavaScript on a phone, on a category's page", async () => {
      const page = await open(PHONE, "/category/analytics-and-data", false);
      const form = page.getByRole("form", { name: "Filter tools" });
      expect(await form.isVisible()).toBe(false);
      await page.locator("summary", { hasText: "Filters" }).click();
      await form.getByLabel("Pricing").selectOption("free");
      await form.getByRole("button", { name: "Show results" }).click();
      await page.waitForURL(/\/category\/analytics-and-data\?.*payment=free/);
      expect((await page.locator("summary", { hasText: "Filters" }).textContent())?.trim()).toBe("Filters (1)");
      await page.context().close();
    });

    it("filter by licence kind and self-hosting on the phone's sheet and on a desktop, each count what it shows", async () => {
      for (const options of [PHONE, DESKTOP]) {
        const page = await open(options, "/tools");
        const form = page.getByRole("form", { name: "Filter tools" });
        if (options === PHONE) await page.locator("summary", { hasText: "Filters" }).click();
        const openSource = (await form.locator('select[name="licence"] option[value="open-source"]').textContent())!;
        expect(openSource).toMatch(/^Open source \(\d+\)$/);
        await form.getByLabel("Licence").selectOption("open-source");
        await form.getByLabel(/Self-hostable only/).check();
        if (options === PHONE) await form.getByRole("button", { name: "Show results" }).click();
        await page.waitForURL(/\/tools\?licence=open-source&selfHostable=1$/);
        const label = (await page
          .locator('input[name="selfHostable"]')
          .evaluate((input) => input.closest("label")!.textContent))!;
        const count = Number(/\((\d+)\)/.exec(label)![1]);
        expect(count).toBeGreaterThan(0);
        await expect.poll(() => page.getByTestId("tool-card").count()).toBe(Math.min(count, PAGE_SIZE));
        // Each card says so.
        const cards = page.getByTestId("tool-card");
        for (const card of await cards.all()) {
          expect(await card.textContent()).toContain("Open source");
          expect(await card.textContent()).toContain("Self-hostable");
        }
        // The first card's page links its licence to the licence's page, which lists it.
        const name = (await cards.first().locator("h3").textContent())!.trim();
        await cards.first().locator("h3 a").click();
        await page.getByTestId("facts-licence-link").click();
        await page.waitForURL(/\/licence\/[a-z0-9.-]+$/);
        await expect.poll(() => page.getByTestId("tool-card").filter({ hasText: name }).count()).toBe(1);
        await page.context().close();
      }
    });

    it("stay an open form on a desktop, with no 'Filters' button", async () => {
      for (const javaScriptEnabled of [true, false]) {
        const page = await open(DESKTOP, "/tag/analytics", javaScriptEnabled);
        const form = page.getByRole("form", { name: "Filter tools" });
        expect(await form.isVisible()).toBe(true);
        expect(await page.locator("summary", { hasText: "Filters" }).isVisible()).toBe(false);
        expect(await form.getByRole("button", { name: "Apply" }).isVisible()).toBe(true);
        await page.context().close();
      }
    });
  });

  it("keeps the banner 3.2rem high and stuck to the top, with the navigation under it, at both widths", async () => {
    for (const options of [PHONE, DESKTOP]) {
      const page = await open(options, "/tools");
      const banner = page.getByRole("complementary", { name: "Announcement" });
      const navigation = page.locator("header").first();
      const navigationHeight = (await navigation.boundingBox())!.height;
      expect((await banner.boundingBox())!.height).toBeCloseTo(3.2 * 16, 0);
      await page.mouse.wheel(0, 2000);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      const scrolledBanner = (await banner.boundingBox())!;
      const scrolledNavigation = (await navigation.boundingBox())!;
      expect(scrolledBanner.y).toBe(0);
      expect(scrolledNavigation.y).toBeCloseTo(3.2 * 16, 0);
      expect(scrolledNavigation.y + scrolledNavigation.height).toBeLessThanOrEqual(3.2 * 16 + navigationHeight + 1);
      // The banner's text fits: no line is cut off.
      const link = banner.getByRole("link");
      expect(await link.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
      await page.context().close();
    }
  });

  it("lays every card of a row out alike: the heart and Visit at the same place, the name in two lines at most", async () => {
    const page = await open(DESKTOP, "/");
    const rows = new Map<number, { heart: number; visit: number; chips: number | null; x: number }[]>();
    for (const card of await page.getByTestId("tool-card").all()) {
      const box = (await card.boundingBox())!;
      const heart = (await card.locator(".heart").boundingBox())!;
      const visit = (await card.getByRole("link", { name: /^Visit / }).boundingBox())!;
      const name = card.locator("h3 a");
      expect(await name.getAttribute("title")).toBe((await name.textContent())?.trim());
      expect(await name.evaluate((element) => element.getClientRects().length)).toBeLessThanOrEqual(2);
      const row = rows.get(Math.round(box.y)) ?? [];
      row.push({ heart: heart.y - box.y, visit: visit.y - box.y, chips: null, x: visit.x + visit.width - box.x });
      rows.set(Math.round(box.y), row);
    }
    expect(rows.size).toBeGreaterThan(2);
    for (const row of rows.values()) {
      for (const card of row) {
        expect(Math.abs(card.heart - row[0]!.heart)).toBeLessThanOrEqual(1);
        expect(Math.abs(card.visit - row[0]!.visit)).toBeLessThanOrEqual(1);
        expect(Math.abs(card.x - row[0]!.x)).toBeLessThanOrEqual(1);
      }
    }
    // The six featured tools fill two rows of three.
    const featured = page.locator("#featured-heading").locator("xpath=../..").getByTestId("tool-card");
    const tops = new Set(
      await Promise.all((await featured.all()).map(async (card) => Math.round((await card.boundingBox())!.y))),
    );
    expect(await featured.count()).toBe(6);
    expect(tops.size).toBe(2);
    await page.context().close();
  });

  it("loads the next tools on a phone after a jump to the bottom, past the trigger", async () => {
    const page = await open(PHONE, "/");
    const latest = page.locator("#latest").getByTestId("tool-card");
    await expect.poll(() => latest.count()).toBe(PAGE_SIZE);
    await page.keyboard.press("End");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => latest.count()).toBe(PAGE_SIZE * 2);
    await page.context().close();
  });

  it("gives a tool page's tagline the width of a phone, with the name beside a smaller logo; beside the logo on a desktop", async () => {
    const tool = (await site.database.db.query.tools.findFirst({
      where: (tools, { eq }) => eq(tools.name, "Stripe"),
    }))!;
    const phone = await open(PHONE, `/tool/${tool.slug}`);
    const logo = (await phone.getByTestId("tool-header").getByRole("img").first().boundingBox())!;
    const tagline = (await phone.getByTestId("tool-tagline").boundingBox())!;
    // 390 px less the page's margins: the tagline starts under the logo and takes the row, not 250 px beside it.
    expect(tagline.width).toBeGreaterThan(330);
    expect(tagline.y).toBeGreaterThan(logo.y + logo.height - 1);
    expect(logo.width).toBeLessThanOrEqual(56);
    await phone.context().close();
    const desktop = await open(DESKTOP, `/tool/${tool.slug}`);
    const wideLogo = (await desktop.getByTestId("tool-header").getByRole("img").first().boundingBox())!;
    const wideTagline = (await desktop.getByTestId("tool-tagline").boundingBox())!;
    expect(wideLogo.width).toBe(80);
    expect(wideTagline.x).toBeGreaterThan(wideLogo.x + wideLogo.width);
    await desktop.context().close();
  });

  it("shows a toast under the header, never over its controls, at both widths", async () => {
    for (const options of [PHONE, DESKTOP]) {
      const context = await newContext(site.browser, options);
      await context.addCookies([{ name: FLASH_COOKIE, value: "signed-in", url: site.server.url }]);
      const page = await context.newPage();
      await gotoHydrated(page, `${site.server.url}/`);
      const toast = page.getByText("You are signed in. Welcome back!");
      await toast.waitFor();
      const [box, header] = [(await toast.boundingBox())!, (await page.locator("header").first().boundingBox())!];
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      await context.close();
    }
  });

  it("lays the compare page's two heads out alike, a real logo or initials, at both widths", async () => {
    const withLogo = (await site.database.db.query.tools.findFirst({
      where: (tools, { eq }) => eq(tools.name, "Stripe"),
    }))!;
    const withInitials = (await site.database.db.query.tools.findFirst({
      where: (tools, { eq }) => eq(tools.name, "ChatGPT"),
    }))!;
    expect([withLogo.logo !== null, withInitials.logo === null]).toEqual([true, true]);
    for (const options of [PHONE, DESKTOP]) {
      const page = await open(options, comparePath(withLogo.slug, withInitials.slug));
      const heads = page.getByTestId("compare-head");
      const names = await Promise.all(
        (await heads.all()).map(async (head) => (await head.getByRole("link").first().boundingBox())!.y),
      );
      expect(names).toHaveLength(2);
      expect(Math.abs(names[0]! - names[1]!)).toBeLessThanOrEqual(1);
      expect(await page.getByTestId("comparison").getByRole("rowheader").allInnerTexts()).toEqual([
        "Pricing",
        "Rating",
        "Likes",
        "Categories",
        "Tags",
        "Pros",
        "Cons",
        "Links",
      ]);
      await page.context().close();
    }
  });

  // Twenty-two pages, each until its network is idle: more than a test's usual half minute on a busy machine.
  it("logs no warning, error or browser issue on the main pages, at either width", async () => {
    const tool = (await site.database.db.query.tools.findFirst({
      where: (tools, { eq }) => eq(tools.name, "Plausible Analytics"),
    }))!;
    const paths = [
      "/",
      "/tools",
      "/category/analytics-and-data",
      "/tag/analytics",
      `/tool/${tool.slug}`,
      `/tool/${tool.slug}/alternatives`,
      "/search/analytics",
      "/blog",
      "/open-data",
      "/login",
      "/register",
    ];
    for (const options of [PHONE, DESKTOP]) {
      const context = await newContext(site.browser, options);
      const page = await context.newPage();
      const heard: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning" || message.type() === "error")
          heard.push(`${page.url()} ${message.type()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => heard.push(`${page.url()} page error: ${error.message}`));
      // What Chromium's inspector lists as issues (a Content-Security-Policy report, a deprecated feature...).
      const inspector = await context.newCDPSession(page);
      // Reading document.cookie is listed as a performance hint: the head's script and the flash toast read it on purpose, once a page.
      inspector.on("Audits.issueAdded", ({ issue }) => {
        if (issue.details.performanceIssueDetails?.performanceIssueType === "DocumentCookie") return;
        heard.push(`${page.url()} issue: ${issue.code} ${JSON.stringify(issue.details).slice(0, 300)}`);
      });
      await inspector.send("Audits.enable");
      for (const path of paths) {
        await gotoHydrated(page, `${site.server.url}${path}`);
        await page.waitForLoadState("networkidle");
      }
      expect(heard).toEqual([]);
      await context.close();
    }
  }, 60_000);
});
