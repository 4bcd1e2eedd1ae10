import { rmSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { PUBLIC_COUNTERS_FROM_VIEWS } from "#common/constants.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { gotoHydrated, newContext } from "../setup/browser.ts";

describe("browsing the catalogue in Chromium", () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    const seeded = await seedDemoCatalogue(site.database.db);
    for (const id of seeded!.toolIds) await site.server.services.tools.writeToolSnapshot(id);
  });

  async function viewsOf(name: string): Promise<number> {
    const tool = await site.database.db.query.tools.findFirst({ where: (tools, { eq }) => eq(tools.name, name) });
    return tool!.views;
  }

  /**
   * Follows a link of the home page's footer from the keyboard. Scrolling the footer into view brings the list's next
   * tools, which push the footer down: a click aimed before they arrive lands on whatever took the link's place.
   */
  async function followFooterLink(page: Page, name: string) {
    await page.locator("footer").getByRole("link", { name }).press("Enter");
  }

  /** Home → a category → one of its tools → a suggested tool → a search: the same path with and without JavaScript. */
  async function walk(page: Page, open: (url: string) => Promise<void>) {
    await open(site.server.url);
    await followFooterLink(page, "Analytics and Data");
    await page.waitForURL(/\/category\/analytics-and-data$/);
    await page.getByRole("heading", { level: 1, name: "Analytics and Data" }).waitFor();

    const firstTool = page.getByTestId("tool-card").first().locator("h3 a");
    const toolName = (await firstTool.textContent())!.trim();
    await firstTool.click();
    await page.waitForURL(/\/tool\//);
    await page.getByRole("heading", { level: 1, name: toolName }).waitFor();

    const suggested = page
      .locator("#suggested-heading")
      .locator("xpath=..")
      .getByTestId("tool-card")
      .first()
      .locator("h3 a");
    const suggestedName = (await suggested.textContent())!.trim();
    await suggested.click();
    await page.getByRole("heading", { level: 1, name: suggestedName }).waitFor();

    await page.locator("#search-desktop").fill("supabse");
    await page.locator("#search-desktop").press("Enter");
    await page.waitForURL(/\/search\/supabse$/);
    await page.getByRole("link", { name: "Supabase" }).first().waitFor();
  }

  it("works with JavaScript", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await walk(page, (url) => gotoHydrated(page, url));
    await context.close();
  });

  it("works without JavaScript", async () => {
    const context = await newContext(site.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await walk(page, async (url) => {
      await page.goto(url);
    });
    await context.close();
  });

  it("opens a top-list and the terms page from the footer, client-side", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await gotoHydrated(page, site.server.url);
    await followFooterLink(page, "React tools");
    await page.getByRole("heading", { level: 1, name: "The best React tools for indie developers" }).waitFor();
    await page.locator("footer").getByRole("link", { name: "Terms of service" }).click();
    await page.getByRole("heading", { level: 1, name: "Terms of service" }).waitFor();
    await context.close();
  });

  describe("a tool page reached from another page", () => {
    let context: BrowserContext;
    let page: Page;
    let requests: string[];

    beforeAll(async () => {
      context = await newContext(site.browser);
      page = await context.newPage();
      requests = [];
      page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    });
    afterAll(() => context.close());

    it("reads the tool's snapshot, and its page view counts the view", async () => {
      await gotoHydrated(page, `${site.server.url}/category/analytics-and-data`);
      const link = page.getByTestId("tool-card").first().locator("h3 a");
      const name = (await link.textContent())!.trim();
      const before = await viewsOf(name);
      await link.click();
      await page.getByRole("heading", { level: 1, name }).waitFor();
      const snapshot = requests.find((pathname) => /^\/files\/tools\/t[a-z0-9]+\/t[a-z0-9]+\.json$/.test(pathname));
      expect(snapshot).toBeTruthy();
      expect(requests.some((pathname) => pathname.endsWith(".data"))).toBe(false);
      // The page shows the counters as they stand, and its page view counts the view with the next batch of events.
      expect(await shownViews(page)).toBe(before >= PUBLIC_COUNTERS_FROM_VIEWS ? String(before) : null);
      expect(requests).toContain("/api/event");
      await expect.poll(() => viewsOf(name), { timeout: 5000 }).toBe(before + 1);
    });

    it("falls back to the server when the snapshot is missing", async () => {
      await gotoHydrated(page, `${site.server.url}/category/design`);
      const link = page.getByTestId("tool-card").nth(1).locator("h3 a");
      const name = (await link.textContent())!.trim();
      const slug = (await link.getAttribute("href"))!.split("/").pop()!;
      const id = /(t[a-z0-9]{17})$/.exec(slug)![1]!;
      const before = await viewsOf(name);
      rmSync(path.join(site.server.filesDir, `tools/${id}/${id}.json`));
      requests.length = 0;
      await link.click();
      await page.getByRole("heading", { level: 1, name }).waitFor();
      expect(requests.some((pathname) => pathname.endsWith(`${id}.json`))).toBe(true);
      expect(requests.some((pathname) => pathname.endsWith(".data"))).toBe(true);
      expect(await shownViews(page)).toBe(before >= PUBLIC_COUNTERS_FROM_VIEWS ? String(before) : null);
      await expect.poll(() => viewsOf(name), { timeout: 5000 }).toBe(before + 1);
    });
  });
});

/** The views a tool page shows: none while they are too few to mean something. */
async function shownViews(page: Page): Promise<string | null> {
  const views = page.getByTestId("tool-views");
  return (await views.count()) > 0 ? views.textContent() : null;
}
