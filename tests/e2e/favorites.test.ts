import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq } from "drizzle-orm";
import { favorites, tools, users } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("favourites in Chromium", () => {
  const site = useBrowserSite();
  let plausible: Awaited<ReturnType<typeof insertTool>>;
  let umami: Awaited<ReturnType<typeof insertTool>>;
  let matomo: Awaited<ReturnType<typeof insertTool>>;

  beforeAll(async () => {
    plausible = await insertTool(site.database.db, { name: "Plausible", createdAt: new Date("2026-03-02T00:00:00Z") });
    umami = await insertTool(site.database.db, { name: "Umami", createdAt: new Date("2026-03-01T00:00:00Z") });
    matomo = await insertTool(site.database.db, { name: "Matomo", createdAt: new Date("2026-02-28T00:00:00Z") });
  });

  async function favouritesOf(email: string): Promise<string[]> {
    const rows = await site.database.db
      .select({ toolId: favorites.toolId })
      .from(favorites)
      .innerJoin(users, eq(users.id, favorites.userId))
      .where(eq(users.email, email));
    return rows.map((row) => row.toolId);
  }

  /** Fills the sign-up form the page is on; the browser then lands where the form sends it. */
  async function fillSignUp(page: Page, username: string) {
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("E-mail").fill(`${username.toLowerCase()}@example.com`);
    await page.getByLabel("Password").fill("long-enough");
    await page.getByRole("button", { name: "Sign up" }).click();
  }

  const card = (page: Page, name: string): Locator =>
    page.getByTestId("tool-card").filter({ has: page.getByRole("link", { name, exact: true }) });

  it("with JavaScript: the heart changes without a page reload, and /my-favorites lists the tool", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await gotoHydrated(page, `${site.server.url}/register`);
    await fillSignUp(page, "Ada");
    await page.waitForURL(`${site.server.url}/welcome`);
    await gotoHydrated(page, site.server.url);

    // A value that only survives if the page is not loaded again.
    await page.evaluate(() => Object.assign(window, { favouriteMarker: "same page" }));
    const heart = card(page, "Plausible").getByRole("button", { name: "Add to favourites" });
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();

    const pressed = card(page, "Plausible").getByRole("button", { name: "Remove from favourites" });
    await pressed.waitFor();
    // The seed's toast says it was saved, and goes after 2 seconds.
    const toast = page.getByTestId("toast").filter({ hasText: "Saved to your favourites." });
    await toast.waitFor();
    await toast.waitFor({ state: "detached", timeout: 4000 });
    expect(await pressed.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => favouritesOf("ada@example.com")).toEqual([plausible.id]);
    expect(await page.evaluate(() => (window as unknown as { favouriteMarker?: string }).favouriteMarker)).toBe(
      "same page",
    );
    expect(
      await card(page, "Umami").getByRole("button", { name: "Add to favourites" }).getAttribute("aria-pressed"),
    ).toBe("false");

    // The Profile menu leads to the list, client-side.
    const nav = page.getByTestId("nav-desktop");
    await nav.getByTestId("profile-menu").click();
    await nav.getByRole("link", { name: "My favourites" }).click();
    await page.waitForURL(`${site.server.url}/my-favorites`);
    await page.getByRole("heading", { name: "My favourites" }).waitFor();
    expect(await page.getByTestId("tool-card").count()).toBe(1);
    expect(
      await card(page, "Plausible")
        .getByRole("button", { name: "Remove from favourites" })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    expect(await page.evaluate(() => (window as unknown as { favouriteMarker?: string }).favouriteMarker)).toBe(
      "same page",
    );

    // On a tool page, the heart beside 'Visit website' does not count the visit again: the page's one page view does.
    await gotoHydrated(page, `${site.server.url}/tool/${umami.slug}`);
    const views = async () =>
      (await site.database.db.select({ views: tools.views }).from(tools).where(eq(tools.id, umami.id)))[0]!.views;
    await expect.poll(views, { timeout: 5000 }).toBe(1);
    await page.getByRole("button", { name: "Add to favourites" }).click();
    await page.getByRole("button", { name: "Remove from favourites" }).waitFor();
    await expect
      .poll(() => favouritesOf("ada@example.com").then((ids) => ids.sort()))
      .toEqual([plausible.id, umami.id].sort());
    await site.server.services.analytics.flush();
    expect(await views()).toBe(1);

    // A page loaded afresh shows both hearts pressed from its first HTML.
    await gotoHydrated(page, site.server.url);
    expect(
      await card(page, "Umami").getByRole("button", { name: "Remove from favourites" }).getAttribute("aria-pressed"),
    ).toBe("true");

    // A tool taken down while the page was open: the heart says so and stays empty; the page stays.
    await site.database.db.update(tools).set({ isActive: false }).where(eq(tools.id, matomo.id));
    await card(page, "Matomo").getByRole("button", { name: "Add to favourites" }).click();
    await page.getByText("No tool found with this ID").waitFor();
    expect(
      await card(page, "Matomo").getByRole("button", { name: "Add to favourites" }).getAttribute("aria-pressed"),
    ).toBe("false");
    expect(await favouritesOf("ada@example.com")).toHaveLength(2);
    await context.close();
  });

  it("without JavaScript: a visitor's heart leads to sign in and back, then the form adds the tool", async () => {
    // Signing up needs JavaScript for its anti-spam check (decision 023): Grace signs up first, in a browser that runs it.
    const signUp = await (await newContext(site.browser)).newPage();
    await signUpInBrowser(signUp, site.server.url, "Grace");
    await signUp.context().close();
    const context = await newContext(site.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.server.url}/tools`);
    // The visitor's heart is the same form as anyone's: its post leads to the login, and back.
    await card(page, "Umami").getByRole("button", { name: "Add to favourites" }).click();
    await page.waitForURL(`${site.server.url}/login?redirectTo=%2Ftools`);
    await page.getByLabel("E-mail").fill("grace@example.com");
    await page.getByLabel("Password").fill("long-enough");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${site.server.url}/tools`);

    await card(page, "Umami").getByRole("button", { name: "Add to favourites" }).click();
    await page.waitForURL(`${site.server.url}/tools`);
    expect(
      await card(page, "Umami").getByRole("button", { name: "Remove from favourites" }).getAttribute("aria-pressed"),
    ).toBe("true");
    expect(
      await card(page, "Plausible").getByRole("button", { name: "Add to favourites" }).getAttribute("aria-pressed"),
    ).toBe("false");
    expect(await favouritesOf("grace@example.com")).toEqual([umami.id]);

    await page.goto(`${site.server.url}/my-favorites`);
    expect(await page.getByTestId("tool-card").count()).toBe(1);
    expect(await card(page, "Umami").isVisible()).toBe(true);

    // And the heart takes it off again.
    await card(page, "Umami").getByRole("button", { name: "Remove from favourites" }).click();
    await page.waitForURL(`${site.server.url}/my-favorites`);
    await page.getByText("No favourite yet").waitFor();
    expect(await favouritesOf("grace@example.com")).toEqual([]);
    await context.close();
  });

  it("a like from an account older than a day shows in its count at once, and in the page every visitor gets", async () => {
    await insertTool(site.database.db, { name: "Fathom" });
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await gotoHydrated(page, `${site.server.url}/register`);
    await fillSignUp(page, "Liker");
    await page.waitForURL(`${site.server.url}/welcome`);
    await site.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(users.email, "liker@example.com"));
    // A visitor's copy of the home page is in the cache before the like.
    const visitor = await (await newContext(site.browser)).newPage();
    await gotoHydrated(visitor, `${site.server.url}/`);
    expect(await card(visitor, "Fathom").getByTestId("like-count").count()).toBe(0);

    await gotoHydrated(page, `${site.server.url}/`);
    await card(page, "Fathom").getByRole("button", { name: "Add to favourites" }).click();
    await expect.poll(() => card(page, "Fathom").getByTestId("like-count").textContent()).toBe("1");
    expect(
      await card(page, "Fathom").getByRole("button", { name: "Remove from favourites" }).getAttribute("aria-label"),
    ).toBe("Remove from favourites, 1 like");

    await gotoHydrated(visitor, `${site.server.url}/`);
    expect(await card(visitor, "Fathom").getByTestId("like-count").textContent()).toBe("1");
    await context.close();
  });

  it("a new account's like shows in its own view at once, says when it counts for everyone, and waits in the public's", async () => {
    const tool = await insertTool(site.database.db, { name: "Pirsch" });
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await gotoHydrated(page, `${site.server.url}/register`);
    await fillSignUp(page, "Newcomer");
    await page.waitForURL(`${site.server.url}/welcome`);

    await gotoHydrated(page, `${site.server.url}/`);
    await card(page, "Pirsch").getByRole("button", { name: "Add to favourites" }).click();
    await page
      .getByText("Your like shows to you now, and counts for everyone once your account is a day old.")
      .waitFor();
    await expect.poll(() => card(page, "Pirsch").getByTestId("like-count").textContent()).toBe("1");
    expect(
      await card(page, "Pirsch").getByRole("button", { name: "Remove from favourites" }).getAttribute("aria-label"),
    ).toBe("Remove from favourites, 1 like");

    // The tool page says so beside its heart, and a later visit still counts the person's like in their view.
    await gotoHydrated(page, `${site.server.url}/tool/${tool.slug}`);
    await page.getByTestId("like-waiting").waitFor();
    expect(await page.getByTestId("like-waiting").textContent()).toBe(
      "Your like shows to you now, and counts for everyone once your account is a day old.",
    );
    await gotoHydrated(page, `${site.server.url}/`);
    await expect.poll(() => card(page, "Pirsch").getByTestId("like-count").textContent()).toBe("1");

    // Everyone else sees the count without it until it counts.
    const visitor = await (await newContext(site.browser)).newPage();
    await gotoHydrated(visitor, `${site.server.url}/`);
    expect(await card(visitor, "Pirsch").getByTestId("like-count").count()).toBe(0);

    // Taken back, it leaves the count as it was.
    await card(page, "Pirsch").getByRole("button", { name: "Remove from favourites" }).click();
    await expect.poll(() => card(page, "Pirsch").getByTestId("like-count").count()).toBe(0);
    await context.close();
  });
});
