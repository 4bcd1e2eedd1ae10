/**
 * Signed webhooks (docs/decisions/029-signed-webhooks.md): each event of the real service calls reaches the endpoints
 * that chose it through the outbox, signed the Standard Webhooks way and verified here with the package's own
 * Webhook.verify against a receiver on 127.0.0.1; retries on a 500 and a timeout, redelivery under the same id, the
 * address rules, the console's forms as each role, and the retention.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asc, count, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { MESSAGES } from "#common/messages.ts";
import { slugify } from "#common/slugify.ts";
import type { WebhookEvent } from "#common/schemas/webhooks.ts";
import { outbox, tools, type UserRow, users, webhookDeliveries, webhookEndpoints } from "#server/db/schema.ts";
import { MAX_ATTEMPTS, retryDelayMs } from "#server/outbox/worker.ts";
import { webhookEvents } from "#server/webhooks/events.ts";
import { RESPONSE_EXCERPT_BYTES } from "#server/webhooks/sender.ts";
import { insertCategory, insertTool, insertUser, toolInput } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { type Client, createClient } from "../setup/forms.ts";
import { closedPortUrl, type RecordedRequest, startLocalServer } from "../setup/local-http.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const ALL_EVENTS: WebhookEvent[] = [
  "tool.submitted",
  "tool.verified",
  "tool.updated",
  "tool.rejected",
  "claim.requested",
  "claim.accepted",
  "report.created",
];

type Role = "visitor" | "guest" | "other" | "creator" | "verifier" | "admin";
const ROLES: Role[] = ["visitor", "guest", "other", "creator", "verifier", "admin"];

/** The HTML of `text` as React writes it in a page. */
const escaped = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

/** What the receiver got, verified with the secret as a receiver would: throws on a bad signature. */
function verified(request: RecordedRequest, secret: string) {
  const headers = Object.fromEntries(
    ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(request.headers[name])]),
  );
  return new Webhook(secret).verify(request.body, headers) as {
    type: string;
    timestamp: string;
    data: Record<string, Record<string, unknown>>;
  };
}

