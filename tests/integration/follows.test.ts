/**
 * Follows (decision 044): a signed-in person follows categories and tags, and gets one weekly e-mail of their new tools
 * through the outbox, once per person and week even when the send runs twice or again after stopping, with an
 * unsubscribe link that works signed out.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { follows, outbox, users } from "#server/db/schema.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { type Client, createClient } from "../setup/forms.ts";
import { type Person, signUpPerson } from "../setup/people.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
type SentMail = { to: string; subject: string; text: string; html: string; headers: Record<string, string> };

describe.each(databaseKinds)("follows on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  /** A person whose address is confirmed, as the weekly e-mail needs (decision 057). */
  const signUp = (username: string, role: "guest" | "verifier" | "admin" = "guest") =>
    signUpPerson(app, database.db, username, { role, confirmed: true });

  const follow = (person: Person | Client, fields: Record<string, string>) =>
    ("client" in person ? person.client : person).post("/follows", { redirectTo: "/categories", ...fields });

  const mails = async () =>
    (
      await database.db
        .select({ key: outbox.key, payload: outbox.payload })
        .from(outbox)
        .where(eq(outbox.channel, "mail"))
    )
      .filter((row) => row.key.includes("follow-digest"))
      .map((row) => row.payload as SentMail);

  it("follows and unfollows a category and a tag as any signed-in role; a visitor is asked to sign in; what does not exist is refused", async () => {
    const design = await insertCategory(database.db, { label: "Design" });
    await insertTool(database.db, { name: "Figma", categories: [design.id], tags: ["ui"] });
    const visitor = createClient(app.request);
    const asked = await follow(visitor, { kind: "category", value: design.id, intent: "follow" });
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe("/login?redirectTo=%2Fcategories");
    expect(await database.db.select().from(follows)).toEqual([]);

    for (const [name, role] of [
      ["Guest", "guest"],
      ["Vera", "verifier"],
      ["Adam", "admin"],
    ] as const) {
      const person = await signUp(name, role);
      const answer = await follow(person, { kind: "category", value: design.id, intent: "follow", stay: "true" });
      expect(await answer.json()).toEqual({ following: true, follows: [`category:${design.id}`] });
      expect(
        await (await follow(person, { kind: "tag", value: "ui", intent: "follow", stay: "true" })).json(),
      ).toMatchObject({ follows: expect.arrayContaining([`tag:ui`]) });
      // The page of what they follow names them; another person follows nothing of theirs.
      const page = await (await person.client.request("/following")).text();
      expect(page).toContain(">Design</a>");
      expect(page).toContain(">#ui</a>");
    }
    const ada = await signUp("Ada");
    expect(await (await ada.client.request("/api/me")).json()).toMatchObject({ follows: [] });

    for (const [fields, status] of [
      [{ kind: "category", value: "cnothere" }, 404],
      [{ kind: "tag", value: "no-such-tag" }, 404],
      [{ kind: "person", value: "x" }, 400],
      [{ kind: "tag", value: "<script>" }, 400],
    ] as const) {
      const refused = await follow(ada, { ...fields, intent: "follow", stay: "true" });
      expect(refused.status, JSON.stringify(fields)).toBe(status);
    }
    const guest = (await database.db.select().from(users).where(eq(users.email, "guest@example.com")))[0]!;
    const unfollowed = await follow(createClient(app.request), { kind: "tag", value: "ui", intent: "unfollow" });
    expect(unfollowed.headers.get("location")).toContain("/login");
    expect((await database.db.select().from(follows).where(eq(follows.userId, guest.id))).length).toBe(2);
  });

  it("mails each person once a week the new tools in what they follow, once even when the send runs twice at once or again", async () => {
    const now = new Date();
    const design = await insertCategory(database.db, { label: "Design" });
    const other = await insertCategory(database.db, { label: "Other" });
    // The first week runs from the follow: tools verified in the days after it are new, one verified before is not.
    await insertTool(database.db, {
      name: "New design tool",
      categories: [design.id],
      verifiedAt: new Date(now.getTime() + 2 * DAY_MS),
    });
    await insertTool(database.db, {
      name: "New tagged tool",
      categories: [other.id],
      tags: ["seo"],
      verifiedAt: new Date(now.getTime() + 3 * DAY_MS),
    });
    await insertTool(database.db, {
      name: "Old design tool",
      categories: [design.id],
      verifiedAt: new Date(now.getTime() - 30 * DAY_MS),
    });
    await insertTool(database.db, {
      name: "Unfollowed tool",
      categories: [other.id],
      verifiedAt: new Date(now.getTime() + DAY_MS),
    });
    const ada = await signUp("Ada");
    const bob = await signUp("Bob");
    const cy = await signUp("Cy");
    await follow(ada, { kind: "category", value: design.id, intent: "follow" });
    await follow(ada, { kind: "tag", value: "seo", intent: "follow" });
    await follow(bob, { kind: "category", value: design.id, intent: "follow" });
    await follow(cy, { kind: "category", value: design.id, intent: "follow" });
    // Cy no longer wants the e-mail.
    await cy.client.post("/following", {});

    // Not due before a week.
    expect(await app.services.follows.sendFollowDigests(new Date(now.getTime() + 6 * DAY_MS))).toBe(0);
    const weekLater = new Date(now.getTime() + 7 * DAY_MS + 60_000);
    // Two sends at once (two processes, or a run started again): one e-mail each.
    const [first, second] = await Promise.all([
      app.services.follows.sendFollowDigests(weekLater),
      app.services.follows.sendFollowDigests(weekLater),
    ]);
    expect(first + second).toBe(2);
    expect(await app.services.follows.sendFollowDigests(weekLater)).toBe(0);
    const sent = await mails();
    expect(sent.map((mail) => mail.to).sort()).toEqual(["ada@example.com", "bob@example.com"]);
    const toAda = sent.find((mail) => mail.to === "ada@example.com")!;
    expect(toAda.subject).toBe("New in what you follow on Indie Tools");
    expect(toAda.text).toContain("New design tool");
    expect(toAda.text).toContain("New tagged tool");
    expect(toAda.text).not.toContain("Old design tool");
    expect(toAda.text).not.toContain("Unfollowed tool");
    expect(toAda.html).toContain("New design tool");
    expect(sent.find((mail) => mail.to === "bob@example.com")!.text).not.toContain("New tagged tool");

    // The unsubscribe link works signed out: opening it asks, the button (or a mail client's one-click POST) does it.
    const link = /Unsubscribe: (\S+)/.exec(toAda.text)![1]!;
    expect(toAda.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const path = link.replace("http://localhost:3000", "");
    const stranger = createClient(app.request);
    expect((await stranger.request(path)).status).toBe(200);
    expect((await database.db.select().from(users).where(eq(users.email, "ada@example.com")))[0]!.followDigest).toBe(
      true,
    );
    const done = await stranger.post(path, { "List-Unsubscribe": "One-Click" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("you will no longer get the weekly e-mail");
    expect((await database.db.select().from(users).where(eq(users.email, "ada@example.com")))[0]).toMatchObject({
      followDigest: false,
      followDigestDueAt: null,
    });
    // A link signed for someone else, or changed, unsubscribes nobody.
    const forged = path.replace(/user=[^&]+/, `user=${bob.id}`);
    expect((await stranger.post(forged, {})).status).toBe(400);
    expect((await database.db.select().from(users).where(eq(users.email, "bob@example.com")))[0]!.followDigest).toBe(
      true,
    );

    // The next week: Bob again, Ada no longer; a week without new tools sends nothing.
    expect(await app.services.follows.sendFollowDigests(new Date(weekLater.getTime() + 7 * DAY_MS))).toBe(0);
    expect((await mails()).length).toBe(2);
  });

  it("mails the weekly e-mail to a confirmed address only: a first follow mails the link that confirms it, and its week passes with nothing until then", async () => {
    const now = new Date();
    const design = await insertCategory(database.db, { label: "Design" });
    await insertTool(database.db, {
      name: "New design tool",
      categories: [design.id],
      verifiedAt: new Date(now.getTime() + 2 * DAY_MS),
    });
    const dan = await signUpPerson(app, database.db, "Dan");
    await follow(dan, { kind: "category", value: design.id, intent: "follow" });
    await follow(dan, { kind: "tag", value: "seo", intent: "follow" });
    const confirmations = (
      await database.db
        .select({ key: outbox.key, payload: outbox.payload })
        .from(outbox)
        .where(eq(outbox.channel, "mail"))
    )
      .filter((row) => row.key.startsWith("confirm-email"))
      .map((row) => row.payload as SentMail);
    expect(confirmations.map((mail) => [mail.to, mail.subject])).toEqual([
      ["dan@example.com", "Confirm your address for Indie Tools"],
    ]);
    const page = await (await dan.client.request("/following")).text();
    expect(page).toContain(
      "The e-mails you asked for go to a confirmed address only: we sent a link to dan@example.com to confirm it.",
    );

    // A week passes: nothing for an address nobody confirmed, and the next week comes.
    expect(await app.services.follows.sendFollowDigests(new Date(now.getTime() + 7 * DAY_MS + 60_000))).toBe(0);
    expect(await mails()).toEqual([]);

    // The link works signed out: opening it asks, the button confirms; a link changed, or for another, confirms nobody.
    const link = /(\/confirm-email\?\S+)/.exec(confirmations[0]!.text)![1]!;
    const stranger = createClient(app.request);
    expect(await (await stranger.request(link)).text()).toContain("Confirm that this address is yours");
    expect((await stranger.post(link.replace(/token=[^&]+/, `token=${"A".repeat(43)}`), {})).status).toBe(400);
    expect((await stranger.post(link.replace(/user=[^&]+/, `user=${(await signUp("Eve")).id}`), {})).status).toBe(400);
    expect(await (await stranger.post(link, {})).text()).toContain("Your address is confirmed");
    expect(await (await dan.client.request("/following")).text()).not.toContain('data-testid="confirm-email-note"');
    await insertTool(database.db, {
      name: "Newer design tool",
      categories: [design.id],
      verifiedAt: new Date(now.getTime() + 9 * DAY_MS),
    });
    expect(await app.services.follows.sendFollowDigests(new Date(now.getTime() + 14 * DAY_MS + 120_000))).toBe(1);
    expect((await mails()).map((mail) => mail.to)).toEqual(["dan@example.com"]);
  });

  it("sends a week that was long missed (the server was off) up to now, then weekly from now", async () => {
    const design = await insertCategory(database.db, { label: "Design" });
    const ada = await signUp("Ada");
    await follow(ada, { kind: "category", value: design.id, intent: "follow" });
    // A disabled account gets nothing.
    const eve = await signUp("Eve");
    await follow(eve, { kind: "category", value: design.id, intent: "follow" });
    await database.db.update(users).set({ isDisabled: true }).where(eq(users.id, eve.id));
    const later = new Date(Date.now() + 30 * DAY_MS);
    await insertTool(database.db, {
      name: "Made while off",
      categories: [design.id],
      verifiedAt: new Date(later.getTime() - DAY_MS),
    });
    expect(await app.services.follows.sendFollowDigests(later)).toBe(1);
    expect((await mails()).map((mail) => mail.to)).toEqual(["ada@example.com"]);
    expect((await mails())[0]!.text).toContain("Made while off");
    const [account] = await database.db.select().from(users).where(eq(users.id, ada.id));
    expect(account!.followDigestDueAt!.getTime()).toBe(later.getTime() + 7 * DAY_MS);
  });
});
