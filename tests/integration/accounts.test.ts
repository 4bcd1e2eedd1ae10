import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import { authAccounts, authSessions, authUsers, users } from "#server/db/schema.ts";
import { SESSION_LIFETIME_SECONDS } from "#server/auth/session-lifetime.ts";
import { flashCookie } from "#common/flash.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { cheapPasswordHasher } from "../setup/password-hasher.ts";

describe.each(databaseKinds)("accounts on %s", (kind) => {
  // Better Auth's own password hash, as in production: the file about accounts checks the real one, and times it.
  const { database, app } = useTestApp(kind, {}, { productionPasswordHashing: true });

  beforeEach(() => database.reset());

  async function register(fields: Partial<Record<"username" | "email" | "password" | "newsletter", string>> = {}) {
    const client = createClient(app.request);
    const response = await client.postSolved("/register", {
      username: "Ada Lovelace",
      email: "ada@example.com",
      password: "analytical",
      ...fields,
    });
    return { client, response };
  }

  it("registers: auth account, then user record, then signed in", async () => {
    const { client, response } = await register({ newsletter: "on", email: "Ada@Example.com" });
    expect(response.status).toBe(302);
    // From no page in particular, a new account goes to its first steps.
    expect(response.headers.get("location")).toBe("/welcome");
    const welcome = await (await client.request("/welcome")).text();
    expect(welcome).toContain("Welcome, Ada Lovelace!");
    expect(welcome).toContain('href="/add-tool"');
    expect([...client.cookies.keys()].some((name) => name.includes("session_token"))).toBe(true);
    const [record] = await database.db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(record).toMatchObject({
      username: "Ada Lovelace",
      slug: "ada-lovelace",
      authMethod: "email",
      role: "guest",
      boosts: 0,
      hasSubscribedToNewsletter: true,
    });
    const [account] = await database.db.select().from(authUsers).where(eq(authUsers.id, record!.authId!));
    expect(account?.email).toBe("ada@example.com");
    // Stored as Better Auth's own scrypt hash, never as typed; the tests' cheaper hash does not read it.
    const [credential] = await database.db.select().from(authAccounts).where(eq(authAccounts.userId, account!.id));
    expect(credential!.password).not.toContain("analytical");
    expect(await verifyPassword({ hash: credential!.password!, password: "analytical" })).toBe(true);
    expect(await cheapPasswordHasher.verify({ hash: credential!.password!, password: "analytical" })).toBe(false);
    const home = await (await client.request("/")).text();
    expect(home).toContain('data-viewer="member"');
    expect(home).toContain('href="/profile/ada-lovelace"');
  });

  it("takes a sign-up from a page back to it, leaving the next page a welcome toast; the welcome step is the person's own", async () => {
    const client = createClient(app.request);
    const response = await client.postSolved("/register", {
      username: "Ada",
      email: "ada@example.com",
      password: "analytical",
      redirectTo: "/tools",
    });
    expect(response.headers.get("location")).toBe("/tools");
    expect(response.headers.getSetCookie()).toContain(flashCookie("signed-up"));
    const visitor = await createClient(app.request).request("/welcome");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/login?redirectTo=%2Fwelcome");
  });

  it("gives a clashing username's slug a suffix", async () => {
    await register();
    await register({ email: "other@example.com" });
    const slugs = (await database.db.select({ slug: users.slug }).from(users)).map((row) => row.slug).sort();
    expect(slugs).toEqual(["ada-lovelace", "ada-lovelace-2"]);
  });

  it.each([
    [{ email: "not-an-email" }, "Email format incorrect"],
    [{ password: "12345" }, "Password must contain at least 6 characters"],
    [{ username: "   " }, "Choose a username with at least one letter or digit"],
  ])("refuses %j with its message and keeps what was typed", async (fields, message) => {
    const { response } = await register(fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).not.toContain("analytical");
  });

  it("refuses an e-mail that exists, with the Google message for a Google account", async () => {
    await register();
    const again = await register({ username: "Someone" });
    expect(await again.response.text()).toContain("Email already used. Please login with your email");
    await database.db.update(users).set({ authMethod: "google" }).where(eq(users.email, "ada@example.com"));
    const google = await register({ username: "Someone" });
    expect(await google.response.text()).toContain("Email already used with Google. Please use Google sign in");
  });

  describe("login", () => {
    beforeEach(() => register());

    async function login(fields: Record<string, string>) {
      const client = createClient(app.request);
      const response = await client.post("/login", {
        intent: "password",
        email: "ada@example.com",
        password: "analytical",
        ...fields,
      });
      return { client, response, html: response.status === 302 ? "" : await response.text() };
    }

    it("signs in with the right password, leaving the next page a toast that says so", async () => {
      const { response, client } = await login({});
      expect(response.status).toBe(302);
      expect(response.headers.getSetCookie()).toContain(flashCookie("signed-in"));
      expect([...client.cookies.keys()].some((name) => name.includes("session_token"))).toBe(true);
    });

    it("goes back where the visitor came from, and only to this site", async () => {
      expect((await login({ redirectTo: "/my-favorites" })).response.headers.get("location")).toBe("/my-favorites");
      expect((await login({ redirectTo: "https://evil.example/" })).response.headers.get("location")).toBe("/");
      expect((await login({ redirectTo: "//evil.example/" })).response.headers.get("location")).toBe("/");
    });

    it.each([
      [{ email: "bad" }, 400, "Email format incorrect"],
      [{ password: "wrong-password" }, 401, "Incorrect password"],
      // A stranger learns nothing of who has an account (decision 055).
      [{ email: "nobody@example.com" }, 401, "Incorrect password"],
    ])("answers %j with its status and message", async (fields, status, message) => {
      const { html, response } = await login(fields);
      expect(response.status).toBe(status);
      expect(html).toContain(message);
    });

    it("answers an address no account uses as a wrong password: same status, same page, about the same time", async () => {
      /** The page's answer without what differs between two answers anyway (the nonce, the address typed). */
      const answer = async (email: string) => {
        const started = performance.now();
        const { response, html } = await login({ email, password: "wrong-password" });
        const ms = performance.now() - started;
        return {
          status: response.status,
          html: html
            .replaceAll(email, "EMAIL")
            .replace(/nonce="[^"]*"/g, "")
            .replace(/nonce=\\"[^"\\]*\\"/g, ""),
          ms,
        };
      };
      const known = [];
      const unknown = [];
      // Turn about, so that whatever else the machine does weighs on both alike.
      for (let index = 0; index < 8; index++) {
        known.push(await answer("ada@example.com"));
        unknown.push(await answer(`nobody-${index}@example.com`));
      }
      expect(unknown.map(({ status, html }) => ({ status, html }))).toEqual(
        known.map(({ status, html }) => ({ status, html })),
      );
      const median = (list: { ms: number }[]) => list.map((entry) => entry.ms).sort((a, b) => a - b)[list.length >> 1]!;
      // The password is hashed either way: before, an unknown address answered in a tenth of the time.
      expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
      expect(median(unknown) / median(known)).toBeLessThan(2);
    });

    it("tells a disabled user so, only with the right password", async () => {
      await database.db.update(users).set({ isDisabled: true });
      expect((await login({})).html).toContain("The user has been disabled");
      const wrong = await login({ password: "wrong-password" });
      expect(wrong.response.status).toBe(401);
      expect(wrong.html).toContain("Incorrect password");
      expect(wrong.html).not.toContain("The user has been disabled");
    });

    it("answers a password sign-in to an account that signs in with Google only as a wrong password", async () => {
      await register({ email: "g@example.com", username: "G" });
      await database.db.update(users).set({ authMethod: "google" }).where(eq(users.email, "g@example.com"));
      await database.db.execute(
        `delete from auth_accounts where provider_id = 'credential' and user_id = (select auth_id from users where email = 'g@example.com')`,
      );
      const { html, response } = await login({ email: "g@example.com" });
      expect(response.status).toBe(401);
      expect(html).toContain("Incorrect password");
      expect(html).not.toContain("Google sign in");
    });

    it("says 'User not found' for an auth account without a user record", async () => {
      await database.db.delete(users);
      expect((await login({})).html).toContain("User not found");
    });

    it("answers too many attempts with the catalogue's message", async () => {
      let last = "";
      for (let attempt = 0; attempt < 12; attempt++) last = (await login({ password: "wrong-password" })).html;
      expect(last).toContain("Too many requests, try again later");
    });
  });

  it("logs out: the session ends and the cookie goes", async () => {
    const { client } = await register();
    const response = await client.post("/logout", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(await (await client.request("/")).text()).not.toContain('data-viewer="member"');
  });

  it("sends a signed-in user away from /login and /register, to where they were going", async () => {
    const { client } = await register();
    for (const path of ["/login", "/register"]) {
      const response = await client.request(`${path}?redirectTo=/tools`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/tools");
    }
  });

  it("refuses a sign-up or sign-in posted from another site", async () => {
    const client = createClient(app.request, "https://evil.example");
    expect(
      (await client.postSolved("/register", { username: "Eve", email: "eve@example.com", password: "eavesdrop" }))
        .status,
    ).toBe(403);
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("shows the outbox of unsent mail in development only", async () => {
    expect((await createClient(app.request).request("/dev/outbox")).status).toBe(404);
    const dev = await createTestApp(database, { NODE_ENV: "development" });
    await createClient(dev.request).postSolved("/register", {
      username: "Ada",
      email: "ada@example.com",
      password: "analytical",
    });
    await createClient(dev.request).post("/forgot-password", { email: "ada@example.com" });
    // The mail is sent by the outbox's worker, right after the request.
    await dev.services.outbox.drain();
    const outbox = await (await createClient(dev.request).request("/dev/outbox")).text();
    expect(outbox).toContain("Reset your Indie Tools password");
    expect(outbox).toContain("ada@example.com");
  });

  it("signs out a disabled user on their next request", async () => {
    const { client } = await register();
    expect(await (await client.request("/")).text()).toContain('data-viewer="member"');
    await database.db.update(users).set({ isDisabled: true });
    expect(await (await client.request("/")).text()).not.toContain('data-viewer="member"');
    await database.db.update(users).set({ isDisabled: false });
    expect(await (await client.request("/")).text()).not.toContain('data-viewer="member"');
  });

  it("answers /api/me from the session without renewing it, and renews a session due for it, as Better Auth does", async () => {
    const { client } = await register();
    const me = async () => {
      const response = await client.request("/api/me");
      return {
        status: response.status,
        cookie: response.headers.get("set-cookie"),
        body: (await response.json()) as { user: { username: string } | null; favoriteToolIds: string[] },
      };
    };
    const fresh = await me();
    expect([fresh.status, fresh.cookie, fresh.body.user?.username]).toEqual([200, null, "Ada Lovelace"]);
    // Two days after its last renewal, the session is renewed, and its cookie sent again.
    const lastRenewed = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await database.db
      .update(authSessions)
      .set({ expiresAt: new Date(lastRenewed.getTime() + SESSION_LIFETIME_SECONDS * 1000) });
    const due = await me();
    expect(due.body.user?.username).toBe("Ada Lovelace");
    expect(due.cookie).toContain("session_token=");
    const [session] = await database.db.select().from(authSessions);
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_LIFETIME_SECONDS - 60) * 1000);
    // A made-up cookie is nobody.
    const stranger = await createClient(app.request).request("/api/me", {
      headers: { cookie: "better-auth.session_token=made.up" },
    });
    expect(((await stranger.json()) as { user: null }).user).toBeNull();
  });

  it("keeps who a session names without keeping an ended session, a renamed user or a changed role", async () => {
    const { client } = await register();
    const me = async () =>
      ((await (await client.request("/api/me")).json()) as { user: { username: string; role: string } | null }).user;
    expect(await me()).toMatchObject({ username: "Ada Lovelace" });
    // Kept now: a change made behind the app's back still reaches it, as the database tells every process.
    await database.db.update(users).set({ username: "Ada King", role: "verifier" });
    expect(await me()).toMatchObject({ username: "Ada King", role: "verifier" });
    // An ended session (signed out elsewhere, or by an admin) is nobody on the next request.
    await database.db.delete(authSessions);
    expect(await me()).toBeNull();
    expect(await (await client.request("/")).text()).not.toContain('data-viewer="member"');
  });
});
