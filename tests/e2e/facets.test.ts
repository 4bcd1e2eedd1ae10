/** Filters with counts in Chromium (decision 034): in place with JavaScript, through the plain GET form without. */
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { gotoHydrated, newContext } from "../setup/browser.ts";

describe("filters with counts in Chromium", () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    await seedDemoCatalogue(site.database.db);
  });

  it("applies each change in place with JavaScript, without reloading the page", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await gotoHydrated(page, `${site.server.url}/tools`);
    // A mark on the window survives client-side navigations only.
    await page.evaluate(() => Object.assign(window, { stayedLoaded: true }));
    const free = (await page.locator('select[name="payment"] option[value="free"]').textContent())!;
    const freeCount = Number(/\((\d+)\)/.exec(free)![1]);
    expect(freeCount).toBeGreaterThan(0);

    await page.locator('select[name="payment"]').selectOption("free");
    await page.waitForURL(/\/tools\?payment=free$/);
    await page.getByTestId("tool-card").first().waitFor();
    await page.getByText(`${freeCount} tool`, { exact: false }).first().waitFor();
    await page.getByLabel(/Featured only/).check();
    await page.waitForURL(/\/tools\?payment=free&featured=1$/);
    expect(await page.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded)).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await context.close();
  });

  it("narrows a search's results in place, each pricing's count being what it shows", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await gotoHydrated(page, `${site.server.url}/search/analytics`);
    await page.evaluate(() => Object.assign(window, { stayedLoaded: true }));
    const all = await page.getByTestId("tool-card").count();
    // A pricing that leaves some of the results, not all of them.
    const labels = await page.locator('select[name="payment"] option:not([value=""])').evaluateAll((options) =>
      options.map((option) => ({
        value: (option as HTMLOptionElement).value,
        count: Number(/\((\d+)\)/.exec(option.textContent ?? "")?.[1]),
      })),
    );
    const choice = labels.find(({ count }) => count > 0 && count < all)!;
    expect(choice).toBeDefined();

    await page.locator('select[name="payment"]').selectOption(choice.value);
    await page.waitForURL(new RegExp(`/search/analytics\\?payment=${choice.value}$`));
    await page.getByText(`${choice.count} tool`, { exact: false }).first().waitFor();
    await expect.poll(() => page.getByTestId("tool-card").count()).toBe(choice.count);
    expect(await page.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded)).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/search\/analytics$/);
    await context.close();
  });

  it("filters a category's page through the GET form and its Apply button without JavaScript", async () => {
    const context = await newContext(site.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.server.url}/category/analytics-and-data`);
    const all = await page.getByTestId("tool-card").count();
    await page.locator('select[name="payment"]').selectOption("open-source");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\/category\/analytics-and-data\?.*payment=open-source/);
    const narrowed = await page.getByTestId("tool-card").count();
    const label = (await page.locator('select[name="payment"] option[value="open-source"]').textContent())!;
    expect(narrowed).toBe(Number(/\((\d+)\)/.exec(label)![1]));
    expect(narrowed).toBeLessThan(all);
    await context.close();
  });
});
