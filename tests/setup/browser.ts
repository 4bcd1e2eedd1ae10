/** Launches Debian's Chromium headless through playwright-core (Playwright's own browser download cannot work on these machines). */
import { existsSync } from "node:fs";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = CANDIDATES.find((candidate) => candidate && existsSync(candidate));
  if (!executablePath)
    throw new Error("No Chromium found: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH");
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

/** Headless Chromium announces itself as "HeadlessChrome", which the bot filter drops: tests browse as a person's Chrome does. */
const PERSON_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A step that waits longer than 20 s fails by itself, naming what it waited for, before the test's own 30 s run out. */
const STEP_TIMEOUT = 20_000;

export async function newContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({
    userAgent: PERSON_USER_AGENT,
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  context.setDefaultTimeout(STEP_TIMEOUT);
  return context;
}

/** A new person signs up through the form (password 'long-enough'); resolves once the site has taken them to the welcome step, signed in. */
export async function signUpInBrowser(
  page: Page,
  baseUrl: string,
  username: string,
  email = `${username.toLowerCase()}@example.com`,
) {
  await gotoHydrated(page, `${baseUrl}/register`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("long-enough");
  await page.getByRole("button", { name: "Sign up" }).click();
  // A refused sign-up says why, rather than leaving the test to time out.
  await page.waitForURL(`${baseUrl}/welcome`, { timeout: 20_000 }).catch(async (error: unknown) => {
    throw new Error(
      `sign-up of ${email} did not land home; the page at ${page.url()} says: ${(
        await page
          .locator("main")
          .innerText()
          .catch(() => "")
      ).slice(0, 500)}`,
      { cause: error },
    );
  });
}
