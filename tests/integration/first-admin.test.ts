/**
 * The site's first admin without a command (decision 047): ADMIN_EMAILS, which makes an admin of an account only once
 * its address is proven, and the one-time setup link a start writes to the log while the site has no admin.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#common/messages.ts";
import { authAccounts, setupTokens, users } from "#server/db/schema.ts";
import { SETUP_LINK_LIFETIME_MS } from "#server/users/first-admin.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { type Client, createClient } from "../setup/forms.ts";
import { linkIn, startSmtpReceiver } from "../setup/smtp.ts";

const escaped = (text: string) => text.replaceAll("'", "&#x27;");

describe.each(databaseKinds)("the first admin on %s", (kind) => {
  const smtp = useResource(startSmtpReceiver);
  const { database, app } = useTestApp(kind, () => ({
    SMTP_URL: smtp.url,
    ADMIN_EMAILS: " Boss@Example.com , second@example.com",
  }));

  beforeEach(async () => {
    await database.reset();
    smtp.mails.length = 0;
  });

  const roleOf = async (email: string) =>
    (await database.db.query.users.findFirst({ where: eq(users.email, email) }))?.role;
  async function register(username: string, email: string): Promise<Client> {
    const client = createClient(app.request);
    expect((await client.postSolved("/register", { username, email, password: "long-enough" })).status).toBe(302);
    return client;
  }
  /** Follows a link from a mail like a browser: through Better Auth's redirect, with the client's cookies. */
  async function follow(client: Client, link: string) {
    let response = await client.request(new URL(link).pathname + new URL(link).search);
    for (let hop = 0; hop < 5 && response.status >= 300 && response.status < 400; hop++) {
      const location = new URL(response.headers.get("location")!, "http://localhost:3000");
      response = await client.request(location.pathname + location.search);
    }
    return response;
  }
  async function signInByLink(email: string): Promise<Client> {
    const client = createClient(app.request);
    await client.post("/login", { intent: "link", email });
    await follow(client, linkIn(await smtp.waitForMail(email, { subject: "Your Indie Tools sign-in link" })));
    return client;
  }

  describe("ADMIN_EMAILS", () => {
    it("makes no admin of a password sign-up, whose address nobody proved", async () => {
      const squatter = await register("Squatter", "boss@example.com");
      expect(await roleOf("boss@example.com")).toBe("guest");
      expect((await squatter.request("/admin")).status).not.toBe(200);
    });

    it("makes an admin of the account once a mailed link proves the address, and leaves whoever registered it no way in", async () => {
      const squatter = await register("Squatter", "boss@example.com");
      const owner = await signInByLink("boss@example.com");
      expect(await roleOf("boss@example.com")).toBe("admin");
      expect((await owner.request("/admin")).status).toBe(200);
      // The session and the password made before the address was proven are gone.
      expect((await squatter.request("/admin")).status).not.toBe(200);
      const record = await database.db.query.users.findFirst({ where: eq(users.email, "boss@example.com") });
      expect(await database.db.select().from(authAccounts).where(eq(authAccounts.userId, record!.authId!))).toEqual([]);
      expect(
        (
          await createClient(app.request).post("/login", {
            intent: "password",
            email: "boss@example.com",
            password: "long-enough",
          })
        ).status,
      ).toBe(401);
    });

    it("leaves an address it does not name a guest, however proven", async () => {
      await register("Someone", "someone@example.com");
      await signInByLink("someone@example.com");
      expect(await roleOf("someone@example.com")).toBe("guest");
    });
  });

  describe("the setup link", () => {
    const tokenOf = (link: string) => link.split("/").pop()!;

    it("is offered while the site has no admin, and makes the signed-in person who uses it the admin, once", async () => {
      const link = await app.services.setup.offerSetupLink();
      expect(link).toMatch(/^http:\/\/localhost:3000\/setup\/[A-Za-z0-9_-]{43}$/);
      const other = await app.services.setup.offerSetupLink();
      const path = `/setup/${tokenOf(link!)}`;

      // Signed out, it asks to sign in first, and leads back.
      const visitor = createClient(app.request);
      const asked = await (await visitor.request(path)).text();
      expect(asked).toContain(`/register?redirectTo=${encodeURIComponent(path)}`);
      expect(asked).not.toContain("Become the admin</button>");
      expect((await visitor.post(path, {})).headers.get("location")).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
      expect(await database.db.select().from(setupTokens)).toHaveLength(2);

      const opal = await register("Opal", "opal@example.com");
      expect(await (await opal.request(path)).text()).toContain("Become the admin</button>");
      const used = await opal.post(path, {});
      expect(used.headers.get("location")).toBe("/admin");
      expect(await roleOf("opal@example.com")).toBe("admin");

      // Used, it works no more, nor does any other link; nor is any offered now that the site has an admin.
      const mallory = await register("Mallory", "mallory@example.com");
      for (const token of [tokenOf(link!), tokenOf(other!)]) {
        const again = await mallory.request(`/setup/${token}`);
        expect(again.status).toBe(410);
        expect(await again.text()).toContain(escaped(MESSAGES.setup.hasAdmin));
        expect((await mallory.post(`/setup/${token}`, {})).status).toBe(404);
      }
      expect(await roleOf("mallory@example.com")).toBe("guest");
      expect(await database.db.select().from(setupTokens)).toEqual([]);
      expect(await app.services.setup.offerSetupLink()).toBeUndefined();
    });

    it("expires after 24 hours", async () => {
      const past = new Date(Date.now() - SETUP_LINK_LIFETIME_MS - 1000);
      const link = await app.services.setup.offerSetupLink(past);
      const opal = await register("Opal", "opal@example.com");
      const page = await opal.request(`/setup/${tokenOf(link!)}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain(escaped(MESSAGES.setup.invalid));
      expect((await opal.post(`/setup/${tokenOf(link!)}`, {})).status).toBe(404);
      expect(await roleOf("opal@example.com")).toBe("guest");
    });

    it.each([
      ["a wrong token", "A".repeat(43)],
      ["a malformed one", "x<script>"],
      ["an empty one", "%20"],
    ])("refuses %s", async (_, token) => {
      await app.services.setup.offerSetupLink();
      const opal = await register("Opal", "opal@example.com");
      expect((await opal.request(`/setup/${token}`)).status).toBe(404);
      expect((await opal.post(`/setup/${token}`, {})).status).toBe(404);
      expect(await roleOf("opal@example.com")).toBe("guest");
    });
  });
});
