/** The dashboards' charts in Chromium: uPlot draws them once the page has hydrated, and without JavaScript their numbers are a table. */
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq } from "drizzle-orm";
import { addDays, dayOf, METRICS } from "#server/analytics/metrics.ts";
import { users } from "#server/db/schema.ts";
import { insertDailyStat } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("analytics charts in Chromium", () => {
  const site = useBrowserSite({ SILENCE_BROWSER_CONSOLE: "false" });

  beforeAll(async () => {
    const today = dayOf(new Date());
    for (const [day, count] of [
      [today, 30],
      [addDays(today, -1), 12],
      [addDays(today, -3), 7],
    ] as const) {
      await insertDailyStat(site.database.db, { metric: METRICS.pageviews, day, count });
      await insertDailyStat(site.database.db, { metric: METRICS.visitors, day, count: Math.ceil(count / 3) });
    }
    // The console is kept, so that a hydration mismatch would show.
  });

  it("an admin sees uPlot draw the charts of /admin/analytics, and without JavaScript the numbers' table", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));

    await signUpInBrowser(page, site.server.url, "Ada");
    await site.database.db.update(users).set({ role: "admin" }).where(eq(users.email, "ada@example.com"));

    await gotoHydrated(page, `${site.server.url}/admin/analytics?days=7`);
    const chart = page.getByTestId("chart").filter({ hasText: "Page views and unique visitors" });
    await chart.getByTestId("chart-canvas").locator("canvas").first().waitFor();
    expect(await chart.locator(".u-legend").textContent()).toContain("Page views");
    // The numbers stay one click away.
    const numbers = chart.locator("details");
    expect(await numbers.getAttribute("open")).toBeNull();
    await numbers.getByText("Show the numbers").click();
    await numbers.getByRole("table", { name: "Page views and unique visitors, per day" }).waitFor();
    expect(errors).toEqual([]);

    const withoutScript = await newContext(site.browser, { javaScriptEnabled: false });
    await withoutScript.addCookies(await context.cookies());
    const plain = await withoutScript.newPage();
    await plain.goto(`${site.server.url}/admin/analytics?days=7`);
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
