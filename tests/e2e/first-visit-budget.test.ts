/**
 * What a first visit downloads (README, "What a first visit downloads"): the scripts and stylesheets Chromium fetches,
 * compressed as they come over the wire, for the home page and a tool page of the demo catalogue, in English and in
 * French, each against its budget. A change that ships more fails here, before it reaches a phone on a slow network.
 */
import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { useBrowserSite } from "../setup/browser-site.ts";
import { gotoHydrated, newContext } from "../setup/browser.ts";

/**
 * The budgets, in bytes as they come over the wire (brotli, which Chromium asks for on localhost as on https), for a
 * first visit with nothing cached. Measured on 2026-12-07 in English and French: the home page 132.1 and 132.5 kB of
 * scripts (React 59 kB, React Router 39 kB), a tool page 158.3 and 161.0 kB (its language's page texts 17 kB), 9.5 kB
 * of styles each; with about a tenth to spare. A page that needs more must say why here.
 */
export const FIRST_VISIT_BUDGET = {
  home: { scripts: 145_000, styles: 11_000 },
  "tool page": { scripts: 177_000, styles: 11_000 },
};

/** A file this small is served as it is (scripts/compress-assets.ts): compressing it saves nothing. */
const UNCOMPRESSED_FILE_BYTES = 1024;

type Download = { url: string; kind: "scripts" | "styles"; bytes: number; encoding: string };

/** Every script and stylesheet a fresh browser fetches to show `url` and make it work (hydrated, then idle). */
async function firstVisit(browser: Browser, url: string): Promise<Download[]> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const downloads: Promise<Download>[] = [];
    page.on("requestfinished", (request) => {
      const type = request.resourceType();
      if (type !== "script" && type !== "stylesheet") return;
      downloads.push(
        Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
          url: new URL(request.url()).pathname,
          kind: type === "script" ? "scripts" : "styles",
          bytes: sizes.responseBodySize,
          encoding: response?.headers()["content-encoding"] ?? "none",
        })),
      );
    });
    await gotoHydrated(page, url);
    await page.waitForLoadState("networkidle");
    return await Promise.all(downloads);
  } finally {
    await context.close();
  }
}

const total = (downloads: Download[], kind: Download["kind"]) =>
  downloads.filter((download) => download.kind === kind).reduce((sum, download) => sum + download.bytes, 0);

describe("what a first visit downloads", () => {
  const site = useBrowserSite({ LOCALES: "en,fr" });
  let toolPath = "";

  beforeAll(async () => {
    await seedDemoCatalogue(site.database.db, { storage: site.server.storage });
    const page = await (await newContext(site.browser)).newPage();
    await gotoHydrated(page, `${site.server.url}/tools`);
    toolPath = new URL(
      (await page.getByTestId("tool-card").first().locator("h3 a").getAttribute("href"))!,
      site.server.url,
    ).pathname;
    await page.context().close();
  });

  it.each([
    ["home", "English", "", "/"],
    ["home", "French", "/fr", "/"],
    ["tool page", "English", "", "tool"],
    ["tool page", "French", "/fr", "tool"],
  ] as const)("keeps the %s in %s within its budget, compressed", async (name, _language, prefix, path) => {
    const url = `${site.server.url}${prefix}${path === "tool" ? toolPath : path}`;
    const downloads = await firstVisit(site.browser, url);
    const budget = FIRST_VISIT_BUDGET[name];
    const scripts = total(downloads, "scripts");
    const styles = total(downloads, "styles");
    const listed = downloads.map((download) => `${download.url} ${download.bytes} (${download.encoding})`).join(", ");
    // Every file worth compressing came compressed: one served whole would be a regression the sums could hide.
    expect(
      downloads.filter((download) => download.encoding === "none" && download.bytes > UNCOMPRESSED_FILE_BYTES),
    ).toEqual([]);
    expect(scripts, `${url} scripts: ${listed}`).toBeGreaterThan(0);
    expect(scripts, `${url} scripts: ${listed}`).toBeLessThanOrEqual(budget.scripts);
    expect(styles, `${url} styles: ${listed}`).toBeGreaterThan(0);
    expect(styles, `${url} styles: ${listed}`).toBeLessThanOrEqual(budget.styles);
  });
});
