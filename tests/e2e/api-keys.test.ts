/** Personal API keys in Chromium: a maker makes a key from the profile menu, a script calls the API with it, and once the key is revoked the call is refused. */
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { gotoHydrated, newContext } from "../setup/browser.ts";

describe("API keys in Chromium", () => {
  const site = useBrowserSite();
  let categoryId: string;

  beforeAll(async () => {
    categoryId = (await insertCategory(site.database.db, { label: "Analytics" })).id;
    await insertTool(site.database.db, { name: "Plausible", categories: [categoryId] });
  });

  it("makes a key that may write, submits a tool with it, and revokes it", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await gotoHydrated(page, `${site.server.url}/register`);
    await page.getByLabel("Username").fill("Ada");
    await page.getByLabel("E-mail").fill("ada@example.com");
    await page.getByLabel("Password").fill("long-enough");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(`${site.server.url}/welcome`);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });

    const nav = page.getByTestId("nav-desktop");
    await nav.getByTestId("profile-menu").click();
    await nav.getByRole("link", { name: "API keys" }).click();
    await page.waitForURL(`${site.server.url}/settings/api-keys`);
    await page.getByText("No key yet").waitFor();

    await page.getByLabel("Name").fill("Release script");
    await page.getByLabel("Read, submit tools and change my tools").check();
    await page.getByRole("button", { name: "Make the key" }).click();
    const shown = page.getByTestId("new-api-key");
    await shown.waitFor();
    const token = await shown.getByLabel("Your new key").inputValue();
    expect(token).toMatch(/^it_live_[A-Za-z0-9_-]{43}$/);
    const row = page.getByTestId("api-key").filter({ hasText: "Release script" });
    await row.getByText("Read and write").waitFor();
    await row.getByText("never used").waitFor();
    // The form is ready for the next key: blank, and read-only by default.
    expect(await page.getByLabel("Name").inputValue()).toBe("");
    expect(await page.getByLabel("Read the directory").isChecked()).toBe(true);

    // A script (this test) calls the API with the key.
    const auth = { authorization: `Bearer ${token}` };
    const read = await fetch(`${site.server.url}/api/v1/tools`, { headers: auth });
    expect(read.status).toBe(200);
    expect(read.headers.get("ratelimit-remaining")).not.toBeNull();
    const submitted = await fetch(`${site.server.url}/api/v1/tools`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Counter",
        website: "https://counter.example.com",
        shortDesc: "Counts the visits of a website without cookies",
        categories: [categoryId],
      }),
    });
    expect(submitted.status).toBe(201);

    // The page now says the key was used, and the tool waits on My tools.
    await page.reload();
    await page.getByTestId("api-key").filter({ hasText: "Release script" }).getByText("last used on").waitFor();
    await gotoHydrated(page, `${site.server.url}/my-tools`);
    await page.getByText("Counter").first().waitFor();

    await gotoHydrated(page, `${site.server.url}/settings/api-keys`);
    await page.getByRole("button", { name: "Revoke Release script" }).click();
    await page.getByText("was revoked").waitFor();
    await page.getByText("No key yet").waitFor();

    const refused = await fetch(`${site.server.url}/api/v1/tools`, { headers: auth });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
    await context.close();
  });
});
