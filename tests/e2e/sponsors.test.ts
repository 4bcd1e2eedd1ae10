/**
 * Sponsors in Chromium (decision 064): a sponsor books next week's banner on /advertise and pays on Stripe's Checkout
 * (the local stand-in's page); an admin approves the ad in the console; when the server's clock reaches that week,
 * every visitor's page shows the banner, labelled, in the operator's banner's place, and not before.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { STRIPE_WEBHOOK_PATH } from "#common/page-paths.ts";
import { addWeeks, mondayOf } from "#common/sponsors.ts";
import { users } from "#server/db/schema.ts";
import { insertUser } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";
import { useBrowser } from "../setup/browser-site.ts";
import { useResource, useTestDatabase } from "../setup/fixtures.ts";
import { startTestServer } from "../setup/server.ts";
import { startStripeStandIn } from "../setup/stripe.ts";

describe("sponsors in Chromium", () => {
  const database = useTestDatabase("pglite");
  const stripe = useResource(startStripeStandIn);
  const chromium = useBrowser();

  it("a sponsor books and pays for next week's banner, an admin approves it, and it shows in that week", async () => {
    // The server's clock, moved on by the test.
    let at = new Date();
    const server = await startTestServer(database, stripe.env, { now: () => at });
    stripe.setWebhook(`${server.url}${STRIPE_WEBHOOK_PATH}`);
    try {
      const owner = await insertUser(database.db, { role: "admin", email: "owner@example.com" });
      await server.services.sponsors.savePlacement(owner.session, {
        kind: "banner",
        amount: 4900,
        currency: "usd",
        weeksAhead: 6,
        isOnSale: true,
      });
      const nextWeek = addWeeks(mondayOf(at), 1);

      const page = await (await newContext(chromium.browser)).newPage();
      await signUpInBrowser(page, server.url, "Sam");
      await gotoHydrated(page, `${server.url}/advertise`);
      await page.getByRole("link", { name: "Book: Banner on every page" }).click();
      await page.waitForURL(`${server.url}/advertise/banner`);
      await page.locator(`input[name="weeks"][value="${nextWeek}"]`).check();
      await page.getByLabel("The ad's text").fill("Sam's Kit: ship your SaaS this weekend");
      await page.getByLabel("The ad's link").fill("https://samskit.example");
      await page.getByRole("button", { name: "Pay with Stripe" }).click();
      await page.waitForURL(`${stripe.url}/c/pay/**`);
      expect(await page.getByRole("heading").first().textContent()).toBe("Pay 49.00 USD");
      await page.getByRole("button", { name: "Pay" }).click();
      await page.waitForURL(`${server.url}/sponsorships/**`);
      await expect.poll(() => page.getByTestId("ad-state").textContent()).toBe("Waiting for review");

      // The admin approves it from the console.
      const adminPage = await (await newContext(chromium.browser)).newPage();
      await signUpInBrowser(adminPage, server.url, "Ada");
      await database.db.update(users).set({ role: "admin" }).where(eq(users.email, "ada@example.com"));
      await gotoHydrated(adminPage, `${server.url}/admin/sponsors`);
      const waiting = adminPage.getByTestId("ad-review");
      expect(await waiting.textContent()).toContain("Sam's Kit: ship your SaaS this weekend");
      await waiting.getByRole("button", { name: "Approve" }).click();
      await adminPage.getByText("The ad is approved: it runs on its weeks.").waitFor();

      // This week, a visitor sees the operator's own banner; next week, the sponsor's.
      const visitor = await (await newContext(chromium.browser)).newPage();
      await gotoHydrated(visitor, server.url);
      expect(await visitor.getByTestId("sponsored-banner").count()).toBe(0);
      at = new Date(Date.parse(`${nextWeek}T09:00:00Z`));
      await gotoHydrated(visitor, server.url);
      const banner = visitor.getByTestId("sponsored-banner");
      expect(await banner.textContent()).toContain("Sponsored");
      const link = banner.getByRole("link", { name: "Sam's Kit: ship your SaaS this weekend" });
      expect(await link.getAttribute("rel")).toBe("sponsored noopener");
      // The week after, it is gone again.
      at = new Date(Date.parse(`${addWeeks(nextWeek, 1)}T09:00:00Z`));
      await gotoHydrated(visitor, `${server.url}/tools`);
      expect(await visitor.getByTestId("sponsored-banner").count()).toBe(0);
    } finally {
      await server.close();
    }
  });
});
