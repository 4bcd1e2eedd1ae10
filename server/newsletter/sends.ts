/**
 * The newsletter sent from the console (decision 044): the digest of the last days, to every user who subscribed
 * (`hasSubscribedToNewsletter`), each with their own unsubscribe link. An admin first sends a test to themself. The
 * mails go into the outbox a batch at a time, in the subscribers' id order: each batch and the send's progress are one
 * transaction, and the outbox keeps one row per send and person, so a send cut short (a restart) goes on where it
 * stopped and nobody gets it twice. The minute's job carries on the sends under way.
 */
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { createId } from "#common/ids.ts";
import { MESSAGES } from "#common/messages.ts";
import { requireAdmin } from "../access.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Database } from "../db/client.ts";
import { dailyStats, newsletterSends, users } from "../db/schema.ts";
import { dayOf, METRICS } from "../analytics/metrics.ts";
import type { Readers, ReaderWords } from "../mail/readers.ts";
import { unsubscribeFooter, unsubscribeHeaders, unsubscribePath } from "../mail/unsubscribe.ts";
import type { Outbox } from "../outbox/effects.ts";
import type { Digest } from "./service.ts";
import { hasConfirmedEmail } from "../auth/email-confirmation.ts";

/** The subscribers whose mails one batch writes. */
export const NEWSLETTER_BATCH = 500;
/** The batches a send's own request writes before it leaves the rest to the minute's job. */
const BATCHES_AT_ONCE = 4;

export type NewsletterSend = {
  id: string;
  subject: string;
  days: number;
  state: string;
  recipients: number;
  createdAt: string;
  finishedAt: string | null;
};

/** Who gets the newsletter: who asked for it, from an address they confirmed (decision 057), and is not disabled. */
const isSubscriber = and(eq(users.hasSubscribedToNewsletter, true), eq(users.isDisabled, false), hasConfirmedEmail);

/**
 * A subscriber's mail: the newsletter's one text, ending with the way out in the subscriber's language, with the
 * one-click header.
 */
function personalMail(
  { t, url }: ReaderWords,
  send: { subject: string; text: string; html: string },
  to: string,
  unsubscribe: string,
  siteName: string,
) {
  const link = url(unsubscribe);
  const end = unsubscribeFooter(link, t("mail.newsletterWhy", { siteName }));
  return {
    to,
    subject: send.subject,
    text: send.text + end.text,
    html: send.html + end.html,
    headers: unsubscribeHeaders(link),
  };
}

