/** A new operator's first minutes: the setup link from the log, a sign-up on the way, and the console. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "../setup/browser.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { startTestServer } from "../setup/server.ts";

describe("the setup link in Chromium", () => {
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

  it("leads a new operator through signing up to the console", async () => {
    const link = await server.services.setup.offerSetupLink();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(link!);
    await page.getByRole("heading", { level: 1, name: /^Become the admin of / }).waitFor();
    await page.locator("main").getByRole("link", { name: "Sign up" }).click();
    await page.getByLabel("Username").fill("Operator");
    await page.getByLabel("E-mail").fill("operator@example.com");
    await page.getByLabel("Password").fill("long-enough");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(link!);
    await page.getByRole("button", { name: "Become the admin" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByRole("link", { name: "Users" }).first().waitFor();
    // The link has done its work: opened again, it says why it no longer works.
    await page.goto(link!);
    expect(await page.locator("main").innerText()).toContain("This site has an admin already");
    await context.close();
  });
});
