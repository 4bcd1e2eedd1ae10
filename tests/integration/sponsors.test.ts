/**
 * Sponsors (docs/decisions/064-sponsors.md), against the local Stripe stand-in: a sponsor books weeks and pays on
 * Checkout, an admin approves (the ad runs by the clock on its weeks, on every page) or rejects (a full refund), the last
 * free week paid for twice at once, a refund in Stripe, views and clicks counted as the analytics count, the summary at
 * the end of the run, and who may do what.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SPONSOR_CLICK_EVENT, SPONSOR_VIEW_EVENT } from "#common/constants.ts";
import { STRIPE_WEBHOOK_PATH } from "#common/page-paths.ts";
import { addWeeks, mondayOf } from "#common/sponsors.ts";
import { purchases, sponsorships, sponsorWeeks, users } from "#server/db/schema.ts";
import { runningAdsQuery } from "#server/payments/sponsors.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { insertTool, insertUser } from "../factories.ts";
import { createClient } from "../setup/forms.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { startSmtpReceiver } from "../setup/smtp.ts";
import { startStripeStandIn } from "../setup/stripe.ts";
import { waitUntil } from "../setup/wait.ts";

const DAY_MS = 86_400_000;
/** The address the bookings come from. */
const BOOKER = "192.0.2.10";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe.each(databaseKinds)("sponsors on %s", (kind) => {
  const stripe = useResource(startStripeStandIn);
  const smtp = useResource(startSmtpReceiver);
  // The clock: a Wednesday, moved by the tests.
  let at = new Date("2026-12-02T12:00:00Z");
  const { database, app } = useTestApp(kind, () => ({ ...stripe.env, SMTP_URL: smtp.url }), { now: () => at });
  const thisWeek = () => mondayOf(at);

  beforeAll(() => stripe.setWebhook((init) => app.request(STRIPE_WEBHOOK_PATH, init)));
  beforeEach(async () => {
    at = new Date("2026-12-02T12:00:00Z");
    await app.services.outbox.drain();
    await database.reset();
    smtp.mails.length = 0;
    stripe.calls.length = 0;
    const admin = await insertUser(database.db, { role: "admin" });
    for (const placement of ["banner", "home-card", "list-slot", "newsletter"] as const)
      await app.services.sponsors.savePlacement(admin.session, {
        kind: placement,
        amount: 4900,
        currency: "usd",
        weeksAhead: 8,
        isOnSale: true,
      });
  });

  const admin = () => insertUser(database.db, { role: "admin", email: `admin${Math.random()}@site.example` });
  const sponsor = (name = "Acme") =>
    insertUser(database.db, { username: `${name} Sponsor`, email: `${name.toLowerCase()}@sponsor.example` });
  const lastSession = () => [...stripe.sessions.values()].at(-1)!;
  const adRow = async (id: string) =>
    (await database.db.select().from(sponsorships).where(eq(sponsorships.id, id)))[0]!;
  const purchaseRow = async (id: string) =>
    (await database.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;

  async function book(
    user: Awaited<ReturnType<typeof sponsor>>,
    weeks: string[],
    placement: "banner" | "home-card" | "list-slot" | "newsletter" = "banner",
  ) {
    const started = await app.services.sponsors.startSponsorCheckout(
      { user: user.session, address: BOOKER },
      { placement, weeks, text: "Ship faster with Acme", url: "https://acme.example/?utm_source=ads" },
      null,
    );
    if (!started.ok) throw new Error(started.message);
    const session = lastSession();
    return { session, id: session.metadata.purchaseId! };
  }

  it("books weeks at the operator's price, holds them once Stripe says it is paid, and runs on them once approved", async () => {
    const acme = await sponsor();
    const weeks = [addWeeks(thisWeek(), 1), addWeeks(thisWeek(), 2)];
    const { session, id } = await book(acme, weeks);
    const created = stripe.calls.find((call) => call.path === "/v1/checkout/sessions")!;
    expect(created.form).toMatchObject({
      mode: "payment",
      line_items: [{ quantity: "2", price_data: { currency: "usd", unit_amount: "4900" } }],
    });
    expect(await adRow(id)).toMatchObject({ state: "pending", weeks, placement: "banner" });
    // Unpaid, nothing is held.
    expect(await database.db.select().from(sponsorWeeks)).toHaveLength(0);

    expect((await stripe.pay(session.id)).status).toBe(200);
    expect(await adRow(id)).toMatchObject({ state: "review" });
    expect(await purchaseRow(id)).toMatchObject({ state: "paid", amount: 9800, kind: "sponsor" });
    expect((await database.db.select().from(sponsorWeeks)).map((row) => row.week).sort()).toEqual(weeks);
    await app.services.outbox.drain();
    const receipt = await smtp.waitForMail(acme.email, { subject: "Your receipt: Sponsorship" });
    expect(receipt.text).toContain("$98.00");

    // /advertise shows the weeks sold; waiting for review, the ad runs nowhere.
    const page = await (await app.request("/advertise")).text();
    expect(page).toContain(`data-week="${weeks[0]}" data-taken="true"`);
    at = new Date(Date.parse(`${weeks[0]}T10:00:00Z`));
    expect(await (await app.request("/")).text()).not.toContain("Ship faster with Acme");

    const reviewer = await admin();
    expect(await app.services.sponsors.reviewSponsorship(reviewer.session, id, "approve")).toBe("approved");
    await app.services.outbox.drain();
    await smtp.waitForMail(acme.email, { subject: "Your ad is approved" });
    // The approval drops every kept page: the banner shows, labelled, through the counting link.
    const home = await (await app.request("/")).text();
    expect(home).toContain('data-testid="sponsored-banner"');
    expect(home).toContain("Ship faster with Acme");
    expect(home).toContain(`href="/sponsored/${id}"`);
    expect(home).toMatch(/rel="sponsored noopener"/);

    // Before its first week and after its last, the operator's own banner: the kept page expires with the week.
    at = new Date(Date.parse(`${weeks[1]}T00:00:00Z`) + 7 * DAY_MS + 1000);
    expect(await (await app.request("/")).text()).not.toContain("Ship faster with Acme");
    at = new Date(Date.parse(`${weeks[0]}T00:00:00Z`) - 1000);
    expect(await (await app.request("/tools")).text()).not.toContain("Ship faster with Acme");
  });

  it("rejects an ad with a full refund through Stripe, frees its weeks and tells the sponsor", async () => {
    const acme = await sponsor();
    const week = addWeeks(thisWeek(), 1);
    const { session, id } = await book(acme, [week]);
    await stripe.pay(session.id);
    const reviewer = await admin();
    expect(await app.services.sponsors.reviewSponsorship(reviewer.session, id, "reject")).toBe("rejected");
    const refund = stripe.calls.find((call) => call.path === "/v1/refunds")!;
    expect(refund.idempotencyKey).toBe(`refund-${id}`);
    expect(await adRow(id)).toMatchObject({ state: "rejected" });
    expect(await purchaseRow(id)).toMatchObject({ state: "refunded" });
    expect(await database.db.select().from(sponsorWeeks)).toHaveLength(0);
    await app.services.outbox.drain();
    const mail = await smtp.waitForMail(acme.email, { subject: "Your ad was not accepted: you are refunded" });
    expect(mail.text).toContain("$49.00");
    // Stripe's own event about the refund, once answered, finds the work done; the revenue leaves it out.
    const refunded = await waitUntil(() => stripe.events.find((event) => event.type === "charge.refunded"), {
      timeoutMs: 5000,
    });
    expect(refunded?.status).toBe(200);
    expect(await purchaseRow(id)).toMatchObject({ state: "refunded" });
    const revenue = await app.services.featuring.getRevenue(reviewer.session, at);
    expect(revenue.filter((row) => row.kind === "sponsor")).toEqual([]);
    // The week is free again; a second rejection is refused.
    const another = await book(await sponsor("Beta"), [week]);
    expect(another.id).not.toBe(id);
    await expect(app.services.sponsors.reviewSponsorship(reviewer.session, id, "reject")).rejects.toThrow(
      "This ad is not waiting for a review",
    );
  });

  it("gives the last free week to one of two sponsors paying at once, and refunds the other", async () => {
    const week = addWeeks(thisWeek(), 3);
    const first = await book(await sponsor("First"), [week]);
    const second = await book(await sponsor("Second"), [week, addWeeks(week, 1)]);
    const answers = await Promise.all([stripe.pay(first.session.id), stripe.pay(second.session.id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const states = [(await adRow(first.id)).state, (await adRow(second.id)).state].sort();
    expect(states).toEqual(["lost", "review"]);
    const lost = (await adRow(first.id)).state === "lost" ? first : second;
    expect(await purchaseRow(lost.id)).toMatchObject({ state: "refunded" });
    expect(stripe.calls.filter((call) => call.path === "/v1/refunds")).toHaveLength(1);
    // One row per placement and week: the loser holds none, not even its other week.
    const held = await database.db.select().from(sponsorWeeks);
    expect(held.every((row) => row.sponsorshipId !== lost.id)).toBe(true);
    await app.services.outbox.drain();
    const loser = lost === first ? "first@sponsor.example" : "second@sponsor.example";
    await smtp.waitForMail(loser, { subject: "Your ad's week was sold a moment before: you are refunded" });
  });

  it("refuses weeks sold, past or beyond the calendar, and a placement that is not on sale", async () => {
    const acme = await sponsor();
    const { session } = await book(acme, [addWeeks(thisWeek(), 1)]);
    await stripe.pay(session.id);
    const start = (weeks: string[], placement: "banner" | "newsletter" = "banner") =>
      app.services.sponsors.startSponsorCheckout(
        { user: acme.session, address: BOOKER },
        { placement, weeks, text: "Another ad", url: "https://acme.example" },
        null,
      );
    await expect(start([addWeeks(thisWeek(), 1)])).rejects.toThrow(/is already sold/);
    await expect(start([addWeeks(thisWeek(), -1)])).rejects.toThrow(/is not on sale/);
    await expect(start([addWeeks(thisWeek(), 8)])).rejects.toThrow(/is not on sale/);
    const reviewer = await admin();
    await app.services.sponsors.savePlacement(reviewer.session, {
      kind: "newsletter",
      amount: 4900,
      currency: "usd",
      weeksAhead: 8,
      isOnSale: false,
    });
    await expect(start([addWeeks(thisWeek(), 2)], "newsletter")).rejects.toThrow("This placement is not on sale");
    // A visitor may not book at all; a broken logo is refused with the upload's message, before Stripe hears of it.
    await expect(
      app.services.sponsors.startSponsorCheckout(
        { user: null, address: BOOKER },
        { placement: "banner", weeks: [addWeeks(thisWeek(), 2)], text: "Ad", url: "https://a.example" },
        null,
      ),
    ).rejects.toThrow();
    const before = stripe.calls.length;
    const refused = await app.services.sponsors.startSponsorCheckout(
      { user: acme.session, address: BOOKER },
      { placement: "banner", weeks: [addWeeks(thisWeek(), 2)], text: "With a logo", url: "https://a.example" },
      new TextEncoder().encode("not an image"),
    );
    expect(refused.ok).toBe(false);
    expect(stripe.calls.length).toBe(before);
  });

  it("starts ten bookings an hour for a person and twenty for an address, then says why and opens no session", async () => {
    const acme = await sponsor();
    for (let index = 0; index < 10; index++) await book(acme, [addWeeks(thisWeek(), 1)]);
    const sessions = stripe.sessions.size;
    await expect(book(acme, [addWeeks(thisWeek(), 1)])).rejects.toThrow(
      "You have started many bookings this hour. Pay for one on Stripe's page, or try again in an hour.",
    );
    // Another account from the same address: ten more, then the address's ceiling.
    const other = await sponsor("Other");
    for (let index = 0; index < 10; index++) await book(other, [addWeeks(thisWeek(), 2)]);
    const third = await sponsor("Third");
    await expect(book(third, [addWeeks(thisWeek(), 3)])).rejects.toThrow(/many bookings this hour/);
    expect(stripe.sessions.size).toBe(sessions + 10);
  });

  it("closes a booking whose session Stripe never said closed, and deletes the logos no ad shows", async () => {
    const acme = await sponsor();
    const logo = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const start = (text: string) =>
      app.services.sponsors.startSponsorCheckout(
        { user: acme.session, address: BOOKER },
        { placement: "banner", weeks: [addWeeks(thisWeek(), 1)], text, url: "https://acme.example" },
        new Uint8Array(logo),
      );
    expect(await start("Never paid")).toMatchObject({ ok: true });
    const abandoned = lastSession().metadata.purchaseId!;
    expect(await start("Paid")).toMatchObject({ ok: true });
    const paid = lastSession();
    await stripe.pay(paid.id);
    const files = async () => {
      const keys = [];
      for await (const file of app.storage.list("sponsors")) keys.push(file.key);
      return keys.sort();
    };
    expect(await files()).toEqual([`sponsors/${abandoned}.webp`, `sponsors/${paid.metadata.purchaseId}.webp`].sort());

    // A day on, the session may still be open; past its longest life, it is closed as Stripe's expiry would.
    expect(await app.services.featuring.closeAbandonedCheckouts(new Date(at.getTime() + DAY_MS))).toBe(0);
    expect(await app.services.featuring.closeAbandonedCheckouts(new Date(at.getTime() + 26 * 3_600_000))).toBe(1);
    expect(await purchaseRow(abandoned)).toMatchObject({ state: "expired" });
    expect(await adRow(abandoned)).toMatchObject({ state: "expired" });
    expect(await adRow(paid.metadata.purchaseId!)).toMatchObject({ state: "review" });

    // The clean-up judges a file by its time on disk, the file system's clock: an hour after it was written, it is
    // kept; a day and more after, the unpaid one's goes.
    let written = 0;
    for await (const file of app.storage.list("sponsors")) written = Math.max(written, file.modifiedAt.getTime());
    expect(await app.services.sponsors.removeUnusedSponsorLogos(new Date(written + 3_600_000))).toBe(0);
    expect(await app.services.sponsors.removeUnusedSponsorLogos(new Date(written + 27 * 3_600_000))).toBe(1);
    expect(await files()).toEqual([`sponsors/${paid.metadata.purchaseId}.webp`]);
    expect(await adRow(abandoned)).toMatchObject({ logo: null });
    expect((await adRow(paid.metadata.purchaseId!)).logo).toMatch(/\.webp$/);
  });

  it("takes an ad down when Stripe refunds its payment, and expires one never paid", async () => {
    const acme = await sponsor();
    const paid = await book(acme, [thisWeek()]);
    await stripe.pay(paid.session.id);
    await app.services.sponsors.reviewSponsorship((await admin()).session, paid.id, "approve");
    expect(await (await app.request("/")).text()).toContain("Ship faster with Acme");
    expect((await stripe.refund(paid.session.id)).status).toBe(200);
    expect(await adRow(paid.id)).toMatchObject({ state: "refunded" });
    expect(await (await app.request("/")).text()).not.toContain("Ship faster with Acme");

    const unpaid = await book(acme, [addWeeks(thisWeek(), 1)]);
    await stripe.expire(unpaid.session.id);
    expect(await adRow(unpaid.id)).toMatchObject({ state: "expired" });
  });

  it("counts views and clicks of a running ad as the analytics count them, shows them to its sponsor, and mails the summary once", async () => {
    const acme = await sponsor();
    const { session, id } = await book(acme, [thisWeek()], "list-slot");
    await stripe.pay(session.id);
    // Waiting for review, its link leads nowhere.
    expect((await app.request(`/sponsored/${id}`)).status).toBe(404);
    await app.services.sponsors.reviewSponsorship((await admin()).session, id, "approve");

    const post = (name: string, userAgent: string) =>
      app.request("/api/event", {
        method: "POST",
        headers: { "content-type": "text/plain", "user-agent": userAgent },
        body: JSON.stringify({ n: name, u: "http://localhost:3000/tools", d: "localhost", p: { sponsorship: id } }),
      });
    const view = (userAgent: string) => post(SPONSOR_VIEW_EVENT, userAgent);
    // One visitor's views count once a day, however many a page or a script sends; another visitor's count.
    for (let index = 0; index < 5; index++) expect((await view(BROWSER)).status).toBe(202);
    expect((await view(`${BROWSER} Edg/131.0`)).status).toBe(202);
    // A bot's view is not counted, nor a view of an ad that is not running.
    await view("Googlebot/2.1 (+http://www.google.com/bot.html)");
    // A click is counted only where the ad's link is followed: one posted to the collector is not.
    for (let index = 0; index < 5; index++) await post(SPONSOR_CLICK_EVENT, `${BROWSER} forged/${index}`);
    for (let index = 0; index < 3; index++) {
      const click = await app.request(`/sponsored/${id}`, { headers: { "user-agent": BROWSER } });
      expect(click.status).toBe(302);
      expect(click.headers.get("location")).toBe("https://acme.example/?utm_source=ads");
      expect(click.headers.get("set-cookie")).toBeNull();
    }
    await app.services.analytics.flush();

    const { stats, ad } = await app.services.sponsors.getSponsorship(acme.session, id);
    expect(ad.isRunning).toBe(true);
    expect(stats).toMatchObject({ views: 2, clicks: 1 });
    // Nobody else sees it: another sponsor is told it does not exist.
    await expect(app.services.sponsors.getSponsorship((await sponsor("Other")).session, id)).rejects.toThrow(
      "This ad does not exist",
    );

    // The week over, the daily jobs mail the summary once.
    at = new Date(at.getTime() + 7 * DAY_MS);
    expect(await app.services.sponsors.sendRunSummaries()).toBe(1);
    expect(await app.services.sponsors.sendRunSummaries()).toBe(0);
    await app.services.outbox.drain();
    const summary = await smtp.waitForMail(acme.email, { subject: "Your ad's run is over" });
    expect(summary.text).toContain("shown 2 times and followed 1 time");
  });

  it("puts the newsletter's ad of the week in the digest as text, and counts each mail sent as a view", async () => {
    const acme = await sponsor();
    const { session, id } = await book(acme, [thisWeek()], "newsletter");
    await stripe.pay(session.id);
    const reviewer = await admin();
    await app.services.sponsors.reviewSponsorship(reviewer.session, id, "approve");
    await database.db
      .update(sponsorships)
      .set({ text: "Acme *bold* <b>claims</b> [link](https://evil.example)" })
      .where(eq(sponsorships.id, id));
    await insertTool(database.db, { name: "Fresh tool", verifiedAt: new Date(at.getTime() - DAY_MS) });
    for (let index = 0; index < 3; index++)
      await insertUser(
        database.db,
        { email: `reader${index}@example.com`, hasSubscribedToNewsletter: true },
        { confirmed: true },
      );
    const digest = await app.services.newsletter.buildDigest({ days: 7, now: at });
    expect(digest.sponsor).toMatchObject({ id, url: `http://localhost:3000/sponsored/${id}` });
    // What the sponsor typed stays text in both: no emphasis, no tag, no link of its own.
    expect(digest.markdown).toContain(
      `*Sponsored:* [Acme \\*bold\\* \\<b\\>claims\\</b\\> \\[link\\](https://evil.example)](http://localhost:3000/sponsored/${id})`,
    );
    expect(digest.html).toContain("Acme *bold* &#60;b&#62;claims&#60;/b&#62;");
    expect(digest.html).not.toContain("<b>claims");
    const started = await app.services.newsletter.startSend(reviewer.session, 7, at);
    expect(started.recipients).toBeGreaterThanOrEqual(3);
    const { stats } = await app.services.sponsors.getSponsorship(acme.session, id);
    expect(stats.views).toBe(started.recipients);
  });

  it("books through the pages: /advertise for everyone, the form for the signed in, the ad's page for its sponsor alone, and the console for admins", async () => {
    // /advertise is the same page for everyone, kept in the cache.
    const advertise = await app.request("/advertise");
    expect(advertise.status).toBe(200);
    const page = await advertise.text();
    expect(page).toContain("Banner on every page");
    expect(page).toContain("$49.00 a week");
    expect(page).toContain('href="/advertise/banner"');
    expect((await app.request("/advertise")).headers.get("x-cache")).toBe("hit");
    // A visitor is sent to sign in; an unknown placement does not exist.
    const visitor = await app.request("/advertise/banner", { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/login?redirectTo=%2Fadvertise%2Fbanner");
    expect((await app.request("/advertise/sidebar")).status).toBe(404);
    const visitorPost = await app.request("/advertise/banner", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      body: new URLSearchParams({
        weeks: addWeeks(thisWeek(), 1),
        text: "Free ride",
        url: "https://a.example",
      }).toString(),
      redirect: "manual",
    });
    expect(visitorPost.status).toBe(302);
    expect(visitorPost.headers.get("location")).toBe("/login?redirectTo=%2Fadvertise%2Fbanner");
    expect(stripe.calls).toHaveLength(0);

    const clients: Record<string, ReturnType<typeof createClient>> = {};
    for (const role of ["guest", "other", "verifier", "admin"] as const) {
      const client = createClient(app.request);
      await client.postSolved("/register", {
        username: `Sponsor ${role}`,
        email: `sponsor-${role}@example.com`,
        password: "long-enough",
      });
      await database.db
        .update(users)
        .set({ role: role === "other" ? "guest" : role })
        .where(eq(users.email, `sponsor-${role}@example.com`));
      clients[role] = client;
    }
    const guest = clients.guest!;
    const form = await (await guest.request("/advertise/banner")).text();
    expect(form).toContain(`value="${addWeeks(thisWeek(), 1)}"`);

    // Bad input loses nothing and says what is wrong.
    const bad = new FormData();
    bad.set("text", "Hi");
    bad.set("url", "javascript:alert(1)");
    const refused = await guest.postMultipart("/advertise/banner", bad);
    expect(refused.status).toBe(400);
    const refusal = await refused.text();
    expect(refusal).toContain("Choose at least one week");

    const good = new FormData();
    good.append("weeks", addWeeks(thisWeek(), 1));
    good.append("weeks", addWeeks(thisWeek(), 2));
    good.set("text", "Acme <script>alert(1)</script> ships");
    good.set("url", "acme.example/launch");
    good.set(
      "logo",
      new Blob([
        await sharp({ create: { width: 600, height: 600, channels: 3, background: "#0f766e" } })
          .png()
          .toBuffer(),
      ]),
      "logo.png",
    );
    const sent = await guest.postMultipart("/advertise/banner", good);
    expect(sent.status).toBe(303);
    const session = lastSession();
    expect(sent.headers.get("location")).toBe(session.url);
    expect(session.amount_total).toBe(9800);
    const id = session.metadata.purchaseId!;
    expect(await adRow(id)).toMatchObject({
      url: "https://acme.example/launch",
      text: "Acme <script>alert(1)</script> ships",
    });
    const logo = (await adRow(id)).logo!;
    expect(logo).toMatch(/^\/files\/sponsors\/p[a-z0-9_]+\.webp$/);
    expect((await sharp(readFileSync(path.join(app.filesDir, logo.replace("/files/", "")))).metadata()).width).toBe(96);
    await stripe.pay(session.id);

    // The ad's page: its sponsor and admins; anyone else is told it does not exist.
    const own = await guest.request(`/sponsorships/${id}`);
    expect(own.status).toBe(200);
    const ownPage = await own.text();
    expect(ownPage).toContain("Waiting for review");
    expect(ownPage).not.toContain("<script>alert(1)</script>");
    expect((await clients.other!.request(`/sponsorships/${id}`)).status).toBe(404);
    expect((await clients.admin!.request(`/sponsorships/${id}`)).status).toBe(200);
    expect(await (await guest.request("/sponsorships")).text()).toContain(`/sponsorships/${id}`);

    // The console: admins alone review and set prices.
    for (const role of ["guest", "other", "verifier"]) {
      expect((await clients[role]!.request("/admin/sponsors")).status, role).toBe(403);
      expect((await clients[role]!.post("/admin/sponsors", { intent: "approve", id })).status, role).toBe(403);
      expect(
        (
          await clients[role]!.post("/admin/sponsors", {
            intent: "save-placement",
            kind: "banner",
            amount: "1",
            currency: "usd",
            weeksAhead: "4",
            onSale: "true",
          })
        ).status,
        role,
      ).toBe(403);
    }
    const console = await (await clients.admin!.request("/admin/sponsors")).text();
    expect(console).toContain("Ads waiting for a review");
    expect(console).toContain("Acme &lt;script&gt;");
    const badPrice = await clients.admin!.post("/admin/sponsors", {
      intent: "save-placement",
      kind: "banner",
      amount: "12.345",
      currency: "usd",
      weeksAhead: "60",
    });
    expect(badPrice.status).toBe(400);
    expect(await badPrice.text()).toContain("Sell between 1 and 52 weeks ahead");
    expect((await clients.admin!.post("/admin/sponsors", { intent: "approve", id })).status).toBe(200);
    expect(await adRow(id)).toMatchObject({ state: "approved" });
    expect((await clients.admin!.post("/admin/sponsors", { intent: "approve", id })).status).toBe(409);
    // The revenue: the sponsor's payment beside the featuring's.
    expect(await (await clients.admin!.request("/admin/featuring")).text()).toContain("Sponsorship");
  });

  it("reads the running ads from the weeks' primary key (placement, week), one row per placement however many weeks were sold", async () => {
    const plan = await explainMainPlan(database.db, runningAdsQuery(database.db, thisWeek(), ["banner", "list-slot"]));
    expect(plan).toContain("sponsor_weeks_placement_week_pk");
    expect(plan).toContain("sponsorships_pkey");
  });

  it("lets only an admin set placements and review ads", async () => {
    const acme = await sponsor();
    const { session, id } = await book(acme, [addWeeks(thisWeek(), 1)]);
    await stripe.pay(session.id);
    const verifier = await insertUser(database.db, { role: "verifier", email: "verifier@site.example" });
    for (const user of [null, acme.session, verifier.session]) {
      await expect(app.services.sponsors.reviewSponsorship(user, id, "approve")).rejects.toThrow();
      await expect(
        app.services.sponsors.savePlacement(user, {
          kind: "banner",
          amount: 1,
          currency: "usd",
          weeksAhead: 1,
          isOnSale: true,
        }),
      ).rejects.toThrow();
      await expect(app.services.sponsors.getConsole(user)).rejects.toThrow();
    }
    expect(await adRow(id)).toMatchObject({ state: "review" });
  });
});
