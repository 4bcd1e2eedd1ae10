/**
 * The outbox (docs/decisions/015-outbox.md): every side effect of a write is a row written with the change, delivered
 * by a worker with retries and backoff, once per channel, across a restart and between two workers; failed rows are
 * shown to admins, who retry them. Real SMTP receiver, real local bot API, real database.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import type { ToolInput } from "#common/tool-input.ts";
import { openDatabase } from "#server/db/client.ts";
import { outbox, users } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { enqueueEffects, type Effect } from "#server/outbox/effects.ts";
import {
  dueRowsQuery,
  LANE_IN_FLIGHT,
  LEASE_MS,
  MAX_ATTEMPTS,
  outboxWorker,
  retryDelayMs,
} from "#server/outbox/worker.ts";
import { webhookEvents } from "#server/webhooks/events.ts";
import { insertCategory, insertTool, insertUser, toolInput } from "../factories.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useMailAndBot, useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { closedPortUrl, startLocalServer } from "../setup/local-http.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)("outbox on %s", (kind) => {
  const { smtp, bot, env } = useMailAndBot();
  const { database, app } = useTestApp(kind, env);
  let categoryId: string;

  beforeEach(async () => {
    await app.services.outbox.drain();
    await database.reset();
    smtp.mails.length = 0;
    bot.requests.length = 0;
    bot.answer({ status: 200, body: { ok: true } });
    categoryId = (await insertCategory(database.db, { label: "Analytics" })).id;
  });

  const rows = () => database.db.select().from(outbox).orderBy(asc(outbox.id));
  const rowOf = async (channel: string) => (await rows()).find((row) => row.channel === channel)!;
  const notices = () => bot.requests.map((request) => request.url.searchParams.get("text")?.split("\n")[0]);
  const input = (change: Partial<ToolInput> = {}) => toolInput(categoryId, change);

  async function submitTool(services = app.services) {
    const maker = await insertUser(database.db, { username: "Maker", email: "maker@maker.example" });
    return services.lifecycle.submitTool(maker.session, input());
  }

  it("writes one row per effect and channel with the change, and none for a change that fails", async () => {
    const tool = await submitTool();
    expect((await rows()).map((row) => [row.key, row.channel])).toEqual([
      [`tool-submitted:${tool.id}:notice`, "notice"],
      [`tool-submitted:${tool.id}:mail`, "mail"],
    ]);
    // The same id again: the insert fails inside the transaction, and so does the rest of it.
    const maker = await insertUser(database.db, { username: "Other" });
    await expect(
      app.services.lifecycle.submitTool(
        maker.session,
        input({ website: "https://other.example" }),
        {},
        { id: tool.id },
      ),
    ).rejects.toMatchObject({ code: "aborted" });
    expect(await rows()).toHaveLength(2);

    await app.services.outbox.drain();
    expect((await rows()).map((row) => row.state)).toEqual(["delivered", "delivered"]);
    expect(notices()).toEqual(["*New tool submitted*"]);
    await smtp.waitForMail("maker@maker.example", { subject: "We received Counter" });
  });

  it("keeps one row for an effect enqueued twice", async () => {
    const effect: Effect = { channel: "notice", key: "the-same-event", payload: { title: "Once", text: "only" } };
    await enqueueEffects(database.db, [effect]);
    await database.db.transaction((tx) =>
      enqueueEffects(tx, [effect, { ...effect, payload: { title: "Twice", text: "never" } }]),
    );
    expect((await rows()).map((row) => row.payload)).toEqual([{ title: "Once", text: "only" }]);
    await app.services.outbox.drain();
    expect(notices()).toEqual(["*Once*"]);
  });

  it("sends the admin's notice once when the maker's mail fails and is tried again", async () => {
    const failingMail = await createTestApp(database, {
      ...env(),
      SMTP_URL: `smtp://127.0.0.1:${new URL(await closedPortUrl()).port}`,
    });
    await submitTool(failingMail.services);
    await failingMail.services.outbox.drain();
    expect(notices()).toEqual(["*New tool submitted*"]);
    const mail = await rowOf("mail");
    expect(mail).toMatchObject({ state: "due", attempts: 1 });
    expect(mail.lastError).toContain("ECONNREFUSED");

    // The retries re-send only the mail.
    await failingMail.services.outbox.deliverDue(new Date(Date.now() + DAY_MS));
    await failingMail.services.outbox.deliverDue(new Date(Date.now() + 2 * DAY_MS));
    expect(await rowOf("mail")).toMatchObject({ state: "due", attempts: 3 });
    expect(await rowOf("notice")).toMatchObject({ state: "delivered", attempts: 1 });
    expect(notices()).toEqual(["*New tool submitted*"]);
  });

  it("tries a failing channel again after a growing pause, then fails it; an admin sees it and retries it", async () => {
    bot.answer({ status: 500, body: { ok: false } });
    await submitTool();
    await app.services.outbox.drain();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const row = await rowOf("notice");
      expect(row).toMatchObject({
        state: "due",
        attempts: attempt,
        lastError: "notice not delivered: the bot API answered 500",
      });
      expect(row.dueAt.getTime() - row.lastAttemptAt!.getTime()).toBe(retryDelayMs(attempt));
      // Not before its time...
      await app.services.outbox.deliverDue(new Date(row.dueAt.getTime() - 1));
      expect(bot.requests).toHaveLength(attempt);
      // ...and at its time.
      await app.services.outbox.deliverDue(row.dueAt);
      expect(bot.requests).toHaveLength(attempt + 1);
    }
    expect(retryDelayMs(MAX_ATTEMPTS + 10)).toBe(60 * 60_000);
    expect(await rowOf("notice")).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS });
    await app.services.outbox.deliverDue(new Date(Date.now() + 30 * DAY_MS));
    expect(bot.requests).toHaveLength(MAX_ATTEMPTS);
    expect(await rowOf("mail")).toMatchObject({ state: "delivered" });

    const admin = createClient(app.request);
    expect(
      (
        await admin.postSolved("/register", {
          username: "Ada Admin",
          email: "ada@example.com",
          password: "long-enough",
        })
      ).status,
    ).toBe(302);
    await database.db.update(users).set({ role: "admin" }).where(eq(users.email, "ada@example.com"));
    const page = await (await admin.request("/admin/deliveries")).text();
    expect(page.match(/data-testid="failed-delivery"/g)).toHaveLength(1);
    expect(page).toContain("Bot notice: New tool submitted");
    expect(page).toContain("notice not delivered: the bot API answered 500");
    expect(page).toContain(`${MAX_ATTEMPTS} attempts`);
    expect(page).toMatch(/data-testid="admin-count-deliveries"[^>]*>1</);

    bot.answer({ status: 200, body: { ok: true } });
    const { id } = await rowOf("notice");
    const retried = await admin.post("/admin/deliveries", { intent: "retry", deliveryId: String(id) });
    expect(retried.status).toBe(200);
    expect(await retried.text()).toContain("Bot notice: New tool submitted: sent again.");
    await app.services.outbox.drain();
    expect(await rowOf("notice")).toMatchObject({ state: "delivered", attempts: 1, lastError: null });
    expect(bot.requests).toHaveLength(MAX_ATTEMPTS + 1);

    const again = await admin.post("/admin/deliveries", { intent: "retry", deliveryId: String(id) });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This delivery is no longer failed: it was retried or delivered");
    const empty = await (await admin.request("/admin/deliveries")).text();
    expect(empty).toContain("Every delivery went through");
    expect(empty).not.toContain('data-testid="failed-delivery"');
  });

  it("delivers after a restart what a stopped process wrote, and what a process that died had taken", async () => {
    const first = await createTestApp(database, env());
    await first.services.outbox.stop();
    const tool = await submitTool(first.services);
    expect(await rows()).toHaveLength(2);
    // The notice was taken by a process that died while sending it: its lease holds it a while.
    const takenAt = new Date();
    await database.db
      .update(outbox)
      .set({ attempts: 1, lastAttemptAt: takenAt, dueAt: new Date(takenAt.getTime() + LEASE_MS) })
      .where(eq(outbox.key, `tool-submitted:${tool.id}:notice`));
    expect(bot.requests).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);

    const second = await createTestApp(database, env());
    await second.services.outbox.drain();
    await smtp.waitForMail("maker@maker.example", { subject: "We received Counter" });
    expect(bot.requests).toHaveLength(0);
    await second.services.outbox.deliverDue(new Date(takenAt.getTime() + LEASE_MS));
    expect(notices()).toEqual(["*New tool submitted*"]);
    expect((await rows()).map((row) => [row.channel, row.state, row.attempts])).toEqual([
      ["notice", "delivered", 2],
      ["mail", "delivered", 1],
    ]);
  });

  it("never lets two workers deliver the same row", async () => {
    // On PostgreSQL each worker has a pool of its own, as two processes would.
    const other = kind === "postgres" ? await openDatabase({ url: database.url, maxConnections: 5 }) : undefined;
    try {
      const delivered: string[] = [];
      const record = (worker: string) => async (notice: { title: string }) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        delivered.push(`${notice.title} by ${worker}`);
      };
      const logger = createLogger("silent");
      const workerOf = (name: string, db = database.db) =>
        outboxWorker({
          db,
          logger,
          senders: {
            notice: record(name),
            mail: () => Promise.reject(new Error("unused")),
            "token-sync": () => Promise.reject(new Error("unused")),
            "account-link": () => Promise.reject(new Error("unused")),
            webhook: () => Promise.reject(new Error("unused")),
          },
        });
      const workers = [workerOf("a"), workerOf("b", other?.db)];
      const titles = Array.from({ length: 60 }, (_, index) => `notice ${String(index).padStart(2, "0")}`);
      await enqueueEffects(
        database.db,
        titles.map((title) => ({ channel: "notice", key: title, payload: { title, text: "" } })),
      );
      await Promise.all([workers[0]!.drain(), workers[1]!.drain(), workers[0]!.deliverDue(), workers[1]!.deliverDue()]);
      expect(delivered.map((line) => line.split(" by ")[0]).sort()).toEqual(titles);
      expect((await rows()).every((row) => row.state === "delivered" && row.attempts === 1)).toBe(true);
      await Promise.all(workers.map((worker) => worker.stop()));
    } finally {
      await other?.close();
    }
  });

  it("looks again at once when a full lane's sends end while it looks for a row", async () => {
    // Sends that end at once finish while the worker looks for a row of another lane: it must not then wait for a poke.
    const delivered: string[] = [];
    const unused = () => Promise.reject(new Error("unused"));
    const worker = outboxWorker({
      db: database.db,
      logger: createLogger("silent"),
      senders: {
        notice: async (notice: { title: string }) => void delivered.push(notice.title),
        mail: unused,
        "token-sync": unused,
        "account-link": unused,
        webhook: unused,
      },
    });
    const titles = Array.from({ length: 200 }, (_, index) => `notice ${String(index).padStart(3, "0")}`);
    await enqueueEffects(
      database.db,
      titles.map((title) => ({ channel: "notice", key: title, payload: { title, text: "" } })),
    );
    await worker.drain();
    expect(delivered.sort()).toEqual(titles);
    await worker.stop();
  }, 15_000);

  it("blanks a secret payload once delivered, and purges delivered rows after 30 days", async () => {
    await enqueueEffects(database.db, [
      {
        channel: "mail",
        key: "a-link",
        payload: { to: "ada@example.com", subject: "Your link", text: "https://example.com/secret-link" },
        isSecret: true,
      },
      { channel: "notice", key: "a-notice", payload: { title: "Kept", text: "for the record" } },
    ]);
    await app.services.outbox.drain();
    await smtp.waitForMail("ada@example.com", { subject: "Your link" });
    expect((await rows()).map((row) => [row.state, row.payload])).toEqual([
      ["delivered", {}],
      ["delivered", { title: "Kept", text: "for the record" }],
    ]);
    await enqueueEffects(database.db, [{ channel: "notice", key: "still-due", payload: { title: "Later", text: "" } }]);
    await database.db
      .update(outbox)
      .set({ dueAt: new Date(Date.now() + 60 * DAY_MS) })
      .where(eq(outbox.key, "still-due:notice"));

    expect(await app.services.outbox.purge(new Date(Date.now() + 29 * DAY_MS))).toBe(0);
    expect(await app.services.outbox.purge(new Date(Date.now() + 31 * DAY_MS))).toBe(2);
    expect((await rows()).map((row) => row.key)).toEqual(["still-due:notice"]);
  });

  it("finds the due rows through their partial index, in order, however many were delivered", async () => {
    await database.db.execute(
      sql`insert into outbox (key, channel, payload, state, delivered_at) select 'old-' || n, 'notice', '{}', 'delivered', now() from generate_series(1, 2000) as n`,
    );
    await enqueueEffects(database.db, [{ channel: "notice", key: "due", payload: { title: "Due", text: "" } }]);
    await database.db.execute(sql`analyze outbox`);
    const plan = await explainMainPlan(database.db, dueRowsQuery(database.db, new Date(), 10));
    expect(plan).toContain("outbox_due_idx");
    expect(plan).not.toMatch(/Sort|Seq Scan/);
  });

  it("sends a sign-in link's mail at once while a webhook receiver that never answers has 50 messages waiting", async () => {
    const dead = await startLocalServer("hang");
    const alive = await startLocalServer();
    const hooked = { ...env(), FETCH_ALLOW_PRIVATE_HOSTS: "127.0.0.1" };
    // Two workers on one database, as two processes: each gives the dead host all the sends its lane may have.
    const [first, second] = [await createTestApp(database, hooked), await createTestApp(database, hooked)];
    try {
      const owner = createClient(first.request);
      expect(
        (
          await owner.postSolved("/register", {
            username: "Ada Lovelace",
            email: "ada@example.com",
            password: "long-enough",
          })
        ).status,
      ).toBe(302);
      const admin = await insertUser(database.db, { username: "Webhook Admin", role: "admin" });
      for (const receiver of [dead, alive]) {
        await first.services.webhooks.createWebhookEndpoint(admin.session, {
          url: `${receiver.url}/hooks`,
          description: "A receiver",
          events: ["tool.submitted"],
          enabled: true,
        });
      }
      await first.services.outbox.drain();
      smtp.mails.length = 0;
      const tool = await insertTool(database.db, { name: "Counter" });
      const events = webhookEvents({ siteUrl: "http://localhost:3000" });
      await database.db.transaction(async (tx) => {
        for (let index = 0; index < 50; index++) await events.enqueue(tx, "tool.submitted", { tool: tool.id });
      });
      first.services.outbox.poke();
      second.services.outbox.poke();
      // Each worker keeps LANE_IN_FLIGHT sends open on the dead host, and the live host gets all its messages.
      await dead.waitForRequests(2 * LANE_IN_FLIGHT);
      await alive.waitForRequests(50);

      const asked = Date.now();
      const response = await createClient(first.request).post("/login", { intent: "link", email: "ada@example.com" });
      expect(await response.text()).toContain(
        "If an account uses ada@example.com, a sign-in link is on its way to it.",
      );
      // The link's work starts a second after the answer (decision 055): the mail follows it, not the dead host's sends.
      const mail = await smtp.waitForMail("ada@example.com", { containing: "sign-in link", timeoutMs: 2500 });
      expect(Date.now() - asked).toBeLessThan(2500);
      const link = /http:\/\/localhost:3000\/\S+/.exec(mail.text)![0];
      expect(link).toContain("token=");
      expect(dead.requests).toHaveLength(2 * LANE_IN_FLIGHT);
    } finally {
      // Closing the dead receiver ends its open requests: the rest of its messages fail at once and wait for a retry.
      await dead.close();
      await alive.close();
      await Promise.all([first.services.outbox.stop(), second.services.outbox.stop()]);
    }
  });

  // Last: the bot's stand-in keeps the hanging request open until the notifier's own timeout ends it.
  it("answers a request at once when the bot host is slow: the notice waits in the outbox", async () => {
    bot.answer("hang");
    const owner = createClient(app.request);
    expect(
      (
        await owner.postSolved("/register", {
          username: "Ada Lovelace",
          email: "ada@example.com",
          password: "long-enough",
        })
      ).status,
    ).toBe(302);
    const tool = await insertTool(database.db, {
      name: "Analytical Engine",
      creatorUsername: "ada-lovelace",
      isLinkedToCreator: true,
    });
    const started = Date.now();
    const response = await owner.post("/profile/ada-lovelace?type=boost-tool", {
      intent: "request-featuring",
      toolId: tool.id,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Your request was sent. You will hear from us soon.");
    expect(Date.now() - started).toBeLessThan(2000);
    // The worker did take it, and is still waiting for the bot.
    await bot.waitForRequests(1);
    expect(await rowOf("notice")).toMatchObject({
      state: "due",
      attempts: 1,
      key: expect.stringMatching(/^featuring-requested:/),
    });
  });
});
