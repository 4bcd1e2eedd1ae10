/**
 * Spam never reaches the queue (decision 023), through the real HTTP app: the proof of work and the honeypot of the
 * sign-up and add-tool forms and of submitTool, disposable addresses, the daily submission limit, the queue's risk
 * score, and refusing many queued tools at once, tried as each role.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { PROOF_FIELD, HONEYPOT_FIELD, SCRIPT_FIELD } from "#common/spam-fields.ts";
import { slugify } from "#common/slugify.ts";
import { spentProofs, tools, type UserRow, users } from "#server/db/schema.ts";
import { runJobs } from "#server/jobs.ts";
import { createLogger } from "#server/logger.ts";
import { parseProof } from "#server/spam/proof-of-work.ts";
import { insertCategory, insertTool, insertUser, toolInput } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { type Client, createClient } from "../setup/forms.ts";
import { fetchChallenge, solve, solvedProof } from "../setup/proof-of-work.ts";
import { startSmtpReceiver } from "../setup/smtp.ts";

const MESSAGE = {
  missing: "The anti-spam check has not finished. Wait until the form says it is ready, then send it again.",
  needsScript:
    "This form needs JavaScript for its anti-spam check. Turn JavaScript on in your browser, then send it again.",
  invalid: "The anti-spam check failed. Reload the page and send the form again.",
  replayed: "This anti-spam check was already used. Send the form again: your browser makes a new one.",
  expired: "The anti-spam check expired. Send the form again: your browser makes a new one.",
  honeypot:
    "The form was refused because a field meant to stay empty was filled. If you are a person, reload the page and try again.",
  disposable: "Addresses from disposable e-mail services are not accepted. Use an address you keep.",
};

/** What the page shows, with the HTML's escapes undone. */
const textOf = async (response: Response) =>
  (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

describe.each(databaseKinds)("anti-spam on %s", (kind) => {
  const smtp = useResource(startSmtpReceiver);
  const { database, app } = useTestApp(kind, () => ({ SMTP_URL: smtp.url, PAGE_CACHE_MB: "0" }), { now: () => clock });
  let clock = new Date();
  let categoryId: string;

  beforeEach(async () => {
    await database.reset();
    smtp.mails.length = 0;
    clock = new Date();
    categoryId = (await insertCategory(database.db, { label: "Analytics" })).id;
  });

  const signUp = (username: string) => ({
    username,
    email: `${slugify(username)}@example.com`,
    password: "long-enough",
  });
  const userCount = async () => (await database.db.select({ count: sql<number>`count(*)::int` }).from(users))[0]!.count;
  const toolCount = async () => (await database.db.select({ count: sql<number>`count(*)::int` }).from(tools))[0]!.count;

  async function register(
    username: string,
    role: UserRow["role"] = "guest",
  ): Promise<{ client: Client; record: UserRow }> {
    const client = createClient(app.request);
    expect((await client.postSolved("/register", signUp(username))).status).toBe(302);
    const [record] = await database.db
      .update(users)
      .set({ role })
      .where(eq(users.email, `${slugify(username)}@example.com`))
      .returning();
    return { client, record: record! };
  }

  /** The add-tool form's fields, as a browser sends them. */
  async function toolForm(client: Client, name: string, website: string, extra: Record<string, string> = {}) {
    const html = await (await client.request("/add-tool")).text();
    const form = new FormData();
    form.set("toolId", /name="toolId" value="([^"]+)"/.exec(html)![1]!);
    form.set("name", name);
    form.set("website", website);
    form.set("shortDesc", "Counts visitors without cookies, for small sites.");
    form.set("categories", categoryId);
    form.set("paymentType", "free");
    form.set("intent", "save");
    for (const [key, value] of Object.entries(extra)) form.set(key, value);
    return form;
  }

  describe("sign-up", () => {
    it("serves a signed challenge, uncached, and takes its solution once", async () => {
      const response = await app.request("/api/challenge");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const challenge = (await response.json()) as {
        parameters: { algorithm: string; data: { expires: number } };
        signature: string;
      };
      expect(challenge.parameters.algorithm).toBe("SHA-256");
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      // It expires half an hour after the app's clock, whatever the machine's says.
      expect(challenge.parameters.data.expires).toBe(Math.floor(clock.getTime() / 1000) + 30 * 60);
      const page = await textOf(await app.request("/register"));
      expect(page).toContain(`name="${PROOF_FIELD}"`);
      expect(page).toContain(`name="${HONEYPOT_FIELD}"`);
      expect(page).toContain("Signing up needs JavaScript, for the anti-spam check that keeps robots out.");

      const solved = await solve(challenge as never);
      const client = createClient(app.request);
      expect((await client.post("/register", { ...signUp("Ada"), [PROOF_FIELD]: solved })).status).toBe(302);
      expect(await userCount()).toBe(1);
      // The same answer again: refused, and nothing is made.
      const again = await createClient(app.request).post("/register", { ...signUp("Grace"), [PROOF_FIELD]: solved });
      expect(again.status).toBe(400);
      const html = await textOf(again);
      expect(html).toContain(MESSAGE.replayed);
      expect(html).toContain('value="Grace"');
      expect(await userCount()).toBe(1);
    });

    it("refuses a form without a solution, keeping what was typed: from a browser without JavaScript, saying it needs it", async () => {
      for (const [fields, message] of [
        [{ [SCRIPT_FIELD]: "1" }, MESSAGE.missing],
        [{}, MESSAGE.needsScript],
      ] as const) {
        const response = await createClient(app.request).post("/register", { ...signUp("Ada"), ...fields });
        expect(response.status).toBe(400);
        const html = await textOf(response);
        expect(html).toContain(message);
        expect(html).toContain('value="Ada"');
        expect(html).toContain('value="ada@example.com"');
      }
      expect(await userCount()).toBe(0);
    });

    it("refuses a wrong solution and a challenge we did not sign", async () => {
      const challenge = await fetchChallenge(app.request);
      const proof = parseProof(await solve(challenge))!;
      const wrongKey = { ...proof, solution: { ...proof.solution, derivedKey: "00".repeat(32) } };
      const forged = {
        ...proof,
        challenge: {
          ...proof.challenge,
          parameters: {
            ...proof.challenge.parameters,
            data: { expires: Number(proof.challenge.parameters.data?.expires) + 3600 },
          },
        },
      };
      for (const bad of [wrongKey, forged, "not base64 json"]) {
        const field = typeof bad === "string" ? bad : Buffer.from(JSON.stringify(bad)).toString("base64");
        const response = await createClient(app.request).post("/register", { ...signUp("Ada"), [PROOF_FIELD]: field });
        expect(response.status).toBe(400);
        expect(await textOf(response)).toContain(MESSAGE.invalid);
      }
      expect(await userCount()).toBe(0);
      expect(await database.db.select().from(spentProofs)).toEqual([]);
    });

    it("judges a challenge by the app's clock, not the machine's: one served and answered years ago or ahead passes", async () => {
      for (const [at, name] of [
        ["2020-03-01T12:00:00Z", "Ada"],
        ["2031-09-01T12:00:00Z", "Grace"],
      ] as const) {
        clock = new Date(at);
        const solved = await solvedProof(app.request);
        const response = await createClient(app.request).post("/register", { ...signUp(name), [PROOF_FIELD]: solved });
        expect(response.status).toBe(302);
      }
      expect(await userCount()).toBe(2);
    });

    it("refuses a solution past its challenge's expiry", async () => {
      const solved = await solvedProof(app.request);
      clock = new Date(clock.getTime() + 31 * 60 * 1000);
      const response = await createClient(app.request).post("/register", { ...signUp("Ada"), [PROOF_FIELD]: solved });
      expect(response.status).toBe(400);
      expect(await textOf(response)).toContain(MESSAGE.expired);
      expect(await userCount()).toBe(0);
    });

    it("refuses a form whose honeypot is filled", async () => {
      const response = await createClient(app.request).postSolved("/register", {
        ...signUp("Ada"),
        [HONEYPOT_FIELD]: "https://spam.example",
      });
      expect(response.status).toBe(400);
      const html = await textOf(response);
      expect(html).toContain(MESSAGE.honeypot);
      expect(html).toContain('value="Ada"');
      expect(await userCount()).toBe(0);
    });

    it("refuses a disposable address, and gives the proof back for the corrected form", async () => {
      const solved = await solvedProof(app.request);
      const client = createClient(app.request);
      const refused = await client.post("/register", {
        ...signUp("Ada"),
        email: "ada@mailinator.com",
        [PROOF_FIELD]: solved,
      });
      expect(refused.status).toBe(400);
      const html = await textOf(refused);
      expect(html).toContain(MESSAGE.disposable);
      expect(html).toContain('value="ada@mailinator.com"');
      expect(await userCount()).toBe(0);
      expect((await client.post("/register", { ...signUp("Ada"), [PROOF_FIELD]: solved })).status).toBe(302);
      expect(await userCount()).toBe(1);
    });

    it("the hourly job deletes the spent proofs once their challenge has expired", async () => {
      await register("Ada");
      expect(await database.db.select().from(spentProofs)).toHaveLength(1);
      await runJobs(app.services, createLogger("silent"), new Date());
      expect(await database.db.select().from(spentProofs)).toHaveLength(1);
      await runJobs(app.services, createLogger("silent"), new Date(Date.now() + 31 * 60 * 1000));
      expect(await database.db.select().from(spentProofs)).toEqual([]);
    });
  });

  describe("tool submission", () => {
    it("takes a solved form once, and refuses one without a solution or replayed, keeping what was typed", async () => {
      const maker = await register("Maker");
      const unsolved = await maker.client.postMultipart(
        "/add-tool",
        await toolForm(maker.client, "Counter", "https://counter.example"),
      );
      expect(unsolved.status).toBe(400);
      const html = await textOf(unsolved);
      expect(html).toContain(MESSAGE.needsScript);
      expect(html).toContain('value="Counter"');
      expect(await toolCount()).toBe(0);

      const solved = await solvedProof(app.request);
      expect(
        (
          await maker.client.postMultipart(
            "/add-tool",
            await toolForm(maker.client, "Counter", "https://counter.example", { [PROOF_FIELD]: solved }),
          )
        ).status,
      ).toBe(302);
      const replayed = await maker.client.postMultipart(
        "/add-tool",
        await toolForm(maker.client, "Second", "https://second.example", { [PROOF_FIELD]: solved }),
      );
      expect(replayed.status).toBe(400);
      const replayedHtml = await textOf(replayed);
      expect(replayedHtml).toContain(MESSAGE.replayed);
      expect(replayedHtml).toContain('value="Second"');
      expect(await toolCount()).toBe(1);
    });

    it("refuses a filled honeypot", async () => {
      const maker = await register("Maker");
      const response = await maker.client.postMultipartSolved(
        "/add-tool",
        await toolForm(maker.client, "Counter", "https://counter.example", { [HONEYPOT_FIELD]: "x" }),
      );
      expect(response.status).toBe(400);
      expect(await textOf(response)).toContain(MESSAGE.honeypot);
      expect(await toolCount()).toBe(0);
    });

    it("refuses a submission over the daily limit with its message; verifiers and admins have none", async () => {
      const max = app.config.SUBMISSIONS_PER_DAY;
      expect(max).toBe(5);
      const maker = await register("Maker");
      for (let index = 0; index < max; index++)
        await app.services.lifecycle.submitTool(
          { ...maker.record, role: "guest" },
          toolInput(categoryId, { name: `Tool ${index}`, website: `https://tool-${index}.example` }),
        );
      const response = await maker.client.postMultipartSolved(
        "/add-tool",
        await toolForm(maker.client, "One more", "https://one-more.example"),
      );
      expect(response.status).toBe(429);
      const html = await textOf(response);
      expect(html).toContain("You can submit 5 tools a day. Try again tomorrow.");
      expect(html).toContain('value="One more"');
      expect(await toolCount()).toBe(max);
      for (const role of ["verifier", "admin"] as const) {
        const moderator = await register(`A ${role}`, role);
        for (let index = 0; index <= max; index++) {
          await app.services.lifecycle.submitTool(
            { ...moderator.record, role },
            toolInput(categoryId, { name: `${role} ${index}`, website: `https://${role}-${index}.example` }),
          );
        }
      }
      expect(await toolCount()).toBe(max * 3 + 2);
    });

    it("submitTool asks API clients for the same proof, except verifiers and admins", async () => {
      const body = {
        tool: {
          name: "Counter",
          website: "https://counter.example",
          shortDesc: "Counts visitors without cookies, for small sites.",
          categories: [categoryId],
          tags: [],
        },
      };
      const send = (client: Client, payload: unknown) =>
        client.request("/api/functions/submitTool", {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000" },
          body: JSON.stringify(payload),
        });
      expect((await send(createClient(app.request), body)).status).toBe(401);
      const maker = await register("Maker");
      const refused = await send(maker.client, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: { code: "invalid-argument", message: MESSAGE.missing } });
      expect(await toolCount()).toBe(0);
      const solved = await solvedProof(app.request);
      expect((await send(maker.client, { ...body, [PROOF_FIELD]: solved })).status).toBe(200);
      const replayed = await send(maker.client, {
        tool: { ...body.tool, website: "https://other.example" },
        [PROOF_FIELD]: solved,
      });
      expect(await replayed.json()).toEqual({ error: { code: "invalid-argument", message: MESSAGE.replayed } });
      const verifier = await register("Verifier", "verifier");
      expect(
        (await send(verifier.client, { tool: { ...body.tool, website: "https://verifier.example" } })).status,
      ).toBe(200);
      expect(await toolCount()).toBe(2);
    });
  });

  describe("the queue", () => {
    it("shows each queued tool's risk score with its reasons", async () => {
      const verifier = await register("Verifier", "verifier");
      const throwaway = await insertUser(database.db, { email: "spam@mailinator.com", username: "Spammer" });
      await app.services.lifecycle.submitTool(
        throwaway.session,
        toolInput(categoryId, {
          name: "Casino bonus",
          website: "https://casino.example",
          shortDesc: "The best casino and payday loan offers for you.",
        }),
      );
      const established = await insertUser(database.db, {
        username: "Old hand",
        createdAt: new Date(Date.now() - 90 * 24 * 3600 * 1000),
      });
      await app.services.lifecycle.submitTool(
        established.session,
        toolInput(categoryId, { name: "Counter", website: "https://counter.example" }),
      );
      const html = await textOf(await verifier.client.request("/admin"));
      expect(html).toMatch(/data-testid="risk" data-score="90"/);
      expect(html).toContain("New account: signed up less than an hour before submitting");
      expect(html).toContain("Disposable e-mail address");
      expect(html).toContain("Spammy words: casino, payday, loan");
      expect(html).toMatch(/data-testid="risk" data-score="0"/);
    });

    describe("refusing the ticked tools", () => {
      type Role = "visitor" | "guest" | "creator" | "verifier" | "admin";
      const OUTCOMES: Record<Role, "sign-in" | "refused" | "done"> = {
        visitor: "sign-in",
        guest: "refused",
        creator: "refused",
        verifier: "done",
        admin: "done",
      };

      it.each(Object.entries(OUTCOMES) as [Role, string][])("as %s: %s", async (role, outcome) => {
        const maker = await register("Maker");
        const queued = [
          await insertTool(database.db, { isVerified: false, submittedBy: maker.record.id, name: "First" }),
          await insertTool(database.db, { isVerified: false, submittedBy: maker.record.id, name: "Second" }),
        ];
        const client =
          role === "visitor"
            ? createClient(app.request)
            : role === "creator"
              ? maker.client
              : (await register(`A ${role}`, role)).client;
        const body = new URLSearchParams([
          ["intent", "reject-selected"],
          ["reason", "Not a tool for makers"],
          ...queued.map((tool) => ["toolIds", tool.id]),
        ]);
        const response = await client.request("/admin?index", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
          body: body.toString(),
        });
        const rows = await database.db.select().from(tools);
        if (outcome === "sign-in") expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
        if (outcome === "refused") expect(response.status).toBe(403);
        if (outcome !== "done") {
          expect(rows.every((row) => row.rejectedAt === null)).toBe(true);
          return;
        }
        expect(response.status).toBe(200);
        expect(rows.every((row) => row.rejectionReason === "Not a tool for makers")).toBe(true);
        await app.services.outbox.drain();
        await smtp.waitForMail(`maker@example.com`, {
          subject: "First was not listed",
          containing: "Not a tool for makers",
        });
        await smtp.waitForMail(`maker@example.com`, {
          subject: "Second was not listed",
          containing: "Not a tool for makers",
        });
      });

      it("says what became of each tool: refused, already live, already refused", async () => {
        const verifier = await register("Verifier", "verifier");
        const maker = await register("Maker");
        const waiting = await insertTool(database.db, {
          isVerified: false,
          submittedBy: maker.record.id,
          name: "Waiting",
        });
        const live = await insertTool(database.db, { isVerified: true, name: "Live" });
        const refused = await insertTool(database.db, {
          isVerified: false,
          name: "Refused",
          rejectedAt: new Date(),
          rejectionReason: "Earlier",
        });
        const body = new URLSearchParams([
          ["intent", "reject-selected"],
          ["reason", "Spam"],
          ["toolIds", waiting.id],
          ["toolIds", live.id],
          ["toolIds", refused.id],
        ]);
        const response = await verifier.client.request("/admin?index", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
          body: body.toString(),
        });
        expect(response.status).toBe(200);
        const html = await textOf(response);
        expect(html).toContain("1 of 3 tools refused.");
        expect(html).toContain("Waiting: refused; its maker was e-mailed the reason");
        expect(html).toContain("Live: left as it is: it is already live");
        expect(html).toContain("Refused: left as it is: it was already refused");
        const byId = new Map((await database.db.select().from(tools)).map((row) => [row.id, row]));
        expect(byId.get(waiting.id)).toMatchObject({ rejectionReason: "Spam" });
        expect(byId.get(live.id)).toMatchObject({ isVerified: true, rejectedAt: null });
        expect(byId.get(refused.id)).toMatchObject({ rejectionReason: "Earlier" });
      });

      it("asks for a tool and a reason, keeping the reason typed", async () => {
        const verifier = await register("Verifier", "verifier");
        const tool = await insertTool(database.db, { isVerified: false, name: "Waiting" });
        const post = (fields: [string, string][]) =>
          verifier.client.request("/admin?index", {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
            body: new URLSearchParams(fields).toString(),
          });
        const none = await post([
          ["intent", "reject-selected"],
          ["reason", "Spam, sorry"],
        ]);
        expect(none.status).toBe(400);
        const html = await textOf(none);
        expect(html).toContain("Tick at least one tool to refuse");
        expect(html).toContain("Spam, sorry</textarea>");
        const noReason = await post([
          ["intent", "reject-selected"],
          ["reason", "  "],
          ["toolIds", tool.id],
        ]);
        expect(noReason.status).toBe(400);
        expect(await textOf(noReason)).toContain("Say why the tool is refused: the maker reads it");
        expect((await database.db.select().from(tools))[0]!.rejectedAt).toBeNull();
      });
    });
  });
});
