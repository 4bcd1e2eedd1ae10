/** An admin changes the site's name, tagline and accent in the console, and sees them on the site at once, in both themes. */
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";
import { users } from "#server/db/schema.ts";
import { eq } from "drizzle-orm";

describe("the site's settings in Chromium", () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    await seedDemoCatalogue(site.database.db);
  });

  it("renames the site and changes its accent, seen on every page at once; a poor colour is refused", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await signUpInBrowser(page, site.server.url, "Owner");
    await site.database.db.update(users).set({ role: "admin" }).where(eq(users.email, "owner@example.com"));

    await gotoHydrated(page, `${site.server.url}/admin/settings`);
    await page.getByLabel("Accent colour").fill("#facc15");
    await page.getByRole("button", { name: "Save the settings" }).click();
    await page.getByText("This colour is too light for the light theme").waitFor();

    await page.getByLabel("Name", { exact: true }).fill("Maker Shelf");
    await page.getByLabel("Tagline").fill("Tools that small teams trust");
    await page.getByLabel("Accent colour").fill("#0f766e");
    await page.getByRole("button", { name: "Save the settings" }).click();
    await page.getByText("Saved: every page shows the new settings now.").waitFor();
    // The console itself shows the new name at once.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Maker Shelf" }).waitFor();

    // A visitor's first page shows it all, the accent in both themes.
    const visitor = await newContext(site.browser);
    const home = await visitor.newPage();
    await gotoHydrated(home, site.server.url);
    await home.getByRole("heading", { level: 1, name: "Tools that small teams trust" }).waitFor();
    expect(await home.title()).toBe("Maker Shelf: Tools that small teams trust");
    const accent = () =>
      home.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-brand-600").trim());
    expect(await accent()).toBe("#0f766e");
    // The logo's mark takes the accent too.
    expect(
      await home
        .getByTestId("logo-mark")
        .locator("rect")
        .evaluate((rect) => getComputedStyle(rect).fill),
    ).toBe("rgb(15, 118, 110)");
    await home.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    expect(await accent()).toBe("#63a6a1");
    await visitor.close();
    await context.close();
  });
});
