/**
 * A confirmed address (decision 057): nothing is mailed to an address on someone's word alone. The newsletter and the
 * weekly e-mail of follows go only to an address its owner confirmed: by a link of ours they opened (a sign-in link,
 * or the confirmation link this module mails when they ask for one of those e-mails), or by Google's word. The mark is
 * Better Auth's own `email_verified`, which its e-mailed links and Google's sign-in set too.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { EmailConfirmationInput } from "#common/schemas/profiles.ts";
import { requireSignedIn } from "../access.ts";
import type { Database, Transaction } from "../db/client.ts";
import { authUsers, users } from "../db/schema.ts";
import type { Readers } from "../mail/readers.ts";
import type { Effect, Outbox } from "../outbox/effects.ts";

/** The condition "this user's address is confirmed", on the columns of `users`. */
export const hasConfirmedEmail = sql`exists (select 1 from ${authUsers} where ${authUsers.id} = ${users.authId} and ${authUsers.emailVerified})`;

/** The signature of a confirmation link: for one person and the address it confirms. */
function confirmationToken(secret: string, userId: string, email: string): string {
  return createHmac("sha256", secret).update(`confirm-email:${userId}:${email.toLowerCase()}`).digest("base64url");
}

/** The page that confirms `email` for `userId`, signed for them: a path, for the reader's language. */
export function confirmationPath(secret: string, userId: string, email: string): string {
  return `/confirm-email?${new URLSearchParams({ user: userId, token: confirmationToken(secret, userId, email) })}`;
}

export function emailConfirmation({
  db,
  outbox,
  readers,
  siteName,
  secret,
  now: clock,
}: {
  db: Database;
  outbox: Outbox;
  readers: Readers;
  siteName: () => string;
  secret: string;
  /** The site's one clock (server/services.ts). */
  now: () => Date;
}) {
  /**
   * The mail that asks the user to confirm their address, when it is not confirmed yet: at most one an hour (its key),
   * so that ticking a box again and again mails nobody more. None for a confirmed address or a user without one. At
   * sign-up it welcomes them and says what a confirmed address keeps (their password, when a sign-in link is used);
   * otherwise it names the e-mails they asked for.
   */
  async function confirmationEffects(
    executor: Database | Transaction,
    userId: string,
    reason: "sign-up" | "mails" = "mails",
  ): Promise<Effect[]> {
    const [person] = await executor
      .select({ email: users.email, locale: users.locale, isConfirmed: sql<boolean>`${hasConfirmedEmail}` })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!person?.email || person.isConfirmed) return [];
    const hour = clock().toISOString().slice(0, 13);
    const text = reason === "sign-up" ? "mail.confirmSignUpText" : "mail.confirmText";
    return readers.mailTo(executor, userId, `confirm-email:${userId}:${hour}`, ({ t, url }) => ({
      subject: t("mail.confirmSubject", { siteName: siteName() }),
      text: t(text, {
        siteName: siteName(),
        email: person.email,
        url: url(confirmationPath(secret, userId, person.email)),
      }),
    }));
  }

  return {
    confirmationEffects,

    /** Whether the user's address is confirmed. */
    async isEmailConfirmed(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ isConfirmed: sql<boolean>`${hasConfirmedEmail}` })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return Boolean(row?.isConfirmed);
    },

    /** Mails the signed-in person the link that confirms their address again (one an hour at most). */
    async requestEmailConfirmation(user: SessionUser | null): Promise<void> {
      const person = requireSignedIn(user);
      const effects = await confirmationEffects(db, person.id);
      if (effects.length === 0) return;
      await outbox.enqueue(db, effects);
      outbox.poke();
    },

    /**
     * A confirmation link's answer, signed out: the address the link was made for is confirmed, while it is still the
     * person's. A link whose signature does not match, or made for another address, changes nothing.
     */
    async confirmEmail({ user: userId, token }: EmailConfirmationInput): Promise<void> {
      const [person] = await db
        .select({ authId: users.authId, email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      const expected = Buffer.from(person ? confirmationToken(secret, userId, person.email) : "");
      const given = Buffer.from(token);
      if (!person?.authId || expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new AppError("invalid-argument", MESSAGES.auth.badConfirmationLink);
      await db
        .update(authUsers)
        .set({ emailVerified: true, updatedAt: clock() })
        .where(and(eq(authUsers.id, person.authId), sql`lower(${authUsers.email}) = ${person.email.toLowerCase()}`));
    },
  };
}

export type EmailConfirmation = ReturnType<typeof emailConfirmation>;
