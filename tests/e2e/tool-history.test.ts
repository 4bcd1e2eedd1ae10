/** An admin finds a vandalised tool's history in the console, compares two revisions and restores the good one. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { toolInput } from "#common/tool-input.ts";
import { users } from "#server/db/schema.ts";
import type { SessionUser } from "#common/access.ts";
import { insertCategory, insertUser } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("a tool's history in Chromium", () => {
  const site = useBrowserSite();

  it("compares two revisions and restores the earlier one", async () => {
    const categoryId = (await insertCategory(site.database.db, { label: "Analytics" })).id;
    const person = async (username: string, role: SessionUser["role"]) => {
      const row = await insertUser(site.database.db, {
        username,
        role,
        createdAt: new Date(Date.now() - 30 * 24 * 3600 * 1000),
      });
      return { session: { id: row.id, slug: row.slug, username: row.username, role } satisfies SessionUser };
    };
    const maker = await person("Mia", "guest");
    const editor = await person("Eve", "admin");
    const fields = { website: "https://plain-counter.example", categories: [categoryId], pros: [], cons: [], faq: [] };
    const tool = await site.server.services.lifecycle.submitTool(
      maker.session,
      toolInput.parse({ ...fields, name: "Plain Counter", shortDesc: "Counts visits without any cookie at all" }),
    );
    await site.server.services.lifecycle.updateTool(
      editor.session,
      tool.id,
      toolInput.parse({ ...fields, name: "Vandalised Counter", shortDesc: "Nothing to see here, move along now" }),
    );

    const context = await newContext(site.browser);
    const page = await context.newPage();
    await signUpInBrowser(page, site.server.url, "Owner");
    await site.database.db.update(users).set({ role: "admin" }).where(eq(users.email, "owner@example.com"));
    await gotoHydrated(page, `${site.server.url}/admin/tools`);
    await page.getByRole("link", { name: "History of Vandalised Counter" }).click();
    await page.getByRole("heading", { level: 1, name: "History of Vandalised Counter" }).waitFor();
    // The newest two are compared at first: the submission and the edit.
    const comparison = page.getByTestId("comparison");
    await comparison.waitFor();
    expect(await comparison.innerText()).toContain("Counts visits without any cookie at all");
    expect(await comparison.innerText()).toContain("Nothing to see here, move along now");

    await page.getByRole("button", { name: /^Restore revision \d+$/ }).click();
    await page.getByText(/^Plain Counter is as revision \d+ left it/).waitFor();
    await page.getByRole("heading", { level: 1, name: "History of Plain Counter" }).waitFor();
    expect(await page.getByTestId("revision").count()).toBe(3);
    await context.close();
  });
});
