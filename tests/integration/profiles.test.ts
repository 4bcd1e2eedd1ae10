import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createId } from "#common/ids.ts";
import { openDatabase } from "#server/db/client.ts";
import {
  authAccounts,
  authSessions,
  authUsers,
  favorites,
  tools,
  userSlugRedirects,
  users,
} from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { npmRun } from "../setup/commands.ts";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { type Client, createClient } from "../setup/forms.ts";

const BOT_TOKEN = "123456:test-token";
const CHAT_ID = "4242";

/** A local HTTP server speaking the Telegram Bot API's sendMessage: it keeps every message's query. */
async function startBotApi() {
  const messages: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method === "GET" && url.pathname === `/bot${BOT_TOKEN}/sendMessage`) {
      messages.push(url.searchParams);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true, result: { message_id: messages.length } }));
      return;
    }
    response.writeHead(404, { "content-type": "application/json" });
    response.end(JSON.stringify({ ok: false, description: "Not Found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PASSWORD = "analytical";

describe.each(databaseKinds)("profiles on %s", (kind) => {
  const bot = useResource(startBotApi);
  const { database, app } = useTestApp(kind, () => ({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_CHAT_ID: CHAT_ID,
    TELEGRAM_API_URL: bot.url,
  }));

  beforeEach(async () => {
    await database.reset();
    bot.messages.length = 0;
  });

  /** Registers through /register and returns the signed-in client with the new user's record. */
  async function register(username: string, email: string, role?: "verifier" | "admin") {
    const client = createClient(app.request);
    const response = await client.postSolved("/register", { username, email, password: PASSWORD });
    expect(response.status).toBe(302);
    if (role) await database.db.update(users).set({ role }).where(eq(users.email, email));
    const [record] = await database.db.select().from(users).where(eq(users.email, email));
    return { client, record: record! };
  }

  async function login(email: string, password: string) {
    const client = createClient(app.request);
    const response = await client.post("/login", { intent: "password", email, password });
    return { client, response };
  }

  async function html(client: Client, path: string) {
    const response = await client.request(path);
    return { response, text: await response.text() };
  }

  const visitor = () => createClient(app.request);
  const recordOf = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0];
  const sessionCount = async (authId: string) =>
    (await database.db.select({ n: count() }).from(authSessions).where(eq(authSessions.userId, authId)))[0]!.n;
  const isSignedIn = async (client: Client) => (await html(client, "/")).text.includes('data-viewer="member"');

  describe("the public profile", () => {
    it("shows the username, the bio as text, http(s) social links, the Solo maker badge and only the user's live tools", async () => {
      const { record } = await register("Ada Lovelace", "ada@example.com");
      await database.db
        .update(users)
        .set({
          bio: "Writes <b>engines</b>\nand notes",
          isSolo: true,
          socialProfiles: [
            { network: "github.com", url: "https://github.com/ada" },
            { network: "evil", url: "javascript:alert(1)" },
          ],
        })
        .where(eq(users.id, record.id));
      const live = await insertTool(database.db, {
        name: "Analytical Engine",
        creatorUsername: record.slug,
        isLinkedToCreator: true,
      });
      const waiting = await insertTool(database.db, {
        name: "Difference Engine",
        creatorUsername: record.slug,
        isVerified: false,
      });
      const claimed = await insertTool(database.db, {
        name: "Claimed Only",
        creatorUsername: record.slug,
        hasBeenClaimed: true,
      });
      const someoneElses = await insertTool(database.db, { name: "Jacquard Loom", creatorUsername: "someone-else" });

      const { response, text } = await html(visitor(), "/profile/ada-lovelace");
      expect(response.status).toBe(200);
      expect(text).toContain("<h1");
      expect(text).toContain("Ada Lovelace");
      expect(text).toContain("Writes &lt;b&gt;engines&lt;/b&gt;\nand notes");
      expect(text).toMatch(/<a href="https:\/\/github.com\/ada" rel="nofollow noopener me"/);
      expect(text).not.toContain("javascript:alert");
      expect(text).toContain('data-testid="solo-badge"');
      expect(text).toContain("Solo maker");
      expect(text).toContain(`href="/tool/${live.slug}"`);
      for (const hidden of [waiting, claimed, someoneElses]) expect(text).not.toContain(`href="/tool/${hidden.slug}"`);
      expect(text).toContain('<link rel="canonical" href="http://localhost:3000/profile/ada-lovelace"/>');
      expect(text).not.toContain('content="noindex"');
      expect(text).toContain('"@type":"ProfilePage"');
      // A visitor sees no owner's panel.
      expect(text).not.toContain('data-testid="owner-panel"');
      expect(text).not.toContain("Edit profile");
    });

    it("is not indexed while the user has no tool, and says so", async () => {
      await register("Grace Hopper", "grace@example.com");
      const { text } = await html(visitor(), "/profile/grace-hopper");
      expect(text).toContain('<meta name="robots" content="noindex"/>');
      expect(text).toContain("Grace Hopper has no tool listed yet.");
      expect(text).not.toContain("Solo maker");
    });

    it.each(["/profile/nobody", "/profile/Not_A_Slug!"])("answers %s with a 404 and its message", async (path) => {
      const { response, text } = await html(visitor(), path);
      expect(response.status).toBe(404);
      expect(text).toContain("No user found with this address");
    });

    it("shows its owner, and only them, their boosts and the Edit profile link", async () => {
      const owner = await register("Ada Lovelace", "ada@example.com");
      await database.db.update(users).set({ boosts: 3 }).where(eq(users.id, owner.record.id));
      const mine = await html(owner.client, "/profile/ada-lovelace");
      expect(mine.text).toContain('data-testid="owner-panel"');
      expect(mine.text).toContain('<span data-testid="boosts">3</span>');
      // The number says what it counts.
      expect(mine.text).toContain("How many times one of your tools was featured, bought or granted by the team.");
      expect(mine.text).toContain('href="/edit-profile"');
      for (const other of [
        await register("Other", "other@example.com"),
        await register("Vera", "vera@example.com", "verifier"),
        await register("Adam", "adam@example.com", "admin"),
      ]) {
        const theirs = await html(other.client, "/profile/ada-lovelace");
        expect(theirs.response.status).toBe(200);
        expect(theirs.text).not.toContain('data-testid="boosts"');
        expect(theirs.text).not.toContain("Edit profile");
      }
    });
  });

  describe("the featuring request", () => {
    it("shows the owner a form with their own tools, stores the request and tells the admin", async () => {
      const owner = await register("Ada Lovelace", "ada@example.com");
      const tool = await insertTool(database.db, {
        name: "Analytical Engine",
        creatorUsername: owner.record.slug,
        isLinkedToCreator: true,
      });
      const pending = await insertTool(database.db, {
        name: "Difference Engine",
        creatorUsername: owner.record.slug,
        isVerified: false,
      });
      const other = await insertTool(database.db, { name: "Jacquard Loom", creatorUsername: "someone-else" });

      const page = await html(owner.client, "/profile/ada-lovelace?type=boost-tool");
      expect(page.text).toContain('<select id="field-toolId" name="toolId"');
      expect(page.text).toContain(`<option value="${tool.id}">Analytical Engine</option>`);
      expect(page.text).toContain(
        `<option value="${pending.id}">Difference Engine (waiting for verification)</option>`,
      );
      expect(page.text).not.toContain(other.id);
      // Nothing in the form pretends to take money.
      const form = page.text.slice(
        page.text.indexOf('id="featuring-heading"'),
        page.text.indexOf("</section>", page.text.indexOf('id="featuring-heading"')),
      );
      expect(form).toContain("Send my request");
      expect(form).not.toMatch(/\$|€|£|price|pay|checkout|card/i);

      const sent = await owner.client.post("/profile/ada-lovelace?type=boost-tool", {
        intent: "request-featuring",
        toolId: tool.id,
      });
      expect(sent.status).toBe(200);
      expect(await sent.text()).toContain("Your request was sent. You will hear from us soon.");

      const record = await recordOf(owner.record.id);
      expect(record!.boosts).toBe(0);
      expect(record!.payments).toHaveLength(1);
      expect(record!.payments[0]).toMatchObject({ kind: "featuring-request", toolId: tool.id, status: "requested" });
      expect(Number.isNaN(Date.parse(record!.payments[0]!.createdAt))).toBe(false);

      await app.services.outbox.drain();
      expect(bot.messages).toHaveLength(1);
      const message = bot.messages[0]!;
      expect(message.get("chat_id")).toBe(CHAT_ID);
      expect(message.get("parse_mode")).toBe("Markdown");
      expect(message.get("text")).toMatch(/^\*Featuring request\*\n/);
      expect(message.get("text")).toContain("ada@example.com");
      expect(message.get("text")).toContain(`/tool/${tool.slug}`);

      // The owner sees it waiting; asking again for the same tool is refused and stores nothing.
      expect((await html(owner.client, "/profile/ada-lovelace")).text).toContain("Waiting for an answer");
      const again = await owner.client.post("/profile/ada-lovelace?type=boost-tool", {
        intent: "request-featuring",
        toolId: tool.id,
      });
      expect(again.status).toBe(409);
      expect(await again.text()).toContain("You already asked to feature this tool. We will get back to you soon.");
      expect((await recordOf(owner.record.id))!.payments).toHaveLength(1);
      await app.services.outbox.drain();
      expect(bot.messages).toHaveLength(1);
    });

    it("refuses a tool that is not the user's, a claim still waiting, and a missing choice", async () => {
      const owner = await register("Ada Lovelace", "ada@example.com");
      const someoneElses = await insertTool(database.db, {
        name: "Jacquard Loom",
        creatorUsername: "someone-else",
        isLinkedToCreator: true,
      });
      const claimed = await insertTool(database.db, {
        name: "Claimed",
        creatorUsername: owner.record.slug,
        hasBeenClaimed: true,
      });
      for (const toolId of [someoneElses.id, claimed.id]) {
        const response = await owner.client.post("/profile/ada-lovelace?type=boost-tool", {
          intent: "request-featuring",
          toolId,
        });
        expect(response.status).toBe(403);
        expect(await response.text()).toContain("You can only ask to feature one of your own tools");
      }
      const empty = await owner.client.post("/profile/ada-lovelace?type=boost-tool", {
        intent: "request-featuring",
        toolId: "",
      });
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain("Choose one of your tools");
      expect((await recordOf(owner.record.id))!.payments).toEqual([]);
      await app.services.outbox.drain();
      expect(bot.messages).toHaveLength(0);
    });
  });

  describe("/edit-profile", () => {
    it("sends a visitor to log in, and back here afterwards", async () => {
      const response = await visitor().request("/edit-profile");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fedit-profile");
    });

    it("shows the signed-in user's settings", async () => {
      const { client } = await register("Ada Lovelace", "ada@example.com");
      const { response, text } = await html(client, "/edit-profile");
      expect(response.status).toBe(200);
      expect(text).toContain('value="Ada Lovelace"');
      expect(text).toContain("ada@example.com");
      expect(text).toContain('name="currentPassword"');
      expect(text).toContain('<meta name="robots" content="noindex"/>');
      const intents = [...text.matchAll(/<button[^>]*>/g)]
        .filter(([tag]) => tag.includes('name="intent"'))
        .map(([tag]) => /value="([^"]*)"/.exec(tag)?.[1]);
      expect(intents).toEqual(["profile", "password", "sign-out-everywhere", "delete"]);
    });

    it("saves the profile: bio, social profiles, newsletter and solo maker", async () => {
      const { client, record } = await register("Ada Lovelace", "ada@example.com");
      const response = await client.request("/edit-profile", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
        body: new URLSearchParams([
          ["intent", "profile"],
          ["username", "Ada Lovelace"],
          ["bio", "First programmer.\r\nLikes engines."],
          ["socialProfiles", "https://github.com/ada"],
          ["socialProfiles", ""],
          ["socialProfiles", "www.example.org/ada"],
          ["newsletter", "on"],
          ["isSolo", "on"],
        ]).toString(),
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Your profile was saved.");
      const saved = await recordOf(record.id);
      expect(saved).toMatchObject({
        username: "Ada Lovelace",
        slug: "ada-lovelace",
        bio: "First programmer.\nLikes engines.",
        hasSubscribedToNewsletter: true,
        isSolo: true,
        socialProfiles: [
          { network: "github.com", url: "https://github.com/ada" },
          { network: "example.org", url: "https://www.example.org/ada" },
        ],
      });
      // Unticked boxes turn the flags off again.
      await client.post("/edit-profile", { intent: "profile", username: "Ada Lovelace", bio: "" });
      expect(await recordOf(record.id)).toMatchObject({
        hasSubscribedToNewsletter: false,
        isSolo: false,
        bio: "",
        socialProfiles: [],
      });
    });

    it.each([
      [{ bio: "x".repeat(501) }, "A bio has at most 500 characters"],
      [
        { socialProfiles: "javascript:alert(1)" },
        "Each social profile must be a web address starting with http:// or https://",
      ],
      [
        { socialProfiles: "ftp://files.example.com" },
        "Each social profile must be a web address starting with http:// or https://",
      ],
      [{ username: "  " }, "Choose a username with at least one letter or digit"],
      [{ username: "x".repeat(41) }, "A username has at most 40 characters"],
    ])("refuses %j with its message, keeping what was typed", async (fields, message) => {
      const { client, record } = await register("Ada Lovelace", "ada@example.com");
      const response = await client.post("/edit-profile", {
        intent: "profile",
        username: "Ada Lovelace",
        bio: "Kept bio",
        ...fields,
      });
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).toContain(message);
      if (!("bio" in fields)) expect(text).toContain("Kept bio");
      expect(await recordOf(record.id)).toMatchObject({ username: "Ada Lovelace", bio: "" });
    });

    it("refuses more than five social profiles", async () => {
      const { client } = await register("Ada Lovelace", "ada@example.com");
      const body = new URLSearchParams([
        ["intent", "profile"],
        ["username", "Ada"],
        ...Array.from({ length: 6 }, (_, index) => ["socialProfiles", `https://site${index}.example.com`]),
      ]);
      const response = await client.request("/edit-profile", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
        body: body.toString(),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("List at most 5 social profiles");
    });

    it("changes the username: the slug follows, the old address redirects, linked tools follow", async () => {
      const { client, record } = await register("Ada Lovelace", "ada@example.com");
      const tool = await insertTool(database.db, {
        name: "Analytical Engine",
        creatorUsername: "ada-lovelace",
        isLinkedToCreator: true,
      });
      const response = await client.post("/edit-profile", { intent: "profile", username: "Countess Ada" });
      expect(response.status).toBe(200);
      expect(await recordOf(record.id)).toMatchObject({ username: "Countess Ada", slug: "countess-ada" });
      const [account] = await database.db.select().from(authUsers).where(eq(authUsers.id, record.authId!));
      expect(account!.name).toBe("Countess Ada");

      const old = await visitor().request("/profile/ada-lovelace?type=boost-tool");
      expect(old.status).toBe(301);
      expect(old.headers.get("location")).toBe("/profile/countess-ada?type=boost-tool");
      expect((await visitor().request("/profile/countess-ada")).status).toBe(200);

      const [moved] = await database.db.select().from(tools).where(eq(tools.id, tool.id));
      expect(moved!.creatorUsername).toBe("countess-ada");
      expect((await html(visitor(), `/tool/${tool.slug}`)).text).toContain('href="/profile/countess-ada"');
      // The nav's Profile link follows the session's user.
      expect((await html(client, "/")).text).toContain('href="/profile/countess-ada"');
      // The tool's snapshot names the creator where they are now.
      const snapshot = await visitor().request(`/files/tools/${tool.id}/${tool.id}.json`);
      expect(await snapshot.text()).toContain('"slug":"countess-ada"');

      // Going back to the first name takes the first address back; the second one now redirects.
      await client.post("/edit-profile", { intent: "profile", username: "Ada Lovelace" });
      expect((await visitor().request("/profile/ada-lovelace")).status).toBe(200);
      const back = await visitor().request("/profile/countess-ada");
      expect(back.status).toBe(301);
      expect(back.headers.get("location")).toBe("/profile/ada-lovelace");
      const redirects = await database.db.select().from(userSlugRedirects);
      expect(redirects.map((row) => row.oldSlug)).toEqual(["countess-ada"]);
    });

    it("gives a clashing new username a suffix, and a freed address to whoever takes it next", async () => {
      await register("Grace Hopper", "grace@example.com");
      const ada = await register("Ada Lovelace", "ada@example.com");
      await ada.client.post("/edit-profile", { intent: "profile", username: "Grace Hopper" });
      expect((await recordOf(ada.record.id))!.slug).toBe("grace-hopper-2");

      // A new user named like Ada's first name gets her former address: the live profile wins over the redirect.
      const newcomer = await register("Ada Lovelace", "new-ada@example.com");
      expect(newcomer.record.slug).toBe("ada-lovelace");
      const page = await html(visitor(), "/profile/ada-lovelace");
      expect(page.response.status).toBe(200);
      expect(page.text).toContain("Ada Lovelace");
    });

    it("changes the password: the old one stops working, the new one works, other sessions end", async () => {
      const { client, record } = await register("Ada Lovelace", "ada@example.com");
      const elsewhere = (await login("ada@example.com", PASSWORD)).client;
      expect(await isSignedIn(elsewhere)).toBe(true);

      const wrong = await client.post("/edit-profile", {
        intent: "password",
        currentPassword: "not-it",
        newPassword: "fresh-secret-42",
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain("Incorrect password");
      const weak = await client.post("/edit-profile", {
        intent: "password",
        currentPassword: PASSWORD,
        newPassword: "12345",
      });
      expect(weak.status).toBe(400);
      expect(await weak.text()).toContain("Password must contain at least 6 characters");
      const missing = await client.post("/edit-profile", {
        intent: "password",
        currentPassword: "",
        newPassword: "fresh-secret-42",
      });
      expect(await missing.text()).toContain("Enter your current password");

      const changed = await client.post("/edit-profile", {
        intent: "password",
        currentPassword: PASSWORD,
        newPassword: "fresh-secret-42",
      });
      expect(changed.status).toBe(200);
      const text = await changed.text();
      expect(text).toContain("Your password was changed.");
      expect(text).not.toContain("fresh-secret-42");

      expect(await isSignedIn(client)).toBe(true);
      expect(await isSignedIn(elsewhere)).toBe(false);
      expect(await sessionCount(record.authId!)).toBe(1);
      const withOld = await login("ada@example.com", PASSWORD);
      expect(withOld.response.status).toBe(401);
      expect(await withOld.response.text()).toContain("Incorrect password");
      expect((await login("ada@example.com", "fresh-secret-42")).response.status).toBe(302);
    });

    it("tells a Google-only account that it signs in with Google, and has no password to change", async () => {
      const { client, record } = await register("Ada Lovelace", "ada@example.com");
      await database.db.update(users).set({ authMethod: "google" }).where(eq(users.id, record.id));
      await database.db
        .delete(authAccounts)
        .where(and(eq(authAccounts.userId, record.authId!), eq(authAccounts.providerId, "credential")));
      const page = await html(client, "/edit-profile");
      expect(page.text).toContain('data-testid="google-only"');
      expect(page.text).toContain("You sign in with Google");
      expect(page.text).not.toContain('name="currentPassword"');
      const response = await client.post("/edit-profile", {
        intent: "password",
        currentPassword: "anything",
        newPassword: "fresh-secret-42",
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Your account signs in with Google: it has no password to change");
    });

    it("signs out everywhere: every session of the user ends, this one included", async () => {
      const { client, record } = await register("Ada Lovelace", "ada@example.com");
      const elsewhere = (await login("ada@example.com", PASSWORD)).client;
      const bystander = await register("Grace Hopper", "grace@example.com");
      expect(await sessionCount(record.authId!)).toBe(2);

      const response = await client.post("/edit-profile", { intent: "sign-out-everywhere" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
      expect(
        response.headers.getSetCookie().some((cookie) => /session_token=;/.test(cookie) && /max-age=0/i.test(cookie)),
      ).toBe(true);
      expect(await sessionCount(record.authId!)).toBe(0);
      expect(await isSignedIn(client)).toBe(false);
      expect(await isSignedIn(elsewhere)).toBe(false);
      expect(await isSignedIn(bystander.client)).toBe(true);
    });

    it("deletes the account only when DELETE is typed", async () => {
      const { client, record } = await register("Ada Lovelace", "ada@example.com");
      for (const confirm of ["", "delete", "yes"]) {
        const response = await client.post("/edit-profile", { intent: "delete", confirm });
        expect(response.status).toBe(400);
        expect(await response.text()).toContain("Type DELETE to confirm");
      }
      expect(await recordOf(record.id)).toBeDefined();
      expect(await isSignedIn(client)).toBe(true);
    });

    it("deletes the account: record, auth account, sessions and favourites go; tools stay listed, unlinked", async () => {
      const { client, record } = await register("Ada Lovelace", "ada@example.com");
      const elsewhere = (await login("ada@example.com", PASSWORD)).client;
      const bystander = await register("Grace Hopper", "grace@example.com");
      const linked = await insertTool(database.db, {
        name: "Analytical Engine",
        creatorUsername: "ada-lovelace",
        isLinkedToCreator: true,
        wasClaimedAccepted: true,
        hasBeenClaimed: true,
        claimedBy: record.id,
        submittedBy: record.id,
      });
      const unrelated = await insertTool(database.db, {
        name: "Jacquard Loom",
        creatorUsername: "grace-hopper",
        isLinkedToCreator: true,
      });
      await database.db.insert(favorites).values([
        { userId: record.id, toolId: unrelated.id },
        { userId: bystander.record.id, toolId: linked.id },
      ]);
      await client.post("/edit-profile", { intent: "profile", username: "Countess Ada" });

      const response = await client.post("/edit-profile", { intent: "delete", confirm: "DELETE" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
      expect(response.headers.getSetCookie().some((cookie) => /session_token=;/.test(cookie))).toBe(true);

      expect(await recordOf(record.id)).toBeUndefined();
      expect(await database.db.select().from(authUsers).where(eq(authUsers.id, record.authId!))).toEqual([]);
      expect(await database.db.select().from(authAccounts).where(eq(authAccounts.userId, record.authId!))).toEqual([]);
      expect(await sessionCount(record.authId!)).toBe(0);
      expect(await database.db.select().from(favorites).where(eq(favorites.userId, record.id))).toEqual([]);
      expect(await database.db.select().from(userSlugRedirects)).toEqual([]);
      const [unlinked] = await database.db.select().from(tools).where(eq(tools.id, linked.id));
      expect(unlinked).toMatchObject({
        creatorUsername: null,
        isLinkedToCreator: false,
        hasBeenClaimed: false,
        wasClaimedAccepted: false,
        claimedBy: null,
        submittedBy: null,
      });
      const toolPage = await html(visitor(), `/tool/${linked.slug}`);
      expect(toolPage.response.status).toBe(200);
      expect(toolPage.text).not.toContain("/profile/countess-ada");

      // Someone else's data stays: their favourite of the unlinked tool, their tool.
      expect(await database.db.select().from(favorites).where(eq(favorites.userId, bystander.record.id))).toHaveLength(
        1,
      );
      expect((await database.db.select().from(tools).where(eq(tools.id, unrelated.id)))[0]!.creatorUsername).toBe(
        "grace-hopper",
      );

      expect(await isSignedIn(client)).toBe(false);
      expect(await isSignedIn(elsewhere)).toBe(false);
      expect((await visitor().request("/profile/countess-ada")).status).toBe(404);
      expect((await visitor().request("/profile/ada-lovelace")).status).toBe(404);
      expect((await login("ada@example.com", PASSWORD)).response.status).not.toBe(302);
    });
  });

  /**
   * Who may see and do what on the profile routes. The profile /profile/ada-lovelace belongs to "owner"; "other",
   * "verifier" and "admin" are signed in as themselves. Nobody but the owner changes the owner's profile.
   */
  describe("role × route matrix", () => {
    const ACTORS = ["visitor", "owner", "other", "verifier", "admin"] as const;
    type Actor = (typeof ACTORS)[number];

    async function setUp() {
      const owner = await register("Ada Lovelace", "ada@example.com");
      const tool = await insertTool(database.db, {
        name: "Analytical Engine",
        creatorUsername: "ada-lovelace",
        isLinkedToCreator: true,
      });
      const signedIn = {
        owner,
        other: await register("Other Person", "other@example.com"),
        verifier: await register("Vera Verifier", "vera@example.com", "verifier"),
        admin: await register("Adam Admin", "adam@example.com", "admin"),
      };
      const clients: Record<Actor, Client> = {
        visitor: visitor(),
        owner: owner.client,
        other: signedIn.other.client,
        verifier: signedIn.verifier.client,
        admin: signedIn.admin.client,
      };
      const [credential] = await database.db
        .select()
        .from(authAccounts)
        .where(eq(authAccounts.userId, owner.record.authId!));
      return {
        owner: owner.record,
        ownerPasswordHash: credential!.password,
        tool,
        clients,
        records: Object.fromEntries(Object.entries(signedIn).map(([name, user]) => [name, user.record])),
      };
    }

    it.each(ACTORS)(
      "GET /profile/{slug} as %s: everyone sees it; only the owner sees boosts and Edit profile",
      async (actor) => {
        const { clients } = await setUp();
        const { response, text } = await html(clients[actor], "/profile/ada-lovelace");
        expect(response.status).toBe(200);
        expect(text).toContain("Analytical Engine");
        expect(text.includes('data-testid="owner-panel"')).toBe(actor === "owner");
      },
    );

    it.each(ACTORS)(
      "GET /profile/{slug}?type=boost-tool as %s: only the owner gets the request form",
      async (actor) => {
        const { clients } = await setUp();
        const { response, text } = await html(clients[actor], "/profile/ada-lovelace?type=boost-tool");
        expect(response.status).toBe(200);
        expect(text).toContain("Ada Lovelace");
        expect(text.includes('id="featuring-heading"')).toBe(actor === "owner");
        expect(text.includes('value="request-featuring"')).toBe(actor === "owner");
      },
    );

    const requestOutcome: Record<Actor, number> = { visitor: 302, owner: 200, other: 403, verifier: 403, admin: 403 };
    it.each(ACTORS)("POST /profile/{slug} (request featuring) as %s", async (actor) => {
      const { clients, tool, owner } = await setUp();
      const response = await clients[actor].post("/profile/ada-lovelace?type=boost-tool", {
        intent: "request-featuring",
        toolId: tool.id,
      });
      expect(response.status).toBe(requestOutcome[actor]);
      if (actor === "visitor")
        expect(response.headers.get("location")).toBe(
          "/login?redirectTo=%2Fprofile%2Fada-lovelace%3Ftype%3Dboost-tool",
        );
      if (actor !== "visitor" && actor !== "owner")
        expect(await response.text()).toContain("Only the owner of this profile can ask to feature their tools");
      const payments = (await recordOf(owner.id))!.payments;
      expect(payments).toHaveLength(actor === "owner" ? 1 : 0);
      await app.services.outbox.drain();
      expect(bot.messages).toHaveLength(actor === "owner" ? 1 : 0);
    });

    it.each(ACTORS)(
      "GET /edit-profile as %s: a visitor logs in first; everyone else sees only their own settings",
      async (actor) => {
        const { clients } = await setUp();
        const response = await clients[actor].request("/edit-profile");
        if (actor === "visitor") {
          expect(response.status).toBe(302);
          expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fedit-profile");
          return;
        }
        expect(response.status).toBe(200);
        const text = await response.text();
        expect(text.includes('value="Ada Lovelace"')).toBe(actor === "owner");
        expect(text.includes("ada@example.com")).toBe(actor === "owner");
      },
    );

    const INTENT_FIELDS = {
      profile: { username: "Renamed", bio: "Changed" },
      password: { currentPassword: PASSWORD, newPassword: "another-password" },
      "sign-out-everywhere": {},
      delete: { confirm: "DELETE" },
    } as const;
    const cells = Object.keys(INTENT_FIELDS).flatMap((intent) =>
      ACTORS.map((actor) => [intent as keyof typeof INTENT_FIELDS, actor] as const),
    );

    it.each(cells)(
      "POST /edit-profile intent=%s as %s: only the owner's own account changes",
      async (intent, actor) => {
        const setup = await setUp();
        const { owner, clients } = setup;
        const sessionsBefore = await sessionCount(owner.authId!);
        const response = await clients[actor].post("/edit-profile", { intent, ...INTENT_FIELDS[intent] });

        if (actor === "visitor") {
          expect(response.status).toBe(302);
          expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fedit-profile");
        } else {
          expect(response.status).toBe(intent === "sign-out-everywhere" || intent === "delete" ? 302 : 200);
        }

        const ownerNow = await recordOf(owner.id);
        const [credential] = await database.db
          .select()
          .from(authAccounts)
          .where(eq(authAccounts.userId, owner.authId!));
        const isOwner = actor === "owner";
        switch (intent) {
          case "profile":
            expect(ownerNow).toMatchObject(
              isOwner ? { username: "Renamed", bio: "Changed" } : { username: "Ada Lovelace", bio: "" },
            );
            if (!isOwner && actor !== "visitor")
              expect(await recordOf(setup.records[actor]!.id)).toMatchObject({ username: "Renamed" });
            break;
          case "password":
            expect(credential!.password === setup.ownerPasswordHash).toBe(!isOwner);
            break;
          case "sign-out-everywhere":
            expect(await sessionCount(owner.authId!)).toBe(isOwner ? 0 : sessionsBefore);
            break;
          case "delete":
            expect(ownerNow === undefined).toBe(isOwner);
            if (!isOwner && actor !== "visitor") expect(await recordOf(setup.records[actor]!.id)).toBeUndefined();
            break;
        }
      },
    );
  });
});

/** `npm run admin -- set-role`, run as the operator runs it: a child process on the server's own configuration. */
describe("the admin command", () => {
  const runAdmin = (args: string[], env: Record<string, string>) =>
    npmRun("admin", args, { LOG_LEVEL: "silent", ...env });

  async function insertUser(db: TestDatabase["db"]) {
    await db
      .insert(users)
      .values({ id: createId("u"), email: "ada@example.com", username: "Ada Lovelace", slug: "ada-lovelace" });
  }

  describe("on an embedded database in DATA_DIR", () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-admin-"));
      const handle = await openDatabase({ dataDir });
      await handle.migrate();
      await insertUser(handle.db);
      await handle.close();
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: "" });
    async function roleInDataDir() {
      const handle = await openDatabase({ dataDir });
      try {
        return (await handle.db.select({ role: users.role }).from(users).where(eq(users.email, "ada@example.com")))[0]
          ?.role;
      } finally {
        await handle.close();
      }
    }

    it("sets a role and says what it did", { timeout: 120_000 }, async () => {
      const result = await runAdmin(["set-role", "Ada@Example.com", "admin"], env());
      expect(result).toMatchObject({ code: 0 });
      expect(result.stdout).toContain("ada@example.com (Ada Lovelace): role changed from guest to admin.");
      expect(await roleInDataDir()).toBe("admin");
    });

    it("exits with 1 and a clear message on bad input", { timeout: 120_000 }, async () => {
      const unknownUser = await runAdmin(["set-role", "nobody@example.com", "admin"], env());
      expect(unknownUser.code).toBe(1);
      expect(unknownUser.stderr).toContain("No user has the e-mail nobody@example.com");
      const unknownRole = await runAdmin(["set-role", "ada@example.com", "boss"], env());
      expect(unknownRole.code).toBe(1);
      expect(unknownRole.stderr).toContain("A role is one of: guest, verifier, admin");
      const noCommand = await runAdmin([], env());
      expect(noCommand.code).toBe(1);
      expect(noCommand.stderr).toContain("Usage: npm run admin -- set-role <email> <guest|verifier|admin>");
    });

    it("refuses to open the embedded database while another process holds it", { timeout: 120_000 }, async () => {
      const server = await openDatabase({ dataDir });
      try {
        const result = await runAdmin(["set-role", "ada@example.com", "verifier"], env());
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`is in use by another process (pid ${process.pid})`);
        await expect(openDatabase({ dataDir })).rejects.toThrow("is in use by another process");
      } finally {
        await server.close();
      }
      expect(await roleInDataDir()).not.toBe("verifier");
    });
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL from DATABASE_URL", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase("postgres");
      await insertUser(database.db);
    });
    afterAll(() => database.close());

    it("sets a role, and exits with 1 on an unknown e-mail or role", { timeout: 120_000 }, async () => {
      const env = { DATABASE_URL: database.url };
      const result = await runAdmin(["set-role", "ada@example.com", "verifier"], env);
      expect(result).toMatchObject({ code: 0 });
      expect(result.stdout).toContain("role changed from guest to verifier");
      const [record] = await database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.email, "ada@example.com"));
      expect(record!.role).toBe("verifier");
      expect((await runAdmin(["set-role", "ada@example.com", "verifier"], env)).stdout).toContain(
        "already has the role verifier",
      );
      expect((await runAdmin(["set-role", "nobody@example.com", "admin"], env)).code).toBe(1);
      expect((await runAdmin(["set-role", "ada@example.com", "root"], env)).code).toBe(1);
    });
  });
});
