/**
 * The optional token sync (docs/product.md §7) against a local HTTP server: every sign-in POSTs its session token as a
 * Bearer token, a sign-out DELETEs it, and a sync server that fails never stands in the person's way.
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PROOF_FIELD } from "#common/spam-fields.ts";
import { authSessions, outbox } from "#server/db/schema.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestDatabase } from "../setup/fixtures.ts";
import { closedPortUrl, startLocalServer } from "../setup/local-http.ts";
import { createWebClient, signInWithGoogle, startOidcProvider, type WebClient } from "../setup/oidc.ts";
import { solvedProof } from "../setup/proof-of-work.ts";
import { startTestServer } from "../setup/server.ts";

/** A page rendered for a signed-in person says so on its <html> (decision 037). */
const PROFILE_MENU = 'data-viewer="member"';

describe.each(databaseKinds)("token sync on %s", (kind) => {
  const database = useTestDatabase(kind);
  const sync = useResource(startLocalServer);
  const google = useResource(startOidcProvider);
  const app = useResource(() => startTestServer(database, { ...google.env, TOKEN_SYNC_URL: `${sync.url}/sessions` }));

  beforeAll(() => google.allowApp(app.url));
  beforeEach(async () => {
    await database.reset();
    sync.requests.length = 0;
    sync.answer({ status: 204 });
    google.people.clear();
  });

  const tokens = async () =>
    (await database.db.select({ token: authSessions.token }).from(authSessions)).map((row) => row.token);
  const isSignedIn = async (web: WebClient, url = app.url) => (await web.get(`${url}/`)).html.includes(PROFILE_MENU);
  // The token sync's rows: a sign-up also mails its confirmation, through the same outbox.
  const tokenSyncRows = eq(outbox.channel, "token-sync");
  const syncRows = () =>
    database.db.select({ channel: outbox.channel, state: outbox.state }).from(outbox).where(tokenSyncRows);
  const syncCalls = () =>
    sync.requests.map((request) => ({
      method: request.method,
      path: request.url.pathname,
      authorization: request.headers.authorization,
    }));

  async function register(url = app.url) {
    const web = createWebClient();
    const proof = await solvedProof((path) => fetch(new URL(path, url)));
    const page = await web.post(`${url}/register`, {
      username: "Ada Lovelace",
      email: "ada@example.com",
      password: "analytical",
      [PROOF_FIELD]: proof,
    });
    expect(page.html).toContain(PROFILE_MENU);
    return web;
  }

  it("POSTs the new session's token when someone registers", async () => {
    await register();
    await sync.waitForRequests(1);
    const [token] = await tokens();
    expect(syncCalls()).toEqual([{ method: "POST", path: "/sessions", authorization: `Bearer ${token}` }]);
  });

  it("POSTs the session's token on a log in, and DELETEs it on log out", async () => {
    await register();
    await sync.waitForRequests(1);
    const [registered] = await tokens();

    const web = createWebClient();
    const login = await web.post(`${app.url}/login`, {
      intent: "password",
      email: "ada@example.com",
      password: "analytical",
    });
    expect(login.html).toContain(PROFILE_MENU);
    await sync.waitForRequests(2);
    const loggedIn = (await tokens()).find((token) => token !== registered);
    expect(syncCalls()[1]).toEqual({ method: "POST", path: "/sessions", authorization: `Bearer ${loggedIn}` });

    await web.post(`${app.url}/logout`, {});
    await sync.waitForRequests(3);
    expect(syncCalls()[2]).toEqual({ method: "DELETE", path: "/sessions", authorization: `Bearer ${loggedIn}` });
    expect(await tokens()).toEqual([registered]);
  });

  it("POSTs the session's token when Google signs someone in", async () => {
    google.people.set("ada", { email: "ada@example.com", name: "Ada" });
    const page = await signInWithGoogle(createWebClient(), app.url, { login: "ada" });
    expect(page.html).toContain(PROFILE_MENU);
    await sync.waitForRequests(1);
    const [token] = await tokens();
    expect(syncCalls()).toEqual([{ method: "POST", path: "/sessions", authorization: `Bearer ${token}` }]);
  });

  it("sends nothing for a failed log in", async () => {
    await register();
    await sync.waitForRequests(1);
    const wrong = await createWebClient().post(`${app.url}/login`, {
      intent: "password",
      email: "ada@example.com",
      password: "not-the-password",
    });
    expect(wrong.html).toContain("Incorrect password");
    // Every call is an outbox row: once the worker has nothing left to send, the registration's call is the only one.
    await app.services.outbox.drain();
    expect(await syncRows()).toEqual([{ channel: "token-sync", state: "delivered" }]);
    expect(sync.requests).toHaveLength(1);
  });

  it("keeps no session token once its call is delivered", async () => {
    await register();
    await sync.waitForRequests(1);
    await app.services.outbox.drain();
    const [token] = await tokens();
    const rows = await database.db.select().from(outbox).where(tokenSyncRows);
    expect(rows).toMatchObject([{ channel: "token-sync", state: "delivered", isSecret: true, payload: {} }]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("tries a failed call again later, and sends it once it succeeds", async () => {
    sync.answer({ status: 503 });
    await register();
    await sync.waitForRequests(1);
    await app.services.outbox.drain();
    const [failed] = await database.db.select().from(outbox).where(tokenSyncRows);
    expect(failed).toMatchObject({ state: "due", attempts: 1, lastError: "token sync: POST answered 503" });
    expect(failed!.dueAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    sync.answer({ status: 204 });
    await app.services.outbox.deliverDue(new Date(failed!.dueAt.getTime() + 1));
    const [token] = await tokens();
    expect(syncCalls()).toEqual([
      { method: "POST", path: "/sessions", authorization: `Bearer ${token}` },
      { method: "POST", path: "/sessions", authorization: `Bearer ${token}` },
    ]);
    expect(await syncRows()).toEqual([{ channel: "token-sync", state: "delivered" }]);
  });

  describe("never blocks the person when the sync server", () => {
    it.each([
      ["answers with an error", { status: 500, body: { error: "down" } }],
      ["never answers", "hang"],
    ] as const)("%s", async (_case, answer) => {
      sync.answer(answer);
      const started = Date.now();
      const web = await register();
      await web.post(`${app.url}/logout`, {});
      expect(await isSignedIn(web)).toBe(false);
      await sync.waitForRequests(2);
      expect(syncCalls().map((call) => call.method)).toEqual(["POST", "DELETE"]);
      expect(Date.now() - started).toBeLessThan(4000);
    });

    it("cannot be reached", async () => {
      const unreachable = await startTestServer(database, { TOKEN_SYNC_URL: await closedPortUrl() });
      try {
        const web = await register(unreachable.url);
        expect(await isSignedIn(web, unreachable.url)).toBe(true);
        await web.post(`${unreachable.url}/logout`, {});
        expect(await isSignedIn(web, unreachable.url)).toBe(false);
      } finally {
        await unreachable.close();
      }
    });
  });
});
