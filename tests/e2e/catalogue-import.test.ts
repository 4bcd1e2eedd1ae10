/** The console's import in Chromium: an admin uploads a CSV file, maps a column, sees the dry run, imports, and visitors find the tool. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { tools, users } from "#server/db/schema.ts";
import { insertCategory } from "../factories.ts";
import { gotoHydrated, launchBrowser, newContext, signUpInBrowser } from "../setup/browser.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { startTestServer } from "../setup/server.ts";

describe("catalogue import in Chromium", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    server = await startTestServer(database);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await database?.close();
  });

  it("an admin runs a CSV dry run, then the import", async () => {
    await insertCategory(database.db, { label: "Analytics" });
    const context = await newContext(browser);
    const page = await context.newPage();
    await signUpInBrowser(page, server.url, "Ada");
    await database.db.update(users).set({ role: "admin" }).where(eq(users.email, "ada@example.com"));

    await gotoHydrated(page, `${server.url}/admin/import`);
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
    expect(await database.db.select().from(tools)).toEqual([]);

    await page.getByRole("button", { name: "Import 1 tool" }).click();
    await page.getByTestId("action-done").waitFor();
    expect(await page.getByTestId("action-done").textContent()).toContain("Imported: 1 created, 0 updated, 1 refused.");
    expect(await database.db.select({ name: tools.name, isVerified: tools.isVerified }).from(tools)).toEqual([
      { name: "Browser Counter", isVerified: true },
    ]);

    await gotoHydrated(page, `${server.url}/`);
    await page.getByRole("link", { name: "Browser Counter", exact: true }).first().waitFor();

    // The curator rewrites its description; the same file, with a new one, would overwrite it, unless asked to keep it.
    await database.db
      .update(tools)
      .set({ shortDesc: "Counts a site's visitors, with no cookie and no banner." })
      .where(eq(tools.name, "Browser Counter"));
    const again = file.replace(
      "Counts the visitors of a website without cookies.",
      "The newest words of the maker's own website.",
    );
    await gotoHydrated(page, `${server.url}/admin/import`);
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
    expect(await database.db.select({ shortDesc: tools.shortDesc }).from(tools)).toEqual([
      { shortDesc: "Counts a site's visitors, with no cookie and no banner." },
    ]);
    await context.close();
  });
});
