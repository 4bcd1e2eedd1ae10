/** 'Continue with Google' in Chromium: the 500×600 popup goes to the provider and back, tells the page that opened it, and closes. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser, newContext } from "../setup/browser.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { startOidcProvider, type OidcProvider } from "../setup/oidc.ts";
import { startTestServer } from "../setup/server.ts";
import { MESSAGES } from "#common/messages.ts";

describe("Google sign-in popup in Chromium", () => {
  let database: TestDatabase;
  let google: OidcProvider;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    google = await startOidcProvider();
    server = await startTestServer(database, google.env);
    google.allowApp(server.url);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await google?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    google.people.clear();
  });

  /** Clicks the Google button on the login page and signs in as `login` in the popup that opens. */
  async function signInThroughPopup(page: Page, login: string) {
    await gotoHydrated(page, `${server.url}/login?redirectTo=%2Fcategories`);
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByTestId("google-sign-in").click(),
    ]);
    const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
    await popup.getByLabel("Account").fill(login);
    await popup.getByRole("button", { name: "Next" }).click();
    const closed = popup.waitForEvent("close");
    await popup.getByRole("button", { name: "Allow" }).click();
    await closed;
    return size;
  }

  it("signs in, closes the popup and takes the page where it was going", async () => {
    google.people.set("ada", { email: "ada@example.com", name: "Ada Lovelace" });
    const context = await newContext(browser);
    const page = await context.newPage();

    const size = await signInThroughPopup(page, "ada");

    expect(size).toEqual({ width: 500, height: 600 });
    await page.waitForURL(`${server.url}/categories`);
    await page.getByTestId("nav-desktop").getByTestId("profile-menu").waitFor();
    expect(context.pages()).toHaveLength(1);
    await context.close();
  });

  it("shows what went wrong beside the button when Google gives no e-mail", async () => {
    google.people.set("anonymous", { name: "No Mail" });
    const context = await newContext(browser);
    const page = await context.newPage();

    await signInThroughPopup(page, "anonymous");

    await page.getByText(MESSAGES.auth.noEmail).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.locator('html[data-viewer="member"]').count()).toBe(0);
    await context.close();
  });
});
