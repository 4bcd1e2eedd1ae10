/** The holes a hostile test of the app found, each tried the way the attacker tried it, through the real HTTP app. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#common/messages.ts";
import { authUsers } from "#server/db/schema.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { createClient } from "../setup/forms.ts";

const ORIGIN = "http://localhost:3000";

describe.each(databaseKinds)("hostile requests on %s", (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await createTestApp(database);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  async function register(email = "ada@example.com", password = "analytical") {
    const client = createClient(app.request);
    const response = await client.post("/register", { username: "Ada Lovelace", email, password });
    expect(response.status).toBe(302);
    return client;
  }

  describe("Better Auth's endpoints", () => {
    it("refuses sign-up/email: no account, no session, and the owner can still register", async () => {
      const response = await app.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ email: "victim@example.com", password: "squatting", name: "<b>x</b>", image: "javascript:alert(1)" }),
      });
      expect(response.status).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await response.json()).toEqual({ error: { code: "not-found", message: MESSAGES.page.noSuchAuthEndpoint } });
      expect(await database.db.select().from(authUsers)).toEqual([]);
      await register("victim@example.com");
    });

    it("refuses sign-in/email, even with the right password", async () => {
      await register();
      const response = await app.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ email: "ada@example.com", password: "analytical" }),
      });
      expect(response.status).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it("answers 404 with a message on every endpoint Better Auth has, but the three a browser is sent to", async () => {
      const auth = await app.services.auth();
      const endpoints = Object.values(auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>).filter((endpoint) => typeof endpoint.path === "string");
      expect(endpoints.length).toBeGreaterThan(20);
      const reached: string[] = [];
      for (const endpoint of endpoints) {
        const methods = [endpoint.options?.method ?? "GET"].flat().map((method) => (method === "*" ? "POST" : method));
        const path = `/api/auth${endpoint.path!.replace(/:[a-zA-Z]+/g, "google")}`;
        for (const method of new Set([...methods, "GET", "POST"])) {
          const response = await app.request(path, {
            method,
            headers: { origin: ORIGIN, ...(method === "GET" ? {} : { "content-type": "application/json" }) },
            ...(method === "GET" ? {} : { body: "{}" }),
          });
          const body = response.status === 404 ? ((await response.json()) as { error?: { message?: string } }) : null;
          if (body?.error?.message === MESSAGES.page.noSuchAuthEndpoint) continue;
          reached.push(`${method} ${path}`);
        }
      }
      expect(reached.sort()).toEqual(["GET /api/auth/callback/google", "GET /api/auth/magic-link/verify", "GET /api/auth/reset-password/google"]);
    });
  });
});
