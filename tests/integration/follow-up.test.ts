/** The maker's follow-up: seven days after a tool goes live, its maker is e-mailed its first week's figures, exactly once (docs/decisions/009-maker-follow-up.md). */
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { METRICS } from "#server/analytics/metrics.ts";
import { tools } from "#server/db/schema.ts";
import { insertDailyStat, insertTool, insertUser } from "../factories.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { startSmtpReceiver } from "../setup/smtp.ts";

/** The daily job's clock: 15 March 2026, in the morning (UTC). */
const NOW = new Date("2026-03-15T09:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

/** A port nothing listens on: a mailer pointed at it fails to send. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(databaseKinds)("maker follow-up on %s", (kind) => {
  const smtp = useResource(startSmtpReceiver);
  const { database, app } = useTestApp(kind, () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Indie Tools <hello@example.com>",
  }));

  beforeEach(async () => {
    await database.reset();
    smtp.mails.length = 0;
  });

  const sendDueFollowUps = (now = NOW) => app.services.newsletter.sendDueFollowUps(now);

  async function followUpSentAt(id: string) {
    const [row] = await database.db.select({ at: tools.followUpSentAt }).from(tools).where(eq(tools.id, id));
    return row!.at;
  }

  it("e-mails the maker of each tool that went live 7 to 14 days ago, once, with its first week's figures", async () => {
    const sam = await insertUser(database.db, { username: "Sam Submitter", email: "sam@example.com" });
    const cleo = await insertUser(database.db, { username: "Cleo Creator", email: "cleo@example.com" });
    const gone = await insertUser(database.db, {
      username: "Dana Disabled",
      email: "dana@example.com",
      isDisabled: true,
    });
    const submitted = { submittedBy: sam.id };

    // Verified on 9 March: its first week is not over yet.
    const sixDays = await insertTool(database.db, {
      name: "Six days",
      verifiedAt: new Date("2026-03-09T08:00:00.000Z"),
      ...submitted,
    });
    // Verified on 8 March, late: its first week (8 to 14 March) is over this morning.
    const sevenDays = await insertTool(database.db, {
      name: "Seven days",
      verifiedAt: new Date("2026-03-08T20:00:00.000Z"),
      ...submitted,
    });
    const fourteenDays = await insertTool(database.db, {
      name: "Fourteen days",
      verifiedAt: new Date("2026-03-01T00:00:00.000Z"),
      ...submitted,
    });
    const fifteenDays = await insertTool(database.db, {
      name: "Fifteen days",
      verifiedAt: new Date("2026-02-28T23:59:59.999Z"),
      ...submitted,
    });
    const notLive = await insertTool(database.db, {
      name: "Switched off",
      isActive: false,
      verifiedAt: new Date("2026-03-08T10:00:00.000Z"),
      ...submitted,
    });
    const alreadySent = new Date("2026-03-14T09:00:00.000Z");
    await insertTool(database.db, {
      name: "Already followed up",
      verifiedAt: new Date("2026-03-07T10:00:00.000Z"),
      followUpSentAt: alreadySent,
      ...submitted,
    });
    const nobody = await insertTool(database.db, {
      name: "Nobody's",
      verifiedAt: new Date("2026-03-08T10:00:00.000Z"),
    });
    const disabled = await insertTool(database.db, {
      name: "Disabled maker's",
      verifiedAt: new Date("2026-03-08T10:00:00.000Z"),
      submittedBy: gone.id,
    });
    // Submitted by Sam, then claimed by Cleo, its maker: Cleo hears about it, not Sam.
    const linked = await insertTool(database.db, {
      name: "Linked",
      verifiedAt: new Date("2026-03-08T10:00:00.000Z"),
      submittedBy: sam.id,
      creatorUsername: cleo.slug,
      isLinkedToCreator: true,
    });

    // Seven days' figures: the rows of its first week count, those before and after it, and other tools' or metrics', do not.
    const stat = (metric: string, subject: string, day: string, count: number, detail = "") =>
      insertDailyStat(database.db, { metric, subject, detail, day, count });
    await stat(METRICS.toolView, sevenDays.id, "2026-03-07", 50);
    await stat(METRICS.toolView, sevenDays.id, "2026-03-08", 3);
    await stat(METRICS.toolView, sevenDays.id, "2026-03-14", 4);
    await stat(METRICS.toolView, sevenDays.id, "2026-03-15", 100);
    await stat(METRICS.toolClick, sevenDays.id, "2026-03-10", 1);
    await stat(METRICS.toolReferrer, sevenDays.id, "2026-03-10", 9, "news.ycombinator.com");
    await stat(METRICS.toolView, linked.id, "2026-03-09", 1);
    await stat(METRICS.toolView, sixDays.id, "2026-03-10", 20);

    expect(await sendDueFollowUps()).toBe(3);
    expect(smtp.mails.map((mail) => `${mail.to.join()} ${mail.subject}`).sort()).toEqual([
      "cleo@example.com Your first week on Indie Tools: 1 view and 0 clicks for Linked",
      "sam@example.com Your first week on Indie Tools: 0 views and 0 clicks for Fourteen days",
      "sam@example.com Your first week on Indie Tools: 7 views and 1 click for Seven days",
    ]);
    const mail = await smtp.waitForMail("sam@example.com", {
      subject: "Your first week on Indie Tools: 7 views and 1 click for Seven days",
    });
    expect(mail.from).toBe("hello@example.com");
    expect(mail.text).toContain("Hello Sam Submitter,");
    expect(mail.text).toContain(
      "From 8 March 2026 to 14 March 2026, its page was viewed 7 times and its website link was clicked 1 time.",
    );
    expect(mail.text).toContain(`http://localhost:3000/tool/${sevenDays.slug}`);
    // Sam submitted the tool but is not linked to it: the mail shows how to see its figures, by claiming it.
    expect(mail.text).toContain(
      `Made it? Claim it from its page to follow its figures on your dashboard: http://localhost:3000/tool/${sevenDays.slug}`,
    );
    expect(mail.text).not.toContain("/my-tools");
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    // Cleo is the linked maker: her mail leads to her dashboard.
    const makerMail = await smtp.waitForMail("cleo@example.com");
    expect(makerMail.text).toContain("Follow its figures on your dashboard: http://localhost:3000/my-tools");

    for (const tool of [sevenDays, fourteenDays, linked]) expect(await followUpSentAt(tool.id)).toEqual(NOW);
    for (const tool of [sixDays, fifteenDays, notLive, nobody, disabled])
      expect(await followUpSentAt(tool.id)).toBeNull();

    // The job runs again the same day: nothing more is sent.
    smtp.mails.length = 0;
    expect(await sendDueFollowUps(new Date(NOW.getTime() + 3_600_000))).toBe(0);
    expect(smtp.mails).toHaveLength(0);

    // The next day, the tool verified on 9 March has had its week.
    const tomorrow = new Date(NOW.getTime() + DAY);
    expect(await sendDueFollowUps(tomorrow)).toBe(1);
    expect(smtp.mails.map((sent) => sent.subject)).toEqual([
      "Your first week on Indie Tools: 20 views and 0 clicks for Six days",
    ]);
    expect(await followUpSentAt(sixDays.id)).toEqual(tomorrow);
  });

  it("writes what makers typed as text in the HTML part", async () => {
    const maker = await insertUser(database.db, { username: "<i>Mallory</i>", email: "mallory@example.com" });
    await insertTool(database.db, {
      name: "<b>Bold</b> & co",
      verifiedAt: new Date("2026-03-08T10:00:00.000Z"),
      submittedBy: maker.id,
    });
    expect(await sendDueFollowUps()).toBe(1);
    const mail = await smtp.waitForMail("mallory@example.com");
    expect(mail.raw).toContain("<p>Hello &#60;i&#62;Mallory&#60;/i&#62;,</p>");
    expect(mail.raw).toContain("&#60;b&#62;Bold&#60;/b&#62; &#38; co has been live");
    expect(mail.raw).not.toContain("<b>Bold</b> &amp;");
  });

  it("sends one mail per tool when two runs of the job meet", async () => {
    const maker = await insertUser(database.db, { username: "Mia Maker", email: "mia@example.com" });
    for (const name of ["One", "Two", "Three"])
      await insertTool(database.db, { name, verifiedAt: new Date("2026-03-08T10:00:00.000Z"), submittedBy: maker.id });

    const sent = await Promise.all([sendDueFollowUps(), sendDueFollowUps(), sendDueFollowUps()]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(smtp.mails.map((mail) => mail.subject.split(" for ")[1]).sort()).toEqual(["One", "Three", "Two"]);
  });

  it("leaves a tool due when its mail cannot be sent, so the next run sends it", async () => {
    const maker = await insertUser(database.db, { username: "Mia Maker", email: "mia@example.com" });
    const tool = await insertTool(database.db, {
      name: "Unlucky",
      verifiedAt: new Date("2026-03-08T10:00:00.000Z"),
      submittedBy: maker.id,
    });

    const broken = await createTestApp(database, { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    expect(await broken.services.newsletter.sendDueFollowUps(NOW)).toBe(0);
    expect(await followUpSentAt(tool.id)).toBeNull();
    expect(smtp.mails).toHaveLength(0);

    const later = new Date(NOW.getTime() + 3_600_000);
    expect(await sendDueFollowUps(later)).toBe(1);
    expect((await smtp.waitForMail("mia@example.com")).subject).toBe(
      "Your first week on Indie Tools: 0 views and 0 clicks for Unlucky",
    );
    expect(await followUpSentAt(tool.id)).toEqual(later);
  });
});
