/**
 * Follows (decision 044): a signed-in person follows categories and tags, and gets a weekly e-mail of the new tools in
 * them, built like the newsletter's digest and sent through the outbox, with an unsubscribe link that works without
 * signing in (and a List-Unsubscribe header for one-click unsubscribing from the mail client).
 */
import { timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { FollowInput, UnsubscribeInput } from "#common/schemas/follows.ts";
import { requireSignedIn } from "../access.ts";
import type { Database, Transaction } from "../db/client.ts";
import { categories, follows, tagCounts, tools, users } from "../db/schema.ts";
import { digestHtml, digestMarkdown, formatLongDate } from "../newsletter/digest.ts";
import { toDigestTool } from "../newsletter/service.ts";
import type { Readers } from "../mail/readers.ts";
import { unsubscribeFooter, unsubscribeHeaders, unsubscribePath, unsubscribeToken } from "../mail/unsubscribe.ts";
import type { Outbox } from "../outbox/effects.ts";
import { type EmailConfirmation, hasConfirmedEmail } from "../auth/email-confirmation.ts";
import { isPublicTool, toolCardColumns } from "../tools/read/queries.ts";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** The new tools one weekly e-mail lists at most, newest first. */
export const FOLLOW_DIGEST_TOOLS = 20;
/** The people whose e-mail is due that one batch handles, each in its own transaction. */
const DIGEST_BATCH = 100;

/** What a person follows, as the session cache keeps it: "category:<id>" and "tag:<tag>". */
export const followKey = ({ kind, value }: { kind: string; value: string }) => `${kind}:${value}`;

export type Following = {
  categories: { id: string; label: string; slug: string }[];
  tags: string[];
  /** Whether they get the weekly e-mail. */
  followDigest: boolean;
  /** Where it goes, and whether that address is confirmed: an unconfirmed one gets nothing (decision 057). */
  email: string;
  isEmailConfirmed: boolean;
};

export function followService({
  db,
  outbox,
  readers,
  siteName,
  secret,
  confirmations,
  now: clock,
}: {
  db: Database;
  outbox: Outbox;
  readers: Readers;
  siteName: () => string;
  secret: string;
  /** The mail that asks to confirm an address, when someone asks for the weekly e-mail from one not confirmed yet. */
  confirmations: Pick<EmailConfirmation, "confirmationEffects">;
  /** The site's one clock (server/services.ts). */
  now: () => Date;
}) {
  /** The category or tag `input` names, or not-found: a category by its id, a tag that some live tool carries. */
  async function requireFollowable({ kind, value }: FollowInput): Promise<void> {
    const [found] =
      kind === "category"
        ? await db.select({ id: categories.id }).from(categories).where(eq(categories.id, value)).limit(1)
        : await db.select({ id: tagCounts.tag }).from(tagCounts).where(eq(tagCounts.tag, value)).limit(1);
    if (!found)
      throw new AppError(
        "not-found",
        kind === "category" ? MESSAGES.moderation.categoryNotFound : MESSAGES.feeds.noSuchTag,
      );
  }

  /** The weekly e-mail is due a week after their first follow, while they want it. */
  const startDigest = (tx: Database | Transaction, userId: string, now: Date) =>
    tx
      .update(users)
      .set({ followDigestDueAt: new Date(now.getTime() + WEEK_MS) })
      .where(and(eq(users.id, userId), eq(users.followDigest, true), sql`${users.followDigestDueAt} is null`));

  /** Every category and tag the person follows, as keys: the follow buttons of any page read them (the primary key's range). */
  async function listFollowKeys(user: SessionUser): Promise<string[]> {
    const rows = await db
      .select({ kind: follows.kind, value: follows.value })
      .from(follows)
      .where(eq(follows.userId, user.id));
    return rows.map(followKey);
  }

  /**
   * One person's weekly e-mail: the live tools verified in the week up to when it was due, in what they follow. Weeks
   * follow each other without a gap or an overlap; a week long past (the server was off) runs up to now.
   */
  async function sendFollowDigest(
    person: { id: string; email: string; locale: string | null; dueAt: Date },
    now: Date,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const followed = await tx
        .select({ kind: follows.kind, value: follows.value })
        .from(follows)
        .where(eq(follows.userId, person.id));
      const categoryIds = followed.filter((row) => row.kind === "category").map((row) => row.value);
      const tags = followed.filter((row) => row.kind === "tag").map((row) => row.value);
      const from = new Date(person.dueAt.getTime() - WEEK_MS);
      const isLongPast = person.dueAt.getTime() + WEEK_MS <= now.getTime();
      const to = isLongPast ? now : person.dueAt;
      const next = new Date((isLongPast ? now.getTime() : person.dueAt.getTime()) + WEEK_MS);
      const matches = [
        ...(categoryIds.length ? [sql`${tools.categories} && ${`{${categoryIds.join(",")}}`}::text[]`] : []),
        ...(tags.length ? [sql`${tools.tags} && ${`{${tags.join(",")}}`}::text[]`] : []),
      ];
      const rows = matches.length
        ? await tx
            .select({ ...toolCardColumns, verifiedAt: tools.verifiedAt })
            .from(tools)
            .where(and(isPublicTool, gt(tools.verifiedAt, from), lte(tools.verifiedAt, to), or(...matches)))
            .orderBy(desc(tools.verifiedAt), desc(tools.id))
            .limit(FOLLOW_DIGEST_TOOLS)
        : [];
      // Taken once: a send running at the same time (another process) finds the week gone and writes nothing.
      const [taken] = await tx
        .update(users)
        .set({ followDigestDueAt: matches.length ? next : null })
        .where(and(eq(users.id, person.id), eq(users.followDigestDueAt, person.dueAt)))
        .returning({ id: users.id, isConfirmed: sql<boolean>`${hasConfirmedEmail}` });
      // An address its owner never confirmed gets nothing (decision 057): its week passes, as an empty one does.
      if (!taken?.isConfirmed || rows.length === 0) return false;
      const followedNames = [
        ...(categoryIds.length
          ? (
              await tx.select({ label: categories.label }).from(categories).where(inArray(categories.id, categoryIds))
            ).map((row) => row.label)
          : []),
        ...tags.map((tag) => `#${tag}`),
      ];
      const payload = readers.write(person.locale, (words) => {
        const { t, list, url } = words;
        const content = {
          title: t("mail.followsTitle", { siteName: siteName() }),
          intro: t("mail.followsIntro", {
            count: rows.length,
            followed: list(followedNames),
            from: formatLongDate(from),
            to: formatLongDate(to),
          }),
          tools: rows.map((row) => toDigestTool(row, words)),
        };
        const unsubscribe = url(unsubscribePath(secret, "follows", person.id));
        const end = unsubscribeFooter(
          unsubscribe,
          t("mail.followsWhy", { siteName: siteName(), url: url("/following") }),
        );
        return {
          to: person.email,
          subject: content.title,
          text: digestMarkdown(content) + end.text,
          html: digestHtml(content) + end.html,
          headers: unsubscribeHeaders(unsubscribe),
        };
      });
      await outbox.enqueue(tx, [
        { channel: "mail", key: `follow-digest:${person.id}:${person.dueAt.toISOString()}`, payload },
      ]);
      return true;
    });
  }

  return {
    listFollowKeys,

    /** Follows a category or a tag; following it again changes nothing. Answers what the person follows now. */
    async follow(
      user: SessionUser | null,
      input: FollowInput,
      now = clock(),
    ): Promise<{ following: true; follows: string[] }> {
      const follower = requireSignedIn(user, MESSAGES.follow.needsAccount);
      await requireFollowable(input);
      const asked = await db.transaction(async (tx) => {
        const [added] = await tx
          .insert(follows)
          .values({ userId: follower.id, kind: input.kind, value: input.value, createdAt: now })
          .onConflictDoNothing()
          .returning({ kind: follows.kind });
        const [started] = await startDigest(tx, follower.id, now).returning({ id: users.id });
        // The weekly e-mail starts with a first follow: it goes to a confirmed address only.
        const confirm = added && started ? await confirmations.confirmationEffects(tx, follower.id) : [];
        await outbox.enqueue(tx, confirm);
        return confirm.length > 0;
      });
      if (asked) outbox.poke();
      return { following: true, follows: await listFollowKeys(follower) };
    },

    /** Stops following; what was not followed is not an error. The weekly e-mail stops with the last follow. */
    async unfollow(user: SessionUser | null, input: FollowInput): Promise<{ following: false; follows: string[] }> {
      const follower = requireSignedIn(user, MESSAGES.follow.needsAccount);
      await db.transaction(async (tx) => {
        await tx
          .delete(follows)
          .where(and(eq(follows.userId, follower.id), eq(follows.kind, input.kind), eq(follows.value, input.value)));
        const [left] = await tx
          .select({ kind: follows.kind })
          .from(follows)
          .where(eq(follows.userId, follower.id))
          .limit(1);
        if (!left) await tx.update(users).set({ followDigestDueAt: null }).where(eq(users.id, follower.id));
      });
      return { following: false, follows: await listFollowKeys(follower) };
    },

    /** /following: what the person follows, by name, and whether they get the weekly e-mail. */
    async listFollowing(user: SessionUser | null): Promise<Following> {
      const follower = requireSignedIn(user);
      const [rows, [account]] = await Promise.all([
        db
          .select({ kind: follows.kind, value: follows.value })
          .from(follows)
          .where(eq(follows.userId, follower.id))
          .orderBy(asc(follows.createdAt)),
        db
          .select({
            followDigest: users.followDigest,
            email: users.email,
            isEmailConfirmed: sql<boolean>`${hasConfirmedEmail}`,
          })
          .from(users)
          .where(eq(users.id, follower.id))
          .limit(1),
      ]);
      const categoryIds = rows.filter((row) => row.kind === "category").map((row) => row.value);
      const followed = categoryIds.length
        ? await db
            .select({ id: categories.id, label: categories.label, slug: categories.slug })
            .from(categories)
            .where(inArray(categories.id, categoryIds))
            .orderBy(asc(categories.label))
        : [];
      return {
        categories: followed,
        tags: rows.filter((row) => row.kind === "tag").map((row) => row.value),
        followDigest: account?.followDigest ?? false,
        email: account?.email ?? "",
        isEmailConfirmed: Boolean(account?.isEmailConfirmed),
      };
    },

    /** The person turns the weekly e-mail on or off. */
    async setFollowDigest(user: SessionUser | null, on: boolean, now = clock()): Promise<void> {
      const follower = requireSignedIn(user);
      const asked = await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ followDigest: on, ...(on ? {} : { followDigestDueAt: null }) })
          .where(eq(users.id, follower.id));
        const [any] = await tx
          .select({ kind: follows.kind })
          .from(follows)
          .where(eq(follows.userId, follower.id))
          .limit(1);
        if (!on || !any) return false;
        await startDigest(tx, follower.id, now);
        const confirm = await confirmations.confirmationEffects(tx, follower.id);
        await outbox.enqueue(tx, confirm);
        return confirm.length > 0;
      });
      if (asked) outbox.poke();
    },

    /**
     * An unsubscribe link's answer, signed out: the weekly e-mail of follows, or the newsletter, stops for the person
     * the link was made for. A link whose signature does not match changes nothing.
     */
    async unsubscribe({ list, user: userId, token }: UnsubscribeInput): Promise<void> {
      const expected = Buffer.from(unsubscribeToken(secret, list, userId));
      const given = Buffer.from(token);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new AppError("invalid-argument", MESSAGES.follow.badUnsubscribeLink);
      const changes =
        list === "follows" ? { followDigest: false, followDigestDueAt: null } : { hasSubscribedToNewsletter: false };
      await db.update(users).set(changes).where(eq(users.id, userId));
    },

    /**
     * The daily job: sends every weekly e-mail that is due, oldest due first, DIGEST_BATCH people at a time. Each
     * person's e-mail and their next due date are written in one transaction, and the outbox keeps one row per key
     * (the person and the week), so a send cut short and run again mails nobody twice. A week with no new tool in what
     * they follow sends nothing. Answers how many e-mails were written.
     */
    async sendFollowDigests(now = clock()): Promise<number> {
      let sent = 0;
      for (;;) {
        const due = await db
          .select({ id: users.id, email: users.email, locale: users.locale, dueAt: users.followDigestDueAt })
          .from(users)
          .where(
            and(isNotNull(users.followDigestDueAt), lte(users.followDigestDueAt, now), eq(users.isDisabled, false)),
          )
          .orderBy(asc(users.followDigestDueAt), asc(users.id))
          .limit(DIGEST_BATCH);
        for (const person of due)
          if (await sendFollowDigest(person as { id: string; email: string; locale: string | null; dueAt: Date }, now))
            sent += 1;
        if (due.length < DIGEST_BATCH) break;
      }
      if (sent > 0) outbox.poke();
      return sent;
    },
  };
}

export type FollowService = ReturnType<typeof followService>;
