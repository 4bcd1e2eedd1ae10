/**
 * People's whole errands across the features they meet, in Chromium, over the demo catalogue and its activity with
 * every language, payments (Stripe's local stand-in) and mail (a local receiver) on: what each person reads at each
 * step, not what the code stores.
 * - A French visitor: the home page, a top-list from the footer, a tool, its alternatives, its licence, a comparison,
 *   the deals and the launches, then the same pages on a phone.
 * - A maker: signs up and confirms the address, adds a tool with its licence, repository, self-hosting and launch day,
 *   sees it verified (the verifier confirms the self-hosting) and held for its day, edits it from /my-tools, gives it a
 *   deal, claims another tool and sees the claim wait, features the tool once the claim is accepted, books a sponsor
 *   week and reads the receipt.
 * - An admin's day: the queue with a held launch and a declared self-hosting, the sponsors' review, the claims, and the
 *   settings in the three languages.
 */
import type { Browser, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRIPE_WEBHOOK_PATH } from "#common/page-paths.ts";
import { seedDemoActivity } from "#server/demo/activity.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { tools, users } from "#server/db/schema.ts";
import { insertTool, insertUser } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";
import { useBrowser } from "../setup/browser-site.ts";
import { useResource, useTestDatabase } from "../setup/fixtures.ts";
import { startTestServer, type TestServer } from "../setup/server.ts";
import { linkIn, startSmtpReceiver } from "../setup/smtp.ts";
import { startStripeStandIn } from "../setup/stripe.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const PHONE = { width: 390, height: 844 };