export function newsletterSending({
  db,
  outbox,
  readers,
  siteName,
  secret,
  buildDigest,
  batchSize = NEWSLETTER_BATCH,
  now: clock,
}: {
  db: Database;
  outbox: Outbox;
  readers: Readers;
  siteName: () => string;
  secret: string;
  buildDigest: (input: { days: number; now: Date }) => Promise<Digest>;
  batchSize?: number;
  /** The site's one clock (server/services.ts). */
  now: () => Date;
}) {
  /**
   * Writes the next batch of one send's mails, and moves its progress on, in one transaction; the send is locked, so two
   * processes never write the same batch. Answers whether the send is finished.
   */
  async function writeBatch(sendId: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [send] = await tx
        .select()
        .from(newsletterSends)
        .where(and(eq(newsletterSends.id, sendId), eq(newsletterSends.state, "sending")))
        .for("update");
      if (!send) return true;
      const batch = await tx
        .select({ id: users.id, email: users.email, locale: users.locale })
        .from(users)
        .where(and(isSubscriber, send.lastUserId ? gt(users.id, send.lastUserId) : undefined))
        .orderBy(asc(users.id))
        .limit(batchSize);
      const written = batch.length
        ? await outbox.enqueue(
            tx,
            batch.map((person) => ({
              channel: "mail" as const,
              key: `newsletter:${send.id}:${person.id}`,
              payload: readers.write(person.locale, (words) =>
                personalMail(words, send, person.email, unsubscribePath(secret, "newsletter", person.id), siteName()),
              ),
            })),
          )
        : [];
      const isLast = batch.length < batchSize;
      // Each mail written shows the sponsor line once: its views, counted where the site's views of it are.
      if (send.sponsorshipId && written.length > 0)
        await tx
          .insert(dailyStats)
          .values({
            metric: METRICS.sponsorView,
            subject: send.sponsorshipId,
            detail: "",
            day: dayOf(now),
            count: written.length,
          })
          .onConflictDoUpdate({
            target: [dailyStats.metric, dailyStats.subject, dailyStats.detail, dailyStats.day],
            set: { count: sql`${dailyStats.count} + ${written.length}` },
          });
      await tx
        .update(newsletterSends)
        .set({
          lastUserId: batch.at(-1)?.id ?? send.lastUserId,
          recipients: sql`${newsletterSends.recipients} + ${written.length}`,
          ...(isLast ? { state: "sent", finishedAt: now } : {}),
        })
        .where(eq(newsletterSends.id, send.id));
      return isLast;
    });
  }

  return {
    /** How many people would get the newsletter now. */
    async countSubscribers(user: SessionUser | null): Promise<number> {
      requireAdmin(user);
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(isSubscriber);
      return row?.count ?? 0;
    },

    /** The admin's test: the newsletter of the last `days` days, to their own address, as a subscriber gets it. */
    async sendTest(user: SessionUser | null, days: number, now = clock()): Promise<{ to: string }> {
      const admin = requireAdmin(user);
      const [account] = await db
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, admin.id))
        .limit(1);
      if (!account) throw new AppError("not-found", MESSAGES.access.signInFirst);
      const digest = await buildDigest({ days, now });
      await outbox.enqueue(db, [
        {
          channel: "mail",
          key: `newsletter-test:${admin.id}:${now.getTime()}`,
          payload: readers.write(account.locale, (words) =>
            personalMail(
              words,
              { subject: digest.title, text: digest.markdown, html: digest.html },
              account.email,
              unsubscribePath(secret, "newsletter", admin.id),
              siteName(),
            ),
          ),
        },
      ]);
      outbox.poke();
      return { to: account.email };
    },

    /**
     * Starts sending the newsletter of the last `days` days to every subscriber: its words are fixed now, the first
     * batches are written at once, and the minute's job writes the rest.
     */
    async startSend(user: SessionUser | null, days: number, now = clock()): Promise<NewsletterSend> {
      const admin = requireAdmin(user);
      const digest = await buildDigest({ days, now });
      if (digest.tools.length === 0) throw new AppError("invalid-argument", MESSAGES.newsletter.nothingNew);
      const [send] = await db
        .insert(newsletterSends)
        .values({
          id: createId("n", now),
          days,
          subject: digest.title,
          text: digest.markdown,
          html: digest.html,
          sponsorshipId: digest.sponsor?.id ?? null,
          state: "sending",
          createdBy: admin.id,
          createdAt: now,
        })
        .returning();
      await recordAudit(db, admin, {
        kind: "newsletter.sent",
        subject: digest.title,
        after: { days, tools: digest.tools.length },
      });
      for (let batch = 0; batch < BATCHES_AT_ONCE; batch++) if (await writeBatch(send!.id, now)) break;
      outbox.poke();
      const [current] = await db.select().from(newsletterSends).where(eq(newsletterSends.id, send!.id));
      return toSend(current!);
    },

    /** The minute's job: carries on every send under way, to its end. Answers how many sends it finished. */
    async continueSends(now = clock()): Promise<number> {
      const sending = await db
        .select({ id: newsletterSends.id })
        .from(newsletterSends)
        .where(eq(newsletterSends.state, "sending"))
        .orderBy(asc(newsletterSends.createdAt));
      let finished = 0;
      for (const send of sending) {
        while (!(await writeBatch(send.id, now)));
        finished += 1;
      }
      if (finished > 0) outbox.poke();
      return finished;
    },

    /** The last sends, newest first, for the console. */
    async listSends(user: SessionUser | null, limit = 10): Promise<NewsletterSend[]> {
      requireAdmin(user);
      const rows = await db.select().from(newsletterSends).orderBy(desc(newsletterSends.createdAt)).limit(limit);
      return rows.map(toSend);
    },
  };
}

function toSend(row: typeof newsletterSends.$inferSelect): NewsletterSend {
  return {
    id: row.id,
    subject: row.subject,
    days: row.days,
    state: row.state,
    recipients: row.recipients,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export type NewsletterSending = ReturnType<typeof newsletterSending>;
