/**
 * The frame of a browser test file: an embedded database, the real app serving it on a free port of 127.0.0.1, and
 * Chromium, opened before the file's own `beforeAll` and closed after its own `afterAll`, in the reverse order
 * (tests/setup/fixtures.ts). Call it at the top of the file's `describe`.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.ts";
import type { TestDatabase } from "./database.ts";
import { type Settings, settingsOf, useResource, useTestDatabase } from "./fixtures.ts";
import { startTestServer, type TestServer } from "./server.ts";

export type BrowserSite = { database: TestDatabase; server: TestServer; browser: Browser };

/** Chromium for the file's tests, launched before its own `beforeAll` and closed after its own `afterAll`. */
export function useBrowser(): { readonly browser: Browser } {
  // Held as it is, not through a stand-in as useResource's are: Playwright's objects know one another by identity.
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error("The browser was read before its beforeAll launched it");
      return browser;
    },
  };
}

/**
 * `env`: the app's settings beside the tests' defaults (tests/setup/app.ts), or a function that reads them once the
 * resources named before are open.
 */
export function useBrowserSite(env: Settings = {}): BrowserSite {
  const database = useTestDatabase("pglite");
  const server = useResource(() => startTestServer(database, settingsOf(env)));
  const chromium = useBrowser();
  return {
    database,
    server,
    get browser() {
      return chromium.browser;
    },
  };
}
