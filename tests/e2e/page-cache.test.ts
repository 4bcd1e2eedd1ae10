/** The page cache in Chromium: visitors and signed-in people on the same pages each see their own, and no script gets in. */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { insertTool } from "../factories.ts";
import { newContext, signUpInBrowser } from "../setup/browser.ts";

describe("the page cache in Chromium", () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    await insertTool(site.database.db, { name: "Keeper", createdAt: new Date("2026-03-02T00:00:00Z") });
    await insertTool(site.database.db, { name: "Other", createdAt: new Date("2026-03-01T00:00:00Z") });
  });

  /** Opens `path` and answers what the server said of it (x-cache) once the page is hydrated. */
  async function open(page: Page, path: string): Promise<string | null> {
    const response = await page.goto(`${site.server.url}${path}`);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    return response!.headers()["x-cache"] ?? null;
  }

  const heartOf = (page: Page, name: string) =>
    page
      .getByTestId("tool-card")
      .filter({ has: page.getByRole("link", { name, exact: true }) })
      .getByTestId("favorite-button");
  /** What the bar shows: the person's menu, the visitor's links, or neither yet. */
  async function barOf(page: Page): Promise<"person" | "visitor" | "none"> {
    const bar = page.getByTestId("nav-desktop");
    if (await bar.getByTestId("profile-menu").isVisible()) return "person";
    return (await bar.getByRole("link", { name: "Sign up" }).isVisible()) ? "visitor" : "none";
  }
  const pressed = async (page: Page, name: string) =>
    (await heartOf(page, name).getAttribute("aria-pressed")) === "true";

  it("two people and a visitor take turns on the same pages, with JavaScript on and off, and each sees only their own", async () => {
    const visitor = await (await newContext(site.browser)).newPage();
    const ada = await (await newContext(site.browser)).newPage();
    const bob = await (await newContext(site.browser)).newPage();
    const pages = ["/", "/tools", "/categories"];

    await signUpInBrowser(ada, site.server.url, "Ada");
    await signUpInBrowser(bob, site.server.url, "Bob");
    for (const [person, name] of [
      [ada, "Keeper"],
      [bob, "Other"],
    ] as const) {
      await open(person, "/");
      await heartOf(person, name).click();
      await expect.poll(() => pressed(person, name)).toBe(true);
    }
    // The same person without JavaScript: the session's cookie, but none of the cookies the scripts write.
    const plain = await (await newContext(site.browser, { javaScriptEnabled: false })).newPage();
    await plain.context().addCookies((await ada.context().cookies()).filter((cookie) => cookie.name !== "idt_js"));

    for (const path of pages) {
      expect(await open(visitor, path), path).toMatch(/^(miss|hit)$/);
      expect(await barOf(visitor), path).toBe("visitor");
      // The people running scripts get the visitors' page, from the cache, and see their own menu and hearts on it.
      for (const [person, mine, theirs] of [
        [ada, "Keeper", "Other"],
        [bob, "Other", "Keeper"],
      ] as const) {
        expect(await open(person, path), path).toBe("hit");
        expect(await barOf(person), path).toBe("person");
        if (path !== "/categories") {
          await expect.poll(() => pressed(person, mine), { message: `${path} ${mine}` }).toBe(true);
          expect(await pressed(person, theirs), `${path} ${theirs}`).toBe(false);
        }
      }
      // Without scripts, the page is rendered for the person: theirs, never kept.
      const response = await plain.goto(`${site.server.url}${path}`);
      expect(response!.headers()["x-cache"], path).toBe("bypass");
      expect(await barOf(plain), path).toBe("person");
      if (path !== "/categories") expect(await pressed(plain, "Keeper"), path).toBe(true);
      expect(await open(visitor, path), path).toBe("hit");
      expect(await barOf(visitor), path).toBe("visitor");
      if (path !== "/categories")
        expect([await pressed(visitor, "Keeper"), await pressed(visitor, "Other")], path).toEqual([false, false]);
    }
    expect(await visitor.evaluate(() => localStorage.getItem("idt_d"))).toBeNull();
    expect(await ada.evaluate(() => JSON.parse(localStorage.getItem("idt_d") ?? "{}").uslug)).toBe("ada");

    // A favourite taken off shows on the next page at once; signing out leaves the visitor's page.
    await open(ada, "/");
    await heartOf(ada, "Keeper").click();
    await expect.poll(() => pressed(ada, "Keeper")).toBe(false);
    expect(await open(ada, "/tools")).toBe("hit");
    expect(await pressed(ada, "Keeper")).toBe(false);
    await ada.getByTestId("nav-desktop").getByTestId("profile-menu").click();
    await ada.getByRole("button", { name: "Logout" }).first().click();
    await expect.poll(() => barOf(ada)).toBe("visitor");
    expect(await ada.evaluate(() => localStorage.getItem("idt_d"))).toBeNull();
    expect(await open(ada, "/")).toBe("hit");
    expect(await barOf(ada)).toBe("visitor");
  }, 120_000);

  it("paints a person's menu and hearts from the first frame, before the scripts run", async () => {
    const person = await (await newContext(site.browser)).newPage();
    await signUpInBrowser(person, site.server.url, "Cleo");
    await open(person, "/");
    await heartOf(person, "Keeper").click();
    await expect.poll(() => pressed(person, "Keeper")).toBe(true);
    // Read the hearts' colours where they end, not halfway through their transition.
    await person.addStyleTag({ content: "*, *::before { transition: none !important }" });
    await person.mouse.move(0, 0);
    const looks = (page: Page) =>
      heartOf(page, "Keeper").evaluate((heart) => [
        getComputedStyle(heart).backgroundColor,
        getComputedStyle(heart, "::before").maskImage,
      ]);
    const filled = await looks(person);
    expect(filled).not.toEqual(
      await heartOf(person, "Other").evaluate((heart) => [
        getComputedStyle(heart).backgroundColor,
        getComputedStyle(heart, "::before").maskImage,
      ]),
    );

    // The page's modules never arrive: what shows is what the head's script made of the cached HTML.
    await person.route("**/assets/*.js", (route) => route.abort());
    const response = await person.goto(`${site.server.url}/`);
    expect(response!.headers()["x-cache"]).toBe("hit");
    expect(await person.locator("html[data-hydrated]").count()).toBe(0);
    await person.addStyleTag({ content: "*, *::before { transition: none !important }" });
    expect(await barOf(person)).toBe("person");
    expect(await looks(person)).toEqual(filled);
    expect(await heartOf(person, "Keeper").getAttribute("aria-pressed")).toBe("false");
    expect(
      await person.getByTestId("nav-desktop").getByRole("link", { name: "Add your tool" }).getAttribute("href"),
    ).toBe("/add-tool");
  });

  it("runs no script a tool's text carries, on a miss or a hit, and blocks an inline script on a cached page", async () => {
    const payload = `<script>window.__injected = true</script><img src=x onerror="window.__injected = true">`;
    const hostile = await insertTool(site.database.db, {
      name: `Hostile ${payload}`,
      shortDesc: `Short ${payload}`,
      longDesc: `Long ${payload}\n\n[link](javascript:window.__injected=true)`,
      createdAt: new Date("2026-03-03T00:00:00Z"),
    });
    const page = await (await newContext(site.browser)).newPage();
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    // The new tool dropped the home page: both pages are rendered anew, then served from the cache.
    for (const expected of ["miss", "hit"]) {
      for (const path of [`/tool/${hostile.slug}`, "/"]) {
        expect(await open(page, path), path).toBe(expected);
        expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected ?? false), path).toBe(false);
        // Shown as the text it is.
        await page.getByText(`Short ${payload}`).first().waitFor();
      }
    }
    // An inline script that is not one of the page's own has no hash in the cached page's policy: the browser refuses it.
    expect(await open(page, `/tool/${hostile.slug}`)).toBe("hit");
    await page.addScriptTag({ content: "window.__injected = true" }).catch(() => {});
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected ?? false)).toBe(false);
    expect(blocked.length).toBeGreaterThan(0);
    // The page's own scripts ran: it hydrated, and a client-side navigation works.
    await page.getByRole("link", { name: "Categories", exact: true }).first().click();
    await page.waitForURL(`${site.server.url}/categories`);
  });
});
