/**
 * Paid featuring in Chromium (decision 040): a maker's 'Get featured!' on their own tool's card leads to Stripe's
 * Checkout (the local stand-in's page), and back; the tool is then in the home page's Featured section, for a visitor
 * too within a second. Without Stripe's keys, the same action says featuring is still in development.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { FEATURED_IN_DEVELOPMENT } from "#common/constants.ts";
import { STRIPE_WEBHOOK_PATH } from "#common/page-paths.ts";
import { users } from "#server/db/schema.ts";
import { insertTool, insertUser } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";
import { startTestServer } from "../setup/server.ts";
import { startStripeStandIn } from "../setup/stripe.ts";
import { useBrowser } from "../setup/browser-site.ts";
import { useResource, useTestDatabase } from "../setup/fixtures.ts";

describe("paid featuring in Chromium", () => {
  const database = useTestDatabase("pglite");
  const stripe = useResource(startStripeStandIn);
  const chromium = useBrowser();

  /** Signs a maker up, then gives them a live tool; the next page they load knows it is theirs. */
  async function makerWithTool(page: Page, url: string, username: string, toolName: string) {
    await signUpInBrowser(page, url, username);
    const [maker] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, `${username.toLowerCase()}@example.com`));
    return insertTool(database.db, { name: toolName, creatorUsername: maker!.slug, isLinkedToCreator: true });
  }

  const featuredSection = (page: Page) =>
    page.locator("section", { has: page.getByRole("heading", { name: "Featured tools" }) });

  it("a maker pays on Stripe's page from their tool's card, and the tool is featured for everyone within a second", async () => {
    const server = await startTestServer(database, stripe.env);
    stripe.setWebhook(`${server.url}${STRIPE_WEBHOOK_PATH}`);
    try {
      const admin = await insertUser(database.db, { role: "admin" });
      await server.services.featuring.saveOffer(admin.session, {
        kind: "featured",
        amount: 2900,
        currency: "usd",
        days: 7,
        isOnSale: true,
      });
      const visitor = await (await newContext(chromium.browser)).newPage();
      await gotoHydrated(visitor, server.url);
      expect(await featuredSection(visitor).textContent()).toContain("No tool is featured right now.");

      const page = await (await newContext(chromium.browser)).newPage();
      await makerWithTool(page, server.url, "Ada", "Rocket");
      await gotoHydrated(page, server.url);
      const card = page
        .getByTestId("tool-card")
        .filter({ has: page.getByRole("link", { name: "Rocket", exact: true }) });
      await card.getByTestId("feature-action").click();
      await page.waitForURL(/\/feature\/t/);
      await page.getByRole("button", { name: "Pay $29.00 with Stripe" }).click();
      // Stripe's page (the stand-in's), then back to what was bought.
      await page.waitForURL(`${stripe.url}/c/pay/**`);
      expect(await page.getByRole("heading").first().textContent()).toBe("Pay 29.00 USD");
      await page.getByRole("button", { name: "Pay" }).click();
      await page.waitForURL(`${server.url}/purchase/**`);
      // A visitor's next look at the home page shows it, within a second of Stripe's confirmation:
      // the page's document, not its images and scripts, is what the promise is about.
      const paidAt = Date.now();
      await expect
        .poll(
          async () => {
            await visitor.goto(server.url, { waitUntil: "domcontentloaded" });
            return featuredSection(visitor).getByRole("link", { name: "Rocket", exact: true }).count();
          },
          { timeout: 1000, interval: 100 },
        )
        .toBe(1);
      expect(Date.now() - paidAt).toBeLessThan(1000);
      expect(await page.getByTestId("purchase-status").textContent()).toMatch(
        /^Rocket is featured on the home page until \d+ \w+ \d{4}\.$/,
      );
      expect(await page.getByRole("link", { name: "Stripe's receipt ↗" }).getAttribute("href")).toMatch(
        /\/receipts\/ch_/,
      );
      await gotoHydrated(page, server.url);
      expect(await featuredSection(page).getByRole("link", { name: "Rocket", exact: true }).count()).toBe(1);
      expect(await featuredSection(page).getByText("Featured", { exact: true }).count()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("without Stripe's keys, a maker's 'Get featured!' on a card says featuring is still in development, top right, for 4 s", async () => {
    const server = await startTestServer(database);
    try {
      const page = await (await newContext(chromium.browser)).newPage();
      const tool = await makerWithTool(page, server.url, "Grace", "Compass");
      // The page's clock, moved on by the test: the toast's 4000 ms pass at once, and exactly.
      await page.clock.install();
      await gotoHydrated(page, server.url);
      const card = page
        .getByTestId("tool-card")
        .filter({ has: page.getByRole("link", { name: "Compass", exact: true }) });
      // Only the maker's own tool carries it.
      expect(await page.getByTestId("feature-action").count()).toBe(1);
      await card.getByTestId("feature-action").click();
      const toast = page.getByTestId("toast");
      await toast.waitFor();
      expect(await toast.textContent()).toContain(FEATURED_IN_DEVELOPMENT);
      expect(page.url()).toBe(`${server.url}/`);
      const box = (await toast.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
      expect(box.y).toBeLessThan(200);
      await page.clock.runFor(3900);
      expect(await toast.isVisible()).toBe(true);
      await page.clock.runFor(100);
      await toast.waitFor({ state: "detached", timeout: 2000 });
      // Without JavaScript the same link leads to the free request form.
      expect(await card.getByTestId("feature-action").getAttribute("href")).toBe(`/feature/${tool.id}`);
    } finally {
      await server.close();
    }
  });
});
