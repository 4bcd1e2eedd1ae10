/**
 * Dark mode in Chromium: the kept choice is painted from the first frame (no flash of the other theme), the switch
 * works by keyboard and holds across pages, the system's setting applies without JavaScript, and the inline script
 * that applies the choice runs under the CSP of cached pages (its hash) and of pages rendered per request (the nonce).
 */
import { createHash } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { THEME_SCRIPT } from "#app/theme.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

const STORAGE_KEY = "idt_theme";

describe("the colour theme in Chromium", () => {
  const site = useBrowserSite();
  let contexts: BrowserContext[] = [];
  /** Errors each page printed, CSP refusals among them. */
  const consoleErrors = new Map<Page, string[]>();

  beforeAll(async () => {
    const category = await insertCategory(site.database.db, { label: "Design" });
    await insertTool(site.database.db, {
      name: "Palette Picker",
      shortDesc: "Colours that go together.",
      categories: [category.id],
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
  });

  async function openPage(options: Parameters<typeof newContext>[1] = {}): Promise<Page> {
    const context = await newContext(site.browser, options);
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    consoleErrors.set(page, errors);
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    return page;
  }

  /** What the page paints with: the root's used color-scheme, "light" or "dark". */
  const paintedScheme = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  const screenshot = (page: Page) => page.screenshot({ animations: "disabled", caret: "hide" });

  for (const [system, chosen] of [
    ["dark", "light"],
    ["light", "dark"],
  ] as const) {
    it(`paints a kept '${chosen}' choice from the first frame, on a ${system} system: the same before and after hydration`, async () => {
      const page = await openPage({ colorScheme: system });
      await page.goto(`${site.server.url}/robots.txt`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEY, chosen] as const);

      // The page as its HTML and CSS alone paint it, with the inline script of <head>: the app's scripts never load.
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.goto(`${site.server.url}/login`);
      await page.waitForLoadState("load");
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      expect(await paintedScheme(page)).toBe(chosen);
      const beforeHydration = await screenshot(page);

      await page.unroute("**/assets/*.js");
      await gotoHydrated(page, `${site.server.url}/login`);
      expect(await paintedScheme(page)).toBe(chosen);
      // What the scripts fetch once hydrated has come back: the two shots compare settled pages.
      await page.waitForLoadState("networkidle");
      const afterHydration = await screenshot(page);
      expect(afterHydration.equals(beforeHydration)).toBe(true);

      // The screenshots tell the themes apart: the system's theme paints another page.
      await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEY);
      await gotoHydrated(page, `${site.server.url}/login`);
      expect(await paintedScheme(page)).toBe(system);
      expect((await screenshot(page)).equals(afterHydration)).toBe(false);
    });
  }

  it("switches by keyboard through system, light and dark, and the choice holds across pages", async () => {
    const page = await openPage({ colorScheme: "light" });
    const otherTab = await page.context().newPage();
    await gotoHydrated(otherTab, `${site.server.url}/categories`);
    await gotoHydrated(page, `${site.server.url}/`);
    const toggle = page.getByTestId("theme-toggle");
    expect(await toggle.getAttribute("title")).toContain("colour theme");
    // Reached with Tab alone.
    for (
      let presses = 0;
      presses < 10 && !(await toggle.evaluate((button) => button === document.activeElement));
      presses++
    ) {
      await page.keyboard.press("Tab");
    }
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.getByRole("button", { name: "Theme: system" }).isVisible()).toBe(true);

    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Theme: light" }).waitFor();
    expect(await paintedScheme(page)).toBe("light");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Theme: dark" }).waitFor();
    expect(await paintedScheme(page)).toBe("dark");
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe("dark");
    // Another open tab of the site follows.
    await expect.poll(() => paintedScheme(otherTab)).toBe("dark");

    // A client-side navigation keeps it, and so does a full page load.
    await page.getByRole("link", { name: "Categories", exact: true }).first().click();
    await page.waitForURL(`${site.server.url}/categories`);
    expect(await paintedScheme(page)).toBe("dark");
    await gotoHydrated(page, `${site.server.url}/tools`);
    expect(await paintedScheme(page)).toBe("dark");
    expect(await page.getByRole("button", { name: "Theme: dark" }).isVisible()).toBe(true);

    // Back to the system's setting: nothing is kept, and the system (light here) decides.
    await page.getByTestId("theme-toggle").click();
    await page.getByRole("button", { name: "Theme: system" }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
    await gotoHydrated(page, `${site.server.url}/tools`);
    expect(await paintedScheme(page)).toBe("light");
    expect(consoleErrors.get(page)).toEqual([]);
  });

  it("follows the system's setting without JavaScript, and shows no switch that could not work", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await openPage({ colorScheme, javaScriptEnabled: false });
      await page.goto(`${site.server.url}/`);
      expect(await paintedScheme(page)).toBe(colorScheme);
      expect(await page.getByTestId("theme-toggle").isVisible()).toBe(false);
    }
  });

  it("runs the theme's script under the policy of a cached page (its hash) and of a page rendered per request (the nonce)", async () => {
    const hash = `'sha256-${createHash("sha256").update(THEME_SCRIPT, "utf8").digest("base64")}'`;
    const visitor = await openPage({ colorScheme: "dark" });
    // A page no test before this one opened: its first visit is rendered, the second comes from the cache.
    for (const expected of ["miss", "hit"]) {
      const response = await visitor.goto(`${site.server.url}/searches`);
      expect(response!.headers()["x-cache"]).toBe(expected);
      if (expected === "hit") expect(response!.headers()["content-security-policy"]).toContain(hash);
      expect(await visitor.evaluate(() => document.documentElement.dataset.theme)).toBe("system");
      expect(await paintedScheme(visitor)).toBe("dark");
    }

    const person = await openPage({ colorScheme: "light" });
    await signUpInBrowser(person, site.server.url, "Theo");
    await person.evaluate((key) => localStorage.setItem(key, "dark"), STORAGE_KEY);
    const response = await person.goto(`${site.server.url}/add-tool`);
    const policy = response!.headers()["content-security-policy"]!;
    expect(policy).toMatch(/'nonce-[^']+'/);
    expect(policy).not.toContain(hash);
    expect(await person.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await paintedScheme(person)).toBe("dark");
    expect(consoleErrors.get(visitor)).toEqual([]);
    expect(consoleErrors.get(person)).toEqual([]);
  });
});
