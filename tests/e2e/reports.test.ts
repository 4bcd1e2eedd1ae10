/** Problem reports in Chromium: visitors report from a tool's page (by keyboard, and without JavaScript); an admin resolves one from the console. */
import { describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { asc, eq } from "drizzle-orm";
import { toolReports, users } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";

describe("problem reports in Chromium", () => {
  const site = useBrowserSite();

  it("a visitor reports a broken link on a tool's page; an admin sees it in the console and resolves it", async () => {
    const tool = await insertTool(site.database.db, { name: "Flaky Forms", shortDesc: "Forms that sometimes work." });

    // A visitor with JavaScript, by keyboard alone.
    const visitorContext = await newContext(site.browser);
    const visitor = await visitorContext.newPage();
    await gotoHydrated(visitor, `${site.server.url}/tool/${tool.slug}`);
    const summary = visitor.locator("summary", { hasText: "Report a problem" });
    await summary.focus();
    await visitor.keyboard.press("Enter");
    const brokenLink = visitor.getByLabel("Broken link");
    await brokenLink.focus();
    await visitor.keyboard.press("Space");
    expect(await brokenLink.isChecked()).toBe(true);
    await visitor.getByLabel(/Details/).fill("The website answers 404 <b>since Monday</b>");
    await visitor.getByRole("button", { name: "Send report" }).press("Enter");
    await visitor.getByTestId("report-sent").waitFor();
    expect(await visitor.getByTestId("report-sent").textContent()).toContain("Thanks, your report was sent.");
    await visitorContext.close();

    // Another visitor, without JavaScript: the disclosure and the form work as plain HTML.
    const plainContext = await newContext(site.browser, { javaScriptEnabled: false });
    const plain = await plainContext.newPage();
    await plain.goto(`${site.server.url}/tool/${tool.slug}`);
    await plain.locator("summary", { hasText: "Report a problem" }).click();
    await plain.getByLabel("Spam").check();
    await plain.getByRole("button", { name: "Send report" }).click();
    await plain.getByTestId("report-sent").waitFor();
    await plainContext.close();

    const reports = await site.database.db.select().from(toolReports).orderBy(asc(toolReports.id));
    expect(reports.map((row) => [row.kind, row.status])).toEqual([
      ["broken-link", "open"],
      ["spam", "open"],
    ]);

    // The admin finds both in the console, counted in its navigation, and resolves the broken link.
    const adminContext = await newContext(site.browser);
    const admin = await adminContext.newPage();
    await signUpInBrowser(admin, site.server.url, "Ada");
    await site.database.db.update(users).set({ role: "admin" }).where(eq(users.email, "ada@example.com"));
    await gotoHydrated(admin, `${site.server.url}/admin`);
    expect(await admin.getByTestId("admin-count-reports").textContent()).toBe("2");
    await admin
      .getByTestId("admin-nav")
      .getByRole("link", { name: /Reports/ })
      .click();
    await admin.waitForURL(`${site.server.url}/admin/reports`);
    const brokenReport = admin.getByTestId("tool-report").filter({ hasText: "Broken link" });
    await brokenReport.waitFor();
    // The reporter's words are shown as they were typed, never as HTML.
    expect(await brokenReport.getByTestId("report-text").textContent()).toBe(
      "The website answers 404 <b>since Monday</b>",
    );
    expect(await brokenReport.locator("b").count()).toBe(0);
    expect(await brokenReport.textContent()).toContain("Flaky Forms");

    await brokenReport.getByRole("button", { name: "Resolve" }).click();
    await admin.getByTestId("action-done").waitFor();
    expect(await admin.getByTestId("action-done").textContent()).toContain("The report on Flaky Forms was resolved.");
    await admin.getByTestId("tool-report").filter({ hasText: "Broken link" }).waitFor({ state: "detached" });
    expect(await admin.getByTestId("tool-report").count()).toBe(1);
    expect(await admin.getByTestId("admin-count-reports").textContent()).toBe("1");
    const [resolved] = await site.database.db.select().from(toolReports).where(eq(toolReports.id, reports[0]!.id));
    expect(resolved!.status).toBe("resolved");

    // On the tool's page, the admin sees the one still open; a client-side navigation there reads it from the server too.
    await admin.getByTestId("tool-report").getByRole("link", { name: "Flaky Forms" }).click();
    await admin.waitForURL(`${site.server.url}/tool/${tool.slug}`);
    const open = admin.getByTestId("open-reports");
    await open.waitFor();
    expect(await open.getByTestId("tool-report").count()).toBe(1);
    expect(await open.textContent()).toContain("Spam");
    await adminContext.close();
  });
});
