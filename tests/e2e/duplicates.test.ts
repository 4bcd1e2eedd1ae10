/**
 * Duplicates and the queue's keys in Chromium (decision 022): a maker submits a tool that is already listed, follows
 * the link and claims it; a verifier works the queue with j, k, v and r, which never fire while typing.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq } from "drizzle-orm";
import { tools, users } from "#server/db/schema.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("duplicates and the queue's keys, in Chromium", () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    await insertCategory(site.database.db, { label: "Analytics" });
  });

  async function person(username: string, role?: "verifier" | "admin"): Promise<Page> {
    const page = await (await newContext(site.browser)).newPage();
    await signUpInBrowser(page, site.server.url, username);
    if (role) await site.database.db.update(users).set({ role }).where(eq(users.username, username));
    return page;
  }

  async function rowOf(id: string) {
    const [row] = await site.database.db.select().from(tools).where(eq(tools.id, id));
    return row;
  }

  it("turns a duplicate submission into a claim of the listed tool", async () => {
    const listed = await insertTool(site.database.db, {
      name: "Listed Counter",
      website: "https://listed-counter.example",
    });
    const maker = await person("Mia");
    await gotoHydrated(maker, `${site.server.url}/add-tool`);
    await maker.getByLabel("Name").fill("My Counter");
    await maker.getByLabel("Website").fill("https://www.listed-counter.example/?utm_source=newsletter");
    await maker.getByLabel("Short description").fill("Counts visitors without cookies, for small sites.");
    await maker.getByLabel("Analytics").check();
    await maker.getByRole("button", { name: "Submit the tool" }).click();
    await maker.getByText("Listed Counter is already listed.").waitFor();
    await maker.getByRole("link", { name: "Claim the listed tool instead" }).click();
    await maker.waitForURL(`${site.server.url}/tool/${listed.slug}`);
    await maker.getByText("Claim this tool").click();
    await maker.getByRole("button", { name: "Send my claim" }).click();
    await maker.getByText("Your claim was sent.").waitFor();
    expect(await rowOf(listed.id)).toMatchObject({ hasBeenClaimed: true, creatorUsername: "mia" });
    expect(await site.database.db.select().from(tools).where(eq(tools.name, "My Counter"))).toEqual([]);
  });

  it("moves with j and k, verifies with v, focuses the reason with r, and types freely in a field", async () => {
    const first = await insertTool(site.database.db, {
      name: "First Queued",
      website: "https://first-queued.example",
      isVerified: false,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    const second = await insertTool(site.database.db, {
      name: "Second Queued",
      website: "https://second-queued.example",
      isVerified: false,
      createdAt: new Date("2026-01-02T00:00:00Z"),
    });
    const verifier = await person("Vic", "verifier");
    await gotoHydrated(verifier, `${site.server.url}/admin`);

    // The help is visible, and ? opens it.
    await verifier.getByText("Keyboard shortcuts").waitFor();
    await verifier.keyboard.press("?");
    await verifier.getByText("verify the current tool").waitFor();

    const items = verifier.getByTestId("queued-tool");
    await verifier.keyboard.press("j");
    await expect.poll(() => items.nth(0).getAttribute("aria-current")).toBe("true");
    await verifier.keyboard.press("j");
    await expect.poll(() => items.nth(1).getAttribute("aria-current")).toBe("true");
    await verifier.keyboard.press("k");
    await expect.poll(() => items.nth(0).getAttribute("aria-current")).toBe("true");
    expect(await items.nth(1).getAttribute("aria-current")).toBeNull();

    // r focuses the first tool's reason; typing there, v and j are letters, not shortcuts.
    await verifier.keyboard.press("r");
    const reason = items.nth(0).locator("textarea[name=reason]");
    await expect.poll(() => reason.evaluate((element) => element === document.activeElement)).toBe(true);
    await verifier.keyboard.type("vj");
    expect(await reason.inputValue()).toBe("vj");
    expect(await rowOf(first.id)).toMatchObject({ isVerified: false });

    // Out of the field, v verifies the current tool.
    await reason.evaluate((element) => (element as HTMLTextAreaElement).blur());
    await verifier.keyboard.press("v");
    await verifier.getByTestId("action-done").waitFor();
    await expect.poll(async () => (await rowOf(first.id))?.isVerified).toBe(true);
    expect(await rowOf(second.id)).toMatchObject({ isVerified: false });
  });
});
