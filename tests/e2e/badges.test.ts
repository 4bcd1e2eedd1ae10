/**
 * Badges in Chromium: a page of another site shows a tool's badge, and /my-tools copies its snippets with the Copy
 * buttons (without JavaScript the snippets are there to select, and no button that could not work is shown).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { gotoHydrated, launchBrowser, newContext, signUpInBrowser } from "../setup/browser.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { startTestServer } from "../setup/server.ts";

/** Another site on 127.0.0.1 (another port: another origin), serving one page of HTML. */
async function startOtherSite(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("badges in Chromium", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    server = await startTestServer(database);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await database?.close();
  });

  it("is shown by a page of another site, light and dark, with its link to the tool page", async () => {
    const tool = await insertTool(database.db, { name: "Embedded", views: 42 });
    const other = await startOtherSite(
      `<!doctype html><a href="${server.url}/tool/${tool.slug}?ref=badge"><img id="light" src="${server.url}/badge/${tool.slug}.svg"></a>` +
        `<img id="dark" src="${server.url}/badge/${tool.slug}.svg?theme=dark&views=1"><img id="missing" src="${server.url}/badge/no-such-tool.svg">`,
    );
    try {
      const context = await newContext(browser);
      const page = await context.newPage();
      await page.goto(other.url);
      const sizes = await page.evaluate(async () => {
        const images = [...document.images];
        await Promise.all(
          images.map((image) =>
            image.complete
              ? null
              : new Promise((done) => {
                  image.addEventListener("load", done);
                  image.addEventListener("error", done);
                }),
          ),
        );
        return Object.fromEntries(
          images.map((image) => [image.id, { width: image.naturalWidth, height: image.naturalHeight }]),
        );
      });
      // Drawn, at its own size: the dark one with the views is wider.
      expect(sizes.light!.height).toBe(40);
      expect(sizes.light!.width).toBeGreaterThan(60);
      expect(sizes.dark!.width).toBeGreaterThan(sizes.light!.width);
      // An unlisted tool's badge says so, rather than showing a broken image.
      expect(sizes.missing!.height).toBe(40);

      await page.locator("a").click();
      await page.waitForURL(`${server.url}/tool/${tool.slug}?ref=badge`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Embedded");
      await context.close();
    } finally {
      await other.close();
    }
  });

  it("/my-tools copies the HTML and the Markdown, and shows them to select without JavaScript", async () => {
    const context = await newContext(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await context.newPage();
    await signUpInBrowser(page, server.url, "Maker");
    const [maker] = await database.db.select().from(users).where(eq(users.email, "maker@example.com"));
    const tool = await insertTool(database.db, {
      name: "Copied",
      submittedBy: maker!.id,
      creatorUsername: maker!.slug,
      isLinkedToCreator: true,
    });

    await gotoHydrated(page, `${server.url}/my-tools`);
    await page.getByText("Badge for your website").click();
    for (const [id, label] of [
      [`badge-html-${tool.id}`, "HTML"],
      [`badge-markdown-${tool.id}`, "Markdown"],
    ] as const) {
      await page.getByTestId(`copy-${id}`).click();
      await page
        .getByTestId("toast")
        .filter({ hasText: `${label} copied` })
        .waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.locator(`#${id}`).inputValue());
    }
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `[![Copied on Indie Tools](${server.url}/badge/${tool.slug}.svg)](${server.url}/tool/${tool.slug}?ref=badge)`,
    );

    const cookies = await context.cookies();
    const plainContext = await newContext(browser, { javaScriptEnabled: false });
    await plainContext.addCookies(cookies);
    const plain = await plainContext.newPage();
    await plain.goto(`${server.url}/my-tools`);
    await plain.getByText("Badge for your website").click();
    expect(await plain.locator(`#badge-html-${tool.id}`).inputValue()).toContain(
      `href="${server.url}/tool/${tool.slug}?ref=badge"`,
    );
    expect(await plain.getByRole("button", { name: "Copy" }).count()).toBe(0);
    await plainContext.close();
    await context.close();
  });
});
