/**
 * A tool's whole life in Chromium (issue 5): a maker submits it with a logo, a verifier verifies it, it is on the home
 * page, another user claims it, an admin accepts the claim, and the tool shows on the claimer's profile.
 */
import sharp from "sharp";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq } from "drizzle-orm";
import { tools, users } from "#server/db/schema.ts";
import { insertCategory } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("a tool from submission to claim, in Chromium", () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    await insertCategory(site.database.db, { label: "Analytics" });
  });

  /** A new person in their own browser, signed up through the form; optionally given a role. */
  async function person(username: string, role?: "verifier" | "admin"): Promise<Page> {
    const page = await (await newContext(site.browser)).newPage();
    await signUpInBrowser(page, site.server.url, username);
    if (role) await site.database.db.update(users).set({ role }).where(eq(users.username, username));
    return page;
  }

  // Four people sign up and one tool is submitted: the browser solves five proofs of work on the way.
  it("goes all the way", { timeout: 90_000 }, async () => {
    // The maker submits, with a logo uploaded ahead with its progress.
    const maker = await person("Maker");
    await gotoHydrated(maker, `${site.server.url}/add-tool`);
    await maker.getByLabel("Name").fill("Journey Counter");
    await maker.getByLabel("Website").fill("journey-counter.example");
    await maker.getByLabel("Short description").fill("Counts visitors without cookies, for small sites.");
    await maker.getByLabel("Analytics").check();
    await maker.getByLabel("Pricing").selectOption("freemium");
    // Enter in the tags field ends a tag, as a tag field does: the form is not sent half filled.
    const tags = maker.getByLabel("Tags");
    await tags.fill("analytics");
    await tags.press("Enter");
    await tags.pressSequentially("privacy");
    await tags.press("Enter");
    expect(await tags.inputValue()).toBe("analytics, privacy, ");
    expect(maker.url()).toBe(`${site.server.url}/add-tool`);
    const logo = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#0ea5e9" } })
      .png()
      .toBuffer();
    await maker.locator("#field-logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await maker.getByTestId("logo-preview").waitFor();
    // Its upload ends: the form then sends the stored image's address, not the file.
    await maker.getByTestId("logo-file-name").waitFor();
    await maker.getByRole("button", { name: "Submit the tool" }).click();
    await maker.waitForURL(/\/my-tools\?submitted=t/);
    await maker.getByText("Thank you! Your tool is in the queue.").waitFor();
    const [submitted] = await site.database.db.select().from(tools).where(eq(tools.name, "Journey Counter"));
    expect(submitted).toMatchObject({ isVerified: false });
    expect(submitted!.logo).toMatch(/^\/files\/tools\/t[a-z0-9]+\/[A-Za-z0-9_-]{12}\.256\.webp$/);

    // A verifier verifies it from the console.
    const verifier = await person("Vera", "verifier");
    await gotoHydrated(verifier, `${site.server.url}/admin`);
    // The maker may have sent someone else's tool: the verifier leaves it unlinked, so its real maker can claim it.
    const queued = verifier.getByTestId("queued-tool").filter({ hasText: "Journey Counter" });
    await queued.getByLabel("Link it to Maker").uncheck();
    await queued.getByRole("button", { name: "Verify" }).click();
    await verifier.getByTestId("action-done").waitFor();

    // It is on the home page.
    await gotoHydrated(maker, site.server.url);
    await maker.locator("#latest").getByRole("link", { name: "Journey Counter", exact: true }).waitFor();

    // Another user claims it from its page.
    const claimer = await person("Claire");
    await gotoHydrated(claimer, `${site.server.url}/tool/${submitted!.slug}`);
    await claimer.getByText("Claim this tool").click();
    await claimer.getByRole("button", { name: "Send my claim" }).click();
    await claimer.getByText("Your claim was sent.").waitFor();

    // An admin accepts the claim.
    const admin = await person("Ada", "admin");
    await gotoHydrated(admin, `${site.server.url}/admin/claims`);
    await admin.getByRole("button", { name: "Accept" }).first().click();
    await admin.getByTestId("action-done").waitFor();

    // The tool shows on the claimer's profile.
    await gotoHydrated(claimer, `${site.server.url}/profile/claire`);
    await claimer.getByRole("link", { name: "Journey Counter", exact: true }).waitFor();
  });
});
