/** Analytics in Chromium: a click on a tool's website link is counted even when the page goes away at once, and its maker sees it. */
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq } from "drizzle-orm";
import { events, tools } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("analytics in Chromium", () => {
  const site = useBrowserSite();
  let tool: Awaited<ReturnType<typeof insertTool>>;

  beforeAll(async () => {
    // The tool is Maya's: linked to the account she signs up with below.
    tool = await insertTool(site.database.db, {
      name: "Beacon Board",
      website: "https://beacon-board.example.com/",
      creatorUsername: "maya",
      isLinkedToCreator: true,
    });
  });

  async function countersOf(id: string) {
    const [row] = await site.database.db
      .select({ views: tools.views, clicks: tools.clicks })
      .from(tools)
      .where(eq(tools.id, id));
    return row!;
  }

  it("counts a click on a tool's website link although the page closes at once, and the maker's dashboard shows it", async () => {
    const visitor = await newContext(site.browser);
    // The tool's website is outside this machine: a page stands in for it.
    await visitor.route(/beacon-board\.example\.com/, (route) =>
      route.fulfill({ contentType: "text/html", body: "<h1>Beacon Board</h1>" }),
    );
    const page = await visitor.newPage();
    await gotoHydrated(page, `${site.server.url}/tool/${tool.slug}`);
    // The page view of the tool page counts its view.
    await expect.poll(async () => (await countersOf(tool.id)).views, { timeout: 5000 }).toBe(1);

    const [website] = await Promise.all([
      visitor.waitForEvent("page"),
      page.getByRole("link", { name: /Visit/ }).first().click(),
    ]);
    // The visitor leaves at once: the tool page is gone before any answer could come back.
    await page.close();
    expect(new URL(website.url()).searchParams.get("ref")).toBe("indietools");
    await expect.poll(async () => (await countersOf(tool.id)).clicks, { timeout: 5000 }).toBe(1);
    const [click] = await site.database.db.select().from(events).where(eq(events.name, "Outbound Link: Click"));
    expect(click).toMatchObject({ toolId: tool.id, path: `/tool/${tool.slug}` });
    await visitor.close();

    // Another visitor finds it through the site's search and opens it from the results.
    const searcher = await newContext(site.browser);
    const searching = await searcher.newPage();
    await gotoHydrated(searching, site.server.url);
    await searching.locator("#search-desktop").fill("beacon");
    await searching.locator("#search-desktop").press("Enter");
    await searching.waitForURL(/\/search\/beacon$/);
    await searching.getByTestId("tool-card").getByRole("link", { name: "Beacon Board", exact: true }).click();
    await searching.waitForURL(new RegExp(`/tool/${tool.slug}$`));
    await expect.poll(async () => (await countersOf(tool.id)).views, { timeout: 5000 }).toBe(2);
    await searcher.close();

    // Maya signs up; the tool is linked to her, and her dashboard shows its views and its click.
    const maker = await newContext(site.browser);
    const makerPage = await maker.newPage();
    await signUpInBrowser(makerPage, site.server.url, "Maya");
    await gotoHydrated(makerPage, `${site.server.url}/my-tools?days=7`);
    const stats = makerPage.locator(`[data-testid="tool-stats"][data-tool-id="${tool.id}"]`);
    expect((await stats.getByTestId("stat-views").textContent())?.trim()).toBe("2");
    expect((await stats.getByTestId("stat-clicks").textContent())?.trim()).toBe("1");
    expect((await stats.getByTestId("stat-ctr").textContent())?.trim()).toBe("50.0%");
    // Where they came from, as a person says it: the first typed the address, the second searched this site.
    expect(
      (await stats.getByTestId("tool-referrers").locator("tbody").innerText()).split("\n").map((line) => line.trim()),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Direct \/ none\s+1$/),
        expect.stringMatching(/^A search for “beacon” \(this site\)\s+1$/),
      ]),
    );
    // The chart is drawn in the browser, from the day the tool was listed (today), and its legend gives the totals.
    await stats.getByTestId("chart-canvas").locator("canvas").first().waitFor();
    const legend = await stats.locator(".u-legend").innerText();
    expect(legend).toMatch(/Views\s*2 in all/);
    expect(legend).toMatch(/Clicks\s*1 in all/);
    await stats.getByText("Show the numbers").click();
    expect(await stats.getByTestId("chart").locator("details tbody tr").count()).toBe(1);
    await maker.close();
  });
});
