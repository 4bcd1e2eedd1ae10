/**
 * Personal API keys (docs/decisions/028): made, listed and revoked on /settings/api-keys and /admin/api-keys as each
 * role; a keyed request to /api/v1 acts as the key's user, is refused when the key is malformed, unknown, revoked or
 * may only read, is rate-limited per key with RateLimit-* headers, and submits and changes tools through the same
 * services, rules and messages as the forms.
 */
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_API_KEYS_PER_USER } from "#common/constants.ts";
import { decodeCursor } from "#common/cursor.ts";
import { MESSAGES } from "#common/messages.ts";
import { apiKeyListQuery } from "#server/api-keys/keys.ts";
import { LIMITS } from "#server/auth/rate-limit.ts";
import { apiKeys, rateLimits, tools, users } from "#server/db/schema.ts";
import { insertCategory, insertTool, insertUser } from "../factories.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { type Person, signUpPerson } from "../setup/people.ts";
import { createClient } from "../setup/forms.ts";

const ORIGIN = "http://localhost:3000";
const TOKEN = /it_live_[A-Za-z0-9_-]{43}/;

type Role = "guest" | "verifier" | "admin";
type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };

/** The text of an HTML page, with React's comment markers and entities read, to look for a sentence in it. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

describe.each(databaseKinds)("personal API keys on %s", (kind) => {
  const { database, app } = useTestApp(kind);
  let categoryId: string;

  beforeEach(async () => {
    await database.reset();
    categoryId = (await insertCategory(database.db, { label: "Analytics" })).id;
  });

  const signUp = (username: string, role: Role = "guest") => signUpPerson(app, database.db, username, { role });

  /** Makes a key on /settings/api-keys, as a person does, and reads it from the page that shows it once. */
  async function makeKey(person: Person, name = "Deploy script", scope: "read" | "write" = "read") {
    const response = await person.client.post("/settings/api-keys", { intent: "create", name, scope });
    expect(response.status).toBe(200);
    const html = await response.text();
    const token = TOKEN.exec(html)?.[0];
    expect(token, "the new key is on the page").toBeDefined();
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.name, name));
    return { token: token!, id: row!.id, html };
  }

  const keyed = (token: string, path: string, init: RequestInit = {}) =>
    app.request(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
    });

  const submit = (token: string, body: unknown) =>
    keyed(token, "/api/v1/tools", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  const toolBody = (change: Record<string, unknown> = {}) => ({
    name: "Counter",
    website: "https://counter.example.com",
    shortDesc: "Counts the visits of a website without cookies",
    categories: [categoryId],
    tags: ["analytics", "privacy"],
    ...change,
  });

  describe("making, listing and revoking keys", () => {
    it("asks a visitor to sign in, and makes nothing", async () => {
      const visitor = createClient(app.request);
      const page = await visitor.request("/settings/api-keys");
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/login?redirectTo=%2Fsettings%2Fapi-keys");
      const post = await visitor.post("/settings/api-keys", { intent: "create", name: "Mine", scope: "write" });
      expect(post.status).toBe(302);
      expect(await database.db.select().from(apiKeys)).toHaveLength(0);
    });

    it("shows a guest's new key once, keeps only its hash, lists it and revokes it", async () => {
      const ada = await signUp("Ada");
      const { token, id, html } = await makeKey(ada, "CI runner", "write");
      expect(textOf(html)).toContain("it is shown only this once");
      const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
      expect(row).toMatchObject({
        userId: ada.id,
        scope: "write",
        prefix: token.slice(0, 12),
        revokedAt: null,
        lastUsedAt: null,
      });
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(token.slice(12));

      const list = textOf(await (await ada.client.request("/settings/api-keys")).text());
      expect(list).toContain("CI runner");
      expect(list).toContain(`${token.slice(0, 12)}…`);
      expect(list).not.toMatch(TOKEN);

      expect((await keyed(token, "/api/v1/categories")).status).toBe(200);
      const revoked = await ada.client.post("/settings/api-keys", { intent: "revoke", keyId: id });
      expect(revoked.status).toBe(200);
      expect(textOf(await revoked.text())).toContain("was revoked");
      const refused = await keyed(token, "/api/v1/categories");
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as ErrorAnswer).error).toEqual({
        code: "unauthenticated",
        message: MESSAGES.apiKey.unknown,
      });
      expect(await (await ada.client.request("/settings/api-keys")).text()).not.toContain("CI runner");
    });

    it("refuses a key without a name or scope, and past the limit", async () => {
      const ada = await signUp("Ada");
      const unnamed = await ada.client.post("/settings/api-keys", { intent: "create", name: "  ", scope: "read" });
      expect(unnamed.status).toBe(400);
      expect(textOf(await unnamed.text())).toContain(MESSAGES.apiKey.nameRequired);
      const unscoped = await ada.client.post("/settings/api-keys", { intent: "create", name: "Mine", scope: "admin" });
      expect(unscoped.status).toBe(400);
      expect(textOf(await unscoped.text())).toContain(MESSAGES.apiKey.scope);
      for (let index = 0; index < MAX_API_KEYS_PER_USER; index++) await makeKey(ada, `Key ${index}`);
      const tooMany = await ada.client.post("/settings/api-keys", {
        intent: "create",
        name: "One more",
        scope: "read",
      });
      expect(tooMany.status).toBe(409);
      expect(textOf(await tooMany.text())).toContain(MESSAGES.apiKey.tooMany);
      expect(await database.db.select().from(apiKeys)).toHaveLength(MAX_API_KEYS_PER_USER);
    });

    it("lets no one but the owner and admins revoke a key; admins see and revoke every key", async () => {
      const ada = await signUp("Ada");
      const { token, id } = await makeKey(ada, "Ada's script");
      const other = await signUp("Other");
      const verifier = await signUp("Vera", "verifier");
      const admin = await signUp("Admin", "admin");

      const byVisitor = await createClient(app.request).post("/settings/api-keys", { intent: "revoke", keyId: id });
      expect(byVisitor.status).toBe(302);
      for (const person of [other, verifier]) {
        const response = await person.client.post("/settings/api-keys", { intent: "revoke", keyId: id });
        expect(response.status).toBe(403);
        expect(textOf(await response.text())).toContain(MESSAGES.access.notAllowed);
        expect((await person.client.post("/admin/api-keys", { intent: "revoke", keyId: id })).status).toBe(403);
      }
      expect((await keyed(token, "/api/v1/categories")).status).toBe(200);

      expect((await createClient(app.request).request("/admin/api-keys")).status).toBe(302);
      expect((await other.client.request("/admin/api-keys")).status).toBe(403);
      expect((await verifier.client.request("/admin/api-keys")).status).toBe(403);
      const console = textOf(await (await admin.client.request("/admin/api-keys")).text());
      expect(console).toContain("Ada's script");
      expect(console).toContain(`${token.slice(0, 12)}…`);
      expect(console).toContain(`/profile/${ada.slug}`);
      expect(console).toContain("last used on");

      const revoked = await admin.client.post("/admin/api-keys", { intent: "revoke", keyId: id });
      expect(revoked.status).toBe(200);
      expect((await keyed(token, "/api/v1/categories")).status).toBe(401);
      const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
      expect(row!.revokedBy).toBe(admin.id);
      // A revoked key stays in the console's list, marked.
      expect(await (await admin.client.request("/admin/api-keys")).text()).toContain("Revoked");
      const again = await admin.client.post("/admin/api-keys", { intent: "revoke", keyId: id });
      expect(textOf(await again.text())).toContain(MESSAGES.apiKey.notFound);
    });

    it("pages the admins' list by keyset, each key once", async () => {
      const admin = await signUp("Admin", "admin");
      const ada = await signUp("Ada");
      const rows = Array.from({ length: 55 }, (_, index) => ({
        id: `k${String(index).padStart(4, "0")}`,
        userId: ada.id,
        name: `Key ${index}`,
        prefix: "it_live_abcd",
        tokenHash: `${index}`.padStart(64, "0"),
        scope: "read",
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(index / 2))),
      }));
      await database.db.insert(apiKeys).values(rows);
      const asAdmin = { id: admin.id, slug: admin.slug, username: "Admin", role: "admin" as const };
      const first = await app.services.apiKeys.listApiKeys(asAdmin);
      expect(first.keys).toHaveLength(50);
      const second = await app.services.apiKeys.listApiKeys(asAdmin, { cursor: decodeCursor(first.nextCursor!) });
      expect(second.nextCursor).toBeNull();
      expect(new Set([...first.keys, ...second.keys].map((key) => key.id)).size).toBe(55);
      const page = await (await admin.client.request(`/admin/api-keys?cursor=${first.nextCursor}`)).text();
      expect(page.match(/data-testid="api-key"/g)).toHaveLength(5);
    });

    it("reads the admins' pages in the index's order, without sorting every key", async () => {
      const owners = await Promise.all(Array.from({ length: 20 }, () => insertUser(database.db)));
      const rows = Array.from({ length: 3000 }, (_, index) => ({
        id: `k${String(index).padStart(5, "0")}`,
        userId: owners[index % owners.length]!.id,
        name: `Key ${index}`,
        prefix: "it_live_abcd",
        tokenHash: `${index}`.padStart(64, "0"),
        scope: "read",
        createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
      }));
      for (let start = 0; start < rows.length; start += 1000)
        await database.db.insert(apiKeys).values(rows.slice(start, start + 1000));
      await database.db.execute(sql`analyze api_keys`);
      for (const cursor of [null, { key: Date.UTC(2026, 0, 2), id: "k01440" }]) {
        const plan = await explainMainPlan(database.db, apiKeyListQuery(database.db, cursor, 51));
        expect(plan).toContain("api_keys_created_idx");
        expect(plan).not.toMatch(/Sort/);
      }
    });
  });

  describe("requests made with a key", () => {
    it("refuses a malformed or unknown key with a 401 in the API's error shape, never as a visitor", async () => {
      for (const header of [
        "Bearer nonsense",
        "Basic YWRhOnNlY3JldA==",
        "Bearer",
        `Bearer it_live_${"a".repeat(42)}`,
      ]) {
        const response = await app.request("/api/v1/tools", { headers: { authorization: header } });
        expect(response.status, header).toBe(401);
        expect(response.headers.get("www-authenticate")).toBe('Bearer realm="api"');
        expect(((await response.json()) as ErrorAnswer).error).toEqual({
          code: "unauthenticated",
          message: MESSAGES.apiKey.malformed,
        });
      }
      const unknown = await keyed(`it_live_${"a".repeat(43)}`, "/api/v1/tools");
      expect(unknown.status).toBe(401);
      expect(((await unknown.json()) as ErrorAnswer).error.message).toBe(MESSAGES.apiKey.unknown);
    });

    it("reads the Bearer scheme in any case, with one or more spaces after it (RFC 9110)", async () => {
      const ada = await signUp("Ada");
      const { token } = await makeKey(ada, "Any case", "write");
      for (const scheme of ["bearer ", "BEARER ", "BeArEr ", "bearer   "]) {
        const response = await app.request("/api/v1/tools", {
          method: "POST",
          headers: { authorization: `${scheme}${token}`, "content-type": "application/json" },
          body: JSON.stringify({ name: "", website: "" }),
        });
        // Past the key: the body is refused, not the key.
        expect({ scheme, status: response.status }).toEqual({ scheme, status: 400 });
      }
    });

    it("refuses the key of a disabled user", async () => {
      const ada = await signUp("Ada");
      const { token } = await makeKey(ada);
      await database.db.update(users).set({ isDisabled: true }).where(eq(users.id, ada.id));
      expect((await keyed(token, "/api/v1/tools")).status).toBe(401);
    });

    it("answers a keyed read with the key's rate limit, and records the last use at most once a minute", async () => {
      const ada = await signUp("Ada");
      const { token, id } = await makeKey(ada);
      const first = await keyed(token, "/api/v1/tools");
      expect(first.status).toBe(200);
      expect(first.headers.get("ratelimit-limit")).toBe(String(LIMITS.requestsPerApiKey.max));
      expect(first.headers.get("ratelimit-remaining")).toBe(String(LIMITS.requestsPerApiKey.max - 1));
      expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      expect(Number(first.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(LIMITS.requestsPerApiKey.windowSeconds);
      const [afterFirst] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
      expect(afterFirst!.lastUsedAt).toBeInstanceOf(Date);

      const second = await keyed(token, "/api/v1/categories");
      expect(second.headers.get("ratelimit-remaining")).toBe(String(LIMITS.requestsPerApiKey.max - 2));
      const [afterSecond] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
      expect(afterSecond!.lastUsedAt).toEqual(afterFirst!.lastUsedAt);

      // A minute later, the next use is written.
      await database.db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(Date.now() - 61_000) })
        .where(eq(apiKeys.id, id));
      await keyed(token, "/api/v1/categories");
      const [later] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
      expect(later!.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);

      // Anonymous reads carry no key's headers, and are not counted against any key.
      const anonymous = await app.request("/api/v1/tools");
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get("ratelimit-limit")).toBeNull();
    });

    it("answers 429 with Retry-After once the key's window is used up, and counts keys apart", async () => {
      const ada = await signUp("Ada");
      const { token, id } = await makeKey(ada);
      const other = await makeKey(ada, "Another");
      await database.db
        .insert(rateLimits)
        .values({ key: `api-key:${id}`, count: LIMITS.requestsPerApiKey.max - 1, windowStart: new Date() });
      const last = await keyed(token, "/api/v1/tools");
      expect(last.status).toBe(200);
      expect(last.headers.get("ratelimit-remaining")).toBe("0");
      const refused = await keyed(token, "/api/v1/tools");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("ratelimit-remaining")).toBe("0");
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(refused.headers.get("ratelimit-reset")).toBe(String(retryAfter));
      expect(((await refused.json()) as ErrorAnswer).error).toEqual({
        code: "resource-exhausted",
        message: MESSAGES.apiKey.tooManyRequests(retryAfter),
      });
      expect((await keyed(other.token, "/api/v1/tools")).status).toBe(200);
    });

    it("grants a cross-origin read with a key, and no cross-origin write", async () => {
      const preflight = await app.request("/api/v1/tools", {
        method: "OPTIONS",
        headers: {
          origin: "https://elsewhere.example",
          "access-control-request-method": "GET",
          "access-control-request-headers": "authorization",
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
      const write = await app.request("/api/v1/tools", {
        method: "OPTIONS",
        headers: {
          origin: "https://elsewhere.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type",
        },
      });
      expect(write.headers.get("access-control-allow-origin")).toBeNull();
      const ada = await signUp("Ada");
      const { token } = await makeKey(ada);
      const read = await keyed(token, "/api/v1/tools", { headers: { origin: "https://elsewhere.example" } });
      expect(read.headers.get("access-control-allow-origin")).toBe("*");
      expect(read.headers.get("access-control-expose-headers")).toContain("RateLimit-Remaining");
    });
  });

  describe("writes", () => {
    it("refuses a read key any write with a 403, and writes nothing", async () => {
      const ada = await signUp("Ada");
      const { token } = await makeKey(ada, "Reader", "read");
      const response = await submit(token, toolBody());
      expect(response.status).toBe(403);
      expect(response.headers.get("ratelimit-limit")).toBe(String(LIMITS.requestsPerApiKey.max));
      expect(((await response.json()) as ErrorAnswer).error).toEqual({
        code: "permission-denied",
        message: MESSAGES.apiKey.readOnly,
      });
      const tool = await insertTool(database.db);
      expect((await keyed(token, `/api/v1/tools/${tool.id}/favorite`, { method: "POST" })).status).toBe(403);
      expect(await database.db.select().from(tools).where(eq(tools.name, "Counter"))).toHaveLength(0);
    });

    it("asks a visitor for a key", async () => {
      const response = await app.request("/api/v1/tools", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(toolBody()),
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as ErrorAnswer).error.message).toBe(MESSAGES.apiKey.keyRequired);
    });

    it("submits a tool with a write key: queued, as the key's user, with the form's notices", async () => {
      const ada = await signUp("Ada");
      const admin = await signUp("Admin", "admin");
      const { token } = await makeKey(ada, "Writer", "write");
      const response = await submit(token, toolBody());
      expect(response.status).toBe(201);
      expect(response.headers.get("ratelimit-remaining")).toBe(String(LIMITS.requestsPerApiKey.max - 1));
      const body = (await response.json()) as { id: string; isVerified: boolean; isActive: boolean; slug: string };
      expect(body).toMatchObject({ isVerified: false, isActive: true });
      const [row] = await database.db.select().from(tools).where(eq(tools.id, body.id));
      expect(row).toMatchObject({
        name: "Counter",
        submittedBy: ada.id,
        tags: ["analytics", "privacy"],
        isVerified: false,
      });
      expect(await (await admin.client.request("/admin")).text()).toContain("Counter");
      expect(await (await ada.client.request("/my-tools")).text()).toContain("Counter");
      // Not live yet: the public API does not show it.
      expect((await app.request(`/api/v1/tools/${body.id}`)).status).toBe(404);
      await app.services.outbox.drain();
    });

    it("refuses bad input with the form's messages, per field, and writes nothing", async () => {
      const ada = await signUp("Ada");
      const { token } = await makeKey(ada, "Writer", "write");
      const short = await submit(token, toolBody({ shortDesc: "short", website: "not a website" }));
      expect(short.status).toBe(400);
      const { error } = (await short.json()) as ErrorAnswer;
      expect(error.fields).toMatchObject({
        shortDesc: "Say what the tool does in at least 20 characters",
        website: "Enter the tool's website address, such as https://example.com",
      });
      expect((await submit(token, toolBody({ categories: [] }))).status).toBe(400);
      const notJson = await keyed(token, "/api/v1/tools", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "name=Counter",
      });
      expect(notJson.status).toBe(400);
      expect(((await notJson.json()) as ErrorAnswer).error.message).toBe(MESSAGES.api.notJson);
      const broken = await keyed(token, "/api/v1/tools", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{",
      });
      expect(((await broken.json()) as ErrorAnswer).error.message).toBe(MESSAGES.api.notJson);
      const wrongType = await submit(token, toolBody({ name: 42 }));
      expect(wrongType.status).toBe(400);
      expect(((await wrongType.json()) as ErrorAnswer).error.fields).toHaveProperty("name");
      expect(await database.db.select().from(tools)).toHaveLength(0);

      await insertTool(database.db, { name: "Listed", website: "https://counter.example.com" });
      const listed = await submit(token, toolBody());
      expect(listed.status).toBe(409);
      expect(((await listed.json()) as ErrorAnswer).error.message).toBe(MESSAGES.tool.alreadyListed);
    });

    it("changes the maker's own tool, and refuses another maker's", async () => {
      const ada = await signUp("Ada");
      const bob = await signUp("Bob");
      const { token } = await makeKey(ada, "Writer", "write");
      const { id } = (await (await submit(token, toolBody())).json()) as { id: string };
      const bobsTool = await insertTool(database.db, {
        name: "Bob's",
        submittedBy: bob.id,
        categories: [categoryId],
        shortDesc: "A tool that Bob made for his own website",
      });

      const patch = (toolId: string, body: unknown, key = token) =>
        keyed(key, `/api/v1/tools/${toolId}`, {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });

      const changed = await patch(id, { shortDesc: "Counts visits, and nothing about the visitors" });
      expect(changed.status).toBe(200);
      const [row] = await database.db.select().from(tools).where(eq(tools.id, id));
      expect(row).toMatchObject({
        name: "Counter",
        shortDesc: "Counts visits, and nothing about the visitors",
        tags: ["analytics", "privacy"],
      });
      const refused = await patch(id, { shortDesc: "short" });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ErrorAnswer).error.fields).toEqual({
        shortDesc: "Say what the tool does in at least 20 characters",
      });

      const others = await patch(bobsTool.id, { name: "Mine now" });
      expect(others.status).toBe(403);
      expect(((await others.json()) as ErrorAnswer).error.message).toBe(MESSAGES.access.notAllowed);
      expect((await patch("tnothere", { name: "Nothing" })).status).toBe(404);
      const [unchanged] = await database.db.select().from(tools).where(eq(tools.id, bobsTool.id));
      expect(unchanged!.name).toBe("Bob's");

      // The key's user's role applies: a verifier's write key edits any tool, as the verifier may on the site.
      const verifier = await signUp("Vera", "verifier");
      const verifierKey = await makeKey(verifier, "Vera's", "write");
      const byVerifier = await patch(bobsTool.id, { paymentType: "paid" }, verifierKey.token);
      expect(byVerifier.status, JSON.stringify(await byVerifier.clone().json())).toBe(200);
    });

    it("uploads a logo for the maker's own tool with a write key; a read key and another maker's tool are refused", async () => {
      const ada = await signUp("Ada");
      const bob = await signUp("Bob");
      const writer = await makeKey(ada, "Writer", "write");
      const reader = await makeKey(ada, "Reader", "read");
      const own = await insertTool(database.db, { name: "Ada's", submittedBy: ada.id, categories: [categoryId] });
      const bobs = await insertTool(database.db, { name: "Bob's", submittedBy: bob.id, categories: [categoryId] });
      const logo = async () => {
        const form = new FormData();
        form.append(
          "file",
          new Blob([
            await sharp({ create: { width: 64, height: 64, channels: 3, background: "#7c3aed" } })
              .png()
              .toBuffer(),
          ]),
          "logo.png",
        );
        return form;
      };
      const upload = async (token: string, toolId: string) =>
        keyed(token, `/api/v1/tools/${toolId}/images/logo`, { method: "POST", body: await logo() });
      const stored = await upload(writer.token, own.id);
      expect(stored.status).toBe(200);
      expect(((await stored.json()) as { url: string }).url).toMatch(/^\/files\//);
      expect((await upload(reader.token, own.id)).status).toBe(403);
      expect((await upload(writer.token, bobs.id)).status).toBe(403);
    });

    it("keeps the cross-site rule for a cookie write, and takes the site's session", async () => {
      const ada = await signUp("Ada");
      const fromSite = await ada.client.request("/api/v1/tools", {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json" },
        body: JSON.stringify(toolBody()),
      });
      expect(fromSite.status).toBe(201);
      const elsewhere = await ada.client.request("/api/v1/tools", {
        method: "POST",
        headers: { origin: "https://elsewhere.example", "content-type": "application/json" },
        body: JSON.stringify(toolBody({ website: "https://second.example.com" })),
      });
      expect(elsewhere.status).toBe(403);
      expect(((await elsewhere.json()) as ErrorAnswer).error.message).toBe(MESSAGES.access.crossSite);
    });
  });
});
