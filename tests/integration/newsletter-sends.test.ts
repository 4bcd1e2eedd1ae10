/**
 * The newsletter sent from the console (decision 044): admins only, a test to themself first, then every subscriber
 * through the outbox a batch at a time, each person once even when the send is cut short and taken up again.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asc, eq, like } from "drizzle-orm";
import { newsletterSends, outbox, users } from "#server/db/schema.ts";
import { newsletterSending } from "#server/newsletter/sends.ts";
import { insertTool, insertUser } from "../factories.ts";
import { readers } from "#server/mail/readers.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { signUpPerson } from "../setup/people.ts";

type SentMail = { to: string; subject: string; text: string; headers: Record<string, string> };

describe.each(databaseKinds)("the newsletter's sends on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  const signUp = (username: string, role: "guest" | "verifier" | "admin") =>
    signUpPerson(app, database.db, username, { role });

  const newsletterMails = async () =>
    (
      await database.db
        .select({ key: outbox.key, payload: outbox.payload })
        .from(outbox)
        .where(like(outbox.key, "%newsletter%"))
    ).map((row) => row.payload as SentMail);

  it("lets only admins send it: a visitor signs in, a guest and a verifier are refused", async () => {
    await insertTool(database.db, { name: "Fresh", verifiedAt: new Date() });
    expect((await createClient(app.request).post("/admin/newsletter", { intent: "test", days: "7" })).status).toBe(302);
    for (const role of ["guest", "verifier"] as const) {
      const person = await signUp(role === "guest" ? "Guest" : "Vera", role);
      expect((await person.client.post("/admin/newsletter", { intent: "send", days: "7" })).status, role).toBe(403);
    }
    expect(await database.db.select().from(newsletterSends)).toEqual([]);
    expect(await newsletterMails()).toEqual([]);
  });

  it("sends a test to the admin, then the newsletter to each subscriber once, with their own unsubscribe link", async () => {
    await insertTool(database.db, { name: "Fresh tool", verifiedAt: new Date() });
    const admin = await signUp("Adam", "admin");
    for (const index of [1, 2, 3])
      await insertUser(
        database.db,
        { email: `reader${index}@example.com`, hasSubscribedToNewsletter: true },
        { confirmed: true },
      );
    await insertUser(
      database.db,
      { email: "quiet@example.com", hasSubscribedToNewsletter: false },
      { confirmed: true },
    );
    await insertUser(
      database.db,
      { email: "gone@example.com", hasSubscribedToNewsletter: true, isDisabled: true },
      { confirmed: true },
    );
    // Someone ticked the box with an address nobody confirmed: it is mailed nothing (decision 057).
    await insertUser(database.db, { email: "unconfirmed@example.com", hasSubscribedToNewsletter: true });

    const page = await (await admin.client.request("/admin/newsletter")).text();
    expect(page).toContain("Send to 3 subscribers");
    const test = await admin.client.post("/admin/newsletter", { intent: "test", days: "7" });
    expect(await test.text()).toContain("A test was sent to adam@example.com.");
    expect((await newsletterMails()).map((mail) => mail.to)).toEqual(["adam@example.com"]);

    const sent = await admin.client.post("/admin/newsletter", { intent: "send", days: "7" });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("The newsletter is on its way to 3 subscribers.");
    const mails = (await newsletterMails()).filter((mail) => mail.to !== "adam@example.com");
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      "reader1@example.com",
      "reader2@example.com",
      "reader3@example.com",
    ]);
    expect(mails[0]!.text).toContain("Fresh tool");
    const link = /Unsubscribe: (\S+)/.exec(mails[0]!.text)![1]!;
    expect(mails[0]!.headers["List-Unsubscribe"]).toBe(`<${link}>`);
    expect(new Set(mails.map((mail) => /Unsubscribe: (\S+)/.exec(mail.text)![1])).size).toBe(3);

    // Signed out, the link takes that reader off the list.
    expect((await createClient(app.request).post(link.replace("http://localhost:3000", ""), {})).status).toBe(200);
    const [reader] = await database.db.select().from(users).where(eq(users.email, mails[0]!.to));
    expect(reader!.hasSubscribedToNewsletter).toBe(false);
    expect(await (await admin.client.request("/admin/newsletter")).text()).toContain("Sent to 3 subscribers");
  });

  it("subscribes an address on its owner's word only: ticking the box at sign-up mails the link that confirms it, and the newsletter waits for it", async () => {
    await insertTool(database.db, { name: "Fresh tool", verifiedAt: new Date() });
    const admin = await signUp("Adam", "admin");
    // Someone signs up with another person's address and ticks the box.
    const stranger = createClient(app.request);
    expect(
      (
        await stranger.postSolved("/register", {
          username: "Impostor",
          email: "victim@example.com",
          password: "long-enough",
          newsletter: "on",
        })
      ).status,
    ).toBe(302);
    const mailsTo = async (to: string) =>
      (await database.db.select({ key: outbox.key, payload: outbox.payload }).from(outbox)).filter(
        (row) => (row.payload as SentMail).to === to,
      );
    const confirm = await mailsTo("victim@example.com");
    expect(confirm.map((row) => [row.key.split(":")[0], (row.payload as SentMail).subject])).toEqual([
      ["confirm-email", "Confirm your address for Indie Tools"],
    ]);
    expect(await (await stranger.request("/edit-profile")).text()).toContain(
      "we sent a link to victim@example.com to confirm it",
    );
    // Asking again within the hour sends no second link; the page says a new one is on its way only when it is.
    await stranger.post("/edit-profile", { intent: "confirm-email" });
    expect(await mailsTo("victim@example.com")).toHaveLength(1);

    expect(await (await admin.client.request("/admin/newsletter")).text()).toContain("Send to 0 subscribers");
    await admin.client.post("/admin/newsletter", { intent: "send", days: "7" });
    expect((await newsletterMails()).map((mail) => mail.to)).not.toContain("victim@example.com");

    // The owner follows the link: from then on, the newsletter comes.
    const link = /(\/confirm-email\?\S+)/.exec((confirm[0]!.payload as SentMail).text)![1]!;
    expect(await (await createClient(app.request).post(link, {})).text()).toContain("Your address is confirmed");
    expect(await (await admin.client.request("/admin/newsletter")).text()).toContain("Send to 1 subscriber");
  });

  it("refuses to send a newsletter with no new tool", async () => {
    const admin = await signUp("Adam", "admin");
    await insertUser(database.db, { hasSubscribedToNewsletter: true }, { confirmed: true });
    const refused = await admin.client.post("/admin/newsletter", { intent: "send", days: "1" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("there is nothing to send");
  });

  it("writes a large list a batch at a time, goes on in the minute's job, and writes nobody twice when taken up again", async () => {
    await insertTool(database.db, { name: "Fresh tool", verifiedAt: new Date() });
    const admin = await signUp("Adam", "admin");
    for (let index = 0; index < 11; index++)
      await insertUser(
        database.db,
        { email: `reader${index}@example.com`, hasSubscribedToNewsletter: true },
        { confirmed: true },
      );
    const sending = newsletterSending({
      db: database.db,
      outbox: app.services.outbox,
      readers: readers({ siteUrl: "http://localhost:3000", locales: ["en"], defaultLocale: "en" }),
      siteName: () => "Indie Tools",
      secret: "a-secret",
      buildDigest: app.services.newsletter.buildDigest,
      batchSize: 2,
      now: app.services.now,
    });

    // The request writes 4 batches of 2, and leaves the rest.
    const started = await sending.startSend(admin.session, 7);
    expect(started).toMatchObject({ state: "sending", recipients: 8 });
    expect(await sending.continueSends()).toBe(1);
    expect((await newsletterMails()).length).toBe(11);

    // As if the progress of the last batches had been lost in a crash: the send is taken up from an earlier subscriber.
    const subscribers = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.hasSubscribedToNewsletter, true))
      .orderBy(asc(users.id));
    await database.db
      .update(newsletterSends)
      .set({ state: "sending", lastUserId: subscribers[3]!.id })
      .where(eq(newsletterSends.id, started.id));
    expect(await sending.continueSends()).toBe(1);
    expect((await newsletterMails()).length).toBe(11);
    const [send] = await database.db.select().from(newsletterSends);
    expect(send).toMatchObject({ state: "sent", recipients: 11 });
  });
});
