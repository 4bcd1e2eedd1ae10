/** The anti-spam check in Chromium (decision 023): the browser solves the proof of work itself, for sign-up and a tool. */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq } from "drizzle-orm";
import { spentProofs, tools, users } from "#server/db/schema.ts";
import { CHALLENGE_PATH } from "#common/spam-fields.ts";
import { insertCategory } from "../factories.ts";
import { gotoHydrated, newContext } from "../setup/browser.ts";

describe("the anti-spam check, in Chromium", () => {
  const site = useBrowserSite();
  let page: Page;

  beforeAll(async () => {
    await insertCategory(site.database.db, { label: "Analytics" });
    page = await (await newContext(site.browser)).newPage();
  });

  it("signs up: a refused address keeps the form, and the corrected one goes through with the browser's proof", async () => {
    await gotoHydrated(page, `${site.server.url}/register`);
    await page.getByLabel("Username").fill("Ada");
    await page.getByLabel("E-mail").fill("ada@mailinator.com");
    await page.getByLabel("Password").fill("long-enough");
    // Sent at once: the form waits for the proof, then goes.
    await page.getByRole("button", { name: "Sign up" }).click();
    await page
      .getByText("Addresses from disposable e-mail services are not accepted. Use an address you keep.")
      .waitFor();
    expect(await page.getByLabel("Username").inputValue()).toBe("Ada");
    expect(await page.getByTestId("spam-check").getAttribute("data-state")).toBe("ready");
    expect(await site.database.db.select().from(users)).toEqual([]);

    await page.getByLabel("E-mail").fill("ada@example.com");
    await page.getByLabel("Password").fill("long-enough");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(`${site.server.url}/welcome`);
    expect(await site.database.db.select({ email: users.email }).from(users)).toEqual([{ email: "ada@example.com" }]);
    expect(await site.database.db.select().from(spentProofs)).toHaveLength(1);
  });

  it("submits a tool once the browser has solved its challenge", async () => {
    await gotoHydrated(page, `${site.server.url}/add-tool`);
    await page.locator('[data-testid="spam-check"][data-state="ready"]').waitFor();
    await page.getByLabel("Name").fill("Spamless Counter");
    await page.getByLabel("Website").fill("spamless.example");
    await page.getByLabel("Short description").fill("Counts visitors without cookies, for small sites.");
    await page.getByLabel("Analytics").check();
    await page.getByRole("button", { name: "Submit the tool" }).click();
    await page.waitForURL(/\/my-tools\?submitted=t/);
    expect(
      await site.database.db.select({ name: tools.name }).from(tools).where(eq(tools.name, "Spamless Counter")),
    ).toHaveLength(1);
    expect(await site.database.db.select().from(spentProofs)).toHaveLength(2);
  });

  it("sends a form clicked while the check works as soon as the proof is in it, however soon the browser draws its next frame", async () => {
    const context = await newContext(site.browser);
    // Each frame callback runs at once: the waiting submit cannot count on React's render coming before the next frame.
    await context.addInitScript(() => {
      window.requestAnimationFrame = (callback) => {
        callback(performance.now());
        return 0;
      };
    });
    const eager = await context.newPage();
    // The challenge is held back until the form has been clicked.
    let releaseChallenge = () => {};
    const challengeHeld = new Promise<void>((resolve) => (releaseChallenge = resolve));
    await eager.route(`**${CHALLENGE_PATH}`, async (route) => {
      await challengeHeld;
      await route.continue();
    });
    await gotoHydrated(eager, `${site.server.url}/register`);
    await eager.getByLabel("Username").fill("Grace");
    await eager.getByLabel("E-mail").fill("grace@example.com");
    await eager.getByLabel("Password").fill("long-enough");
    await eager.getByRole("button", { name: "Sign up" }).click();
    expect(await eager.getByTestId("spam-check").getAttribute("data-state")).toBe("working");
    releaseChallenge();
    await eager.waitForURL(`${site.server.url}/welcome`);
    expect(
      await site.database.db.select({ email: users.email }).from(users).where(eq(users.email, "grace@example.com")),
    ).toHaveLength(1);
    await context.close();
  });

  it("says plainly, without JavaScript, that signing up and adding a tool need it, and keeps what was typed when sent all the same", async () => {
    const context = await newContext(site.browser, { javaScriptEnabled: false });
    const noScript = await context.newPage();
    await noScript.goto(`${site.server.url}/register`);
    expect(await noScript.locator("noscript p").innerText()).toMatch(
      /^Signing up needs JavaScript, for the anti-spam check that keeps robots out\./,
    );
    expect(await noScript.locator("noscript p").isVisible()).toBe(true);
    expect(await noScript.getByTestId("spam-check").isVisible()).toBe(false);
    await noScript.getByLabel("Username").fill("Nils");
    await noScript.getByLabel("E-mail").fill("nils@example.com");
    await noScript.getByLabel("Password").fill("long-enough");
    await noScript.getByRole("button", { name: "Sign up" }).click();
    await noScript
      .getByText(
        "This form needs JavaScript for its anti-spam check. Turn JavaScript on in your browser, then send it again.",
      )
      .waitFor();
    expect(await noScript.getByLabel("E-mail").inputValue()).toBe("nils@example.com");
    expect(await site.database.db.select().from(users).where(eq(users.email, "nils@example.com"))).toEqual([]);

    // Ada, who signed up in the first test, signs in without JavaScript (no check there) and opens the form to add a tool.
    await noScript.goto(`${site.server.url}/login`);
    await noScript.getByLabel("E-mail").fill("ada@example.com");
    await noScript.getByLabel("Password").fill("long-enough");
    await noScript.getByRole("button", { name: "Log in" }).click();
    await noScript.waitForURL(`${site.server.url}/`);
    await noScript.goto(`${site.server.url}/add-tool`);
    expect(await noScript.locator("noscript p").innerText()).toMatch(
      /^Adding a tool needs JavaScript, for the anti-spam check that keeps robots out\./,
    );
    expect(await noScript.getByTestId("spam-check").isVisible()).toBe(false);
    await context.close();
  });
});
