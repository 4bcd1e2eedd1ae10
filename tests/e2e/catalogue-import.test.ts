/** The console's import in Chromium: an admin uploads a CSV file, maps a column, sees the dry run, imports, and visitors find the tool. */
import { describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq } from "drizzle-orm";
import { tools, users } from "#server/db/schema.ts";
import { insertCategory } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("catalogue import in Chromium", () => {
  const site = useBrowserSite();

  it("an admin runs a CSV dry run, then the import", async () => {
    await insertCategory(site.database.db, { label: "Analytics" });
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await signUpInBrowser(page, site.server.url, "Ada");
    await site.database.db.update(users).set({ role: "admin" }).where(eq(users.email, "ada@example.com"));

    await gotoHydrated(page, `${site.server.url}/admin/import`);
    const file = [
      "Title,Link,Summary,Kind",
      "Browser Counter,https://browser-counter.example.com,Counts the visitors of a website without cookies.,Analytics",
      "Too Short,https://too-short.example.com,Short.,Analytics",
    ].join("\n");
    await page
      .locator("#import-upload")
      .setInputFiles({ name: "tools.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Read the file" }).click();

    // The header is guessed except "Kind": the rows name no category yet, and are refused.
    const counts = page.getByTestId("import-counts");
    await counts.waitFor();
    expect(await counts.textContent()).toContain("0 to create, 0 to update, 2 refused");
    await page.getByLabel("Categories (names or slugs, comma-separated)").selectOption("Kind");
    await page.getByRole("button", { name: "Dry run again" }).click();
    await page.getByText("1 to create, 0 to update, 1 refused").waitFor();
    const refused = page.locator('[data-testid="import-row"][data-action="refuse"]');
    expect(await refused.textContent()).toContain("Say what the tool does in at least 20 characters");
    expect(await site.database.db.select().from(tools)).toEqual([]);

    await page.getByRole("button", { name: "Import 1 tool" }).click();
    await page.getByTestId("action-done").waitFor();
    expect(await page.getByTestId("action-done").textContent()).toContain("Imported: 1 created, 0 updated, 1 refused.");
    expect(await site.database.db.select({ name: tools.name, isVerified: tools.isVerified }).from(tools)).toEqual([
      { name: "Browser Counter", isVerified: true },
    ]);

    await gotoHydrated(page, `${site.server.url}/`);
    await page.getByRole("link", { name: "Browser Counter", exact: true }).first().waitFor();

    // The curator rewrites its description; the same file, with a new one, would overwrite it, unless asked to keep it.
    await site.database.db
      .update(tools)
      .set({ shortDesc: "Counts a site's visitors, with no cookie and no banner." })
      .where(eq(tools.name, "Browser Counter"));
    const again = file.replace(
      "Counts the visitors of a website without cookies.",
      "The newest words of the maker's own website.",
    );
    await gotoHydrated(page, `${site.server.url}/admin/import`);
    await page
      .locator("#import-upload")
      .setInputFiles({ name: "tools.csv", mimeType: "text/csv", buffer: Buffer.from(again) });
    await page.getByRole("button", { name: "Read the file" }).click();
    await page.getByLabel("Categories (names or slugs, comma-separated)").selectOption("Kind");
    await page.getByRole("button", { name: "Dry run again" }).click();
    await page.getByText("0 to create, 1 to update, 1 refused").waitFor();
    await page.getByLabel(/Keep the short and long descriptions of tools already listed/).check();
    await page.getByRole("button", { name: "Dry run again" }).click();
    await page.getByText("0 to create, 0 to update, 1 unchanged, 1 refused").waitFor();
    expect(await site.database.db.select({ shortDesc: tools.shortDesc }).from(tools)).toEqual([
      { shortDesc: "Counts a site's visitors, with no cookie and no banner." },
    ]);
    await context.close();
  });
});
