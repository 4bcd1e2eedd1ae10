/**
 * The tool page in Chromium with the files in an S3 bucket (s3rver on 127.0.0.1, another origin than the site): the
 * browser reads a tool's snapshot and its logo from the bucket, which the page's policy allows, and falls back to the
 * server when the snapshot cannot be read (docs/product.md §7).
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { tools } from "#server/db/schema.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { toolSnapshotKey } from "#server/tools/read/snapshots.ts";
import { gotoHydrated, newContext } from "../setup/browser.ts";
import { startTestBucket } from "../setup/s3.ts";
import { useResource } from "../setup/fixtures.ts";
import { useBrowserSite } from "../setup/browser-site.ts";

describe("a tool page with the files in an S3 bucket, in Chromium", () => {
  const bucket = useResource(() => startTestBucket());
  const frame = useBrowserSite(() => bucket.env);
  const { database, server } = frame;
  let context: BrowserContext;
  let page: Page;
  let requests: string[];

  beforeAll(async () => {
    const seeded = await seedDemoCatalogue(database.db);
    for (const id of seeded!.toolIds) await server.services.tools.writeToolSnapshot(id);
    context = await newContext(frame.browser);
    page = await context.newPage();
    requests = [];
    page.on("request", (request) => requests.push(request.url()));
  });
  afterAll(async () => {
    await context?.close();
  });

  /** Opens a category, then its `index`-th tool client-side; answers the tool's id and name. */
  async function openTool(
    category: string,
    index: number,
    beforeClick: (id: string) => Promise<void> = async () => {},
  ) {
    await gotoHydrated(page, `${server.url}/category/${category}`);
    const link = page.getByTestId("tool-card").nth(index).locator("h3 a");
    const name = (await link.textContent())!.trim();
    const id = /(t[a-z0-9]{17})$/.exec((await link.getAttribute("href"))!)![1]!;
    await beforeClick(id);
    requests.length = 0;
    await link.click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    return { id, name };
  }

  it("reads the snapshot and the logo from the bucket, not from the server", async () => {
    const { id } = await openTool("analytics-and-data", 0, async (id) => {
      // The tool shows a logo stored in the bucket.
      const png = await fetch(`${server.url}/favicon.ico`).then((response) => response.arrayBuffer());
      await server.storage.write(`tools/${id}/logo0000000a.webp`, new Uint8Array(png), "image/x-icon");
      await database.db
        .update(tools)
        .set({ logo: server.storage.publicUrl(`tools/${id}/logo0000000a.webp`) })
        .where(eq(tools.id, id));
      await server.services.tools.writeToolSnapshot(id);
    });
    const snapshotUrl = `${bucket.endpoint}/${bucket.bucket}/${toolSnapshotKey(id)}`;
    expect(requests.some((url) => url.startsWith(snapshotUrl))).toBe(true);
    expect(requests.some((url) => new URL(url).pathname.endsWith(".data"))).toBe(false);
    expect(requests.some((url) => url.startsWith(`${server.url}/files/`))).toBe(false);
    await expect
      .poll(() => requests.some((url) => url === `${bucket.endpoint}/${bucket.bucket}/tools/${id}/logo0000000a.webp`))
      .toBe(true);
  });

  it("falls back to the server when the snapshot cannot be read from the bucket", async () => {
    const { id } = await openTool("design", 1, (id) => server.storage.remove(toolSnapshotKey(id)));
    expect(requests.some((url) => url.startsWith(`${bucket.endpoint}/${bucket.bucket}/${toolSnapshotKey(id)}`))).toBe(
      true,
    );
    expect(requests.some((url) => new URL(url).pathname.endsWith(".data"))).toBe(true);
  });
});
