/**
 * What a first visit notices, in Chromium over the demo catalogue with its logos: whole words in the card grid at
 * 1280 and 390 px, search one tap away on a phone, the nav right at once after signing in, and 'Get featured!'
 * working without JavaScript.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

/** The words of the cards' names that the browser broke over two lines (each word's rectangles, on more than one line). */
function brokenWords(page: Page): Promise<string[]> {
  return page
    .getByTestId("tool-card")
    .locator("h3 a")
    .evaluateAll((links) =>
      links.flatMap((link) => {
        const text = link.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return [];
        const broken: string[] = [];
        for (const word of (text.textContent ?? "").matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
          );
          const card = link.closest("article")!.getBoundingClientRect();
          const box = range.getBoundingClientRect();
          if (lines.size > 1 || box.right > card.right + 0.5) broken.push(word[0]);
        }
        return broken;
      }),
    );
}

describe("a first visit in Chromium", () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    // The catalogue's logos go through the server's own storage, as on a first start.
    await seedDemoCatalogue(site.database.db, { storage: site.server.storage });
    const context = await newContext(site.browser);
    await signUpInBrowser(await context.newPage(), site.server.url, "Ada");
    await context.close();
  });

  it("shows real logos and initials, and keeps every name's words whole in the four-column grid", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await gotoHydrated(page, `${site.server.url}/tools`);
    const cards = page.getByTestId("tool-card");
    expect(await cards.count()).toBeGreaterThan(8);
    // Four columns at 1280 px.
    const lefts = await cards.evaluateAll(
      (all) => new Set(all.map((card) => Math.round(card.getBoundingClientRect().left))).size,
    );
    expect(lefts).toBe(4);
    expect(await brokenWords(page)).toEqual([]);
    // The grid names its longest demo names whole, Midjourney included.
    await gotoHydrated(page, `${site.server.url}/category/ai`);
    expect(await page.getByRole("link", { name: "Midjourney", exact: true }).count()).toBeGreaterThan(0);
    expect(await brokenWords(page)).toEqual([]);
    // Brand logos are stored WebP images that load; the others show initials.
    const logo = page.getByTestId("tool-card").locator("img.card-logo").first();
    await logo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    expect(await logo.getAttribute("src")).toMatch(/^\/files\/tools\/t[a-z0-9]+\/[A-Za-z0-9_-]{12}\.256\.webp$/);
    // The browser takes the size that fits the card's 48 px: the 96 px twin at this density.
    expect(await logo.getAttribute("sizes")).toBe("48px");
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\.96\.webp$/);
    const initials = page.getByTestId("tool-card").getByTestId("monogram");
    expect(await initials.count()).toBeGreaterThan(0);
    expect(await page.getByTestId("tool-card").getByText("Get featured!").count()).toBe(0);
    await context.close();
  });

  it("at 390 px: whole words, a banner that stays above the nav, and search one tap away", async () => {
    const context = await newContext(site.browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await gotoHydrated(page, `${site.server.url}/tools`);
    expect(await brokenWords(page)).toEqual([]);

    const nav = page.getByRole("navigation", { name: "Main" });
    expect((await nav.boundingBox())!.height).toBeLessThanOrEqual(56);
    await page.mouse.wheel(0, 1500);
    // The banner (3.2rem) and the nav stay at the top, together.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect((await nav.boundingBox())!.y).toBeCloseTo(3.2 * 16, 0);

    const search = page.getByTestId("nav-search").getByLabel("Search", { exact: true });
    expect(await search.isVisible()).toBe(true);
    await search.tap();
    const input = page.locator("#search-mobile");
    expect(await input.isVisible()).toBe(true);
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type("analytics");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${site.server.url}/search/analytics`);
    await context.close();
  });

  it("shows the Profile menu as soon as a sign-in lands, never the visitor's links on the way", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { navSeen: seen });
      // What the bar shows: its links hold both the visitor's and the person's, and the page shows one of them.
      const shown = (text: string) =>
        [...document.querySelectorAll("nav[aria-label=Main] a, nav[aria-label=Main] span")].some(
          (element) => element.textContent?.trim() === text && element.checkVisibility(),
        );
      new MutationObserver(() => {
        seen.push(
          `${location.pathname} ${shown("Log in") ? "visitor" : shown("Signing in…") ? "signing-in" : "other"}`,
        );
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await gotoHydrated(page, `${site.server.url}/login`);
    await page.getByLabel("E-mail").fill("ada@example.com");
    await page.getByLabel("Password").fill("long-enough");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${site.server.url}/`);
    // The landed page shows the menu once it has painted; what the bar showed before is checked below, frame by frame.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByTestId("profile-menu")
      .first()
      .waitFor({ state: "visible", timeout: 5000 });
    const seen = (await page.evaluate(() => (window as unknown as { navSeen: string[] }).navSeen)) as string[];
    expect(seen.filter((line) => line === "/ visitor")).toEqual([]);
    // While the password was checked, the bar said so rather than offering 'Log in' again.
    expect(seen).toContain("/login signing-in");
    await context.close();
  });

  it("without JavaScript, 'Get featured!' leads a visitor through signing in to the featuring form", async () => {
    const context = await newContext(site.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.server.url);
    await page.getByRole("link", { name: "Get featured!" }).click();
    await page.waitForURL(`${site.server.url}/login?redirectTo=%2Fget-featured`);
    await page.getByLabel("E-mail").fill("ada@example.com");
    await page.getByLabel("Password").fill("long-enough");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${site.server.url}/profile/ada?type=boost-tool`);
    await context.close();
  });
});
