/** The dashboards' charts in Chromium: uPlot draws them once the page has hydrated, and without JavaScript their numbers are a table. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addDays, dayOf, METRICS } from "#server/analytics/metrics.ts";
import { users } from "#server/db/schema.ts";
import { insertDailyStat } from "../factories.ts";
import { gotoHydrated, launchBrowser, newContext, signUpInBrowser } from "../setup/browser.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { startTestServer } from "../setup/server.ts";

describe("analytics charts in Chromium", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    const today = dayOf(new Date());
    for (const [day, count] of [
      [today, 30],
      [addDays(today, -1), 12],
      [addDays(today, -3), 7],
    ] as const) {
      await insertDailyStat(database.db, { metric: METRICS.pageviews, day, count });
      await insertDailyStat(database.db, { metric: METRICS.visitors, day, count: Math.ceil(count / 3) });
    }
    // The console is kept, so that a hydration mismatch would show.
    server = await startTestServer(database, { SILENCE_BROWSER_CONSOLE: "false" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await database?.close();
  });

  it("an admin sees uPlot draw the charts of /admin/analytics, and without JavaScript the numbers' table", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));

    await signUpInBrowser(page, server.url, "Ada");
    await database.db.update(users).set({ role: "admin" }).where(eq(users.email, "ada@example.com"));

    await gotoHydrated(page, `${server.url}/admin/analytics?days=7`);
    const chart = page.getByTestId("chart").filter({ hasText: "Page views and unique visitors" });
    await chart.getByTestId("chart-canvas").locator("canvas").first().waitFor();
    expect(await chart.locator(".u-legend").textContent()).toContain("Page views");
    // The numbers stay one click away.
    const numbers = chart.locator("details");
    expect(await numbers.getAttribute("open")).toBeNull();
    await numbers.getByText("Show the numbers").click();
    await numbers.getByRole("table", { name: "Page views and unique visitors, per day" }).waitFor();
    expect(errors).toEqual([]);

    const withoutScript = await newContext(browser, { javaScriptEnabled: false });
    await withoutScript.addCookies(await context.cookies());
    const plain = await withoutScript.newPage();
    await plain.goto(`${server.url}/admin/analytics?days=7`);
    const plainChart = plain.getByTestId("chart").filter({ hasText: "Page views and unique visitors" });
    const table = plainChart.locator("table");
    expect(await table.isVisible()).toBe(true);
    expect(await table.locator("caption").textContent()).toBe("Page views and unique visitors, per day");
    expect(await table.locator("tbody tr").count()).toBe(7);
    // Oldest day first; today's row also counts this test's own page views, so earlier days are checked.
    expect(await table.locator("tbody tr").nth(3).locator("td").allTextContents()).toEqual(["7", "3"]);
    expect(await table.locator("tbody tr").nth(5).locator("td").allTextContents()).toEqual(["12", "4"]);
    expect(await plainChart.locator("canvas").count()).toBe(0);
    await withoutScript.close();
    await context.close();
  });
});
