/** The page cache in Chromium: visitors and signed-in people on the same pages each see their own, and no script gets in. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTool } from "../factories.ts";
import { launchBrowser, newContext, signUpInBrowser } from "../setup/browser.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { startTestServer } from "../setup/server.ts";

describe("the page cache in Chromium", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let kept: Awaited<ReturnType<typeof insertTool>>;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    kept = await insertTool(database.db, { name: "Keeper", createdAt: new Date("2026-03-02T00:00:00Z") });
    await insertTool(database.db, { name: "Other", createdAt: new Date("2026-03-01T00:00:00Z") });
    server = await startTestServer(database);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await database?.close();
  });

  /** Opens `path` and answers what the server said of it (x-cache) once the page is hydrated. */
  async function open(page: Page, path: string): Promise<string | null> {
    const response = await page.goto(`${server.url}${path}`);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    return response!.headers()["x-cache"] ?? null;
  }

  const heartOf = (page: Page, name: string) =>
    page.getByTestId("tool-card").filter({ has: page.getByRole("link", { name, exact: true }) }).locator("[title$='favourites']");

  it("a visitor, a signed-in person and another visitor take turns on the same pages, and each sees their own", async () => {
    const first = await (await newContext(browser)).newPage();
    const person = await (await newContext(browser)).newPage();
    const second = await (await newContext(browser)).newPage();
    const pages = ["/", `/tool/${kept.slug}`, "/tools"];

    for (const path of pages) expect(await open(first, path), path).toBe("miss");

    await signUpInBrowser(person, server.url, "Ada");
    await heartOf(person, "Keeper").click();
    await person.waitForSelector("[aria-pressed='true'][title='Remove from favourites']");

    for (const path of pages) {
      expect(await open(person, path), path).toBe("bypass");
      await person.getByTestId("profile-menu").first().waitFor({ state: "attached" });
      expect(await person.getByRole("link", { name: "Sign up" }).count(), path).toBe(0);
      expect(await open(second, path), path).toBe("hit");
      expect(await second.getByTestId("profile-menu").count(), path).toBe(0);
      await second.getByRole("link", { name: "Sign up" }).first().waitFor();
    }

    // The person's heart stays theirs, on a page visitors get from the cache; the visitors' hearts lead to the login.
    await open(person, "/");
    expect(await heartOf(person, "Keeper").getAttribute("aria-pressed")).toBe("true");
    for (const visitor of [first, second]) {
      expect(await open(visitor, "/")).toBe("hit");
      expect(await heartOf(visitor, "Keeper").getAttribute("href")).toBe("/login?redirectTo=%2F");
      expect(await visitor.evaluate(() => localStorage.getItem("idt_d"))).toBeNull();
    }
    expect(await person.evaluate(() => JSON.parse(localStorage.getItem("idt_d") ?? "{}").uslug)).toBe("ada");
  });

  it("runs no script a tool's text carries, on a miss or a hit, and blocks an inline script on a cached page", async () => {
    const payload = `<script>window.__injected = true</script><img src=x onerror="window.__injected = true">`;
    const hostile = await insertTool(database.db, {
      name: `Hostile ${payload}`,
      shortDesc: `Short ${payload}`,
      longDesc: `Long ${payload}\n\n[link](javascript:window.__injected=true)`,
      createdAt: new Date("2026-03-03T00:00:00Z"),
    });
    const page = await (await newContext(browser)).newPage();
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
    await page.waitForURL(`${server.url}/categories`);
  });
});
