/**
 * Reviews in Chromium (decision 043): a person rates and reviews a tool, another finds it helpful, the maker replies,
 * a visitor reports it and a moderator hides it; the pages are checked with axe on the way.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq } from "drizzle-orm";
import { users } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { axeViolations } from "../setup/axe.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("reviews in Chromium", () => {
  const site = useBrowserSite();
  let tool: Awaited<ReturnType<typeof insertTool>>;

  beforeAll(async () => {
    // The tool of the maker who signs up as "Maker" (slug maker), linked by an accepted claim.
    tool = await insertTool(site.database.db, { name: "Plausible", creatorUsername: "maker", isLinkedToCreator: true });
  });

  /** A new person, signed up in their own browser and made old enough for their reviews to go live at once. */
  async function person(username: string, role: "guest" | "admin" = "guest"): Promise<Page> {
    const page = await (await newContext(site.browser)).newPage();
    await signUpInBrowser(page, site.server.url, username);
    await site.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000), role })
      .where(eq(users.email, `${username.toLowerCase()}@example.com`));
    return page;
  }

  it("reviews, votes, replies, reports and hides, each through the pages", { timeout: 90_000 }, async () => {
    // Ada writes a review from the tool page.
    const ada = await person("Ada");
    await gotoHydrated(ada, `${site.server.url}/tool/${tool.slug}`);
    await ada.getByRole("link", { name: "Write a review" }).click();
    await ada.waitForURL(`${site.server.url}/tool/${tool.slug}/review`);
    // The stars are the radio buttons' labels.
    await ada.locator("label", { has: ada.getByRole("radio", { name: "4 out of 5 stars" }) }).click();
    expect(await ada.getByRole("radio", { name: "4 out of 5 stars" }).isChecked()).toBe(true);
    await ada.getByLabel("Your review (optional)").fill("Clear charts and no cookie banner.");
    expect(await axeViolations(ada)).toEqual([]);
    await ada.getByRole("button", { name: "Publish my review" }).click();
    await ada.getByText("Thanks! Your review is public.").waitFor();

    // A visitor reads it on the tool page, under the rating.
    const visitor = await (await newContext(site.browser)).newPage();
    await gotoHydrated(visitor, `${site.server.url}/tool/${tool.slug}`);
    expect(await visitor.getByTestId("rating-average").textContent()).toBe("4.0");
    expect(await visitor.getByTestId("review").first().textContent()).toContain("Clear charts and no cookie banner.");
    expect(await axeViolations(visitor)).toEqual([]);

    // Bob finds it helpful, without leaving the page.
    const bob = await person("Bob");
    await gotoHydrated(bob, `${site.server.url}/tool/${tool.slug}/reviews`);
    await bob.getByTestId("helpful-button").click();
    await expect.poll(() => bob.getByTestId("helpful-button").textContent()).toBe("Helpful (1)");

    // The maker replies, from the link only they see.
    const maker = await person("Maker");
    await gotoHydrated(maker, `${site.server.url}/tool/${tool.slug}/reviews`);
    await maker.getByTestId("reply-link").click();
    await maker.getByLabel("Your reply, as the maker").fill("Thank you, Ada!");
    expect(await axeViolations(maker)).toEqual([]);
    await maker.getByRole("button", { name: "Publish my reply" }).click();
    await maker.waitForURL(`${site.server.url}/tool/${tool.slug}/reviews`);
    await maker.getByTestId("review-reply").getByText("Thank you, Ada!").waitFor();
    expect(await maker.getByTestId("reply-link").count()).toBe(0);
    expect(await bob.getByTestId("reply-link").count()).toBe(0);

    // A visitor reports it.
    await gotoHydrated(visitor, `${site.server.url}/tool/${tool.slug}/reviews`);
    await visitor.getByRole("link", { name: "Report" }).click();
    await visitor.getByLabel("What is wrong with it? (optional)").fill("Looks paid for");
    await visitor.getByRole("button", { name: "Send the report" }).click();
    await visitor.getByTestId("review-report-sent").waitFor();

    // An admin hides it from the reported list, with a reason; it leaves the tool's page.
    const admin = await person("Admin", "admin");
    await gotoHydrated(admin, `${site.server.url}/admin/reviews?list=reported`);
    const row = admin.getByTestId("moderated-review").filter({ hasText: "Clear charts" });
    expect(await row.textContent()).toContain("Looks paid for");
    expect(await axeViolations(admin)).toEqual([]);
    await row.getByLabel("Why hide it (told to the author)").fill("Reviews may not be paid for");
    await row.getByRole("button", { name: "Hide" }).click();
    await admin.getByTestId("action-done").waitFor();

    await gotoHydrated(visitor, `${site.server.url}/tool/${tool.slug}`);
    expect(await visitor.getByTestId("review").count()).toBe(0);
    expect(await visitor.getByTestId("tool-reviews").textContent()).toContain("No review yet");
  });
});
