/** The callable functions (POST /api/functions/{name}, docs/product.md §7) through the real HTTP app: each status they answer, and who may call what. */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { LIMITS } from "#server/auth/rate-limit.ts";
import { rateLimits, tools } from "#server/db/schema.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, openTestDatabase } from "../setup/database.ts";
import { useMailAndBot, useTestApp } from "../setup/fixtures.ts";
import { type Person, signUpPerson } from "../setup/people.ts";
import { type Client, createClient } from "../setup/forms.ts";
import { solvedProof } from "../setup/proof-of-work.ts";
import { PROOF_FIELD } from "#common/spam-fields.ts";

const SITE = "http://localhost:3000";
type Answer = {
  status: number;
  body: {
    result?: { tool: Record<string, unknown> };
    error?: { code: string; message: string; fields?: Record<string, string> };
  };
};

/**
 * Calls a function as a browser's fetch would: JSON, from the site's own origin. A submitTool body without `altcha`
 * gets a solved proof of work, as every API client that submits solves one (decision 023).
 */
async function call(
  client: Client,
  name: string,
  body: unknown,
  { origin = SITE, raw }: { origin?: string; raw?: string } = {},
): Promise<Answer> {
  const solved =
    name === "submitTool" && typeof body === "object" && body !== null && !(PROOF_FIELD in body)
      ? { ...body, [PROOF_FIELD]: await solvedProof(client.request) }
      : body;
  const response = await client.request(`/api/functions/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: raw ?? JSON.stringify(solved),
  });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

describe.each(databaseKinds)("callable functions on %s", (kind) => {
  const { smtp, bot, env } = useMailAndBot();
  const { database, app } = useTestApp(kind, env);
  let categoryId: string;

  /** Registers through /register (signed in from then on), then gives the role directly, as `npm run admin` would. */
  const register = (username: string, role: Person["session"]["role"] = "guest") =>
    signUpPerson(app, database.db, username, { role });

  const visitor = () => createClient(app.request);

  const toolPayload = (change: Record<string, unknown> = {}) => ({
    name: "Counter",
    website: "counter.example",
    shortDesc: "Counts visitors without cookies, for small sites.",
    categories: [categoryId],
    tags: ["Analytics", "privacy"],
    ...change,
  });

  async function toolRow(id: string) {
    const [row] = await database.db.select().from(tools).where(eq(tools.id, id));
    return row;
  }

  async function toolCount() {
    const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(tools);
    return row!.count;
  }

  describe("statuses", () => {
    beforeEach(async () => {
      await database.reset();
      smtp.mails.length = 0;
      bot.requests.length = 0;
      bot.answer({ status: 200, body: { ok: true } });
      categoryId = (await insertCategory(database.db, { label: "Analytics" })).id;
    });

    describe("200", () => {
      it("submitTool creates the tool in the queue, tells the admin and e-mails the maker", async () => {
        const maker = await register("Maker");
        const { status, body } = await call(maker.client, "submitTool", {
          tool: toolPayload({ pros: ["Tiny script"], faq: [{ question: "Free?", answer: "Yes." }] }),
        });
        expect(status).toBe(200);
        const id = body.result!.tool.id as string;
        expect(body).toEqual({
          result: {
            tool: {
              id,
              slug: `counter-${id}`,
              name: "Counter",
              isVerified: false,
              isActive: true,
              hasBeenClaimed: false,
              wasClaimedAccepted: false,
              isLinkedToCreator: false,
            },
          },
        });
        expect(await toolRow(id)).toMatchObject({
          website: "https://counter.example",
          tags: ["analytics", "privacy"],
          pros: ["Tiny script"],
          cons: null,
          faq: [{ question: "Free?", answer: "Yes." }],
          paymentType: "free",
          submittedBy: maker.record.id,
          // Submitting a tool does not make its submitter its maker: a claim does.
          creatorUsername: null,
        });
        const [notice] = await bot.waitForRequests(1);
        expect(notice!.url.searchParams.get("text")).toContain("Counter");
        await smtp.waitForMail(maker.email, { subject: "We received Counter", containing: "/my-tools" });
      });

      it("submitTool reads tags given as a comma-separated text like a list", async () => {
        const maker = await register("Maker");
        const { status, body } = await call(maker.client, "submitTool", {
          tool: toolPayload({ tags: "Analytics, privacy,analytics" }),
        });
        expect(status).toBe(200);
        expect((await toolRow(body.result!.tool.id as string))?.tags).toEqual(["analytics", "privacy"]);
      });

      it("toolVerified makes the tool live and e-mails its submitter the link", async () => {
        const maker = await register("Maker");
        const verifier = await register("Verifier", "verifier");
        const submitted = await call(maker.client, "submitTool", { tool: toolPayload() });
        const id = submitted.body.result!.tool.id as string;
        const { status, body } = await call(verifier.client, "toolVerified", { tool: { id } });
        expect(status).toBe(200);
        expect(body.result!.tool).toMatchObject({ id, isVerified: true, isActive: true });
        const slug = body.result!.tool.slug as string;
        expect((await app.request(`/tool/${slug}`)).status).toBe(200);
        await smtp.waitForMail(maker.email, { subject: "Counter is live", containing: `/tool/${slug}` });
      });

      it("claimTool claims a live tool for the caller and tells the admin", async () => {
        const claimer = await register("Claimer");
        const tool = await insertTool(database.db, { name: "Listed" });
        const { status, body } = await call(claimer.client, "claimTool", { tool: { id: tool.id } });
        expect(status).toBe(200);
        expect(body.result!.tool).toMatchObject({
          id: tool.id,
          hasBeenClaimed: true,
          wasClaimedAccepted: false,
          isLinkedToCreator: false,
        });
        expect(await toolRow(tool.id)).toMatchObject({
          creatorUsername: claimer.record.slug,
          claimedBy: claimer.record.id,
        });
        const [notice] = await bot.waitForRequests(1);
        expect(notice!.url.searchParams.get("text")).toContain("claims Listed");
      });

      it("claimToolAccepted links the tool to its claimer, who is e-mailed and shows it on their profile", async () => {
        const claimer = await register("Claimer");
        const admin = await register("Admin", "admin");
        const tool = await insertTool(database.db, { name: "Listed" });
        await call(claimer.client, "claimTool", { tool: { id: tool.id } });
        const { status, body } = await call(admin.client, "claimToolAccepted", { tool: { id: tool.id } });
        expect(status).toBe(200);
        expect(body.result!.tool).toMatchObject({
          id: tool.id,
          hasBeenClaimed: true,
          wasClaimedAccepted: true,
          isLinkedToCreator: true,
        });
        await smtp.waitForMail(claimer.email, { subject: "Listed is yours", containing: `/tool/${tool.slug}` });
        expect(await (await app.request(`/profile/${claimer.record.slug}`)).text()).toContain("Listed");
      });

      it("a failing bot never undoes the submission, nor stops the maker's e-mail", async () => {
        const maker = await register("Maker");
        bot.answer({ status: 500, body: { ok: false, description: "Internal Server Error" } });
        const { status, body } = await call(maker.client, "submitTool", { tool: toolPayload() });
        expect(status).toBe(200);
        await bot.waitForRequests(1);
        await smtp.waitForMail(maker.email, { subject: "We received Counter" });
        expect(await toolRow(body.result!.tool.id as string)).toMatchObject({ name: "Counter", isVerified: false });
      });
    });

    describe("400 invalid-argument", () => {
      it.each([
        ["a body that is not JSON", '{"tool": ', 'The request body must be JSON, such as { "tool": { ... } }'],
        ["an empty body", "", 'The request body must be JSON, such as { "tool": { ... } }'],
        ["a body without tool", "{}", 'The request body needs a "tool" object'],
        ["a tool that is not an object", '{"tool": "Counter"}', 'The request body needs a "tool" object'],
        ["a list for a body", '[{"tool": {}}]', 'The request body needs a "tool" object'],
      ])("refuses %s", async (_case, raw, message) => {
        const maker = await register("Maker");
        const { status, body } = await call(maker.client, "submitTool", null, { raw });
        expect(status).toBe(400);
        expect(body).toEqual({ error: { code: "invalid-argument", message } });
        expect(await toolCount()).toBe(0);
      });

      it.each([
        ["shortDesc", { shortDesc: "Counts." }, "Say what the tool does in at least 20 characters"],
        [
          "website",
          { website: "ftp://counter.example" },
          "Enter the tool's website address, such as https://example.com",
        ],
        ["categories", { categories: [] }, "Choose at least one category"],
        ["paymentType", { paymentType: "donations" }, "Choose how the tool is paid for"],
        ["faq.0.answer", { faq: [{ question: "Free?", answer: "" }] }, "Each question needs its answer"],
      ])("refuses an invalid %s with its message", async (field, change, message) => {
        const maker = await register("Maker");
        const { status, body } = await call(maker.client, "submitTool", { tool: toolPayload(change) });
        expect(status).toBe(400);
        expect(body.error).toMatchObject({ code: "invalid-argument", message });
        expect(body.error!.fields).toMatchObject({ [field]: message });
        expect(await toolCount()).toBe(0);
      });

      it("refuses a tool without its id", async () => {
        const verifier = await register("Verifier", "verifier");
        const { status, body } = await call(verifier.client, "toolVerified", { tool: {} });
        expect(status).toBe(400);
        expect(body.error).toMatchObject({
          code: "invalid-argument",
          message: `Give the tool's id, such as { "tool": { "id": "t..." } }`,
        });
      });
    });

    it.each(["submitTool", "toolVerified", "claimTool", "claimToolAccepted"])(
      "401 unauthenticated: a visitor calling %s",
      async (name) => {
        const tool = await insertTool(database.db, { isVerified: false });
        const { status, body } = await call(visitor(), name, {
          tool: name === "submitTool" ? toolPayload() : { id: tool.id },
        });
        expect(status).toBe(401);
        expect(body).toEqual({ error: { code: "unauthenticated", message: "You need to be signed in" } });
      },
    );

    describe("403 permission-denied", () => {
      it.each(["toolVerified", "claimToolAccepted"])("a guest calling %s", async (name) => {
        const guest = await register("Guest");
        const tool = await insertTool(
          database.db,
          name === "toolVerified"
            ? { isVerified: false }
            : { hasBeenClaimed: true, creatorUsername: guest.record.slug, claimedBy: guest.record.id },
        );
        const { status, body } = await call(guest.client, name, { tool: { id: tool.id } });
        expect(status).toBe(403);
        expect(body).toEqual({ error: { code: "permission-denied", message: "You are not allowed to do this" } });
        expect(await toolRow(tool.id)).toMatchObject({ isVerified: tool.isVerified, wasClaimedAccepted: false });
      });

      it("a request from another site, even with the session", async () => {
        const maker = await register("Maker");
        const { status, body } = await call(
          maker.client,
          "submitTool",
          { tool: toolPayload() },
          { origin: "https://evil.example" },
        );
        expect(status).toBe(403);
        expect(body).toEqual({
          error: { code: "permission-denied", message: "Requests from another site are not allowed" },
        });
        expect(await toolCount()).toBe(0);
      });
    });

    describe("404 not-found", () => {
      it.each([
        ["an unknown function", "deleteTool"],
        ["a name of the object prototype", "constructor"],
      ])("answers %s", async (_case, name) => {
        const maker = await register("Maker");
        const { status, body } = await call(maker.client, name, { tool: toolPayload() });
        expect(status).toBe(404);
        expect(body).toEqual({ error: { code: "not-found", message: "No such function" } });
        expect(await toolCount()).toBe(0);
      });

      it("answers a function asked for with GET", async () => {
        const response = await visitor().request("/api/functions/submitTool");
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: { code: "not-found", message: "No such function" } });
      });

      it.each([
        ["toolVerified", "an unknown tool id", "tnosuchtool000000000"],
        ["claimToolAccepted", "an unknown tool id", "tnosuchtool000000000"],
        ["claimTool", "an id that cannot be one", "../users"],
      ])("%s with %s", async (name, _case, id) => {
        const admin = await register("Admin", "admin");
        const { status, body } = await call(admin.client, name, { tool: { id } });
        expect(status).toBe(404);
        expect(body).toEqual({ error: { code: "not-found", message: "No tool found with this ID" } });
      });

      it("claimTool on a tool that is not live yet", async () => {
        const guest = await register("Guest");
        const tool = await insertTool(database.db, { isVerified: false });
        const { status, body } = await call(guest.client, "claimTool", { tool: { id: tool.id } });
        expect(status).toBe(404);
        expect(body.error).toMatchObject({ code: "not-found", message: "No tool found with this ID" });
        expect((await toolRow(tool.id))?.hasBeenClaimed).toBe(false);
      });
    });

    describe("409 aborted", () => {
      it("verifying a tool that is already live", async () => {
        const verifier = await register("Verifier", "verifier");
        const tool = await insertTool(database.db);
        const { status, body } = await call(verifier.client, "toolVerified", { tool: { id: tool.id } });
        expect(status).toBe(409);
        expect(body).toEqual({ error: { code: "aborted", message: "This tool is already live" } });
      });

      it("submitting a website that is already listed points to the listed tool", async () => {
        const maker = await register("Maker");
        const listed = await insertTool(database.db, { name: "Counter", website: "https://www.counter.example/" });
        const { status, body } = await call(maker.client, "submitTool", {
          tool: toolPayload({ website: "https://counter.example/pricing" }),
        });
        expect(status).toBe(409);
        expect(body).toEqual({
          error: {
            code: "aborted",
            message: "This tool is already listed",
            fields: { website: "Counter is already listed.", listedTool: `/tool/${listed.slug}` },
          },
        });
        expect(await toolCount()).toBe(1);
      });

      it("claiming a tool another user already claimed", async () => {
        const guest = await register("Guest");
        const other = await register("Other Guest");
        const tool = await insertTool(database.db);
        expect((await call(guest.client, "claimTool", { tool: { id: tool.id } })).status).toBe(200);
        const { status, body } = await call(other.client, "claimTool", { tool: { id: tool.id } });
        expect(status).toBe(409);
        expect(body).toEqual({ error: { code: "aborted", message: "This tool is already claimed" } });
        expect((await toolRow(tool.id))?.claimedBy).toBe(guest.record.id);
      });

      it("accepting a claim that nobody made", async () => {
        const admin = await register("Admin", "admin");
        const tool = await insertTool(database.db);
        const { status, body } = await call(admin.client, "claimToolAccepted", { tool: { id: tool.id } });
        expect(status).toBe(409);
        expect(body).toEqual({ error: { code: "aborted", message: "This tool has no claim waiting" } });
      });
    });

    it("429 resource-exhausted: submitTool over the daily limit, counted per user in the database", async () => {
      const maker = await register("Maker");
      const max = app.config.SUBMISSIONS_PER_DAY;
      for (let index = 0; index < max; index++) {
        const { status } = await call(maker.client, "submitTool", {
          tool: toolPayload({ name: `Counter ${index}`, website: `https://counter-${index}.example` }),
        });
        expect(status).toBe(200);
      }
      const { status, body } = await call(maker.client, "submitTool", {
        tool: toolPayload({ website: "https://one-more.example" }),
      });
      expect(status).toBe(429);
      expect(body).toEqual({
        error: { code: "resource-exhausted", message: `You can submit ${max} tools a day. Try again tomorrow.` },
      });
      expect(await toolCount()).toBe(max);
      const other = await register("Other Maker");
      expect(
        (await call(other.client, "submitTool", { tool: toolPayload({ website: "https://one-more.example" }) })).status,
      ).toBe(200);
      // A day later the maker may submit again.
      await database.db
        .update(tools)
        .set({ createdAt: sql`${tools.createdAt} - interval '25 hours'` })
        .where(eq(tools.submittedBy, maker.record.id));
      expect(
        (await call(maker.client, "submitTool", { tool: toolPayload({ website: "https://next-day.example" }) })).status,
      ).toBe(200);
    });

    it("429 resource-exhausted: submitTool over the hourly limit, which holds for verifiers too", async () => {
      const verifier = await register("Verifier", "verifier");
      const { max } = LIMITS.submissionsPerUser;
      for (let index = 0; index < max; index++) {
        const { status } = await call(verifier.client, "submitTool", {
          tool: toolPayload({ name: `Counter ${index}`, website: `https://counter-${index}.example` }),
        });
        expect(status).toBe(200);
      }
      const { status, body } = await call(verifier.client, "submitTool", {
        tool: toolPayload({ website: "https://one-more.example" }),
      });
      expect(status).toBe(429);
      expect(body).toEqual({ error: { code: "resource-exhausted", message: "Too many requests, try again later" } });
      expect(await toolCount()).toBe(max);
      // A new window lets them submit again.
      await database.db
        .update(rateLimits)
        .set({ windowStart: new Date(Date.now() - LIMITS.submissionsPerUser.windowSeconds * 1000 - 1000) });
      expect(
        (await call(verifier.client, "submitTool", { tool: toolPayload({ website: "https://next-hour.example" }) }))
          .status,
      ).toBe(200);
    });

    it("500 internal: an unexpected failure answers 'Unknown error' and shows nothing of it", async () => {
      const broken = await openTestDatabase(kind);
      const brokenApp = await createTestApp(broken);
      const maker = createClient(brokenApp.request);
      expect(
        (
          await maker.postSolved("/register", {
            username: "Maker",
            email: "maker@example.com",
            password: "long-enough",
          })
        ).status,
      ).toBe(302);
      await broken.close();
      const stderr = process.stderr.write;
      process.stderr.write = () => true;
      try {
        const response = await maker.request("/api/functions/submitTool", {
          method: "POST",
          headers: { "content-type": "application/json", origin: SITE },
          body: JSON.stringify({ tool: toolPayload() }),
        });
        expect(response.status).toBe(500);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({ error: { code: "internal", message: "Unknown error" } });
        expect(text).not.toMatch(/at [\w.]+ \(|node_modules|pglite|postgres|closed|ended|select|insert/i);
      } finally {
        process.stderr.write = stderr;
      }
    });
  });

  describe("who may call what", () => {
    type Role = "visitor" | "guest" | "other" | "submitter" | "creator" | "verifier" | "admin";
    let people: Record<Exclude<Role, "visitor">, Person>;

    beforeAll(async () => {
      await database.reset();
      people = {
        guest: await register("Guest"),
        other: await register("Other Guest"),
        submitter: await register("Submitter"),
        creator: await register("Creator"),
        verifier: await register("Verifier", "verifier"),
        admin: await register("Admin", "admin"),
      };
    });
    beforeEach(async () => {
      // The people and their sessions stay; each cell starts from no tool and no count.
      await database.db.delete(tools);
      await database.db.delete(rateLimits);
      categoryId = (await insertCategory(database.db)).id;
    });

    const clientOf = (role: Role) => (role === "visitor" ? visitor() : people[role].client);

    type Cell = {
      who: Record<Role, number>;
      /** Makes the tool the function works on, in the cell of `role`; answers the payload and what a success changed. */
      prepare: (role: Role) => Promise<{ tool: Record<string, unknown>; changed: () => Promise<boolean> }>;
    };

    const MODERATORS = {
      visitor: 401,
      guest: 403,
      other: 403,
      submitter: 403,
      creator: 403,
      verifier: 200,
      admin: 200,
    };

    /** A tool in the queue, sent by the submitter, whose maker (the creator) is linked to it. */
    const waitingTool = () =>
      insertTool(database.db, {
        isVerified: false,
        submittedBy: people.submitter.record.id,
        creatorUsername: people.creator.record.slug,
        isLinkedToCreator: true,
      });

    const matrix: Record<string, Cell> = {
      submitTool: {
        who: { visitor: 401, guest: 200, other: 200, submitter: 200, creator: 200, verifier: 200, admin: 200 },
        prepare: async () => ({ tool: toolPayload(), changed: async () => (await toolCount()) === 1 }),
      },
      toolVerified: {
        who: MODERATORS,
        prepare: async () => {
          const tool = await waitingTool();
          return { tool: { id: tool.id }, changed: async () => (await toolRow(tool.id))!.isVerified };
        },
      },
      claimTool: {
        // A live tool that no maker is linked to yet, except in the creator's cell: it is theirs, and they cannot claim it.
        who: { visitor: 401, guest: 200, other: 200, submitter: 200, creator: 409, verifier: 200, admin: 200 },
        prepare: async (role) => {
          const tool = await insertTool(database.db, {
            submittedBy: people.submitter.record.id,
            creatorUsername: role === "creator" ? people.creator.record.slug : null,
            isLinkedToCreator: role === "creator",
          });
          return { tool: { id: tool.id }, changed: async () => (await toolRow(tool.id))!.hasBeenClaimed };
        },
      },
      claimToolAccepted: {
        // A live tool sent by the submitter, claimed by the creator: nobody accepts their own claim.
        who: MODERATORS,
        prepare: async () => {
          const tool = await insertTool(database.db, {
            submittedBy: people.submitter.record.id,
            hasBeenClaimed: true,
            creatorUsername: people.creator.record.slug,
            claimedBy: people.creator.record.id,
          });
          return { tool: { id: tool.id }, changed: async () => (await toolRow(tool.id))!.wasClaimedAccepted };
        },
      },
    };

    for (const [name, cell] of Object.entries(matrix)) {
      for (const [role, expected] of Object.entries(cell.who) as [Role, number][]) {
        it(`${name} as ${role}: ${expected}`, async () => {
          const { tool, changed } = await cell.prepare(role);
          const { status } = await call(clientOf(role), name, { tool });
          expect({ status, changed: await changed() }).toEqual({ status: expected, changed: expected === 200 });
        });
      }
    }
  });
});
