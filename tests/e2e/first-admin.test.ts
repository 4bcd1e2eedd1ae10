/** A new operator's first minutes: the setup link from the log, a sign-up on the way, and the console. */
import { describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { newContext } from "../setup/browser.ts";

describe("the setup link in Chromium", () => {
  const site = useBrowserSite();

  it("leads a new operator through signing up to the console", async () => {
    const link = await site.server.services.setup.offerSetupLink();
    const context = await newContext(site.browser);
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
    await page.waitForURL(`${site.server.url}/admin`);
    await page.getByRole("link", { name: "Users" }).first().waitFor();
    // The link has done its work: opened again, it says why it no longer works.
    await page.goto(link!);
    expect(await page.locator("main").innerText()).toContain("This site has an admin already");
    await context.close();
  });
});