describe.each(databaseKinds)("webhooks on %s", (kind) => {
  const receiver = useResource(startLocalServer);
  const { database, app } = useTestApp(kind, { FETCH_ALLOW_PRIVATE_HOSTS: "127.0.0.1", WEBHOOK_TIMEOUT_SECONDS: "2" });
  let categoryId: string;

  beforeEach(async () => {
    await app.services.outbox.drain();
    await database.reset();
    receiver.requests.length = 0;
    receiver.answer({ status: 200, body: { ok: true } });
    categoryId = (await insertCategory(database.db, { label: "Analytics" })).id;
  });

  /** The admin who registers the endpoints in the service tests (made on first use in each test). */
  let theAdmin: Awaited<ReturnType<typeof insertUser>> | undefined;

  beforeEach(() => void (theAdmin = undefined));
  async function admin() {
    theAdmin ??= await insertUser(database.db, { username: "Webhook Admin", role: "admin" });
    return theAdmin;
  }

  /** Registers an endpoint on the receiver, as an admin does, and answers it with its secret. */
  async function register(events: WebhookEvent[] = ALL_EVENTS, { path = "/hooks", enabled = true } = {}) {
    const { session } = await admin();
    return app.services.webhooks.createWebhookEndpoint(session, {
      url: `${receiver.url}${path}`,
      description: "Our receiver",
      events,
      enabled,
    });
  }

  const deliveries = () =>
    database.db
      .select({
        event: webhookDeliveries.event,
        messageId: webhookDeliveries.messageId,
        endpointId: webhookDeliveries.endpointId,
        lastStatus: webhookDeliveries.lastStatus,
        lastResponse: webhookDeliveries.lastResponse,
        lastDurationMs: webhookDeliveries.lastDurationMs,
        lastError: webhookDeliveries.lastError,
        state: outbox.state,
        attempts: outbox.attempts,
      })
      .from(webhookDeliveries)
      .innerJoin(outbox, eq(outbox.id, webhookDeliveries.outboxId))
      .orderBy(asc(webhookDeliveries.id));

  describe("delivery", () => {
    it("signs each delivery the Standard Webhooks way, with the tool's public fields only", async () => {
      const { endpoint, secret } = await register(["tool.submitted"]);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const maker = await insertUser(database.db, { username: "Maker" });
      const tool = await app.services.lifecycle.submitTool(
        maker.session,
        toolInput(categoryId, { name: "Counter", website: "https://counter.example" }),
      );
      await app.services.outbox.drain();

      const [request] = await receiver.waitForRequests(1);
      expect(request!.method).toBe("POST");
      expect(request!.url.pathname).toBe("/hooks");
      expect(request!.headers["content-type"]).toBe("application/json");
      const message = verified(request!, secret);
      expect(message).toMatchObject({
        type: "tool.submitted",
        data: {
          tool: {
            id: tool.id,
            slug: tool.slug,
            name: "Counter",
            website: "https://counter.example",
            status: "queued",
            url: `http://localhost:3000/tool/${tool.slug}`,
          },
        },
      });
      expect(Object.keys(message.data.tool!).sort()).toEqual([
        "categories",
        "createdAt",
        "id",
        "name",
        "pricing",
        "shortDescription",
        "slug",
        "status",
        "tags",
        "updatedAt",
        "url",
        "website",
      ]);
      expect(request!.body).not.toContain(maker.id);
      // A wrong secret, or a changed body, does not verify.
      expect(() =>
        new Webhook(`whsec_${Buffer.from("another secret of enough length!").toString("base64")}`).verify(
          request!.body,
          request!.headers as Record<string, string>,
        ),
      ).toThrow();
      expect(() =>
        new Webhook(secret).verify(
          request!.body.replace("Counter", "Countr"),
          request!.headers as Record<string, string>,
        ),
      ).toThrow();

      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({
        endpointId: endpoint.id,
        state: "delivered",
        attempts: 1,
        lastStatus: 200,
        lastResponse: '{"ok":true}',
        lastError: null,
      });
      expect(delivery!.messageId).toBe(request!.headers["webhook-id"]);
      expect(delivery!.lastDurationMs).toBeGreaterThanOrEqual(0);
    });

    it("fires each kind of event from the service calls, to the enabled endpoints that chose it", async () => {
      const everything = await register(ALL_EVENTS, { path: "/all" });
      const reportsOnly = await register(["report.created"], { path: "/reports" });
      await register(ALL_EVENTS, { path: "/disabled", enabled: false });
      const verifier = await insertUser(database.db, { username: "Vera", role: "verifier" });
      const maker = await insertUser(database.db, { username: "Maker" });
      const claimer = await insertUser(database.db, { username: "Claire" });
      const { lifecycle, reports } = app.services;

      const tool = await lifecycle.submitTool(
        maker.session,
        toolInput(categoryId, { name: "Counter", website: "https://counter.example" }),
      );
      await lifecycle.updateTool(
        maker.session,
        tool.id,
        toolInput(categoryId, {
          name: "Counter",
          website: "https://counter.example",
          shortDesc: "Counts visitors, kindly.",
        }),
      );
      // Not linked to its submitter, so that someone else may claim it.
      await lifecycle.verifyTool(verifier.session, tool.id, { linkSubmitter: false });
      await lifecycle.askForClaim(claimer.session, tool.id);
      await lifecycle.acceptClaim(verifier.session, tool.id);
      await reports.reportProblem({ user: null, address: "203.0.113.9" }, tool.slug, {
        kind: "broken-link",
        text: "The link is dead",
      });
      const refused = await lifecycle.submitTool(
        maker.session,
        toolInput(categoryId, { name: "Refused", website: "https://refused.example" }),
      );
      await lifecycle.rejectTool(verifier.session, refused.id, "Not a tool for developers");
      await app.services.outbox.drain();

      // Up to 10 deliveries are under way at once, so they may arrive in any order: read them in the order of the events.
      const order = (await deliveries()).map((delivery) => delivery.messageId);
      const received = (path: string, secret: string) =>
        receiver.requests
          .filter((request) => request.url.pathname === path)
          .sort(
            (a, b) => order.indexOf(String(a.headers["webhook-id"])) - order.indexOf(String(b.headers["webhook-id"])),
          )
          .map((request) => verified(request, secret));
      const all = received("/all", everything.secret);
      expect(all.map((message) => message.type)).toEqual([
        "tool.submitted",
        "tool.updated",
        "tool.verified",
        "claim.requested",
        "claim.accepted",
        "report.created",
        "tool.submitted",
        "tool.rejected",
      ]);
      expect(all.map((message) => message.data.tool!.status)).toEqual([
        "queued",
        "queued",
        "live",
        "live",
        "live",
        "live",
        "queued",
        "rejected",
      ]);
      expect(all[1]!.data.tool!.shortDescription).toBe("Counts visitors, kindly.");
      expect(all[3]!.data.claimant).toEqual({
        username: "Claire",
        profileUrl: `http://localhost:3000/profile/${claimer.slug}`,
      });
      expect(all[4]!.data.claimant).toEqual(all[3]!.data.claimant);
      expect(all[5]!.data.report).toMatchObject({ kind: "broken-link", text: "The link is dead" });
      expect(received("/reports", reportsOnly.secret).map((message) => message.type)).toEqual(["report.created"]);
      expect(receiver.requests.filter((request) => request.url.pathname === "/disabled")).toEqual([]);
    });

    it("sends tool.updated when an admin, a featuring grant or the link check changes what the public sees of a live tool", async () => {
      const { secret } = await register(["tool.updated"]);
      const { session } = await admin();
      const verifier = await insertUser(database.db, { username: "Vera", role: "verifier" });
      const maker = await insertUser(database.db, { username: "Maker" });
      const { admin: moderation, users: accounts, links, lifecycle } = app.services;
      // Its website is the receiver, which answers every check.
      const live = await insertTool(database.db, {
        name: "Live",
        website: `${receiver.url}/live`,
        creatorUsername: maker.slug,
        isLinkedToCreator: true,
        categories: [categoryId],
      });
      const dead = await insertTool(database.db, {
        name: "Dead",
        website: await closedPortUrl(),
        categories: [categoryId],
      });
      const queued = await insertTool(database.db, { name: "Queued", isVerified: false, categories: [categoryId] });
      const off = await insertTool(database.db, { name: "Off", isActive: false, categories: [categoryId] });

      // Featured, switched off and back on by an admin; a featuring request granted.
      await moderation.setToolFlag(session, { toolId: live.id, flag: "isFeaturedHome", value: true });
      await moderation.setToolFlag(session, { toolId: live.id, flag: "isActive", value: false });
      await moderation.setToolFlag(session, { toolId: live.id, flag: "isActive", value: true });
      await accounts.requestFeaturing(maker.session, { profileSlug: maker.slug, toolId: live.id });
      await moderation.grantFeaturingRequest(session, { userId: maker.id, toolId: live.id });
      // Hidden by the link check after its failures in a row, then brought back by an admin.
      for (let day = app.config.LINK_CHECK_HIDE_AFTER; day > 0; day--)
        await links.checkAllLinks(new Date(Date.now() - day * DAY_MS));
      expect(
        (await database.db.select({ isActive: tools.isActive }).from(tools).where(eq(tools.id, dead.id)))[0]!.isActive,
      ).toBe(false);
      await links.resolveLink(session, { toolId: dead.id });

      // No news: a switch that changes nothing, a flag of a tool in the queue or already off, and a private request for
      // changes to a tool in the queue (its maker is mailed; the public sees nothing).
      await moderation.setToolFlag(session, { toolId: live.id, flag: "isFeaturedHome", value: true });
      await moderation.setToolFlag(session, { toolId: queued.id, flag: "isFeaturedHome", value: true });
      await moderation.setToolFlag(session, { toolId: queued.id, flag: "isActive", value: false });
      await moderation.setToolFlag(session, { toolId: off.id, flag: "isFeaturedHome", value: true });
      await lifecycle.requestChanges(verifier.session, queued.id, "Please add a screenshot");
      await app.services.outbox.drain();

      const order = (await deliveries()).map((delivery) => delivery.messageId);
      const messages = receiver.requests
        .filter((request) => request.url.pathname === "/hooks")
        .sort((a, b) => order.indexOf(String(a.headers["webhook-id"])) - order.indexOf(String(b.headers["webhook-id"])))
        .map((request) => verified(request, secret));
      expect(messages.map((message) => [message.type, message.data.tool!.name, message.data.tool!.status])).toEqual([
        ["tool.updated", "Live", "live"],
        ["tool.updated", "Live", "off"],
        ["tool.updated", "Live", "live"],
        ["tool.updated", "Live", "live"],
        ["tool.updated", "Dead", "off"],
        ["tool.updated", "Dead", "live"],
      ]);
      expect(await deliveries()).toHaveLength(6);
    });

    it("writes nothing for an admin's switch that is refused", async () => {
      await register(["tool.updated"]);
      const { session } = await admin();
      await expect(
        app.services.admin.setToolFlag(session, { toolId: "tnothere", flag: "isActive", value: false }),
      ).rejects.toMatchObject({ code: "not-found" });
      const guest = await insertUser(database.db, { username: "Guest" });
      const tool = await insertTool(database.db);
      await expect(
        app.services.admin.setToolFlag(guest.session, { toolId: tool.id, flag: "isActive", value: false }),
      ).rejects.toMatchObject({ code: "permission-denied" });
      expect(await deliveries()).toEqual([]);
    });

    it("writes nothing for a change that is rolled back", async () => {
      await register(["tool.updated"]);
      const tool = await insertTool(database.db);
      const events = webhookEvents({ siteUrl: "http://localhost:3000" });
      await expect(
        database.db.transaction(async (tx) => {
          await events.enqueue(tx, "tool.updated", { tool: tool.id });
          throw new Error("the change fails after its webhook was written");
        }),
      ).rejects.toThrow("the change fails");
      expect(await deliveries()).toEqual([]);
      expect(await database.db.select().from(outbox)).toEqual([]);
      await app.services.outbox.drain();
      expect(receiver.requests).toEqual([]);
    });

    it("tries a receiver that answers 500 again, with the same id, until it answers 200", async () => {
      const { secret } = await register(["tool.updated"]);
      const maker = await insertUser(database.db, { username: "Maker" });
      const tool = await insertTool(database.db, { submittedBy: maker.id });
      receiver.answer({ status: 500, body: { error: "down for a moment" } });
      await app.services.lifecycle.updateTool(
        maker.session,
        tool.id,
        toolInput(categoryId, { name: tool.name, website: tool.website }),
      );
      await app.services.outbox.drain();
      expect(await deliveries()).toMatchObject([
        {
          state: "due",
          attempts: 1,
          lastStatus: 500,
          lastResponse: '{"error":"down for a moment"}',
          lastError: "the receiver answered HTTP 500",
        },
      ]);

      receiver.answer({ status: 204 });
      // Not before its backoff...
      await app.services.outbox.deliverDue(new Date(Date.now() + retryDelayMs(1) / 2));
      expect(receiver.requests).toHaveLength(1);
      // ...then at once.
      await app.services.outbox.deliverDue(new Date(Date.now() + retryDelayMs(1) + 1000));
      expect(await deliveries()).toMatchObject([{ state: "delivered", attempts: 2, lastStatus: 204, lastError: null }]);
      const [first, second] = receiver.requests;
      expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
      expect(second!.body).toBe(first!.body);
      expect(verified(second!, secret).type).toBe("tool.updated");
    });

    it("counts a receiver that does not answer in time as failed, and fails the delivery after the last attempt", async () => {
      await register(["tool.updated"]);
      const maker = await insertUser(database.db, { username: "Maker" });
      const tool = await insertTool(database.db, { submittedBy: maker.id });
      receiver.answer("hang");
      const started = Date.now();
      await app.services.lifecycle.updateTool(
        maker.session,
        tool.id,
        toolInput(categoryId, { name: tool.name, website: tool.website }),
      );
      // The request never waits on the receiver.
      expect(Date.now() - started).toBeLessThan(2000);
      await app.services.outbox.drain();
      expect(await deliveries()).toMatchObject([
        { state: "due", attempts: 1, lastStatus: null, lastError: MESSAGES.fetch.timeout(2) },
      ]);

      receiver.answer({ status: 500 });
      let at = Date.now();
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        at += retryDelayMs(attempt - 1) + 1000;
        await app.services.outbox.deliverDue(new Date(at));
      }
      expect(await deliveries()).toMatchObject([{ state: "failed", attempts: MAX_ATTEMPTS, lastStatus: 500 }]);
      // A failed webhook is also among the failed deliveries of the console, for an admin to retry.
      const { deliveries: failed } = await app.services.admin.listFailedDeliveries((await admin()).session);
      const [endpoint] = await database.db.select().from(webhookEndpoints);
      expect(failed.map((delivery) => [delivery.channel, delivery.summary])).toEqual([
        ["webhook", `Webhook tool.updated to endpoint ${endpoint!.id}`],
      ]);
    });

    it("keeps a bounded excerpt of a large answer, which still counts as delivered", async () => {
      await register(["tool.updated"]);
      const person = await admin();
      const tool = await insertTool(database.db);
      receiver.answer({ status: 200, body: { text: "é".repeat(5000) } });
      await app.services.lifecycle.updateTool(
        person.session,
        tool.id,
        toolInput(categoryId, { name: tool.name, website: tool.website }),
      );
      await app.services.outbox.drain();
      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({ state: "delivered", lastStatus: 200 });
      expect(Buffer.byteLength(delivery!.lastResponse!)).toBeLessThanOrEqual(RESPONSE_EXCERPT_BYTES + 3);
      expect(delivery!.lastResponse).toMatch(/^\{"text":"éé/);
    });

    it("refuses at delivery an address that became private, without calling it", async () => {
      const { endpoint } = await register(["tool.updated"]);
      await database.db
        .update(webhookEndpoints)
        .set({ url: "http://10.0.0.1/hooks" })
        .where(eq(webhookEndpoints.id, endpoint.id));
      const maker = await insertUser(database.db, { username: "Maker" });
      const tool = await insertTool(database.db, { submittedBy: maker.id });
      await app.services.lifecycle.updateTool(
        maker.session,
        tool.id,
        toolInput(categoryId, { name: tool.name, website: tool.website }),
      );
      await app.services.outbox.drain();
      expect(await deliveries()).toMatchObject([
        { state: "due", attempts: 1, lastStatus: null, lastError: MESSAGES.fetch.privateAddress },
      ]);
    });

    it("redelivers a message with the same id and body, its attempts counted afresh", async () => {
      const { secret } = await register(["tool.updated"]);
      const person = await admin();
      const tool = await insertTool(database.db);
      await app.services.lifecycle.updateTool(
        person.session,
        tool.id,
        toolInput(categoryId, { name: tool.name, website: tool.website }),
      );
      await app.services.outbox.drain();
      const [delivered] = await database.db.select().from(webhookDeliveries);
      await app.services.webhooks.redeliverWebhook(person.session, { deliveryId: delivered!.id });
      await app.services.outbox.drain();
      const [first, again] = await receiver.waitForRequests(2);
      expect(again!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
      expect(again!.body).toBe(first!.body);
      expect(verified(again!, secret).type).toBe("tool.updated");
      expect(await deliveries()).toMatchObject([{ state: "delivered", attempts: 1, lastStatus: 200 }]);
      await expect(
        app.services.webhooks.redeliverWebhook(person.session, { deliveryId: delivered!.id + 1000 }),
      ).rejects.toMatchObject({ code: "not-found", message: MESSAGES.webhook.deliveryNotFound });
    });

    it("signs the next attempts with a rolled secret, and sends nothing more to a deleted endpoint", async () => {
      const { endpoint, secret } = await register(["tool.updated"]);
      const person = await admin();
      const tool = await insertTool(database.db);
      const { secret: rolled } = await app.services.webhooks.rotateWebhookSecret(person.session, {
        endpointId: endpoint.id,
      });
      expect(rolled).not.toBe(secret);
      await app.services.lifecycle.updateTool(
        person.session,
        tool.id,
        toolInput(categoryId, { name: tool.name, website: tool.website }),
      );
      await app.services.outbox.drain();
      const [request] = await receiver.waitForRequests(1);
      expect(verified(request!, rolled).type).toBe("tool.updated");
      expect(() => verified(request!, secret)).toThrow();

      // A delivery waiting for its next attempt is dropped with its endpoint.
      receiver.answer({ status: 500 });
      await app.services.lifecycle.updateTool(
        person.session,
        tool.id,
        toolInput(categoryId, { name: tool.name, website: tool.website }),
      );
      await app.services.outbox.drain();
      expect(receiver.requests).toHaveLength(2);
      await app.services.webhooks.deleteWebhookEndpoint(person.session, { endpointId: endpoint.id });
      await app.services.outbox.deliverDue(new Date(Date.now() + retryDelayMs(1) + 1000));
      expect(receiver.requests).toHaveLength(2);
      expect(await database.db.select().from(outbox).where(eq(outbox.channel, "webhook"))).toEqual([]);
      expect(await deliveries()).toEqual([]);
    });

    it("purges old delivered and failed webhooks with the outbox's retention", async () => {
      await register(["tool.updated"]);
      const person = await admin();
      const tool = await insertTool(database.db);
      for (let i = 0; i < 3; i++)
        await app.services.lifecycle.updateTool(
          person.session,
          tool.id,
          toolInput(categoryId, { name: tool.name, website: tool.website }),
        );
      await app.services.outbox.drain();
      const rows = await database.db.select().from(outbox).orderBy(asc(outbox.id));
      const old = new Date(Date.now() - 31 * DAY_MS);
      await database.db.update(outbox).set({ deliveredAt: old, createdAt: old }).where(eq(outbox.id, rows[0]!.id));
      await database.db.update(outbox).set({ state: "failed", createdAt: old }).where(eq(outbox.id, rows[1]!.id));
      expect(await app.services.outbox.purge()).toBe(2);
      const [left] = await database.db.select({ count: count() }).from(webhookDeliveries);
      expect(left!.count).toBe(1);
    });
  });

  describe("the console", () => {
    type Person = { client: Client; record: UserRow | null };
    const sessionOf = (record: UserRow) => ({
      id: record.id,
      slug: record.slug,
      username: record.username,
      role: record.role as "guest" | "verifier" | "admin",
    });

    async function signUp(username: string, role: UserRow["role"] = "guest"): Promise<Person> {
      const client = createClient(app.request);
      const response = await client.postSolved("/register", {
        username,
        email: `${slugify(username)}@example.com`,
        password: "long-enough",
      });
      expect(response.status).toBe(302);
      const [record] = await database.db
        .update(users)
        .set({ role })
        .where(eq(users.email, `${slugify(username)}@example.com`))
        .returning();
      return { client, record: record! };
    }

    async function everyone(): Promise<Record<Role, Person>> {
      const people: Record<Role, Person> = {
        visitor: { client: createClient(app.request), record: null },
        guest: await signUp("Guest"),
        other: await signUp("Other"),
        creator: await signUp("Creator"),
        verifier: await signUp("Verifier", "verifier"),
        admin: await signUp("Admin", "admin"),
      };
      await insertTool(database.db, {
        submittedBy: people.creator.record!.id,
        creatorUsername: people.creator.record!.slug,
        isLinkedToCreator: true,
      });
      return people;
    }

    const form = (fields: Record<string, string>, events: string[]) => {
      const body = new URLSearchParams(fields);
      for (const event of events) body.append("events", event);
      return body;
    };
    const post = (client: Client, path: string, body: URLSearchParams) =>
      client.request(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
        body: body.toString(),
      });

    it("lets only admins read and change webhooks, each mutation tried as each role", async () => {
      const people = await everyone();
      const { endpoint } = await app.services.webhooks.createWebhookEndpoint(sessionOf(people.admin.record!), {
        url: `${receiver.url}/hooks`,
        description: "",
        events: ["tool.updated"],
        enabled: true,
      });
      const tool = await insertTool(database.db, { name: "Edited", website: "https://edited.example" });
      await app.services.lifecycle.updateTool(
        sessionOf(people.admin.record!),
        tool.id,
        toolInput(categoryId, { name: "Edited", website: "https://edited.example" }),
      );
      await app.services.outbox.drain();
      const [delivery] = await database.db.select().from(webhookDeliveries);
      const endpointPath = `/admin/webhooks/${endpoint.id}`;
      const mutations: [string, string, URLSearchParams][] = [
        [
          "create",
          "/admin/webhooks",
          form({ intent: "create", url: `${receiver.url}/new`, enabled: "on" }, ["tool.verified"]),
        ],
        [
          "update",
          endpointPath,
          form({ intent: "update", url: `${receiver.url}/changed`, description: "Changed", enabled: "on" }, [
            "tool.verified",
          ]),
        ],
        ["redeliver", endpointPath, new URLSearchParams({ intent: "redeliver", deliveryId: String(delivery!.id) })],
        ["rotate", endpointPath, new URLSearchParams({ intent: "rotate" })],
      ];
      for (const role of ROLES.filter((role) => role !== "admin")) {
        for (const path of ["/admin/webhooks", endpointPath]) {
          const page = await people[role].client.request(path);
          expect(page.status, `${role} GET ${path}`).toBe(role === "visitor" ? 302 : 403);
        }
        for (const [name, path, body] of [
          ...mutations,
          ["delete", endpointPath, new URLSearchParams({ intent: "delete" })] as [string, string, URLSearchParams],
        ]) {
          const response = await post(people[role].client, path, body);
          expect(response.status, `${role} ${name}`).toBe(role === "visitor" ? 302 : 403);
          if (role === "visitor") expect(response.headers.get("location"), name).toMatch(/^\/login\?redirectTo=/);
        }
      }
      expect(await database.db.select().from(webhookEndpoints)).toHaveLength(1);
      expect(receiver.requests).toHaveLength(1);

      const page = await people.admin.client.request("/admin/webhooks");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`${receiver.url}/hooks`);
      for (const [name, path, body] of mutations) {
        const response = await post(people.admin.client, path, body);
        expect(response.status, name).toBe(200);
        expect(await response.text(), name).toContain('data-testid="action-done"');
      }
      const endpoints = await database.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
      expect(endpoints.map((row) => [row.url, row.events])).toEqual([
        [`${receiver.url}/changed`, ["tool.verified"]],
        [`${receiver.url}/new`, ["tool.verified"]],
      ]);
      await app.services.outbox.drain();
      expect(receiver.requests).toHaveLength(2);
      const deleted = await post(people.admin.client, endpointPath, new URLSearchParams({ intent: "delete" }));
      expect(deleted.status).toBe(302);
      expect(await database.db.select().from(webhookEndpoints)).toHaveLength(1);
    });

    it("shows the secret once, when it is made, and each delivery with its answer", async () => {
      const { admin: person } = { admin: await signUp("Admin", "admin") };
      const created = await post(
        person.client,
        "/admin/webhooks",
        form({ intent: "create", url: `${receiver.url}/hooks`, description: "Our <b>receiver</b>", enabled: "on" }, [
          "tool.updated",
        ]),
      );
      const html = await created.text();
      const [endpoint] = await database.db.select().from(webhookEndpoints);
      expect(html).toContain(endpoint!.secret);
      expect(html).toContain("not shown again");
      const tool = await insertTool(database.db);
      receiver.answer({ status: 500, body: { error: "<script>alert(1)</script>" } });
      await app.services.lifecycle.updateTool(
        sessionOf(person.record!),
        tool.id,
        toolInput(categoryId, { name: tool.name, website: tool.website }),
      );
      await app.services.outbox.drain();

      const page = await (await person.client.request(`/admin/webhooks/${endpoint!.id}`)).text();
      expect(page).not.toContain(endpoint!.secret);
      expect(page).toContain("Our &lt;b&gt;receiver&lt;/b&gt;");
      expect(page).toContain("answered HTTP 500");
      expect(page).toContain("the receiver answered HTTP 500");
      expect(page).toContain(escaped('{"error":"<script>alert(1)</script>"}'));
      expect(page).not.toContain("<script>alert(1)");
      expect((await person.client.request("/admin/webhooks/99999")).status).toBe(404);
      expect((await person.client.request("/admin/webhooks/nope")).status).toBe(404);
    });

    it("refuses a private address, a bad address, an unknown event and no event, with the form's message, and writes nothing", async () => {
      const person = await signUp("Admin", "admin");
      const cases: [Record<string, string>, string[], string][] = [
        [{ url: "http://10.1.2.3/hooks" }, ["tool.updated"], MESSAGES.fetch.privateAddress],
        [{ url: "http://[::1]:8080/hooks" }, ["tool.updated"], MESSAGES.fetch.privateAddress],
        [{ url: "http://169.254.169.254/latest/meta-data" }, ["tool.updated"], MESSAGES.fetch.privateAddress],
        [{ url: "http://localhost:9/hooks" }, ["tool.updated"], MESSAGES.fetch.privateAddress],
        [{ url: "ftp://example.com/hooks" }, ["tool.updated"], MESSAGES.fetch.badAddress],
        [{ url: "" }, ["tool.updated"], MESSAGES.webhook.urlRequired],
        [{ url: `${receiver.url}/hooks` }, ["tool.deleted"], MESSAGES.webhook.unknownEvent],
        [{ url: `${receiver.url}/hooks` }, [], MESSAGES.webhook.eventsRequired],
      ];
      for (const [fields, events, message] of cases) {
        const response = await post(
          person.client,
          "/admin/webhooks",
          form({ intent: "create", description: "Kept words", enabled: "on", ...fields }, events),
        );
        expect(response.status, message).toBe(400);
        const html = await response.text();
        expect(html, message).toContain(escaped(message));
        expect(html, message).toContain("Kept words");
      }
      expect(await database.db.select().from(webhookEndpoints)).toEqual([]);
      // The service refuses the same, whoever calls it.
      await expect(
        app.services.webhooks.createWebhookEndpoint(sessionOf(person.record!), {
          url: "http://192.168.1.1/",
          description: "",
          events: ["tool.updated"],
          enabled: true,
        }),
      ).rejects.toMatchObject({ code: "invalid-argument", fields: { url: MESSAGES.fetch.privateAddress } });
    });
  });

  it("keeps tools' private columns out of every payload", async () => {
    const { secret } = await register(["tool.rejected"]);
    const person = await admin();
    const maker = await insertUser(database.db, { username: "Maker", email: "maker@private.example" });
    const tool = await app.services.lifecycle.submitTool(
      maker.session,
      toolInput(categoryId, { name: "Hidden", website: "https://hidden.example" }),
    );
    await app.services.lifecycle.rejectTool(person.session, tool.id, "A private reason for the maker");
    await app.services.outbox.drain();
    const [request] = await receiver.waitForRequests(1);
    expect(verified(request!, secret).data.tool!.status).toBe("rejected");
    expect(request!.body).not.toContain("A private reason");
    expect(request!.body).not.toContain("maker@private.example");
    const [row] = await database.db.select().from(tools).where(eq(tools.id, tool.id));
    expect(row!.rejectionReason).toBe("A private reason for the maker");
  });
});
