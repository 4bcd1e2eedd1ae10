import type { Page } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { FEATURED_NEEDS_ACCOUNT, PAGE_SIZE } from "#common/constants.ts";
import { insertCategory, insertTool, insertTools } from "../factories.ts";
import { gotoHydrated, newContext } from "../setup/browser.ts";

describe("home page in Chromium", () => {
  const site = useBrowserSite();
  const TOOL_COUNT = PAGE_SIZE * 2 + 7;

  beforeAll(async () => {
    const category = await insertCategory(site.database.db, { label: "Marketing" });
    await insertTool(site.database.db, {
      name: "Featured Rocket",
      isHomeBoosted: true,
      categories: [category.id],
      createdAt: new Date("2026-06-01T00:00:00Z"),
    });
    await insertTools(site.database.db, TOOL_COUNT - 1, new Date("2026-05-01T00:00:00Z"), {
      categories: [category.id],
    });
  });

  let page: Page;
  beforeEach(async () => {
    const context = await newContext(site.browser);
    page = await context.newPage();
    return () => context.close();
  });

  it("holds the tools in its HTML with JavaScript off", async () => {
    const context = await newContext(site.browser, { javaScriptEnabled: false });
    const noScript = await context.newPage();
    await noScript.goto(site.server.url);
    await expect(
      noScript.getByRole("heading", { name: "The Best Tools for Indie Developers" }).isVisible(),
    ).resolves.toBe(true);
    expect(await noScript.getByTestId("tool-card").count()).toBe(1 + PAGE_SIZE);
    expect(await noScript.getByRole("link", { name: "Featured Rocket" }).first().isVisible()).toBe(true);
    // Without JavaScript, 'More tools' pages on.
    await noScript.getByRole("link", { name: "More tools" }).click();
    await noScript.waitForURL(/\?cursor=/);
    expect(await noScript.getByTestId("tool-card").count()).toBe(PAGE_SIZE);
    await context.close();
  });

  it("loads the next batches while scrolling, until 'no more tools'", async () => {
    await gotoHydrated(page, site.server.url);
    const latest = page.locator("#latest").getByTestId("tool-card");
    await expect.poll(() => latest.count()).toBe(PAGE_SIZE);
    for (let attempt = 0; attempt < 10; attempt++) {
      if (await page.getByText("No more tools.").isVisible()) break;
      const shown = await latest.count();
      await page.mouse.wheel(0, 4000);
      // The next batch, or the end of the list.
      await expect
        .poll(async () => (await latest.count()) > shown || (await page.getByText("No more tools.").isVisible()))
        .toBe(true);
    }
    await expect.poll(() => page.getByText("No more tools.").isVisible()).toBe(true);
    expect(await latest.count()).toBe(TOOL_COUNT);
    const names = await latest.locator("h3").allTextContents();
    expect(new Set(names).size).toBe(TOOL_COUNT);
  });

  it("keeps what it shows when a batch fails to load, and loads it on 'Try again'", async () => {
    let failures = 0;
    await page.route("**/api/v1/tools?cursor=*", (route) => {
      if (failures++ === 0) return route.abort("connectionreset");
      return route.continue();
    });
    // The page logs the failure (docs/product.md §8); the console is silenced in production, so nothing is printed.
    await gotoHydrated(page, site.server.url);
    const latest = page.locator("#latest").getByTestId("tool-card");
    await page.mouse.wheel(0, 6000);
    await page.getByText("Could not load more tools.").waitFor();
    expect(await latest.count()).toBe(PAGE_SIZE);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => latest.count()).toBeGreaterThan(PAGE_SIZE);
    expect(failures).toBeGreaterThanOrEqual(2);
  });

  it("opens a tool's website in a new tab with ref=, and counts the click", async () => {
    // The tools' websites are outside this machine: a page stands in for them.
    await page
      .context()
      .route(/\.example(\.com)?\//, (route) =>
        route.fulfill({ contentType: "text/html", body: "<h1>A tool's site</h1>" }),
      );
    await gotoHydrated(page, site.server.url);
    const card = page.locator("#featured-heading").locator("xpath=../..").getByTestId("tool-card").first();
    const [popup] = await Promise.all([page.waitForEvent("popup"), card.getByRole("link", { name: /Visit/ }).click()]);
    expect(new URL(popup.url()).searchParams.get("ref")).toBe("indietools");
    const tool = await site.database.db.query.tools.findFirst({
      where: (tools, { eq }) => eq(tools.name, "Featured Rocket"),
    });
    await expect
      .poll(
        async () =>
          (await site.database.db.query.tools.findFirst({ where: (tools, { eq }) => eq(tools.id, tool!.id) }))!.clicks,
        { timeout: 5000 },
      )
      .toBe(1);
  });

  it("searches from the navigation bar with Enter and with the button, never with empty text", async () => {
    await gotoHydrated(page, site.server.url);
    const search = page.locator("#search-desktop");
    await search.fill("Email Marketing");
    await search.press("Enter");
    await page.waitForURL(`${site.server.url}/search/email-marketing`);

    await gotoHydrated(page, site.server.url);
    await page.locator("#search-desktop").fill("SEO tools");
    await page.getByRole("button", { name: "Search" }).first().click();
    await page.waitForURL(`${site.server.url}/search/seo-tools`);

    // Empty text: the browser refuses the form (its field is required), so no submit, and no search, can follow.
    await gotoHydrated(page, site.server.url);
    const empty = page.locator("#search-desktop");
    await empty.evaluate((input: HTMLInputElement) => {
      const outcome: string[] = [];
      Object.assign(window, { searchOutcome: outcome });
      input.addEventListener("invalid", () => outcome.push("refused"));
      input.form?.addEventListener("submit", () => outcome.push("submitted"));
    });
    await empty.press("Enter");
    const outcome = await page.waitForFunction(() => {
      const seen = (window as unknown as { searchOutcome: string[] }).searchOutcome;
      return seen.length > 0 && seen;
    });
    expect(await outcome.jsonValue()).toEqual(["refused"]);
    expect(page.url()).toBe(`${site.server.url}/`);
  });

  it("shows the navigation bar in its mobile form at 800 px", async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await gotoHydrated(page, site.server.url);
    expect(await page.getByTestId("nav-desktop").isVisible()).toBe(false);
    const menu = page.getByLabel("Menu");
    expect(await menu.isVisible()).toBe(true);
    const mobile = page.getByTestId("nav-mobile");
    expect(await mobile.getByRole("link", { name: "Categories" }).isVisible()).toBe(false);
    await menu.click();
    expect(await mobile.getByRole("link", { name: "Categories" }).isVisible()).toBe(true);
    expect(await mobile.getByRole("link", { name: "Add your tool" }).getAttribute("href")).toBe(
      "/login?redirectTo=%2Fadd-tool",
    );

    await page.setViewportSize({ width: 1024, height: 900 });
    expect(await page.getByTestId("nav-desktop").isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
  });

  it("tells a visitor to sign in when they click 'Get featured!'", async () => {
    // The page's clock, moved on by the test: the toast's 4000 ms pass at once, and exactly.
    await page.clock.install();
    await gotoHydrated(page, site.server.url);
    await page.getByRole("link", { name: "Get featured!" }).click();
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    expect(await toast.textContent()).toContain(FEATURED_NEEDS_ACCOUNT);
    // Featured messages stay 4000 ms: still there after 3.9 s, gone after 4 s.
    await page.clock.runFor(3900);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.runFor(100);
    await toast.waitFor({ state: "detached", timeout: 2000 });
  });

  it("silences the console in production", async () => {
    await gotoHydrated(page, site.server.url);
    await expect.poll(() => page.evaluate(() => console.log.toString().includes("[native code]"))).toBe(false);
  });
});
