/**
 * Badges in Chromium: a page of another site shows a tool's badge, and /my-tools copies its snippets with the Copy
 * buttons (without JavaScript the snippets are there to select, and no button that could not work is shown).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { eq } from "drizzle-orm";
import { users } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

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
  const site = useBrowserSite();

  it("is shown by a page of another site, light and dark, with its link to the tool page", async () => {
    const tool = await insertTool(site.database.db, { name: "Embedded", views: 42 });
    const other = await startOtherSite(
      `<!doctype html><a href="${site.server.url}/tool/${tool.slug}?ref=badge"><img id="light" src="${site.server.url}/badge/${tool.slug}.svg"></a>` +
        `<img id="dark" src="${site.server.url}/badge/${tool.slug}.svg?theme=dark&views=1"><img id="missing" src="${site.server.url}/badge/no-such-tool.svg">`,
    );
    try {
      const context = await newContext(site.browser);
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
      await page.waitForURL(`${site.server.url}/tool/${tool.slug}?ref=badge`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Embedded");
      await context.close();
    } finally {
      await other.close();
    }
  });

  it("/my-tools copies the HTML and the Markdown, and shows them to select without JavaScript", async () => {
    const context = await newContext(site.browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.server.url });
    const page = await context.newPage();
    await signUpInBrowser(page, site.server.url, "Maker");
    const [maker] = await site.database.db.select().from(users).where(eq(users.email, "maker@example.com"));
    const tool = await insertTool(site.database.db, {
      name: "Copied",
      submittedBy: maker!.id,
      creatorUsername: maker!.slug,
      isLinkedToCreator: true,
    });

    await gotoHydrated(page, `${site.server.url}/my-tools`);
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
      `[![Copied on Indie Tools](${site.server.url}/badge/${tool.slug}.svg)](${site.server.url}/tool/${tool.slug}?ref=badge)`,
    );

    const cookies = await context.cookies();
    const plainContext = await newContext(site.browser, { javaScriptEnabled: false });
    await plainContext.addCookies(cookies);
    const plain = await plainContext.newPage();
    await plain.goto(`${site.server.url}/my-tools`);
    await plain.getByText("Badge for your website").click();
    expect(await plain.locator(`#badge-html-${tool.id}`).inputValue()).toContain(
      `href="${site.server.url}/tool/${tool.slug}?ref=badge"`,
    );
    expect(await plain.getByRole("button", { name: "Copy" }).count()).toBe(0);
    await plainContext.close();
    await context.close();
  });
});
