import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { gotoHydrated, newContext } from "../setup/browser.ts";

describe("an account in Chromium", () => {
  const site = useBrowserSite();
  let page: Page;

  beforeAll(async () => {
    await seedDemoCatalogue(site.database.db);
    page = await (await newContext(site.browser)).newPage();
  });

  const cache = () => page.evaluate(() => localStorage.getItem("idt_d"));
  const nav = () => page.getByTestId("nav-desktop");

  it("registers, and the session cache follows the server", async () => {
    await gotoHydrated(page, `${site.server.url}/register`);
    await page.getByLabel("Username").fill("Grace Hopper");
    await page.getByLabel("E-mail").fill("grace@example.com");
    await page.getByLabel("Password").fill("compiler");
    await page.getByLabel("Send me the weekly newsletter of new tools").check();
    await page.getByRole("button", { name: "Sign up" }).click();
    // The welcome step: three ways to start.
    await page.waitForURL(`${site.server.url}/welcome`);
    await page.getByRole("heading", { level: 1, name: "Welcome, Grace Hopper!" }).waitFor();
    expect(await page.locator("main").getByRole("link", { name: "Add a tool" }).getAttribute("href")).toBe("/add-tool");
    await nav().getByTestId("profile-menu").waitFor();
    await expect.poll(cache).not.toBeNull();
    expect(JSON.parse((await cache())!)).toMatchObject({ uslug: "grace-hopper", urole: "guest", uTools: [] });
    expect(await nav().getByRole("link", { name: "Add your tool" }).getAttribute("href")).toBe("/add-tool");
  });

  it("logs out from the Profile menu: home, signed out, cache removed", async () => {
    await nav().getByTestId("profile-menu").click();
    await nav().getByRole("button", { name: "Logout" }).click();
    await nav().getByRole("link", { name: "Log in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await expect.poll(cache).toBeNull();
  });

  it("shows the catalogue's message on a wrong password, then logs in", async () => {
    await gotoHydrated(page, `${site.server.url}/login`);
    await page.getByLabel("E-mail").fill("grace@example.com");
    await page.getByLabel("Password").fill("wrong-one");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Incorrect password").waitFor();
    expect(await page.getByLabel("E-mail").inputValue()).toBe("grace@example.com");
    await page.getByLabel("Password").fill("compiler");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByTestId("toast").filter({ hasText: "You are signed in. Welcome back!" }).waitFor();
    await nav().getByTestId("profile-menu").waitFor();
    await expect.poll(cache).not.toBeNull();
  });

  it("offers a signed-in user their featuring form, and no card carries a featuring action", async () => {
    await gotoHydrated(page, site.server.url);
    expect(
      await page
        .locator("#featured-heading")
        .locator("xpath=..")
        .getByRole("link", { name: "Get featured!" })
        .getAttribute("href"),
    ).toBe("/profile/grace-hopper?type=boost-tool");
    expect(await page.getByTestId("tool-card").getByText("Get featured!").count()).toBe(0);
  });

  it("favourites a tool, finds it on /my-favorites, edits the profile, and logs out", async () => {
    await gotoHydrated(page, site.server.url);
    const card = page.locator("#latest").getByTestId("tool-card").first();
    const name = (await card.locator("h3 a").textContent())!.trim();
    await card.getByRole("button", { name: "Add to favourites" }).click();
    await expect
      .poll(() => card.getByRole("button", { name: "Remove from favourites" }).getAttribute("aria-pressed"))
      .toBe("true");

    await nav().getByTestId("profile-menu").click();
    await nav().getByRole("link", { name: "My favourites" }).click();
    await page.waitForURL(`${site.server.url}/my-favorites`);
    await page.getByRole("link", { name, exact: true }).first().waitFor();

    await gotoHydrated(page, `${site.server.url}/edit-profile`);
    await page.locator("#field-bio").fill("I wrote the first compiler.");
    await page.getByRole("button", { name: "Save my profile" }).click();
    // The save is done before the page is left: leaving at once would cancel it.
    await page.getByText("Your profile was saved.").waitFor();
    await gotoHydrated(page, `${site.server.url}/profile/grace-hopper`);
    await page.getByText("I wrote the first compiler.").waitFor();

    await nav().getByTestId("profile-menu").click();
    await nav().getByRole("button", { name: "Logout" }).click();
    await nav().getByRole("link", { name: "Log in" }).waitFor();
    await expect.poll(cache).toBeNull();
  });
});
