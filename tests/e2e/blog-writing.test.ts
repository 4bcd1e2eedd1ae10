/** An admin writes a post in the console, previews it, publishes it, and a visitor reads it on the blog. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { users } from "#server/db/schema.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("writing a blog post in Chromium", () => {
  const site = useBrowserSite();

  it("writes, previews and publishes a post, which the blog shows at once", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await signUpInBrowser(page, site.server.url, "Writer");
    await site.database.db.update(users).set({ role: "admin" }).where(eq(users.email, "writer@example.com"));

    await gotoHydrated(page, `${site.server.url}/admin/posts`);
    await page.getByRole("link", { name: "Write a post" }).click();
    await page.getByLabel("Title").fill("Pricing your first product");
    await page.getByLabel("Description").fill("How to choose a first price, and when to change it.");
    await page.getByLabel("Text").fill("## Start higher\n\nMost makers **underprice**.");
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByTestId("markdown-preview").getByRole("heading", { name: "Start higher" }).waitFor();
    // The text typed stays in the box after the preview.
    expect(await page.getByLabel("Text").inputValue()).toContain("Most makers **underprice**.");

    await page.getByLabel("State").selectOption("published");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved.").waitFor();
    await page.getByRole("link", { name: "See it on the blog" }).click();
    await page.getByRole("heading", { level: 1, name: "Pricing your first product" }).waitFor();

    const visitor = await newContext(site.browser);
    const reader = await visitor.newPage();
    await gotoHydrated(reader, `${site.server.url}/blog`);
    await reader.getByRole("link", { name: "Pricing your first product" }).click();
    await reader.getByRole("heading", { level: 2, name: "Start higher" }).waitFor();
    await visitor.close();
    await context.close();
  });
});
