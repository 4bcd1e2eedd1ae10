/** /admin/newsletter in Chromium: the Copy buttons put the digest on the clipboard; without JavaScript the texts are still there to select. */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq } from "drizzle-orm";
import { users } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("the newsletter digest in Chromium", () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    await insertTool(site.database.db, {
      name: "Weekly Counter",
      shortDesc: "Counts *visitors*.",
      verifiedAt: new Date(Date.now() - 24 * 60 * 60 * 1000),
    });
  });

  /** Signs up through the form and becomes an admin, as `npm run admin` would make them. */
  async function signUpAsAdmin(page: Page, email: string) {
    await signUpInBrowser(page, site.server.url, email.split("@")[0]!, email);
    await site.database.db.update(users).set({ role: "admin" }).where(eq(users.email, email));
  }

  it("copies the Markdown and the HTML with their buttons", async () => {
    const context = await newContext(site.browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.server.url });
    const page = await context.newPage();
    await signUpAsAdmin(page, "ada@example.com");

    await gotoHydrated(page, `${site.server.url}/admin/newsletter`);
    await page.getByTestId("digest-tool").filter({ hasText: "Weekly Counter" }).waitFor();
    expect(await page.getByTestId("digest-preview").getByRole("heading", { name: "Weekly Counter" }).count()).toBe(1);

    for (const [id, label] of [
      ["digest-markdown", "Markdown"],
      ["digest-html", "HTML"],
    ]) {
      await page.getByTestId(`copy-${id}`).click();
      await page
        .getByTestId("toast")
        .filter({ hasText: `${label} copied` })
        .waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await page.locator(`#${id}`).inputValue());
    }
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("Counts *visitors*.</p>");
    await context.close();
  });

  it("shows the texts without JavaScript, and no button that could not work", async () => {
    const signUp = await newContext(site.browser);
    const page = await signUp.newPage();
    await signUpAsAdmin(page, "grace@example.com");
    const cookies = await signUp.cookies();
    await signUp.close();

    const context = await newContext(site.browser, { javaScriptEnabled: false });
    await context.addCookies(cookies);
    const plain = await context.newPage();
    await plain.goto(`${site.server.url}/admin/newsletter`);
    expect(await plain.locator("#digest-markdown").inputValue()).toContain("Counts \\*visitors\\*.");
    expect(await plain.getByRole("button", { name: "Copy" }).count()).toBe(0);
    await context.close();
  });
});