describe("people's errands across the site, in Chromium", () => {
  const database = useTestDatabase("pglite");
  const stripe = useResource(startStripeStandIn);
  const smtp = useResource(startSmtpReceiver);
  const chromium = useBrowser();
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer(database, { ...stripe.env, SMTP_URL: smtp.url, LOCALES: "en,fr,es" });
    stripe.setWebhook(`${server.url}${STRIPE_WEBHOOK_PATH}`);
    browser = chromium.browser;
    await seedDemoCatalogue(database.db, { storage: server.storage });
    await seedDemoActivity(database.db);
    // What the operator sells: a week's featuring, and the banner and the tool pages' slot by the week.
    const owner = await insertUser(database.db, { role: "admin", email: "owner@example.com" });
    await server.services.featuring.saveOffer(owner.session, {
      kind: "featured",
      amount: 2900,
      currency: "usd",
      days: 7,
      isOnSale: true,
    });
    for (const kind of ["banner", "list-slot"] as const)
      await server.services.sponsors.savePlacement(owner.session, {
        kind,
        amount: 4900,
        currency: "usd",
        weeksAhead: 6,
        isOnSale: true,
      });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  /** A new person's browser, at `viewport`. */
  async function browserPage(viewport?: { width: number; height: number }): Promise<Page> {
    return (await newContext(browser, viewport ? { viewport } : {})).newPage();
  }

  /** Signs a person up through the form, in their own browser; optionally gives them a role. */
  async function person(username: string, role?: "verifier" | "admin"): Promise<Page> {
    const page = await browserPage();
    await signUpInBrowser(page, server.url, username);
    if (role) await database.db.update(users).set({ role }).where(eq(users.username, username));
    return page;
  }

  /** The main content's words, as the person reads them. */
  const words = (page: Page) => page.locator("main").innerText();

  /** Waits until the main content shows `text`: a page reached in the browser renders after its address changes. */
  async function sees(page: Page, text: string | RegExp) {
    await expect
      .poll(
        async () => {
          const shown = await words(page);
          return typeof text === "string" ? shown.includes(text) : text.test(shown);
        },
        { timeout: 15_000, message: `${page.url()} shows ${text}` },
      )
      .toBe(true);
  }

  /** Follows a link in the main content and checks the page it leads to is a page, not an error. */
  async function follow(page: Page, name: string | RegExp, where = page.locator("main")) {
    await where.getByRole("link", { name }).first().click();
    await page.waitForLoadState("domcontentloaded");
    expect(await page.title(), page.url()).not.toMatch(/^(Page not found|Error)/);
  }

  describe("a French visitor", () => {
    it("goes from the home page to a top-list, a tool, its alternatives, its licence, a comparison, the deals and the launches, all in French", async () => {
      for (const viewport of [undefined, PHONE]) {
        const page = await browserPage(viewport);
        await gotoHydrated(page, `${server.url}/fr`);
        expect(await page.locator("h1").first().innerText()).toBe(
          "Les meilleurs outils pour les développeurs indépendants",
        );
        expect(await page.locator("html").getAttribute("lang")).toBe("fr");
        // The demo's own launches today, and the banner in French.
        await sees(page, "Lancés aujourd'hui");
        expect(await page.locator("aside").first().innerText()).toContain("Faites apparaître votre site sur Bing");

        // A top-list, from the footer.
        await page.locator("footer").getByRole("link", { name: /React/ }).first().click();
        await page.waitForURL(/\/fr\/top-react-tools$/);
        await sees(page, /outils/i);

        // A tool, its alternatives, its licence, a comparison.
        await gotoHydrated(page, `${server.url}/fr`);
        const plausible = await database.db.query.tools.findFirst({ where: eq(tools.name, "Plausible Analytics") });
        await gotoHydrated(page, `${server.url}/fr/tool/${plausible!.slug}`);
        await sees(page, "Visiter le site");
        await sees(page, "Les alternatives les plus proches");
        // The repository's facts, dated to when they were read (the demo's snapshot).
        await sees(page, /Vérifié le \d+ juin 2025/);
        await follow(page, "Alternatives à Plausible Analytics");
        await page.waitForURL(/\/fr\/tool\/.+\/alternatives$/);
        await sees(page, "font le même travail que Plausible Analytics");
        const alternatives = await words(page);
        expect(alternatives).toContain("Umami");
        for (const unrelated of ["Flutter", "Obsidian", "daisyUI"]) expect(alternatives).not.toContain(unrelated);
        await follow(page, /^Plausible Analytics vs /);
        await page.waitForURL(/\/fr\/compare\//);
        await sees(page, "Prix");
        await gotoHydrated(page, `${server.url}/fr/tool/${plausible!.slug}`);
        await follow(page, /Affero/);
        await page.waitForURL(/\/fr\/licence\//);
        await sees(page, "Plausible Analytics");

        // The deals and the launches, from the footer.
        await gotoHydrated(page, `${server.url}/fr/deals`);
        await sees(page, "DEMO20");
        await gotoHydrated(page, `${server.url}/fr/launches`);
        for (const launched of ["Dub", "Polar", "Cal.com"]) await sees(page, launched);
        await page.context().close();
      }
    });
  });

  describe("a maker", () => {
    it("signs up and confirms, adds a tool held for its day, edits it, gives it a deal, claims another, features it and sponsors a week", async () => {
      const maker = await person("Mia");
      // The welcome page says where the confirmation went; the link confirms it.
      await sees(maker, "We sent a link to mia@example.com");
      const confirmation = await smtp.waitForMail("mia@example.com", {
        subject: "Confirm your address for Indie Tools",
      });
      await maker.goto(linkIn(confirmation, server.url));
      await maker.getByRole("button", { name: /Confirm/ }).click();
      await maker.getByText("Your address is confirmed").waitFor();

      // A tool, with its licence, its repository, self-hosting, and the pricing chosen.
      await gotoHydrated(maker, `${server.url}/add-tool`);
      await maker.getByLabel("Name").fill("Mia's Counter");
      await maker.getByLabel("Website").fill("mias-counter.example");
      await maker.getByLabel("Short description").fill("Counts a site's visitors without cookies or consent banners.");
      await maker.getByLabel("Analytics and Data", { exact: true }).check();
      await maker.getByLabel("Pricing").selectOption("free");
      await maker.getByLabel("Repository (optional)").fill("https://github.com/mia/counter");
      await maker.getByLabel("Licence (optional)").fill("MIT");
      await maker.getByLabel(/^Self-hostable/).check();
      await maker.getByRole("button", { name: "Submit the tool" }).click();
      await maker.waitForURL(/\/my-tools\?submitted=t/);
      const [mine] = await database.db.select().from(tools).where(eq(tools.name, "Mia's Counter"));
      expect(mine).toMatchObject({ licence: "MIT", selfHostable: "declared" });

      // Its launch day, three days from now.
      await maker.getByRole("link", { name: "Choose the launch day" }).click();
      const day = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
      await maker.getByLabel("Launch day").fill(day);
      await maker.getByRole("button", { name: "Save the launch day" }).click();
      await maker
        .getByText(/launches on/)
        .first()
        .waitFor();

      // A verifier verifies it, confirming the self-hosting; the console says it waits for its day.
      const verifier = await person("Vera", "verifier");
      await gotoHydrated(verifier, `${server.url}/admin`);
      const queued = verifier.getByTestId("queued-tool").filter({ hasText: "Mia's Counter" });
      expect(await queued.getByLabel("It can be self-hosted, as its maker says").isChecked()).toBe(true);
      await queued.getByRole("button", { name: "Verify" }).click();
      expect(await verifier.getByTestId("action-done").innerText()).toMatch(
        /Mia's Counter is verified\. It goes live on \d+ \w+ \d{4}, the launch day its maker chose/,
      );

      // The maker's tools: coming soon, self-hostable, and an Edit link that works on a tool not yet public.
      await gotoHydrated(maker, `${server.url}/my-tools`);
      const row = maker.getByTestId("user-tool").filter({ hasText: "Mia's Counter" });
      expect(await row.getByTestId("tool-state").innerText()).toBe("Coming soon");
      expect(await row.getByTestId("user-tool-facts").innerText()).toContain("Self-hostable");
      await row.getByTestId("edit-link").click();
      await maker.waitForURL(/\/edit-tool\/t/);
      await maker
        .getByLabel("Short description")
        .fill("Counts a site's visitors without cookies, banners or tracking.");
      await maker.getByRole("button", { name: "Save the changes" }).click();
      await maker.waitForURL(/\/my-tools/);

      // A deal, which says it is saved.
      await maker.getByTestId("user-tool").filter({ hasText: "Mia's Counter" }).getByTestId("deal-link").click();
      await maker.getByLabel("Code").fill("MIA10");
      await maker.getByLabel("What it gives").fill("10% off the first year");
      await maker.getByLabel("Last day").fill(new Date(Date.now() + 20 * DAY_MS).toISOString().slice(0, 10));
      await maker.getByRole("button", { name: "Save the deal" }).click();
      await maker.getByTestId("deal-done").waitFor();
      expect(await maker.getByTestId("deal-done").innerText()).toContain("The deal is saved.");

      // A claim of another tool: explained before it is sent, then waiting after a reload, with nothing to feature.
      const claimed = await database.db.query.tools.findFirst({ where: eq(tools.name, "Fathom Analytics") });
      await gotoHydrated(maker, `${server.url}/tool/${claimed!.slug}`);
      await maker.getByText("Claim this tool").click();
      expect(await maker.getByTestId("claim-tool").innerText()).toContain("A moderator checks it");
      await maker.getByRole("button", { name: "Send my claim" }).click();
      await maker.getByTestId("claim-sent").waitFor();
      await gotoHydrated(maker, `${server.url}/tool/${claimed!.slug}`);
      await maker.getByTestId("claim-waiting").waitFor();
      expect(await maker.getByTestId("tool-header").getByTestId("feature-action").count()).toBe(0);
      expect(await maker.getByTestId("edit-tool").count()).toBe(0);

      // An admin accepts it: the tool is the maker's, to edit and to feature, paid on Stripe's page.
      const admin = await person("Adam", "admin");
      await gotoHydrated(admin, `${server.url}/admin/claims`);
      await admin
        .getByTestId("claim")
        .filter({ hasText: "Fathom Analytics" })
        .getByRole("button", { name: "Accept" })
        .click();
      await admin.getByTestId("action-done").waitFor();
      await gotoHydrated(maker, `${server.url}/tool/${claimed!.slug}`);
      await maker.getByTestId("edit-tool").waitFor();
      await maker.getByTestId("tool-header").getByTestId("feature-action").click();
      await maker.waitForURL(/\/feature\/t/);
      await maker.getByRole("button", { name: "Pay $29.00 with Stripe" }).click();
      await maker.waitForURL(`${stripe.url}/c/pay/**`);
      await maker.getByRole("button", { name: "Pay" }).click();
      await maker.waitForURL(`${server.url}/purchase/**`);
      await expect.poll(() => maker.getByTestId("purchase-status").innerText()).toMatch(/featured on the home page/);

      // A sponsor week for the banner, then its receipt, which names the ad and leads to it.
      await gotoHydrated(maker, `${server.url}/advertise`);
      await maker.getByRole("link", { name: "Book: Banner on every page" }).click();
      await maker.waitForURL(`${server.url}/advertise/banner`);
      await maker.locator('input[name="weeks"]').nth(1).check();
      await maker.getByLabel("The ad's text").fill("Mia's Counter: analytics without the cookie banner");
      await maker.getByLabel("The ad's link").fill("https://mias-counter.example");
      await maker.getByRole("button", { name: "Pay with Stripe" }).click();
      await maker.waitForURL(`${stripe.url}/c/pay/**`);
      await maker.getByRole("button", { name: "Pay" }).click();
      await maker.waitForURL(`${server.url}/sponsorships/**`);
      const adId = new URL(maker.url()).pathname.split("/").pop()!;
      await expect.poll(() => maker.getByTestId("ad-state").innerText()).toBe("Waiting for review");
      await gotoHydrated(maker, `${server.url}/purchase/${adId}`);
      const receipt = await words(maker);
      expect(receipt).toContain("This payment holds the weeks of your ad");
      expect(receipt).not.toContain("monthly featuring");
      await maker.getByTestId("purchase-ad").click();
      await maker.waitForURL(`${server.url}/sponsorships/${adId}`);
    });
  });

  describe("an admin's day", () => {
    it("works the queue with a held launch and a declared self-hosting, the sponsors and the claims, and reads the settings in three languages", async () => {
      const maker = await insertUser(database.db, { username: "Noor", email: "noor@example.com" });
      const held = await insertTool(database.db, {
        name: "Noor Notes",
        shortDesc: "Notes that sync between your devices, written in Markdown.",
        submittedBy: maker.id,
        selfHostable: "declared",
        isVerified: false,
      });
      await server.services.launches.chooseLaunchDay(maker.session, held.slug, {
        launchOn: new Date(Date.now() + 5 * DAY_MS).toISOString().slice(0, 10),
      });
      const admin = await person("Amal", "admin");
      await gotoHydrated(admin, `${server.url}/admin`);
      const queued = admin.getByTestId("queued-tool").filter({ hasText: "Noor Notes" });
      await queued.getByLabel("It can be self-hosted, as its maker says").uncheck();
      await queued.getByRole("button", { name: "Verify" }).click();
      expect(await admin.getByTestId("action-done").innerText()).toContain("Noor Notes is verified. It goes live on");
      expect((await database.db.query.tools.findFirst({ where: eq(tools.id, held.id) }))!.selfHostable).toBeNull();
      await gotoHydrated(admin, `${server.url}/admin/tools?q=Noor`);
      expect(await admin.getByTestId("tool-state").first().innerText()).toBe("Coming soon");
      expect(await admin.getByTestId("tool-launch").innerText()).toMatch(/^Launches on \d+ \w+ \d{4}$/);

      // The sponsors waiting for review, and the claims.
      await gotoHydrated(admin, `${server.url}/admin/sponsors`);
      await sees(admin, "Sponsors");
      await gotoHydrated(admin, `${server.url}/admin/claims`);
      expect(await admin.locator("main").count()).toBe(1);

      // The settings, in each language.
      for (const [prefix, heading] of [
        ["", "Settings"],
        ["/fr", "Réglages"],
        ["/es", "Ajustes"],
      ] as const) {
        await gotoHydrated(admin, `${server.url}${prefix}/admin/settings`);
        expect(await admin.getByRole("heading", { name: heading, exact: true }).count(), prefix).toBeGreaterThan(0);
      }
    });
  });
});
