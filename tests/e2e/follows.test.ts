/**
 * Follows in Chromium (decision 044): a person follows a category from its page, the weekly e-mail reaches a real SMTP
 * server with the new tool, and its unsubscribe link works in a browser that is not signed in.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertTool } from "../factories.ts";
import { axeViolations } from "../setup/axe.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";
import { startSmtpReceiver } from "../setup/smtp.ts";
import { useResource } from "../setup/fixtures.ts";
import { useBrowserSite } from "../setup/browser-site.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("follows in Chromium", () => {
  const smtp = useResource(startSmtpReceiver);
  const site = useBrowserSite(() => ({ SMTP_URL: smtp.url }));
  const { database, server } = site;
  let category: Awaited<ReturnType<typeof insertCategory>>;

  beforeAll(async () => {
    category = await insertCategory(database.db, { label: "Analytics" });
    await insertTool(database.db, { name: "Plausible", categories: [category.id] });
  });

  it("follows a category, receives its weekly e-mail, and unsubscribes from it signed out", {
    timeout: 60_000,
  }, async () => {
    const page = await (await newContext(site.browser)).newPage();
    await signUpInBrowser(page, server.url, "Ada");
    await gotoHydrated(page, `${server.url}/category/${category.slug}`);
    const button = page.getByTestId("follow-button");
    expect(await button.textContent()).toBe("Follow");
    expect(await axeViolations(page)).toEqual([]);
    await button.click();
    await expect.poll(() => button.getAttribute("aria-pressed")).toBe("true");
    // Once the answer came, it stays: the button never goes back to "Follow".
    await expect.poll(() => button.textContent()).toBe("Following");
    // Once every request of the click has been answered (the page's data read again included).
    await page.waitForLoadState("networkidle");
    expect(await button.getAttribute("aria-pressed")).toBe("true");
    expect(await button.textContent()).toBe("Following");
    // The state holds on the next visit of the cached page.
    await gotoHydrated(page, `${server.url}/category/${category.slug}`);
    expect(await page.getByTestId("follow-button").textContent()).toBe("Following");
    await gotoHydrated(page, `${server.url}/following`);
    expect(await page.getByTestId("following").textContent()).toContain("Analytics");

    // The weekly e-mail goes to a confirmed address only: the first follow mailed the link that confirms it.
    await page.getByTestId("confirm-email-note").waitFor();
    await server.services.outbox.drain();
    const confirmation = await smtp.waitForMail("ada@example.com", { subject: "Confirm your address for Indie Tools" });
    const confirmLink = /(http:\/\/\S+\/confirm-email\?\S+)/.exec(confirmation.text)![1]!;
    const inbox = await (await newContext(site.browser)).newPage();
    await gotoHydrated(inbox, confirmLink);
    await inbox.getByRole("button", { name: "Confirm your address" }).click();
    await inbox.getByTestId("email-confirmed").waitFor();
    await gotoHydrated(page, `${server.url}/following`);
    expect(await page.getByTestId("confirm-email-note").count()).toBe(0);

    // A tool of the category is verified during the week; the week's e-mail goes out.
    await insertTool(database.db, {
      name: "Fathom Analytics",
      categories: [category.id],
      verifiedAt: new Date(Date.now() + DAY_MS),
    });
    expect(await server.services.follows.sendFollowDigests(new Date(Date.now() + 7 * DAY_MS + 60_000))).toBe(1);
    await server.services.outbox.drain();
    const mail = await smtp.waitForMail("ada@example.com", { subject: "New in what you follow on Indie Tools" });
    expect(mail.raw).toContain("Fathom Analytics");
    // Long headers are folded over lines: unfolded, as a mail client reads them.
    const headers = mail.raw.replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(
      /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?list=follows&user=u[a-z0-9]+&token=[A-Za-z0-9_-]{43}>/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // The link, opened where nobody is signed in.
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)![1]!;
    const stranger = await (await newContext(site.browser)).newPage();
    await gotoHydrated(stranger, link);
    await stranger.getByRole("button", { name: "Unsubscribe" }).click();
    await stranger.getByTestId("unsubscribed").waitFor();
    await gotoHydrated(page, `${server.url}/following`);
    expect(await page.getByLabel("E-mail me the new tools in what I follow, once a week").isChecked()).toBe(false);
  });
});
