/**
 * "Fill from website" in Chromium: the maker pastes the website, fills the form from it without leaving the page,
 * edits, and submits; a page too large, a redirect to loopback and an unreachable site each get a clear message and
 * leave nothing behind.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MESSAGES } from "#common/messages.ts";
import { tools } from "#server/db/schema.ts";
import { insertCategory } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";
import { closedPortUrl } from "../setup/local-http.ts";
import { describedPage, startWebsite, type Website } from "../setup/websites.ts";
import { useBrowserSite } from "../setup/browser-site.ts";

describe("Fill from website, in Chromium", () => {
  const frame = useBrowserSite({ FETCH_ALLOW_PRIVATE_HOSTS: "127.0.0.1" });
  const { database, server } = frame;
  let site: Website;
  let maker: Page;

  beforeAll(async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 300, height: 300, channels: 3, background: "#0ea5e9" } })
        .png()
        .toBuffer(),
    );
    const wide = new Uint8Array(
      await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#f97316" } })
        .png()
        .toBuffer(),
    );
    site = await startWebsite({
      "/": { body: describedPage() },
      "/icon.png": { type: "image/png", body: png },
      "/og.png": { type: "image/png", body: wide },
      "/huge": { huge: 50_000_000 },
    });
    site.serve("/to-loopback", { redirect: `http://localhost:${site.port}/` });
    await insertCategory(database.db, { label: "Analytics" });
    maker = await (await newContext(frame.browser)).newPage();
    await signUpInBrowser(maker, server.url, "Maker");
  });
  afterAll(async () => {
    await site?.close();
  });

  const filesOf = (toolId: string) => {
    const folder = path.join(server.filesDir, "tools", toolId);
    return existsSync(folder) ? readdirSync(folder) : [];
  };

  it("fills the form from the website, then submits what the maker kept", async () => {
    await gotoHydrated(maker, `${server.url}/add-tool`);
    const toolId = await maker.locator('input[name="toolId"]').inputValue();
    await maker.getByLabel("Website").fill(`${site.url}/`);
    await maker.getByLabel("Analytics").check();
    const before = maker.url();
    await maker.getByRole("button", { name: "Fill from website" }).click();
    await maker.getByTestId("website-filled").waitFor();
    expect(maker.url()).toBe(before);
    expect(await maker.getByLabel("Name").inputValue()).toBe("Counter");
    expect(await maker.getByLabel("Short description").inputValue()).toBe(
      "Counts visitors without cookies, for small sites.",
    );
    expect(await maker.getByLabel("Tags").inputValue()).toBe("analytics, privacy, web");
    await maker.getByTestId("logo-preview").waitFor();
    await maker.getByTestId("largeImage-preview").waitFor();
    expect(await maker.getByLabel("Analytics").isChecked()).toBe(true);

    // The maker edits before submitting.
    await maker.getByLabel("Name").fill("Counter Pro");
    await maker.getByRole("button", { name: "Submit the tool" }).click();
    await maker.waitForURL(/\/my-tools\?submitted=t/);
    const [tool] = await database.db.select().from(tools).where(eq(tools.id, toolId));
    expect(tool).toMatchObject({
      name: "Counter Pro",
      website: `${site.url}`,
      shortDesc: "Counts visitors without cookies, for small sites.",
      tags: ["analytics", "privacy", "web"],
    });
    expect(tool!.logo).toMatch(new RegExp(`^/files/tools/${toolId}/`));
    expect(tool!.largeImage).toMatch(new RegExp(`^/files/tools/${toolId}/`));
  });

  it.each([
    ["a 50 MB page", async () => `${site.url}/huge`, MESSAGES.fetch.tooLarge(2_000_000)],
    ["a redirect to 127.0.0.1's other name", async () => `${site.url}/to-loopback`, MESSAGES.fetch.privateAddress],
    ["an unreachable site", closedPortUrl, MESSAGES.fetch.unreachable],
  ])("tells why it cannot read %s, and leaves nothing behind", async (_name, address, message) => {
    await gotoHydrated(maker, `${server.url}/add-tool`);
    const toolId = await maker.locator('input[name="toolId"]').inputValue();
    await maker.getByLabel("Name").fill("Typed Name");
    await maker.getByLabel("Website").fill(await address());
    const count = (await database.db.select().from(tools)).length;
    await maker.getByRole("button", { name: "Fill from website" }).click();
    await maker.locator("#field-website-error").getByText(message).waitFor();
    expect(await maker.getByLabel("Name").inputValue()).toBe("Typed Name");
    expect(filesOf(toolId)).toEqual([]);
    expect((await database.db.select().from(tools)).length).toBe(count);
  });
});
