import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "#server/db/client.ts";
import { authSessions } from "#server/db/schema.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { linkIn, type ReceivedMail, startSmtpReceiver } from "../setup/smtp.ts";

describe.each(databaseKinds)("account mail and sessions on %s", (kind) => {
  const smtp = useResource(startSmtpReceiver);
  const { database, app } = useTestApp(kind, () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Indie Tools <hello@example.com>",
  }));

  /** The mail the sign-up sent Ada, which asks her to confirm her address; the tests' mailbox starts empty after it. */
  let signUpMail: ReceivedMail;

  beforeEach(async () => {
    await database.reset();
    await app.services.outbox.drain();
    smtp.mails.length = 0;
    await createClient(app.request).postSolved("/register", {
      username: "Ada",
      email: "ada@example.com",
      password: "analytical",
    });
    signUpMail = await smtp.waitForMail("ada@example.com", { subject: "Confirm your address for Indie Tools" });
    smtp.mails.length = 0;
  });

  /** Follows a link from a mail like a browser: through Better Auth's redirect, with the client's cookies. */
  async function follow(client: ReturnType<typeof createClient>, link: string) {
    let response = await client.request(new URL(link).pathname + new URL(link).search);
    for (let hop = 0; hop < 5 && response.status >= 300 && response.status < 400; hop++) {
      const location = new URL(response.headers.get("location")!, "http://localhost:3000");
      response = await client.request(location.pathname + location.search);
    }
    return response;
  }

  /** What a form answers, without the parts that differ from one answer to the next (the nonce, the address typed). */
  const answerOf = async (response: Response, email: string) => ({
    status: response.status,
    text: (await response.text())
      .replaceAll(email, "EMAIL")
      .replace(/nonce="[^"]*"/g, "")
      .replace(/nonce=\\"[^"\\]*\\"/g, ""),
  });

  describe("forgotten password", () => {
    it("answers a malformed address with its message, and sends nothing", async () => {
      const response = await createClient(app.request).post("/forgot-password", { email: "bad" });
      expect(await response.text()).toContain("Email format incorrect");
      // Mail goes through the outbox: once it has nothing left to send, none was sent.
      await app.services.outbox.drain();
      expect(smtp.mails).toHaveLength(0);
    });

    it("answers an address no account uses as it answers an account's, and mails nobody", async () => {
      const known = await answerOf(
        await createClient(app.request).post("/forgot-password", { email: "ada@example.com" }),
        "ada@example.com",
      );
      const unknown = await answerOf(
        await createClient(app.request).post("/forgot-password", { email: "nobody@example.com" }),
        "nobody@example.com",
      );
      expect(unknown).toEqual(known);
      expect(known.text).toContain("If an account uses EMAIL, a link to choose a new password is on its way to it.");
      await app.services.outbox.drain();
      expect(smtp.mails.flatMap((mail) => mail.to)).toEqual(["ada@example.com"]);
      // Asked again and again, the same: the ceiling of an hour counts any address alike.
      for (let index = 0; index < 5; index++) {
        const [again, stranger] = [
          await answerOf(
            await createClient(app.request).post("/forgot-password", { email: "ada@example.com" }),
            "ada@example.com",
          ),
          await answerOf(
            await createClient(app.request).post("/forgot-password", { email: "nobody@example.com" }),
            "nobody@example.com",
          ),
        ];
        expect(stranger, `request ${index + 2}`).toEqual(again);
      }
      // What those asked for is sent before the next test.
      await app.services.outbox.drain();
    });

    it("does the same work before answering a known and an unknown address: the account's is done after", async () => {
      const maxOutboxId = async () =>
        rowsOf<{ id: number | null }>(await database.db.execute(sql`select max(id) as id from outbox`))[0]!.id ?? 0;
      const linkCount = async () =>
        rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from auth_verifications`))[0]!.n;
      /** What a form wrote by the time it answered: the outbox's rows, and the links made. */
      const writtenBy = async (path: string, fields: Record<string, string>) => {
        await app.services.outbox.drain();
        const [before, linksBefore] = [await maxOutboxId(), await linkCount()];
        await (await createClient(app.request).post(path, fields)).text();
        const rows = rowsOf<{ channel: string; payload: { kind?: string } }>(
          await database.db.execute(sql`select channel, payload from outbox where id > ${before} order by id`),
        );
        return {
          rows: rows.map((row) => `${row.channel} ${row.payload.kind}`),
          links: (await linkCount()) - linksBefore,
        };
      };
      for (const [path, fields, kind] of [
        ["/forgot-password", {}, "password-reset"],
        ["/login", { intent: "link" }, "sign-in-link"],
      ] as const) {
        const known = await writtenBy(path, { ...fields, email: "ada@example.com" });
        const unknown = await writtenBy(path, { ...fields, email: "nobody@example.com" });
        // Before, a known address waited for its link to be made and its mail written: 70 ms against 43.
        expect(known, path).toEqual({ rows: [`account-link ${kind}`], links: 0 });
        expect(unknown, path).toEqual(known);
      }
      // The work is done after the answer: the owner's two mails come, the stranger's address gets none.
      await app.services.outbox.drain();
      expect(smtp.mails.flatMap((mail) => mail.to)).toEqual(["ada@example.com", "ada@example.com"]);
    });

    it("tells the owner of an account that signs in with Google, by mail only, to use Google", async () => {
      await database.db.execute(sql`update users set auth_method = 'google' where email = 'ada@example.com'`);
      await database.db.execute(sql`delete from auth_accounts where provider_id = 'credential'`);
      const google = await answerOf(
        await createClient(app.request).post("/forgot-password", { email: "ada@example.com" }),
        "ada@example.com",
      );
      const unknown = await answerOf(
        await createClient(app.request).post("/forgot-password", { email: "nobody@example.com" }),
        "nobody@example.com",
      );
      expect(google).toEqual(unknown);
      const mail = await smtp.waitForMail("ada@example.com");
      expect(mail.subject).toBe("Signing in to Indie Tools");
      expect(mail.text).toContain("That account has no password: it signs in with Google.");
      expect(mail.text).toContain("http://localhost:3000/login");
    });

    it("e-mails a link whose page sets a new password, once", async () => {
      const visitor = createClient(app.request);
      expect(await (await visitor.post("/forgot-password", { email: "ADA@example.com" })).text()).toContain(
        "If an account uses ada@example.com, a link to choose a new password is on its way to it.",
      );
      const mail = await smtp.waitForMail("ada@example.com");
      expect(mail.subject).toBe("Reset your Indie Tools password");
      expect(mail.raw).toContain("From: Indie Tools <hello@example.com>");

      const page = await follow(visitor, linkIn(mail));
      expect(page.status).toBe(200);
      const html = await page.text();
      const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
      expect(token).toBeTruthy();

      expect((await visitor.post("/reset-password", { token: token!, password: "short" })).status).toBe(400);
      const saved = await visitor.post("/reset-password", { token: token!, password: "difference-engine" });
      expect(saved.status).toBe(302);
      expect(saved.headers.get("location")).toBe("/login?reset=1");
      expect(await (await visitor.request("/login?reset=1")).text()).toContain(
        "Your new password is set: log in with it.",
      );

      const login = (password: string) =>
        createClient(app.request).post("/login", { intent: "password", email: "ada@example.com", password });
      expect((await login("analytical")).status).toBe(401);
      expect((await login("difference-engine")).status).toBe(302);
      // The link worked once.
      const again = await visitor.post("/reset-password", { token: token!, password: "another-password" });
      expect(await again.text()).toContain("This link has expired or was already used. Ask for a new one.");
    });
  });

  describe("e-mail link sign-in", () => {
    it("e-mails a one-time link that signs the user in", async () => {
      const visitor = createClient(app.request);
      const asked = await visitor.post("/login", { intent: "link", email: "ada@example.com" });
      expect(await asked.text()).toContain("If an account uses ada@example.com, a sign-in link is on its way to it.");
      const link = linkIn(await smtp.waitForMail("ada@example.com"));

      const landed = await follow(visitor, link);
      expect(landed.status).toBe(200);
      expect(await landed.text()).toContain('data-viewer="member"');

      const reused = await follow(createClient(app.request), link);
      expect(await reused.text()).toContain("This link has expired or was already used. Ask for a new one.");
    });

    it("keeps a confirmed account's password and its other browsers when its owner signs in by a link", async () => {
      // The sign-up mailed the link that confirms the address; its owner opens it.
      const welcome = signUpMail;
      expect(welcome.text).toContain("A confirmed address keeps your password when you sign in with a link");
      const firstBrowser = createClient(app.request);
      expect(
        (await firstBrowser.post("/login", { intent: "password", email: "ada@example.com", password: "analytical" }))
          .status,
      ).toBe(302);
      const confirmation = new URL(linkIn(welcome));
      expect((await follow(firstBrowser, confirmation.href)).status).toBe(200);
      const confirmed = await firstBrowser.post(confirmation.pathname + confirmation.search, {});
      expect(await confirmed.text()).toContain("Your address is confirmed");

      const secondBrowser = createClient(app.request);
      await secondBrowser.post("/login", { intent: "link", email: "ada@example.com" });
      const landed = await follow(
        secondBrowser,
        linkIn(await smtp.waitForMail("ada@example.com", { subject: "Your Indie Tools sign-in link" })),
      );
      expect(await landed.text()).toContain('data-viewer="member"');
      // The first browser is still signed in, and the password still works.
      expect(await (await firstBrowser.request("/edit-profile")).text()).toContain("Change my password");
      const login = await createClient(app.request).post("/login", {
        intent: "password",
        email: "ada@example.com",
        password: "analytical",
      });
      expect(login.status).toBe(302);
      await app.services.outbox.drain();
      expect(smtp.mails.filter((mail) => mail.subject.includes("password was removed"))).toEqual([]);
    });

    it("says at once, on the page and by mail, when a link removes a password nobody confirmed, and how to choose it again", async () => {
      const firstBrowser = createClient(app.request);
      await firstBrowser.post("/login", { intent: "password", email: "ada@example.com", password: "analytical" });
      const secondBrowser = createClient(app.request);
      await secondBrowser.post("/login", { intent: "link", email: "ada@example.com" });
      const link = linkIn(await smtp.waitForMail("ada@example.com", { subject: "Your Indie Tools sign-in link" }));
      const landed = await follow(secondBrowser, link);
      expect(landed.status).toBe(200);
      const page = (await landed.text()).replaceAll("&#x27;", "'");
      expect(page).toContain("Your account's password was removed, and its other sessions ended.");
      expect(page).toContain('href="/forgot-password"');
      const mail = await smtp.waitForMail("ada@example.com", { subject: "Your Indie Tools password was removed" });
      expect(mail.text).toContain("That address had not been confirmed yet");
      expect(mail.text).toContain("http://localhost:3000/forgot-password");
      // The notice is said once: the next sign-in by a link goes straight on.
      await secondBrowser.post("/login", { intent: "link", email: "ada@example.com" });
      const again = await follow(
        createClient(app.request),
        linkIn(await smtp.waitForMail("ada@example.com", { subject: "Your Indie Tools sign-in link" })),
      );
      expect(await again.text()).not.toContain("password was removed");
      // Edit profile says the account has no password, and leads to a reset link, which sets one.
      const profile = (await (await secondBrowser.request("/edit-profile")).text()).replaceAll("&#x27;", "'");
      expect(profile).toContain("Your account has no password");
      await createClient(app.request).post("/forgot-password", { email: "ada@example.com" });
      const reset = await smtp.waitForMail("ada@example.com", { subject: "Reset your Indie Tools password" });
      const resetPage = await (await follow(createClient(app.request), linkIn(reset))).text();
      const token = /name="token" value="([^"]+)"/.exec(resetPage)![1]!;
      const saved = await createClient(app.request).post("/reset-password", { token, password: "difference-engine" });
      expect(saved.status).toBe(302);
      const login = await createClient(app.request).post("/login", {
        intent: "password",
        email: "ada@example.com",
        password: "difference-engine",
      });
      expect(login.status).toBe(302);
    });

    it("answers an address no account uses, or a disabled account's, as it answers an account's, and mails neither", async () => {
      const link = (email: string) => createClient(app.request).post("/login", { intent: "link", email });
      const known = await answerOf(await link("ada@example.com"), "ada@example.com");
      expect(await answerOf(await link("nobody@example.com"), "nobody@example.com")).toEqual(known);
      await createClient(app.request).postSolved("/register", {
        username: "Eve",
        email: "eve@example.com",
        password: "analytical",
      });
      await database.db.execute(sql`update users set is_disabled = true where email = 'eve@example.com'`);
      expect(await answerOf(await link("eve@example.com"), "eve@example.com")).toEqual(known);
      await app.services.outbox.drain();
      // Eve's sign-up asked her to confirm her address; no sign-in link went to her.
      expect(
        smtp.mails.filter((mail) => mail.subject === "Your Indie Tools sign-in link").flatMap((mail) => mail.to),
      ).toEqual(["ada@example.com"]);
    });
  });

  describe("a stranger asking for someone's links", () => {
    /** A visitor at `address`, behind the proxy the app trusts. */
    let proxied: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      proxied = await createTestApp(database, { SMTP_URL: smtp.url, TRUST_PROXY: "true" });
    });
    const from = (address: string) =>
      createClient((path, init) => {
        const headers = new Headers(init?.headers);
        headers.set("x-forwarded-for", address);
        return proxied.request(path, { ...init, headers });
      });
    const mailsTo = async (email: string) => {
      // Both apps share the database: a poke the other app scheduled after an earlier test's request (a second after
      // its answer) may have taken these rows, and be sending them still.
      await Promise.all([app.services.outbox.drain(), proxied.services.outbox.drain()]);
      return smtp.mails.filter((mail) => mail.to.includes(email));
    };

    it.each([
      [
        "/login",
        { intent: "link" },
        "If an account uses ada@example.com, a sign-in link is on its way to it.",
        "Your Indie Tools sign-in link",
      ],
      [
        "/forgot-password",
        {},
        "If an account uses ada@example.com, a link to choose a new password is on its way to it.",
        "Reset your Indie Tools password",
      ],
    ])(
      "does not stop the owner, from another address, from getting a working link by %s",
      async (path, fields, sent, subject) => {
        const stranger = from("198.51.100.1");
        for (let index = 0; index < 3; index++)
          expect(await (await stranger.post(path, { ...fields, email: "ada@example.com" })).text()).toContain(sent);
        const refused = await stranger.post(path, { ...fields, email: "ada@example.com" });
        expect(refused.status).toBe(429);
        expect(await refused.text()).toContain("Too many requests, try again later");
        expect(await mailsTo("ada@example.com")).toHaveLength(3);

        const owner = from("203.0.113.5");
        expect(await (await owner.post(path, { ...fields, email: "ada@example.com" })).text()).toContain(sent);
        const mails = await mailsTo("ada@example.com");
        expect(mails).toHaveLength(4);
        expect(mails.at(-1)!.subject).toBe(subject);
        const landed = await follow(owner, linkIn(mails.at(-1)!));
        expect(landed.status).toBe(200);
        if (path === "/login") expect(await landed.text()).toContain('data-viewer="member"');
        else expect(await landed.text()).toContain('name="token"');
      },
    );

    it("keeps the inbox from a flood: past five links an hour, nothing new is sent, and the last one still signs the owner in", async () => {
      for (const [address, times] of [
        ["198.51.100.1", 3],
        ["198.51.100.2", 2],
      ] as const) {
        for (let index = 0; index < times; index++)
          await from(address).post("/login", { intent: "link", email: "ada@example.com" });
      }
      expect(await mailsTo("ada@example.com")).toHaveLength(5);
      const owner = from("203.0.113.5");
      const recent = await owner.post("/login", { intent: "link", email: "ada@example.com" });
      expect(recent.status).toBe(200);
      expect(await recent.text()).toContain(
        "If an account uses ada@example.com, a sign-in link was sent to it less than an hour ago: use that one. No new link was sent.",
      );
      const mails = await mailsTo("ada@example.com");
      expect(mails).toHaveLength(5);
      const landed = await follow(owner, linkIn(mails.at(-1)!));
      expect(await landed.text()).toContain('data-viewer="member"');
      // The ceiling is for each kind of link: a password reset is still sent.
      expect(await (await owner.post("/forgot-password", { email: "ada@example.com" })).text()).toContain(
        "If an account uses ada@example.com, a link to choose a new password is on its way to it.",
      );
      // Beside the five links, the reset, and the word that the link removed a password nobody had confirmed.
      expect(
        (await mailsTo("ada@example.com"))
          .map((mail) => mail.subject)
          .slice(5)
          .sort(),
      ).toEqual(["Reset your Indie Tools password", "Your Indie Tools password was removed"]);
    });

    it("stops one address asking for many accounts' links", async () => {
      const stranger = from("198.51.100.9");
      for (let index = 0; index < 10; index++) {
        const response = await stranger.post("/login", { intent: "link", email: `nobody-${index}@example.com` });
        expect(response.status).toBe(200);
      }
      expect((await stranger.post("/login", { intent: "link", email: "ada@example.com" })).status).toBe(429);
      expect((await from("198.51.100.10").post("/login", { intent: "link", email: "ada@example.com" })).status).toBe(
        200,
      );
    });
  });

  describe("sessions", () => {
    async function signedIn() {
      const client = createClient(app.request);
      await client.post("/login", { intent: "password", email: "ada@example.com", password: "analytical" });
      return client;
    }
    const isSignedIn = async (client: ReturnType<typeof createClient>) =>
      (await (await client.request("/")).text()).includes('data-viewer="member"');

    it("sets an http-only, SameSite session cookie", async () => {
      const response = await createClient(app.request).post("/login", {
        intent: "password",
        email: "ada@example.com",
        password: "analytical",
      });
      const cookie = response.headers.getSetCookie().find((value) => value.includes("session_token"))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    });

    it("marks the cookie Secure when the site is served over https", async () => {
      const secure = await createTestApp(database, { SITE_URL: "https://tools.example.com" });
      const response = await createClient(secure.request, "https://tools.example.com").post("/login", {
        intent: "password",
        email: "ada@example.com",
        password: "analytical",
      });
      expect(response.status).toBe(302);
      const cookie = response.headers.getSetCookie().find((value) => value.includes("session_token"))!;
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    });

    it("signs out an expired session on its next request", async () => {
      const client = await signedIn();
      expect(await isSignedIn(client)).toBe(true);
      await database.db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) });
      expect(await isSignedIn(client)).toBe(false);
    });

    it("renews a session that is more than a day old, before it expires", async () => {
      const client = await signedIn();
      const soon = new Date(Date.now() + 5 * 24 * 3600 * 1000);
      await database.db
        .update(authSessions)
        .set({ expiresAt: soon, updatedAt: new Date(Date.now() - 25 * 24 * 3600 * 1000) });
      const response = await client.request("/");
      expect(response.headers.getSetCookie().some((value) => value.includes("session_token"))).toBe(true);
      // Registration made a session too; this client's is the one that was renewed.
      const [{ latest }] = (await database.db
        .select({ latest: sql<string>`max(${authSessions.expiresAt})` })
        .from(authSessions)) as [{ latest: string }];
      expect(new Date(latest).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
      expect(await isSignedIn(client)).toBe(true);
    });

    it("resets every session of the account when the password is reset", async () => {
      const client = await signedIn();
      await createClient(app.request).post("/forgot-password", { email: "ada@example.com" });
      const page = await follow(createClient(app.request), linkIn(await smtp.waitForMail("ada@example.com")));
      const token = /name="token" value="([^"]+)"/.exec(await page.text())![1]!;
      await createClient(app.request).post("/reset-password", { token, password: "difference-engine" });
      expect(await isSignedIn(client)).toBe(false);
      const [{ n }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(authSessions)) as [
        { n: number },
      ];
      expect(n).toBe(0);
    });
  });
});
