/** 'Continue with Google' in Chromium: the 500×600 popup goes to the provider and back, tells the page that opened it, and closes. */
import type { Page } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gotoHydrated, newContext } from "../setup/browser.ts";
import { startOidcProvider } from "../setup/oidc.ts";
import { MESSAGES } from "#common/messages.ts";
import { useResource } from "../setup/fixtures.ts";
import { useBrowserSite } from "../setup/browser-site.ts";

describe("Google sign-in popup in Chromium", () => {
  const google = useResource(startOidcProvider);
  const site = useBrowserSite(() => google.env);
  const { database, server } = site;

  beforeAll(() => google.allowApp(server.url));
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
    const context = await newContext(site.browser);
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
    const context = await newContext(site.browser);
    const page = await context.newPage();

    await signInThroughPopup(page, "anonymous");

    await page.getByText(MESSAGES.auth.noEmail).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.locator('html[data-viewer="member"]').count()).toBe(0);
    await context.close();
  });
});
