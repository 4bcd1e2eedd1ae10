/**
 * Launch days in Chromium (decision 063): a maker picks their waiting tool's day from /my-tools in the date field;
 * once verified, the tool is on /coming-soon with its day, and its page says when it launches.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#server/db/schema.ts";
import { insertTool, insertUser } from "../factories.ts";
import { useBrowserSite } from "../setup/browser-site.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("a launch day in Chromium", () => {
  const site = useBrowserSite();

  it("a maker picks a day from /my-tools; verified, the tool waits for it on /coming-soon", async () => {
    const page = await (await newContext(site.browser)).newPage();
    await signUpInBrowser(page, site.server.url, "Lina");
    const [maker] = await site.database.db.select().from(users).where(eq(users.email, "lina@example.com"));
    const tool = await insertTool(site.database.db, { name: "Orbit Notes", submittedBy: maker!.id, isVerified: false });

    await gotoHydrated(page, `${site.server.url}/my-tools`);
    await page.getByRole("link", { name: "Choose the launch day" }).click();
    await page.waitForURL(`**/tool/${tool.slug}/launch`);
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const field = page.getByLabel("Launch day");
    expect(await field.getAttribute("min")).toBe(new Date().toISOString().slice(0, 10));
    await field.fill(day);
    await page.getByRole("button", { name: "Save the launch day" }).click();
    await page.getByText(/^Orbit Notes launches on \d+ \w+ \d{4}\.$/).waitFor();
    expect(await page.getByTestId("launch-day").textContent()).toMatch(/^It launches on/);

    const verifier = await insertUser(site.database.db, { role: "verifier" });
    await site.server.services.lifecycle.verifyTool(verifier.session, tool.id);
    await gotoHydrated(page, `${site.server.url}/coming-soon`);
    const card = page.getByTestId("tool-card").filter({ hasText: "Orbit Notes" });
    expect(await card.textContent()).toMatch(/Launches on \d+ \w+ \d{4}/);
    await card.getByRole("link", { name: "Orbit Notes", exact: true }).click();
    await page.waitForURL(`**/tool/${tool.slug}`);
    await page.getByText(/^Orbit Notes launches on \d+ \w+ \d{4}\.$/).waitFor();
    await gotoHydrated(page, `${site.server.url}/my-tools`);
    expect(await page.getByTestId("tool-state").first().textContent()).toBe("Coming soon");
  });
});
