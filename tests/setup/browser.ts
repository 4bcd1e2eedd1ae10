/** Launches Debian's Chromium headless through playwright-core (Playwright's own browser download cannot work on these machines). */
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = CANDIDATES.find((candidate) => candidate && existsSync(candidate));
  if (!executablePath) throw new Error("No Chromium found: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}
