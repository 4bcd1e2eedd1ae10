/**
 * Paid featuring (docs/decisions/040-paid-featuring.md), against a local Stripe stand-in that speaks Stripe's API and
 * signs its events as Stripe does: a maker pays on Checkout and their tool is featured; replays, forgeries, someone
 * else's tool, two makers for the last place, refunds, disputes, the end of the period, and a site with no keys.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { STRIPE_WEBHOOK_PATH } from "#common/page-paths.ts";
import { purchases, tools, users } from "#server/db/schema.ts";
import { insertTool, insertUser } from "../factories.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { startSmtpReceiver } from "../setup/smtp.ts";
import { startStripeStandIn } from "../setup/stripe.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)("paid featuring on %s", (kind) => {
  const stripe = useResource(startStripeStandIn);
  const smtp = useResource(startSmtpReceiver);
  const { database, app } = useTestApp(kind, () => ({ ...stripe.env, SMTP_URL: smtp.url, LOCALES: "en,fr,es" }));

  beforeAll(() => stripe.setWebhook((init) => app.request(STRIPE_WEBHOOK_PATH, init)));
  beforeEach(async () => {
    await app.services.outbox.drain();
    await database.reset();
    smtp.mails.length = 0;
    stripe.calls.length = 0;
    const admin = await insertUser(database.db, { role: "admin" });
    await app.services.featuring.saveOffer(admin.session, {
      kind: "featured",
      amount: 2900,
      currency: "usd",
      days: 7,
      isOnSale: true,
    });
    await app.services.featuring.saveOffer(admin.session, {
      kind: "skip-line",
      amount: 900,
      currency: "usd",
      days: null,
      isOnSale: true,
    });
  });

  async function makerWithTool(name = "Rocket", overrides: Partial<typeof tools.$inferInsert> = {}) {
    const maker = await insertUser(database.db, {
      username: `${name} Maker`,
      email: `${name.toLowerCase()}@maker.example`,
    });
    const tool = await insertTool(database.db, {
      name,
      creatorUsername: maker.slug,
      isLinkedToCreator: true,
      ...overrides,
    });
    return { maker, tool };
  }

  /** The session the stand-in opened for the last checkout. */
  function lastSession() {
    return [...stripe.sessions.values()].at(-1)!;
  }

  const toolRow = async (id: string) => (await database.db.select().from(tools).where(eq(tools.id, id)))[0]!;
  const userRow = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const purchaseRows = () => database.db.select().from(purchases).orderBy(purchases.createdAt);

  it("features the tool once Stripe says the session is paid, and a replayed event changes nothing", async () => {
    const { maker, tool } = await makerWithTool();
    const url = await app.services.featuring.startCheckout(maker.session, { toolId: tool.id, kind: "featured" });
    const session = lastSession();
    expect(url).toBe(session.url);
    // The server's price and the purchase it wrote, never the browser's.
    const created = stripe.calls.find((call) => call.path === "/v1/checkout/sessions")!;
    expect(created.form).toMatchObject({
      mode: "payment",
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "2900" } }],
    });
    expect(session.metadata).toMatchObject({ toolId: tool.id, userId: maker.id });
    expect((await toolRow(tool.id)).isHomeBoosted).toBe(false);

    const paid = await stripe.pay(session.id);
    expect(paid.status).toBe(200);
    expect((await toolRow(tool.id)).isHomeBoosted).toBe(true);
    const [purchase] = await purchaseRows();
    expect(purchase).toMatchObject({ state: "active", amount: 2900, currency: "usd", stripeSessionId: session.id });
    expect(purchase!.endsAt!.getTime() - purchase!.startsAt!.getTime()).toBe(7 * DAY_MS);
    expect(purchase!.receiptUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/receipts\/ch_/);
    const buyer = await userRow(maker.id);
    expect(buyer.boosts).toBe(1);
    expect(buyer.payments).toEqual([
      expect.objectContaining({
        kind: "featuring-payment",
        purchaseId: purchase!.id,
        toolId: tool.id,
        amount: 2900,
        currency: "usd",
        status: "paid",
      }),
    ]);
    await app.services.outbox.drain();
    const receipt = await smtp.waitForMail(maker.email, {
      subject: "Your receipt: Featured on the home page for 7 days",
    });
    expect(receipt.text).toContain("$29.00");
    expect(receipt.text).toContain(purchase!.receiptUrl!);

    // The same event again, and the same session's late event under another id: nothing moves.
    const again = await stripe.resend(paid);
    expect(again.status).toBe(200);
    expect(
      (await app
        .request(STRIPE_WEBHOOK_PATH, {
          method: "POST",
          headers: { "stripe-signature": stripe.sign(paid.body) },
          body: paid.body,
        })
        .then((response) => response.json())) as object,
    ).toEqual({
      received: true,
      outcome: "duplicate",
    });
    const late = JSON.parse(paid.body) as { id: string; type: string };
    late.id = `${late.id}_late`;
    late.type = "checkout.session.async_payment_succeeded";
    const lateBody = JSON.stringify(late);
    expect((await stripe.post(lateBody, stripe.sign(lateBody))).status).toBe(200);
    expect((await userRow(maker.id)).boosts).toBe(1);
    expect((await userRow(maker.id)).payments).toHaveLength(1);
    expect(await purchaseRows()).toHaveLength(1);
    await app.services.outbox.drain();
    // The receipt was taken above: no second one came.
    expect(smtp.mails.filter((mail) => mail.subject.startsWith("Your receipt"))).toHaveLength(0);
  });

  it("refuses an unsigned event, one signed with another secret, and one changed after it was signed, with a 400", async () => {
    const { maker, tool } = await makerWithTool();
    await app.services.featuring.startCheckout(maker.session, { toolId: tool.id, kind: "featured" });
    const session = lastSession();
    const forged = JSON.stringify({
      id: "evt_forged",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { ...session, payment_status: "paid" } },
    });
    const unsigned = await stripe.post(forged);
    expect(unsigned.status).toBe(400);
    expect(JSON.parse(unsigned.body)).toEqual({
      error: { code: "invalid-argument", message: "The event's Stripe-Signature does not match the webhook's secret" },
    });
    expect((await stripe.post(forged, stripe.sign(forged, "whsec_someone_else"))).status).toBe(400);
    const signed = stripe.sign(forged);
    expect((await stripe.post(forged.replace("evt_forged", "evt_forged2"), signed)).status).toBe(400);
    expect((await stripe.post(forged, "t=1,v1=nothing")).status).toBe(400);
    expect((await toolRow(tool.id)).isHomeBoosted).toBe(false);
    // A signed event naming a session Stripe says is unpaid changes nothing either: Stripe's own record decides.
    expect((await stripe.post(forged, signed)).status).toBe(200);
    expect((await toolRow(tool.id)).isHomeBoosted).toBe(false);
    expect((await purchaseRows())[0]!.state).toBe("pending");
  });

  it("refuses what no Stripe event is: an old signature, a huge body, a signed body that is not an event", async () => {
    const { maker, tool } = await makerWithTool();
    await app.services.featuring.startCheckout(maker.session, { toolId: tool.id, kind: "featured" });
    const event = JSON.stringify({
      id: "evt_old",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { id: lastSession().id } },
    });
    // Signed ten minutes ago: past Stripe's tolerance, as a captured event replayed later would be.
    const old = stripe.sign(event).replace(/^t=\d+/, `t=${Math.floor(Date.now() / 1000) - 600}`);
    expect((await stripe.post(event, old)).status).toBe(400);
    const huge = JSON.stringify({ id: "evt_huge", padding: "x".repeat(600 * 1024) });
    expect((await stripe.post(huge, stripe.sign(huge))).status).toBe(413);
    for (const body of [
      "[]",
      "null",
      '"text"',
      JSON.stringify({ id: "evt_shapeless", type: "charge.refunded", data: {} }),
    ]) {
      const answer = await stripe.post(body, stripe.sign(body));
      expect(answer.status, body).toBe(400);
    }
    const notJson = "not json at all";
    expect((await stripe.post(notJson, stripe.sign(notJson))).status).toBe(400);
    expect((await toolRow(tool.id)).isHomeBoosted).toBe(false);
  });

  it("refuses a session for someone else's tool, as each role, and opens none", async () => {
    const { tool } = await makerWithTool();
    for (const role of ["guest", "verifier", "admin"] as const) {
      const other = await insertUser(database.db, { role });
      await expect(
        app.services.featuring.startCheckout(other.session, { toolId: tool.id, kind: "featured" }),
        role,
      ).rejects.toMatchObject({
        code: "permission-denied",
        message: "You can only buy featuring for one of your own tools",
      });
    }
    await expect(
      app.services.featuring.startCheckout(null, { toolId: tool.id, kind: "featured" }),
    ).rejects.toMatchObject({ code: "unauthenticated" });
    // Over HTTP: a visitor is sent to sign in, another user's post is refused with the message.
    const visitor = await app.request(`/feature/${tool.id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      body: "kind=featured",
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/login?redirectTo=%2Ffeature%2F${tool.id}`);
    const stranger = createClient(app.request);
    expect(
      (
        await stranger.postSolved("/register", {
          username: "Stranger",
          email: "stranger@example.com",
          password: "long-enough",
        })
      ).status,
    ).toBe(302);
    const refused = await stranger.post(`/feature/${tool.id}`, { kind: "featured" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You can only buy featuring for one of your own tools");
    expect(stripe.calls).toHaveLength(0);
    expect(await purchaseRows()).toHaveLength(0);
  });

  it("sends the maker to Stripe from their page's form, at the operator's price whatever the form says", async () => {
    const client = createClient(app.request);
    expect(
      (
        await client.postSolved("/register", {
          username: "Page Maker",
          email: "page@maker.example",
          password: "long-enough",
        })
      ).status,
    ).toBe(302);
    const [maker] = await database.db.select().from(users).where(eq(users.email, "page@maker.example"));
    const tool = await insertTool(database.db, {
      name: "Paged",
      creatorUsername: maker!.slug,
      isLinkedToCreator: true,
    });
    const page = await (await client.request(`/feature/${tool.id}`)).text();
    expect(page).toContain("Pay $29.00 with Stripe");
    // The tool is live: skipping the line is not for it, and the page says why instead of offering it.
    expect(page).toContain("Skip the waiting line");
    expect(page).toContain("Only a tool waiting for verification can skip the line");
    expect(page).not.toContain("Pay $9.00 with Stripe");
    const answer = await client.post(`/feature/${tool.id}`, {
      kind: "featured",
      amount: "1",
      unit_amount: "1",
      currency: "jpy",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(lastSession().url);
    const opened = stripe.sessions.size;
    expect(lastSession().amount_total).toBe(2900);
    expect(lastSession().currency).toBe("usd");
    // An unknown offer, or one not on sale, is refused with a message and opens nothing.
    const unknown = await client.post(`/feature/${tool.id}`, { kind: "everything" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Choose what to buy");
    // The tool is live: skipping the line is not for it.
    const skip = await client.post(`/feature/${tool.id}`, { kind: "skip-line" });
    expect(skip.status).toBe(409);
    expect(await skip.text()).toContain("Only a tool waiting for verification can skip the line");
    expect(stripe.sessions.size).toBe(opened);
  });

  it("gives the last free place to one of two makers paying at once, and books the other for when it frees", async () => {
    const admin = await insertUser(database.db, { role: "admin" });
    await app.services.featuring.savePlaces(admin.session, { places: 1 });
    const first = await makerWithTool("First");
    const second = await makerWithTool("Second");
    await app.services.featuring.startCheckout(first.maker.session, { toolId: first.tool.id, kind: "featured" });
    const firstSession = lastSession();
    await app.services.featuring.startCheckout(second.maker.session, { toolId: second.tool.id, kind: "featured" });
    const secondSession = lastSession();
    const answers = await Promise.all([stripe.pay(firstSession.id), stripe.pay(secondSession.id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await purchaseRows();
    expect(rows.map((row) => row.state).sort()).toEqual(["active", "booked"]);
    const active = rows.find((row) => row.state === "active")!;
    const booked = rows.find((row) => row.state === "booked")!;
    expect(booked.startsAt).toEqual(active.endsAt);
    const featured = await database.db.select({ id: tools.id }).from(tools).where(eq(tools.isHomeBoosted, true));
    expect(featured).toEqual([{ id: active.toolId }]);
    // A third maker now sees the first free day, after both.
    const third = await makerWithTool("Third");
    const choices = await app.services.featuring.getCheckoutChoices(third.maker.session, third.tool.id);
    expect(choices.offers.find((offer) => offer.kind === "featured")!.startsAt).toBe(booked.endsAt!.toISOString());
  });

  it("ends the featuring on a refund or a dispute, whichever order Stripe's events come in", async () => {
    const refunded = await makerWithTool("Refunded");
    await app.services.featuring.startCheckout(refunded.maker.session, { toolId: refunded.tool.id, kind: "featured" });
    const refundedSession = lastSession();
    await stripe.pay(refundedSession.id);
    expect((await toolRow(refunded.tool.id)).isHomeBoosted).toBe(true);
    expect((await stripe.refund(refundedSession.id)).status).toBe(200);
    expect((await toolRow(refunded.tool.id)).isHomeBoosted).toBe(false);
    expect((await userRow(refunded.maker.id)).payments).toEqual([expect.objectContaining({ status: "refunded" })]);

    const disputed = await makerWithTool("Disputed");
    await app.services.featuring.startCheckout(disputed.maker.session, { toolId: disputed.tool.id, kind: "featured" });
    const disputedSession = lastSession();
    await stripe.pay(disputedSession.id);
    expect((await stripe.dispute(disputedSession.id)).status).toBe(200);
    expect((await toolRow(disputed.tool.id)).isHomeBoosted).toBe(false);

    // The refund's event comes before the payment's: the payment is recorded as refunded, and nothing is featured.
    const early = await makerWithTool("Early");
    await app.services.featuring.startCheckout(early.maker.session, { toolId: early.tool.id, kind: "featured" });
    const earlySession = lastSession();
    stripe.setWebhook(() => Promise.resolve(new Response("down", { status: 503 })));
    const completed = await stripe.pay(earlySession.id);
    stripe.setWebhook((init) => app.request(STRIPE_WEBHOOK_PATH, init));
    expect((await stripe.refund(earlySession.id)).status).toBe(200);
    expect((await stripe.resend(completed)).status).toBe(200);
    expect((await toolRow(early.tool.id)).isHomeBoosted).toBe(false);
    const states = Object.fromEntries((await purchaseRows()).map((row) => [row.toolId, row.state]));
    expect(states).toEqual({
      [refunded.tool.id]: "refunded",
      [disputed.tool.id]: "disputed",
      [early.tool.id]: "refunded",
    });
  });

  it("sends the maker nowhere but Stripe's Checkout, whatever Stripe's answer says", async () => {
    const { maker, tool } = await makerWithTool();
    stripe.checkoutUrl = (id) => `https://evil.example/c/pay/${id}`;
    try {
      await expect(
        app.services.featuring.startCheckout(maker.session, { toolId: tool.id, kind: "featured" }),
      ).rejects.toMatchObject({ code: "unavailable" });
    } finally {
      stripe.checkoutUrl = (id) => `${stripe.url}/c/pay/${id}`;
    }
  });

  it("moves a waiting tool to the front of the queue, and back when the payment is refunded", async () => {
    const { maker, tool } = await makerWithTool("Queued", { isVerified: false });
    await app.services.featuring.startCheckout(maker.session, { toolId: tool.id, kind: "skip-line" });
    const session = lastSession();
    expect(session.amount_total).toBe(900);
    await stripe.pay(session.id);
    expect(await toolRow(tool.id)).toMatchObject({ hasSkippedLine: true, isHomeBoosted: false });
    expect((await userRow(maker.id)).boosts).toBe(0);
    await stripe.refund(session.id);
    expect(await toolRow(tool.id)).toMatchObject({ hasSkippedLine: false });
  });

  it("ends the featuring when its period is over, after telling the maker, and starts the next booking", async () => {
    const admin = await insertUser(database.db, { role: "admin" });
    await app.services.featuring.savePlaces(admin.session, { places: 1 });
    const first = await makerWithTool("Current");
    const next = await makerWithTool("Next");
    await app.services.featuring.startCheckout(first.maker.session, { toolId: first.tool.id, kind: "featured" });
    await stripe.pay(lastSession().id);
    await app.services.featuring.startCheckout(next.maker.session, { toolId: next.tool.id, kind: "featured" });
    await stripe.pay(lastSession().id);
    const [current] = await purchaseRows();
    const end = current!.endsAt!;

    expect(await app.services.featuring.runFeaturingClock(new Date(end.getTime() - 4 * DAY_MS))).toEqual({
      ended: 0,
      started: 0,
      reminded: 0,
    });
    expect(await app.services.featuring.runFeaturingClock(new Date(end.getTime() - 3 * DAY_MS))).toEqual({
      ended: 0,
      started: 0,
      reminded: 1,
    });
    await app.services.outbox.drain();
    const endDay = end.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const reminder = await smtp.waitForMail(first.maker.email, { subject: `Current is featured until ${endDay}` });
    expect(reminder.text).toContain(`/feature/${first.tool.id}`);
    // Once a day's runs have passed, nobody is told twice.
    expect((await app.services.featuring.runFeaturingClock(new Date(end.getTime() - 2 * DAY_MS))).reminded).toBe(0);

    expect(await app.services.featuring.runFeaturingClock(end)).toMatchObject({ ended: 1, started: 1 });
    expect((await toolRow(first.tool.id)).isHomeBoosted).toBe(false);
    expect((await toolRow(next.tool.id)).isHomeBoosted).toBe(true);
    expect((await purchaseRows()).map((row) => row.state)).toEqual(["ended", "active"]);
  });

  describe("monthly", () => {
    beforeEach(async () => {
      const admin = await insertUser(database.db, { role: "admin" });
      await app.services.featuring.saveOffer(admin.session, {
        kind: "featured-monthly",
        amount: 1500,
        currency: "usd",
        days: null,
        isOnSale: true,
      });
    });

    it("keeps the tool featured until it is cancelled, records each renewal, and ends with the month paid for", async () => {
      const { maker, tool } = await makerWithTool("Monthly");
      await app.services.featuring.startCheckout(maker.session, { toolId: tool.id, kind: "featured-monthly" });
      const created = stripe.calls.find((call) => call.path === "/v1/checkout/sessions")!;
      expect(created.form).toMatchObject({
        mode: "subscription",
        line_items: [{ price_data: { unit_amount: "1500", recurring: { interval: "month" } } }],
        subscription_data: { metadata: { toolId: tool.id } },
      });
      const session = lastSession();
      expect((await stripe.pay(session.id)).status).toBe(200);
      const [first] = await purchaseRows();
      expect(first).toMatchObject({
        kind: "featured-monthly",
        state: "active",
        endsAt: null,
        stripeSubscriptionId: session.subscription,
      });
      expect(first!.receiptUrl).toMatch(/\/invoices\/in_/);
      expect((await toolRow(tool.id)).isHomeBoosted).toBe(true);
      // It holds: the clock a year on ends nothing.
      expect((await app.services.featuring.runFeaturingClock(new Date(Date.now() + 365 * DAY_MS))).ended).toBe(0);

      const renewal = await stripe.renew(session.id);
      expect(renewal.status).toBe(200);
      expect((await stripe.resend(renewal)).status).toBe(200);
      expect((await purchaseRows()).map((row) => [row.kind, row.state, row.amount])).toEqual([
        ["featured-monthly", "active", 1500],
        ["featured-monthly", "paid", 1500],
      ]);
      expect((await userRow(maker.id)).payments.map((entry) => entry.status)).toEqual(["paid", "paid"]);
      const admin = await insertUser(database.db, { role: "admin" });
      expect(
        (await app.services.featuring.getRevenue(admin.session)).map((row) => [row.kind, row.count, row.total]),
      ).toEqual([["featured-monthly", 2, "$30.00"]]);
      await app.services.outbox.drain();
      await smtp.waitForMail(maker.email, { subject: "Your receipt: Featured on the home page, monthly" });

      // Someone else cannot cancel it; its buyer can, from the purchase page.
      const stranger = await insertUser(database.db);
      await expect(app.services.featuring.cancelSubscription(stranger.session, first!.id)).rejects.toMatchObject({
        code: "not-found",
      });
      const periodEnd = Math.floor(Date.now() / 1000) + 40 * 24 * 3600;
      stripe.setPeriodEnd(session.id, periodEnd);
      await app.services.featuring.cancelSubscription(maker.session, first!.id);
      expect(stripe.subscriptions.get(session.subscription as string)).toMatchObject({ cancel_at_period_end: true });
      const [cancelled] = await purchaseRows();
      expect(cancelled).toMatchObject({ state: "active", endsAt: new Date(periodEnd * 1000) });
      await expect(app.services.featuring.cancelSubscription(maker.session, first!.id)).rejects.toMatchObject({
        code: "aborted",
      });
      expect((await toolRow(tool.id)).isHomeBoosted).toBe(true);
      expect(await app.services.featuring.runFeaturingClock(new Date(periodEnd * 1000))).toMatchObject({ ended: 1 });
      expect((await toolRow(tool.id)).isHomeBoosted).toBe(false);
    });

    it("ends at once when Stripe ends the subscription, and a refund ends it and stops the charges", async () => {
      const unpaid = await makerWithTool("Unpaid");
      await app.services.featuring.startCheckout(unpaid.maker.session, {
        toolId: unpaid.tool.id,
        kind: "featured-monthly",
      });
      const unpaidSession = lastSession();
      await stripe.pay(unpaidSession.id);
      expect((await stripe.endSubscription(unpaidSession.id)).status).toBe(200);
      expect((await toolRow(unpaid.tool.id)).isHomeBoosted).toBe(false);

      const refunded = await makerWithTool("Refundee");
      await app.services.featuring.startCheckout(refunded.maker.session, {
        toolId: refunded.tool.id,
        kind: "featured-monthly",
      });
      const refundedSession = lastSession();
      await stripe.pay(refundedSession.id);
      expect((await stripe.refund(refundedSession.id)).status).toBe(200);
      expect((await toolRow(refunded.tool.id)).isHomeBoosted).toBe(false);
      await expect
        .poll(() => stripe.subscriptions.get(refundedSession.subscription as string)?.status)
        .toBe("canceled");
      expect(Object.fromEntries((await purchaseRows()).map((row) => [row.toolId, row.state]))).toEqual({
        [unpaid.tool.id]: "ended",
        [refunded.tool.id]: "refunded",
      });
    });

    it("starts only on a free place, and gives the payment back to the maker who lost the last one", async () => {
      const admin = await insertUser(database.db, { role: "admin" });
      await app.services.featuring.savePlaces(admin.session, { places: 1 });
      const first = await makerWithTool("Quick");
      const second = await makerWithTool("Slow");
      await app.services.featuring.startCheckout(first.maker.session, {
        toolId: first.tool.id,
        kind: "featured-monthly",
      });
      const firstSession = lastSession();
      await app.services.featuring.startCheckout(second.maker.session, {
        toolId: second.tool.id,
        kind: "featured-monthly",
      });
      const secondSession = lastSession();
      await Promise.all([stripe.pay(firstSession.id), stripe.pay(secondSession.id)]);
      const rows = await purchaseRows();
      expect(rows.map((row) => row.state).sort()).toEqual(["active", "refunded"]);
      const lost = rows.find((row) => row.state === "refunded")!;
      const lostSession = lost.toolId === first.tool.id ? firstSession : secondSession;
      await expect.poll(() => stripe.subscriptions.get(lostSession.subscription as string)?.status).toBe("canceled");
      expect(
        stripe.calls.some(
          (call) => call.path === "/v1/refunds" && call.form.payment_intent === lost.stripePaymentIntentId,
        ),
      ).toBe(true);
      await app.services.outbox.drain();
      const loser = lost.toolId === first.tool.id ? first.maker : second.maker;
      const mail = await smtp.waitForMail(loser.email, {
        containing: "was refunded in full and the subscription cancelled",
      });
      expect(mail.subject).toMatch(/was refunded$/);
      // Every place is now held for good: a third maker cannot start one, nor book a period.
      const third = await makerWithTool("Third");
      const offers = (await app.services.featuring.getCheckoutChoices(third.maker.session, third.tool.id)).offers;
      expect(offers.find((offer) => offer.kind === "featured-monthly")!.refusal).toBe(
        "Every place is taken: a monthly featuring starts only on a free place. Book a period instead, or come back later.",
      );
      expect(offers.find((offer) => offer.kind === "featured")!.refusal).toBe(
        "Every place is taken for as long as we can see: try again later",
      );
    });

    it("gives the payment back when Stripe's event comes again, if Stripe failed to refund it the first time", async () => {
      const admin = await insertUser(database.db, { role: "admin" });
      await app.services.featuring.savePlaces(admin.session, { places: 1 });
      const first = await makerWithTool("Holder");
      const second = await makerWithTool("Latecomer");
      await app.services.featuring.startCheckout(first.maker.session, {
        toolId: first.tool.id,
        kind: "featured-monthly",
      });
      const firstSession = lastSession();
      await app.services.featuring.startCheckout(second.maker.session, {
        toolId: second.tool.id,
        kind: "featured-monthly",
      });
      const secondSession = lastSession();
      await stripe.pay(firstSession.id);
      // Every attempt the SDK makes fails: the webhook answers 500, and Stripe will send the event again.
      stripe.refuse("/v1/refunds", 3);
      const failed = await stripe.pay(secondSession.id);
      expect(failed.status).toBe(500);
      const stateOf = async () => (await purchaseRows()).find((row) => row.toolId === second.tool.id)!.state;
      expect(await stateOf()).toBe("refunding");
      expect((await stripe.resend(failed)).status).toBe(200);
      expect(await stateOf()).toBe("refunded");
      await expect.poll(() => stripe.subscriptions.get(secondSession.subscription as string)?.status).toBe("canceled");
      const refunds = stripe.calls.filter((call) => call.path === "/v1/refunds");
      expect(new Set(refunds.map((call) => call.idempotencyKey)).size).toBe(1);
      expect((await toolRow(first.tool.id)).isHomeBoosted).toBe(true);
      expect((await toolRow(second.tool.id)).isHomeBoosted).toBe(false);
    });
  });

  it("lets only an admin set the prices and places, and grant featuring for free", async () => {
    const { tool } = await makerWithTool();
    const offer = { kind: "featured" as const, amount: 100, currency: "eur", days: 3, isOnSale: true };
    const guest = await insertUser(database.db);
    const verifier = await insertUser(database.db, { role: "verifier" });
    for (const user of [null, guest.session, verifier.session]) {
      await expect(app.services.featuring.saveOffer(user, offer)).rejects.toMatchObject({
        code: user ? "permission-denied" : "unauthenticated",
      });
      await expect(app.services.featuring.savePlaces(user, { places: 2 })).rejects.toMatchObject({
        code: user ? "permission-denied" : "unauthenticated",
      });
      await expect(app.services.featuring.grantFeaturing(user, { toolId: tool.id, days: 3 })).rejects.toMatchObject({
        code: user ? "permission-denied" : "unauthenticated",
      });
      await expect(app.services.featuring.getSettings(user)).rejects.toMatchObject({
        code: user ? "permission-denied" : "unauthenticated",
      });
    }
    const admin = await insertUser(database.db, { role: "admin" });
    const granted = await app.services.featuring.grantFeaturing(admin.session, { toolId: tool.id, days: 3 });
    expect(granted).toMatchObject({ source: "grant", state: "active", price: null });
    expect((await toolRow(tool.id)).isHomeBoosted).toBe(true);
    expect(
      (await app.services.featuring.getSettings(admin.session)).offers.find((entry) => entry.kind === "featured"),
    ).toMatchObject({ amount: 2900 });
  });

  it("opens /admin/featuring to admins alone, who set a price, the places and a grant through its forms", async () => {
    const { tool } = await makerWithTool();
    const visitor = await app.request("/admin/featuring", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      body: "intent=save-places&places=2",
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Ffeaturing");
    const clients: Record<string, ReturnType<typeof createClient>> = {};
    for (const role of ["guest", "verifier", "admin"] as const) {
      const client = createClient(app.request);
      expect(
        (
          await client.postSolved("/register", {
            username: `Console ${role}`,
            email: `console-${role}@example.com`,
            password: "long-enough",
          })
        ).status,
      ).toBe(302);
      await database.db
        .update(users)
        .set({ role })
        .where(eq(users.email, `console-${role}@example.com`));
      clients[role] = client;
    }
    for (const role of ["guest", "verifier"]) {
      expect((await clients[role]!.request("/admin/featuring")).status, role).toBe(403);
      expect((await clients[role]!.post("/admin/featuring", { intent: "save-places", places: "2" })).status, role).toBe(
        403,
      );
      expect(
        (await clients[role]!.post("/admin/featuring", { intent: "grant", toolId: tool.id, days: "3" })).status,
        role,
      ).toBe(403);
    }
    expect((await toolRow(tool.id)).isHomeBoosted).toBe(false);
    const admin = clients.admin!;
    expect(await (await admin.request("/admin/featuring")).text()).toContain("Featured calendar");
    const badPrice = await admin.post("/admin/featuring", {
      intent: "save-offer",
      kind: "featured",
      amount: "12.345",
      currency: "usd",
      days: "7",
      onSale: "true",
    });
    expect(badPrice.status).toBe(400);
    expect(await badPrice.text()).toContain("Write the price as a number");
    expect(
      (
        await admin.post("/admin/featuring", {
          intent: "save-offer",
          kind: "featured",
          amount: "19.50",
          currency: "EUR",
          days: "14",
          onSale: "true",
        })
      ).status,
    ).toBe(200);
    expect((await admin.post("/admin/featuring", { intent: "save-places", places: "3" })).status).toBe(200);
    const granted = await admin.post("/admin/featuring", {
      intent: "grant",
      toolId: `http://localhost:3000/tool/${tool.slug}`,
      days: "3",
    });
    expect(await granted.text()).toContain("Rocket is featured until");
    const adminUser = await insertUser(database.db, { role: "admin" });
    const settings = await app.services.featuring.getSettings(adminUser.session);
    expect(settings.places).toBe(3);
    expect(settings.offers.find((offer) => offer.kind === "featured")).toMatchObject({
      amount: 1950,
      currency: "eur",
      days: 14,
      isOnSale: true,
    });
    expect((await toolRow(tool.id)).isHomeBoosted).toBe(true);
    const page = await (await admin.request("/admin/featuring")).text();
    expect(page).toContain("1 of 3 places taken now.");
    expect(page).toContain("Featured on the home page for 3 days");
  });

  it("shows the buyer their receipts on their profile, and the purchase page to them alone", async () => {
    const client = createClient(app.request);
    expect(
      (
        await client.postSolved("/register", {
          username: "Receipt Maker",
          email: "receipt@maker.example",
          password: "long-enough",
        })
      ).status,
    ).toBe(302);
    const [maker] = await database.db.select().from(users).where(eq(users.email, "receipt@maker.example"));
    const tool = await insertTool(database.db, {
      name: "Receipted",
      creatorUsername: maker!.slug,
      isLinkedToCreator: true,
    });
    const location = (await client.post(`/feature/${tool.id}`, { kind: "featured" })).headers.get("location")!;
    const session = [...stripe.sessions.values()].find((entry) => entry.url === location)!;
    const [purchase] = await purchaseRows();
    // Back from Stripe before its event: the page waits for it, and looks again by itself.
    const waiting = await (await client.request(`/purchase/${purchase!.id}`)).text();
    expect(waiting).toContain("Waiting for Stripe&#x27;s confirmation");
    expect(waiting).toMatch(/<meta http-equiv="refresh" content="2"/);
    await stripe.pay(session.id);
    const done = await (await client.request(`/purchase/${purchase!.id}`)).text();
    expect(done).toContain("Receipted is featured on the home page until");
    expect(done).toContain("$29.00");
    const profile = await (await client.request(`/profile/${maker!.slug}`)).text();
    expect(profile).toContain("Your receipts");
    expect(profile).toContain("Featured on the home page for 7 days");
    expect(profile).toContain(`/receipts/`);
    // Anyone else: no such purchase.
    const stranger = createClient(app.request);
    expect(
      (await stranger.postSolved("/register", { username: "Nosy", email: "nosy@example.com", password: "long-enough" }))
        .status,
    ).toBe(302);
    expect((await stranger.request(`/purchase/${purchase!.id}`)).status).toBe(404);
    expect(await (await stranger.request(`/profile/${maker!.slug}`)).text()).not.toContain("Your receipts");
  });

  it("sells, receipts and mails in the maker's language, whoever's request sends the mail", async () => {
    const client = createClient(app.request);
    expect(
      (
        await client.postSolved("/fr/register", {
          username: "Marie Maker",
          email: "marie@maker.example",
          password: "long-enough",
        })
      ).status,
    ).toBe(302);
    const [maker] = await database.db.select().from(users).where(eq(users.email, "marie@maker.example"));
    const tool = await insertTool(database.db, {
      name: "Fusée",
      creatorUsername: maker!.slug,
      isLinkedToCreator: true,
    });
    const page = await (await client.request(`/fr/feature/${tool.id}`)).text();
    expect(page).toContain("Faites connaître Fusée");
    expect(page).toMatch(/Payer 29,00\s\$US avec Stripe/u);
    expect(page).toContain("Passer devant dans la file");
    expect(page).toContain("Seul un outil en attente de vérification peut passer devant dans la file");
    // A refusal comes back in the page's language too.
    const skip = await client.post(`/fr/feature/${tool.id}`, { kind: "skip-line" });
    expect(skip.status).toBe(409);
    expect(await skip.text()).toContain("Seul un outil en attente de vérification");
    const location = (await client.post(`/fr/feature/${tool.id}`, { kind: "featured" })).headers.get("location")!;
    const session = [...stripe.sessions.values()].find((entry) => entry.url === location)!;
    // Stripe's event carries no language: the receipt is written in the maker's.
    await stripe.pay(session.id);
    const [purchase] = await purchaseRows();
    await app.services.outbox.drain();
    const receipt = await smtp.waitForMail(maker!.email, {
      subject: "Votre reçu : À la une de la page d'accueil pendant 7 jours",
    });
    expect(receipt.text).toMatch(/Merci : nous avons bien reçu 29,00\s\$US/u);
    expect(receipt.text).toContain(`http://localhost:3000/fr/purchase/${purchase!.id}`);
    const done = await (await client.request(`/fr/purchase/${purchase!.id}`)).text();
    expect(done).toContain("Merci !");
    expect(done).toContain("Fusée est à la une de la page d&#x27;accueil jusqu&#x27;au");
    expect(await (await client.request(`/es/purchase/${purchase!.id}`)).text()).toContain(
      "Fusée está destacada en la página de inicio hasta el",
    );
    // The same purchase, read in English, is English.
    expect(await (await client.request(`/purchase/${purchase!.id}`)).text()).toContain(
      "Fusée is featured on the home page until",
    );
  });

  it("sells nothing without Stripe's keys: no page, no webhook, and the request form instead", async () => {
    const free = await createTestApp(database);
    expect(free.services.featuring.isPaymentEnabled).toBe(false);
    const { maker, tool } = await makerWithTool();
    await expect(
      free.services.featuring.startCheckout(maker.session, { toolId: tool.id, kind: "featured" }),
    ).rejects.toMatchObject({ code: "unavailable" });
    const webhook = await free.request(STRIPE_WEBHOOK_PATH, { method: "POST", body: "{}" });
    expect(webhook.status).toBe(404);
    const client = createClient(free.request);
    expect(
      (
        await client.postSolved("/register", {
          username: "Free Maker",
          email: "free@maker.example",
          password: "long-enough",
        })
      ).status,
    ).toBe(302);
    const [record] = await database.db.select().from(users).where(eq(users.email, "free@maker.example"));
    const page = await client.request(`/feature/${tool.id}`);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/profile/${record!.slug}?type=boost-tool`);
    expect(stripe.calls).toHaveLength(0);
  });
});
