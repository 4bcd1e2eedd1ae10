/**
 * The search that helps, in Chromium (decision 041): the header's suggestions, used with the keyboard alone and
 * checked with axe while open, and "Did you mean" leading from a typo to the results it meant.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { axeViolations } from "../setup/axe.ts";
import { gotoHydrated, newContext } from "../setup/browser.ts";

describe("the search that helps, in Chromium", () => {
  const site = useBrowserSite();
  let page: Page;

  beforeAll(async () => {
    const category = await insertCategory(site.database.db, { label: "Analytics and Data" });
    await insertTool(site.database.db, {
      name: "Analytica",
      shortDesc: "Privacy-first analytics",
      categories: [category.id],
      tags: ["analytics"],
      createdAt: new Date("2026-03-03T00:00:00Z"),
    });
    await insertTool(site.database.db, {
      name: "Counter",
      shortDesc: "Simple analytics for small sites",
      categories: [category.id],
      tags: ["analytics"],
      createdAt: new Date("2026-03-02T00:00:00Z"),
    });
    await insertTool(site.database.db, {
      name: "Plausible",
      shortDesc: "Open source analytics",
      categories: [category.id],
      tags: ["analytics"],
      createdAt: new Date("2026-03-01T00:00:00Z"),
    });
    page = await (await newContext(site.browser)).newPage();
  });

  const box = () => page.locator("#search-desktop");
  const options = () => page.getByTestId("suggestions").first().getByRole("option");

  it("suggests tools, a category and a tag while typing, with the keyboard alone, and axe finds nothing wrong", async () => {
    await gotoHydrated(page, site.server.url);
    // `/` from anywhere on the page goes to the box.
    await page.locator("body").press("/");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("search-desktop");
    await page.keyboard.type("analy");
    await expect.poll(() => options().count()).toBeGreaterThanOrEqual(3);
    expect(await box().getAttribute("aria-expanded")).toBe("true");
    expect(await box().getAttribute("role")).toBe("combobox");
    // Each option's name, its first line (a tool's logo is hidden from assistive technology).
    const nameOf = (nodes: Element[]) => nodes.map((node) => node.querySelector(".font-medium")?.textContent ?? "");
    const labels = await options().evaluateAll(nameOf);
    expect(labels.some((label) => label.startsWith("Analytica"))).toBe(true);
    expect(labels.some((label) => label.startsWith("Analytics and Data"))).toBe(true);
    expect(labels.some((label) => label.startsWith("#analytics"))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Down to the first suggestion, on to the second, and back up to the box.
    await page.keyboard.press("ArrowDown");
    const first = await options().first().getAttribute("id");
    expect(await box().getAttribute("aria-activedescendant")).toBe(first);
    expect(await options().first().getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowDown");
    expect(await box().getAttribute("aria-activedescendant")).toBe(await options().nth(1).getAttribute("id"));
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    expect(await box().getAttribute("aria-activedescendant")).toBeNull();
    // Escape closes the list and keeps the text.
    await page.keyboard.press("Escape");
    expect(await box().getAttribute("aria-expanded")).toBe("false");
    expect(await box().inputValue()).toBe("analy");
    // Enter on a suggestion opens it.
    await page.keyboard.press("ArrowDown");
    const [firstLabel] = await options().evaluateAll(nameOf);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/tool\//);
    // The address changes as the navigation commits; the page follows a moment later.
    await page.getByRole("heading", { level: 1, name: firstLabel }).waitFor();
  });

  it("searches what is typed when no suggestion is chosen, and keeps it in the box on the results", async () => {
    await gotoHydrated(page, site.server.url);
    await box().click();
    await page.keyboard.type("privacy analytics");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${site.server.url}/search/privacy-analytics`);
    await expect.poll(() => box().inputValue()).toBe("privacy analytics");
  });

  it("offers the spelling that finds more, and leads there", async () => {
    await gotoHydrated(page, `${site.server.url}/search/anlytics`);
    const offer = page.getByTestId("did-you-mean");
    expect(await offer.innerText()).toBe("Did you mean analytics?");
    await offer.getByRole("link", { name: "analytics" }).click();
    await page.waitForURL(`${site.server.url}/search/analytics`);
    await expect.poll(() => page.getByTestId("tool-card").count()).toBe(3);
    expect(await box().inputValue()).toBe("analytics");
    expect(await page.getByTestId("did-you-mean").count()).toBe(0);
  });
});
