/**
 * The frame of a browser test file: an embedded database, the real app serving it on a free port of 127.0.0.1, and
 * Chromium, made before the file's own `beforeAll` and closed after its own `afterAll`, in the reverse order. Call it
 * at the top of the file's `describe`; its fields are set from the first hook that runs after it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.ts";
import { openTestDatabase, type TestDatabase } from "./database.ts";
import { startTestServer, type TestServer } from "./server.ts";

export type BrowserSite = { database: TestDatabase; server: TestServer; browser: Browser };

/** `env`: the app's settings beside the tests' defaults (tests/setup/app.ts). */
export function useBrowserSite(env: Record<string, string> = {}): BrowserSite {
  const site = {} as BrowserSite;
  beforeAll(async () => {
    site.database = await openTestDatabase("pglite");
    site.server = await startTestServer(site.database, env);
    site.browser = await launchBrowser();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.close();
    await site.database?.close();
  });
  return site;
}
