/**
 * 'Sign in with Google' (docs/product.md §4 and §8) end to end over HTTP: the app on a real port, a real OpenID Connect
 * provider standing in for Google, and a local Telegram Bot API that receives the admin's notices.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { authAccounts, authSessions, outbox, users } from "#server/db/schema.ts";
import { slugify } from "#common/slugify.ts";
import { MESSAGES } from "#common/messages.ts";
import { PROOF_FIELD } from "#common/spam-fields.ts";
import { LIMITS } from "#server/auth/rate-limit.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestDatabase } from "../setup/fixtures.ts";
import { startLocalServer } from "../setup/local-http.ts";
import { createWebClient, signInWithGoogle, startOidcProvider, type WebClient } from "../setup/oidc.ts";
import { solvedProof } from "../setup/proof-of-work.ts";
import { startTestServer } from "../setup/server.ts";

const BOT_TOKEN = "123456:test-bot-token";
const CHAT_ID = "4242";
/** A page rendered for a signed-in person says so on its <html> (decision 037). */
const PROFILE_MENU = 'data-viewer="member"';

describe.each(databaseKinds)("Google sign-in on %s", (kind) => {
  const database = useTestDatabase(kind);
  const google = useResource(startOidcProvider);
  const telegram = useResource(() => startLocalServer({ status: 200, body: { ok: true, result: { message_id: 1 } } }));
  const app = useResource(() =>
    startTestServer(database, {
      ...google.env,
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_CHAT_ID: CHAT_ID,
      TELEGRAM_API_URL: telegram.url,
    }),
  );

  beforeAll(() => google.allowApp(app.url));
  beforeEach(async () => {
    await database.reset();
    google.people.clear();
    telegram.requests.length = 0;
  });

  const recordOf = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0];
  const isSignedIn = async (web: WebClient) => (await web.get(`${app.url}/`)).html.includes(PROFILE_MENU);

  async function register(email: string, username: string) {
    const web = createWebClient();
    const proof = await solvedProof((path) => fetch(new URL(path, app.url)));
    const page = await web.post(`${app.url}/register`, {
      username,
      email,
      password: "analytical",
      [PROOF_FIELD]: proof,
    });
    expect(page.url).toBe(`${app.url}/welcome`);
    return web;
  }

  /** The admin's notices, as the bot API got them. */
  const notices = () =>
    telegram.requests.map((request) => {
      expect(request.method).toBe("GET");
      expect(request.url.pathname).toBe(`/bot${BOT_TOKEN}/sendMessage`);
      return Object.fromEntries(request.url.searchParams);
    });

  it("signs a new person up: a Google user record with a unique slug and no newsletter, then signed in", async () => {
    await register("ada.email@example.com", "Ada Lovelace");
    google.people.set("ada", { email: "ada@example.com", name: "Ada Lovelace" });
    const web = createWebClient();

    const page = await signInWithGoogle(web, app.url, { login: "ada" });

    expect(page.url).toBe(`${app.url}/`);
    expect(page.html).toContain(PROFILE_MENU);
    expect(page.html).toContain('href="/profile/ada-lovelace-2"');
    const record = await recordOf("ada@example.com");
    expect(record).toMatchObject({
      username: "Ada Lovelace",
      slug: "ada-lovelace-2",
      authMethod: "google",
      hasSubscribedToNewsletter: false,
      role: "guest",
      boosts: 0,
    });
    const accounts = await database.db.select().from(authAccounts).where(eq(authAccounts.userId, record!.authId!));
    expect(accounts.map((account) => [account.providerId, account.accountId])).toEqual([["google", "ada"]]);
    await app.services.outbox.drain();
    expect(telegram.requests).toEqual([]);
  });

  it("signs the same person in again without a second record", async () => {
    google.people.set("ada", { email: "ada@example.com", name: "Ada Lovelace" });
    await signInWithGoogle(createWebClient(), app.url, { login: "ada" });
    const again = createWebClient();
    const page = await signInWithGoogle(again, app.url, { login: "ada" });
    expect(page.html).toContain(PROFILE_MENU);
    expect(await database.db.select({ id: users.id }).from(users)).toHaveLength(1);
  });

  it("names someone without a display name 'user-' and their id", async () => {
    google.people.set("nameless", { email: "nameless@example.com" });
    const web = createWebClient();
    const page = await signInWithGoogle(web, app.url, { login: "nameless" });
    const record = await recordOf("nameless@example.com");
    expect(record?.username).toBe(`user-${record!.authId}`);
    expect(record?.slug).toBe(slugify(`user-${record!.authId}`));
    expect(page.html).toContain(PROFILE_MENU);
  });

  it("switches an e-mail user with the same verified address to Google: same record, Google linked, the old password and sessions gone", async () => {
    const registered = await register("grace@example.com", "Grace Hopper");
    const before = await recordOf("grace@example.com");
    expect(await isSignedIn(registered)).toBe(true);
    google.people.set("grace", { email: "Grace@Example.com", emailVerified: true, name: "Rear Admiral Hopper" });

    const web = createWebClient();
    const page = await signInWithGoogle(web, app.url, { login: "grace" });

    expect(page.html).toContain(PROFILE_MENU);
    const after = await recordOf("grace@example.com");
    expect(after).toMatchObject({
      id: before!.id,
      authId: before!.authId,
      username: "Grace Hopper",
      slug: "grace-hopper",
      authMethod: "google",
    });
    expect(await database.db.select({ id: users.id }).from(users)).toHaveLength(1);
    const accounts = await database.db.select().from(authAccounts).where(eq(authAccounts.userId, before!.authId!));
    expect(accounts.map((account) => account.providerId)).toEqual(["google"]);
    // Whoever registered the address before Google proved it is signed out, and the password no longer opens it.
    expect(await isSignedIn(registered)).toBe(false);
    const login = await createWebClient().post(`${app.url}/login`, {
      intent: "password",
      email: "grace@example.com",
      password: "analytical",
    });
    // A password sign-in to a Google-only account says nothing of it (decision 055): the password is wrong.
    expect(login.html).toContain("Incorrect password");
    expect(await isSignedIn(web)).toBe(true);
  });

  it("does not hand an e-mail user's account to a Google address Google has not verified", async () => {
    await register("grace@example.com", "Grace Hopper");
    google.people.set("grace", { email: "grace@example.com", emailVerified: false, name: "Grace" });
    const web = createWebClient();
    const page = await signInWithGoogle(web, app.url, { login: "grace" });
    expect(new URL(page.url).pathname).toBe("/auth/failed");
    expect(page.html).toContain(MESSAGES.auth.emailExists);
    expect(await isSignedIn(web)).toBe(false);
    expect((await recordOf("grace@example.com"))?.authMethod).toBe("email");
    await app.services.outbox.drain();
    expect(notices()).toHaveLength(1);
  });

  it("tells a person Google gave no e-mail that the admin knows, and tells the admin through the bot", async () => {
    google.people.set("anonymous", { name: "No Mail" });
    const web = createWebClient();
    const page = await signInWithGoogle(web, app.url, { login: "anonymous" });

    expect(new URL(page.url).pathname).toBe("/auth/failed");
    expect(new URL(page.url).searchParams.get("error")).toBe("email_not_found");
    expect(page.html).toContain(MESSAGES.auth.noEmail);
    expect(await isSignedIn(web)).toBe(false);
    expect(await database.db.select().from(users)).toEqual([]);
    await app.services.outbox.drain();
    expect(notices()).toEqual([
      {
        chat_id: CHAT_ID,
        text: "*Sign-in failed*\nGoogle gave no e-mail address (NO\\_EMAIL).",
        disable_notification: "false",
        parse_mode: "Markdown",
      },
    ]);
  });

  it("tells the admin of any other Google failure, such as a person who denies consent", async () => {
    google.people.set("ada", { email: "ada@example.com", name: "Ada" });
    const web = createWebClient();
    const page = await signInWithGoogle(web, app.url, { login: "ada", consent: false });

    expect(new URL(page.url).searchParams.get("error")).toBe("access_denied");
    expect(page.html).toContain(MESSAGES.auth.noEmail);
    expect(await isSignedIn(web)).toBe(false);
    const [notice, ...others] = notices();
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ chat_id: CHAT_ID, disable_notification: "false", parse_mode: "Markdown" });
    expect(notice!.text).toBe(
      "*Sign-in failed*\nGoogle sign-in failed: access\\_denied (End-User aborted interaction)",
    );
  });

  it.each([
    ["no state", "?code=abc"],
    ["a stale state", "?code=abc&state=made-up-or-expired"],
  ])("ends a Google callback with %s on the app's failure page, and tells the admin", async (_what, query) => {
    const web = createWebClient();
    const page = await web.get(`${app.url}/api/auth/callback/google${query}`);
    expect(new URL(page.url).pathname).toBe("/auth/failed");
    expect(page.html).toContain(MESSAGES.auth.noEmail);
    expect(page.html).not.toContain('"error":{');
    await app.services.outbox.drain();
    const [notice, ...others] = notices();
    expect(others).toEqual([]);
    expect(notice!.text).toMatch(/^\*Sign-in failed\*\nGoogle sign-in failed: state\\_(not\\_found|mismatch)/);
  });

  it("refuses a disabled user with the catalogue's message, without telling the admin", async () => {
    await register("grace@example.com", "Grace Hopper");
    await database.db.update(users).set({ isDisabled: true });
    const sessionsBefore = await database.db.select().from(authSessions);
    google.people.set("grace", { email: "grace@example.com", name: "Grace" });
    const web = createWebClient();
    const page = await signInWithGoogle(web, app.url, { login: "grace" });

    expect(new URL(page.url).pathname).toBe("/auth/failed");
    expect(page.html).toContain(MESSAGES.auth.userDisabled);
    expect(await isSignedIn(web)).toBe(false);
    const record = await recordOf("grace@example.com");
    expect(record?.authMethod).toBe("email");
    expect(await database.db.select().from(authSessions)).toEqual(sessionsBefore);
    await app.services.outbox.drain();
    expect(telegram.requests).toEqual([]);
  });

  it("goes back to the page the person came from, and only to this site", async () => {
    google.people.set("ada", { email: "ada@example.com", name: "Ada" });
    const page = await signInWithGoogle(createWebClient(), app.url, {
      login: "ada",
      query: "redirectTo=%2Fcategories",
    });
    expect(page.url).toBe(`${app.url}/categories`);
    const away = await signInWithGoogle(createWebClient(), app.url, {
      login: "ada",
      query: `redirectTo=${encodeURIComponent("//evil.example/")}`,
    });
    expect(away.url).toBe(`${app.url}/`);
  });

  describe("in the popup", () => {
    it("ends on the page that tells the opener and closes", async () => {
      google.people.set("ada", { email: "ada@example.com", name: "Ada" });
      const web = createWebClient();
      const page = await signInWithGoogle(web, app.url, { login: "ada", query: "popup=1" });

      const url = new URL(page.url);
      expect(url.pathname).toBe("/auth/signed-in");
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ via: "google", popup: "1" });
      expect(page.status).toBe(200);
      expect(page.html).toContain('data-testid="popup-signed-in"');
      expect(page.html).toContain("You can close this window.");
      expect(await isSignedIn(web)).toBe(true);
    });

    it("ends a failure on the failure page, which hands its message to the opener", async () => {
      google.people.set("anonymous", {});
      const page = await signInWithGoogle(createWebClient(), app.url, { login: "anonymous", query: "popup=1" });
      const url = new URL(page.url);
      expect(url.pathname).toBe("/auth/failed");
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ popup: "1", error: "email_not_found" });
      expect(page.html).toContain(MESSAGES.auth.noEmail);
      await app.services.outbox.drain();
      expect(notices()).toHaveLength(1);
    });
  });

  it("sends a visitor who reaches the signed-in page without a session to the failure page", async () => {
    const page = await createWebClient().get(`${app.url}/auth/signed-in?via=google`);
    expect(new URL(page.url).pathname).toBe("/auth/failed");
    expect(page.html).toContain(MESSAGES.auth.noEmail);
  });

  it("tells the admin a few times an hour per address at most: anyone can open the failure page", async () => {
    const web = createWebClient();
    for (let visit = 0; visit < 8; visit++) await web.get(`${app.url}/auth/failed?error=made_up_${visit}`);
    await app.services.outbox.drain();
    expect(notices()).toHaveLength(5);
    expect(notices()[0]!.text).toBe("*Sign-in failed*\nGoogle sign-in failed: made\\_up\\_0");
  });

  it("treats an error code named like an object property as any other failure", async () => {
    const page = await createWebClient().get(`${app.url}/auth/failed?error=constructor`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(MESSAGES.auth.noEmail);
  });

  it("shows bad e-mailed links their own message and tells nobody", async () => {
    const page = await createWebClient().get(`${app.url}/auth/failed?error=INVALID_TOKEN`);
    expect(page.html).toContain("This link has expired or was already used. Ask for a new one.");
    await app.services.outbox.drain();
    expect(telegram.requests).toEqual([]);
  });

  it("still tells the person when the bot cannot be reached", async () => {
    telegram.answer({ status: 500, body: { ok: false, description: "Internal Server Error" } });
    try {
      google.people.set("anonymous", {});
      const page = await signInWithGoogle(createWebClient(), app.url, { login: "anonymous" });
      expect(page.status).toBe(200);
      expect(page.html).toContain(MESSAGES.auth.noEmail);
      // The notice was tried once, and waits in the outbox for its next attempt.
      await app.services.outbox.drain();
      expect(telegram.requests).toHaveLength(1);
      const [row] = await database.db.select().from(outbox);
      expect(row).toMatchObject({
        channel: "notice",
        state: "due",
        attempts: 1,
        lastError: "notice not delivered: the bot API answered 500",
      });
      // The bot is back: the next attempt delivers it.
      telegram.answer({ status: 200, body: { ok: true } });
      await app.services.outbox.deliverDue(row!.dueAt);
      expect(notices().map((notice) => notice.text)).toEqual([
        "*Sign-in failed*\nGoogle gave no e-mail address (NO\\_EMAIL).",
        "*Sign-in failed*\nGoogle gave no e-mail address (NO\\_EMAIL).",
      ]);
      expect((await database.db.select().from(outbox))[0]).toMatchObject({ state: "delivered", attempts: 2 });
    } finally {
      telegram.answer({ status: 200, body: { ok: true } });
    }
  });

  it("limits how often one address may start a Google sign-in", async () => {
    const web = createWebClient();
    for (let attempt = 0; attempt < LIMITS.signInPerAddress.max; attempt++)
      expect((await web.get(`${app.url}/auth/google`)).html).toContain('data-prompt="login"');
    const refused = await web.get(`${app.url}/auth/google`);
    expect(new URL(refused.url).pathname).toBe("/auth/failed");
    expect(refused.html).toContain(MESSAGES.auth.tooManyRequests);
    await app.services.outbox.drain();
    expect(telegram.requests).toEqual([]);
  });

  it("tells the person and the admin when Google cannot be reached", async () => {
    const gone = await startOidcProvider();
    await gone.close();
    const offline = await startTestServer(database, {
      ...gone.env,
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_CHAT_ID: CHAT_ID,
      TELEGRAM_API_URL: telegram.url,
    });
    try {
      const page = await createWebClient().get(`${offline.url}/auth/google`);
      expect(new URL(page.url).pathname).toBe("/auth/failed");
      expect(page.html).toContain(MESSAGES.auth.noEmail);
      await offline.services.outbox.drain();
      expect(notices().map((notice) => notice.text)).toEqual([
        "*Sign-in failed*\nGoogle sign-in failed: google\\_unavailable",
      ]);
    } finally {
      await offline.close();
    }
  });

  it("signs nobody in, and tells the admin, when the user record cannot be made", async () => {
    // A user record already holds the address under another auth account: the new Google account gets no session.
    await register("ada@example.com", "Ada");
    await database.db.update(users).set({ authId: null }).where(eq(users.email, "ada@example.com"));
    google.people.set("ada", { email: "ada@example.com", name: "Ada" });
    const web = createWebClient();
    const page = await signInWithGoogle(web, app.url, { login: "ada" });
    expect(new URL(page.url).pathname).toBe("/auth/failed");
    expect(new URL(page.url).searchParams.get("error")).toBe("USER_RECORD_FAILED");
    expect(await isSignedIn(web)).toBe(false);
    await app.services.outbox.drain();
    expect(notices()).toHaveLength(1);
  });
});
