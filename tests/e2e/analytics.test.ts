/** Analytics in Chromium: a click on a tool's website link is counted even when the page goes away at once, and its maker sees it. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { events, tools } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { gotoHydrated, launchBrowser, newContext, signUpInBrowser } from "../setup/browser.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { startTestServer } from "../setup/server.ts";

describe("analytics in Chromium", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let tool: Awaited<ReturnType<typeof insertTool>>;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    // The tool is Maya's: linked to the account she signs up with below.
    tool = await insertTool(database.db, { name: "Beacon Board", website: "https://beacon-board.example.com/", creatorUsername: "maya", isLinkedToCreator: true });
    server = await startTestServer(database);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await database?.close();
  });

  async function countersOf(id: string) {
    const [row] = await database.db.select({ views: tools.views, clicks: tools.clicks }).from(tools).where(eq(tools.id, id));
    return row!;
  }

  it("counts a click on a tool's website link although the page closes at once, and the maker's dashboard shows it", async () => {
    const visitor = await newContext(browser);
    // The tool's website is outside this machine: a page stands in for it.
    await visitor.route(/beacon-board\.example\.com/, (route) => route.fulfill({ contentType: "text/html", body: "<h1>Beacon Board</h1>" }));
    const page = await visitor.newPage();
    await gotoHydrated(page, `${server.url}/tool/${tool.slug}`);
    // The page view of the tool page counts its view.
    await expect.poll(async () => (await countersOf(tool.id)).views, { timeout: 5000 }).toBe(1);

    const [site] = await Promise.all([visitor.waitForEvent("page"), page.getByRole("link", { name: /Visit/ }).first().click()]);
    // The visitor leaves at once: the tool page is gone before any answer could come back.
    await page.close();
    expect(new URL(site.url()).searchParams.get("ref")).toBe("indietools");
    await expect.poll(async () => (await countersOf(tool.id)).clicks, { timeout: 5000 }).toBe(1);
    const [click] = await database.db.select().from(events).where(eq(events.name, "Outbound Link: Click"));
    expect(click).toMatchObject({ toolId: tool.id, path: `/tool/${tool.slug}` });
    await visitor.close();

    // Maya signs up; the tool is linked to her, and her dashboard shows its view and its click.
    const maker = await newContext(browser);
    const makerPage = await maker.newPage();
    await signUpInBrowser(makerPage, server.url, "Maya");
    await gotoHydrated(makerPage, `${server.url}/my-tools?days=7`);
    const stats = makerPage.locator(`[data-testid="tool-stats"][data-tool-id="${tool.id}"]`);
    expect((await stats.getByTestId("stat-views").textContent())?.trim()).toBe("1");
    expect((await stats.getByTestId("stat-clicks").textContent())?.trim()).toBe("1");
    expect((await stats.getByTestId("stat-ctr").textContent())?.trim()).toBe("100.0%");
    // The chart is drawn in the browser.
    await stats.getByTestId("chart-canvas").locator("canvas").first().waitFor();
    await maker.close();
  });
});
