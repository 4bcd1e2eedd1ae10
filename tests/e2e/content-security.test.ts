/**
 * No page breaks its own Content-Security-Policy in Chromium: every page a visitor, a maker and an admin open, with
 * their scripts run and hydrated, and a form's client-side check run, raises no `securitypolicyviolation` event and
 * logs no CSP refusal. zod's probe for `new Function` (a `script-src 'unsafe-eval'` violation) was one on every page
 * that loads a schema (common/zod.ts).
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { categoryPath, profilePath, tagPath, toolPath } from "#common/page-paths.ts";
import { users } from "#server/db/schema.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";
import { useBrowserSite } from "../setup/browser-site.ts";

const SEVERAL_PAGES_MS = 120_000;

/** Records each violation in the page, before any of its own scripts run (an init script is outside the policy). */
function recordViolations(context: BrowserContext) {
  return context.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = found;
    document.addEventListener("securitypolicyviolation", (event) =>
      found.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
}

describe("the Content-Security-Policy in Chromium", () => {
  const frame = useBrowserSite();
  const { database, server } = frame;
  let visitor: BrowserContext;
  let admin: BrowserContext;
  const pages = { visitor: [] as string[], admin: [] as string[] };

  beforeAll(async () => {
    const category = await insertCategory(database.db, { label: "Analytics" });
    const tool = await insertTool(database.db, {
      name: "Plain Counter",
      shortDesc: "Counts visits without cookies.",
      longDesc: "It **counts**, and [says so](https://example.com).",
      categories: [category.id],
      tags: ["privacy"],
    });
    const other = await insertTool(database.db, {
      name: "Other Counter",
      shortDesc: "Counts visits another way.",
      categories: [category.id],
      tags: ["privacy"],
      isHomeBoosted: true,
    });
    visitor = await newContext(frame.browser);
    admin = await newContext(frame.browser);
    await Promise.all([recordViolations(visitor), recordViolations(admin)]);
    await signUpInBrowser(await admin.newPage(), server.url, "Ada");
    await database.db.update(users).set({ role: "admin" }).where(eq(users.email, "ada@example.com"));
    const [maker] = await database.db.select({ slug: users.slug }).from(users).limit(1);
    pages.visitor.push(
      "/",
      "/tools",
      "/tools?sort=name&pricing=free",
      toolPath(tool.slug),
      `${toolPath(tool.slug)}/alternatives`,
      `/compare/${tool.slug}-vs-${other.slug}`,
      categoryPath(category.slug),
      "/categories",
      "/tags",
      tagPath("privacy"),
      "/search/counter",
      "/searches",
      "/login",
      "/register",
      "/forgot-password",
      profilePath(maker!.slug),
      "/blog",
      "/open-data",
      "/top-javascript-tools",
      "/no-such-page",
    );
    pages.admin.push(
      "/add-tool",
      "/my-tools",
      "/favorites",
      "/edit-profile",
      "/settings/api-keys",
      "/admin",
      "/admin/tools",
      "/admin/categories",
      "/admin/users",
      "/admin/analytics",
      "/admin/import",
      "/admin/webhooks",
      "/admin/newsletter",
      "/admin/links",
      "/admin/deliveries",
      "/admin/featuring",
    );
  }, SEVERAL_PAGES_MS);
  afterAll(async () => {
    await visitor?.close();
    await admin?.close();
  });

  /** Opens each page, hydrated, and answers what it broke: events in the page, and refusals in the console. */
  async function violationsOn(page: Page, paths: string[]): Promise<string[]> {
    const logged: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) logged.push(message.text());
    });
    const found: string[] = [];
    for (const pagePath of paths) {
      await gotoHydrated(page, `${server.url}${pagePath}`).catch((error: unknown) => {
        throw new Error(`${pagePath} did not hydrate: ${(error as Error).message}`);
      });
      // A form's check runs its schema: the first field typed into and left.
      const field = page.locator("main input[type=text], main input[type=email], main input[type=url]").first();
      if (await field.count()) {
        await field.fill("x");
        await field.blur();
      }
      // A violation's event is a task of its own: two frames later it has run.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const events = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
      found.push(
        ...events.map((event) => `${pagePath}: ${event}`),
        ...logged.splice(0).map((line) => `${pagePath}: ${line}`),
      );
    }
    return found;
  }

  it(
    "is broken by no page a visitor opens",
    async () => {
      const page = await visitor.newPage();
      expect(await violationsOn(page, pages.visitor)).toEqual([]);
      await page.close();
    },
    SEVERAL_PAGES_MS,
  );

  it(
    "is broken by no page a maker or an admin opens",
    async () => {
      const page = await admin.newPage();
      expect(await violationsOn(page, pages.admin)).toEqual([]);
      await page.close();
    },
    SEVERAL_PAGES_MS,
  );
});
