/** Webhooks in Chromium: an admin registers a receiver, copies its secret once, and redelivers a delivery from its page. */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { users, webhookEndpoints } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { gotoHydrated, newContext, signUpInBrowser } from "../setup/browser.ts";
import { startLocalServer } from "../setup/local-http.ts";
import { useResource } from "../setup/fixtures.ts";
import { useBrowserSite } from "../setup/browser-site.ts";

describe("webhooks in Chromium", () => {
  const receiver = useResource(startLocalServer);
  const site = useBrowserSite({ FETCH_ALLOW_PRIVATE_HOSTS: "127.0.0.1" });
  const { database, server } = site;

  it("an admin registers a receiver, sees its secret once, and redelivers a tool.verified", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await signUpInBrowser(page, server.url, "Ada");
    await database.db.update(users).set({ role: "admin" }).where(eq(users.email, "ada@example.com"));

    await gotoHydrated(page, `${server.url}/admin/webhooks`);
    await page.getByText("No webhook yet").waitFor();
    await page.getByLabel("Address", { exact: true }).fill("http://10.0.0.1/hooks");
    await page.getByRole("checkbox", { name: /tool\.verified/ }).check();
    await page.getByRole("button", { name: "Add the webhook" }).click();
    await page.getByText("This address points to a private network, so we cannot read it").waitFor();

    await page.getByLabel("Address", { exact: true }).fill(`${receiver.url}/hooks`);
    await page.getByRole("button", { name: "Add the webhook" }).click();
    const shown = page.getByTestId("webhook-secret");
    await shown.waitFor();
    const [endpoint] = await database.db.select().from(webhookEndpoints);
    expect(await shown.textContent()).toContain(endpoint!.secret);
    expect(endpoint!.events).toEqual(["tool.verified"]);

    const tool = await insertTool(database.db, { name: "Queued Counter", isVerified: false });
    const [verifier] = await database.db.select().from(users).where(eq(users.email, "ada@example.com"));
    await server.services.lifecycle.verifyTool(
      { id: verifier!.id, slug: verifier!.slug, username: verifier!.username, role: "admin" },
      tool.id,
    );
    await server.services.outbox.drain();

    await page.getByRole("link", { name: `${receiver.url}/hooks` }).click();
    const delivery = page.getByTestId("webhook-delivery");
    await delivery.waitFor();
    expect(await page.content()).not.toContain(endpoint!.secret);
    expect(await delivery.textContent()).toContain("answered HTTP 200");
    await delivery.getByRole("button", { name: "Redeliver" }).click();
    await page.getByTestId("action-done").waitFor();
    await server.services.outbox.drain();
    const [first, again] = await receiver.waitForRequests(2);
    expect(again!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    const headers = Object.fromEntries(
      ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(again!.headers[name])]),
    );
    expect(new Webhook(endpoint!.secret).verify(again!.body, headers)).toMatchObject({
      type: "tool.verified",
      data: { tool: { id: tool.id, status: "live" } },
    });
    await context.close();
  });
});
