/** The moderation console in Chromium: a verifier verifies a queued tool from /admin, and visitors find it on the home page. */
import { describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq } from "drizzle-orm";
import { tools, users } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("moderation in Chromium", () => {
  const site = useBrowserSite();

  it("a verifier verifies a queued tool from /admin, and it appears on the home page", async () => {
    const queued = await insertTool(site.database.db, {
      name: "Queued Counter",
      shortDesc: "Counts visitors, kindly.",
      longDesc: "It **counts**.",
      isVerified: false,
    });
    const context = await newContext(site.browser);
    const page = await context.newPage();

    await signUpInBrowser(page, site.server.url, "Vera");
    expect(await page.getByRole("link", { name: "Queued Counter" }).count()).toBe(0);
    await site.database.db.update(users).set({ role: "verifier" }).where(eq(users.email, "vera@example.com"));

    await gotoHydrated(page, `${site.server.url}/admin`);
    const item = page.getByTestId("queued-tool").filter({ hasText: "Queued Counter" });
    // The preview opens on the public page's presentation.
    await item.getByText("Preview as the public page").click();
    await item.getByRole("heading", { name: "Queued Counter", level: 3 }).waitFor();
    expect(await item.locator(".prose strong").textContent()).toBe("counts");

    await item.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("action-done").waitFor();
    expect(await page.getByTestId("action-done").textContent()).toContain("Queued Counter is live.");
    await page.getByText("The queue is empty").waitFor();
    expect(
      (await site.database.db.select({ isVerified: tools.isVerified }).from(tools).where(eq(tools.id, queued.id)))[0]
        ?.isVerified,
    ).toBe(true);

    await gotoHydrated(page, `${site.server.url}/`);
    const card = page
      .getByTestId("tool-card")
      .filter({ has: page.getByRole("link", { name: "Queued Counter", exact: true }) });
    await card.waitFor();
    expect(await card.textContent()).toContain("Counts visitors, kindly.");
    await context.close();
  });
});
