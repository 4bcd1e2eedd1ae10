/**
 * Signing in by another way than a password (docs/product.md §4 and §8): 'Sign in with Google', and the end of any
 * external sign-in (Google, or an e-mailed link), with what a failure tells the person and the admin.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { MAX_USERNAME_LENGTH } from "#common/constants.ts";
import { MESSAGES } from "#common/messages.ts";
import { storableText } from "#common/schemas/fields.ts";
import { authAccounts, authSessions, authUsers, users } from "../db/schema.ts";
import { passwordRemovedMail } from "./mails.ts";
import {
  type AccountDependencies,
  authFailure,
  type CookieHeaders,
  createRecord,
  enqueueAfterAuth,
  refuseSignInOverLimit,
  type Requester,
  toSessionUser,
} from "./account-shared.ts";
import { type Limit, senderKey } from "./rate-limit.ts";

export function externalSignIn({
  db,
  auth,
  limiter,
  outbox,
  tokenSync,
  logger,
  readers,
  siteName,
  now,
}: AccountDependencies) {
  return {
    /** Starts 'Sign in with Google': the provider's address to go to, and the cookie that keeps the state. */
    async startGoogleSignIn(
      requester: Requester,
      { popup, redirectTo }: { popup: boolean; redirectTo: string },
    ): Promise<{ url: string; headers: CookieHeaders }> {
      await refuseSignInOverLimit(limiter, requester);
      const after = new URLSearchParams({ via: "google", redirectTo, ...(popup ? { popup: "1" } : {}) });
      const done = `/auth/signed-in?${after}`;
      const failed = popup ? "/auth/failed?popup=1" : "/auth/failed";
      try {
        const response = await (await auth()).api.signInSocial({
          body: {
            provider: "google",
            callbackURL: done,
            errorCallbackURL: failed,
            newUserCallbackURL: done,
            disableRedirect: true,
          },
          headers: requester.headers,
          asResponse: true,
        });
        if (!response.ok) throw new Error(`Better Auth answered ${response.status}: ${await response.text()}`);
        const { url } = (await response.json()) as { url: string };
        // Only the state cookie goes on: the rest of these headers describe Better Auth's JSON answer, not the redirect.
        const headers = new Headers();
        for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
        return { url, headers };
      } catch (error) {
        throw authFailure(error, "Google sign-in", logger);
      }
    },

    /**
     * Keeps the user record of someone Google signs in (docs/product.md §4), before Better Auth makes their session: someone
     * new gets a record with their Google name as username (or 'user-' and their id) and no newsletter; an e-mail user
     * becomes a Google user. Google has just proven the address, which registering never did: the password and the
     * sessions the account had go, so whoever registered the address before its owner keeps no way in.
     */
    async recordGoogleSignIn(authId: string): Promise<void> {
      const [account] = await db
        .select({ email: authUsers.email, name: authUsers.name })
        .from(authUsers)
        .where(eq(authUsers.id, authId))
        .limit(1);
      if (!account) throw new Error(`No auth account ${authId}`);
      const [record] = await db
        .select({ id: users.id, authMethod: users.authMethod })
        .from(users)
        .where(eq(users.authId, authId))
        .limit(1);
      if (!record) {
        const created = await createRecord(db, {
          authId,
          email: account.email.toLowerCase(),
          username: googleUsername(account.name, authId),
          authMethod: "google",
          newsletter: false,
        });
        if (created.authId !== authId)
          throw new Error(`The address of auth account ${authId} belongs to user ${created.id}`);
        return;
      }
      if (record.authMethod !== "email") return;
      await db.transaction(async (tx) => {
        await tx.update(users).set({ authMethod: "google", updatedAt: now() }).where(eq(users.id, record.id));
        await tx
          .delete(authAccounts)
          .where(and(eq(authAccounts.userId, authId), eq(authAccounts.providerId, "credential")));
        await tx.delete(authSessions).where(eq(authSessions.userId, authId));
      });
    },

    /**
     * An e-mailed link, the first proof of the account's address, removed the password nobody had proven (Better Auth's
     * hook, server/auth/better-auth.ts): the owner is mailed what happened and how to choose it again, and the page the
     * link opens says it too (completeExternalSignIn).
     */
    async recordUnprovenPasswordRemoved(authId: string): Promise<void> {
      const at = now();
      const [record] = await db
        .update(users)
        .set({ passwordRemovedAt: at })
        .where(eq(users.authId, authId))
        .returning({ id: users.id, email: users.email });
      if (!record) return;
      await outbox.enqueue(
        db,
        await readers.mailTo(db, record.id, `password-removed:${record.id}:${at.getTime()}`, (words) =>
          passwordRemovedMail(words, { siteName: siteName(), email: record.email }),
        ),
      );
      outbox.poke();
    },

    /**
     * After an external sign-in (Google, or an e-mailed link) made a session: the user it signed in, told to the token
     * sync, and whether that sign-in removed the account's unproven password (said once, then forgotten).
     */
    async completeExternalSignIn(
      requester: Requester,
    ): Promise<{ user: SessionUser; wasPasswordRemoved: boolean } | null> {
      const session = await (await auth()).api.getSession({ headers: requester.headers });
      if (!session) return null;
      const [record] = await db.select().from(users).where(eq(users.authId, session.user.id)).limit(1);
      if (!record || record.isDisabled) return null;
      await enqueueAfterAuth(db, outbox, tokenSync.signedIn(session.session.token));
      const told = record.passwordRemovedAt
        ? await db
            .update(users)
            .set({ passwordRemovedAt: null })
            .where(and(eq(users.id, record.id), isNotNull(users.passwordRemovedAt)))
            .returning({ id: users.id })
        : [];
      return { user: toSessionUser(record), wasPasswordRemoved: told.length > 0 };
    },

    /**
     * What a failed external sign-in tells the person (the catalogue's message for Better Auth's or Google's error code),
     * and the admin, told through the messaging bot of every Google failure (docs/product.md §8), a few times an hour per
     * visitor address at most: the failure page can be opened by anyone.
     */
    async reportSignInFailure(
      requester: Requester,
      { error, description }: { error: string; description?: string },
    ): Promise<{ message: string }> {
      const known = SIGN_IN_FAILURES.get(error);
      if (known) return { message: known() };
      if (await limiter.hit(`notice:${senderKey(requester.address)}`, FAILURE_NOTICES_PER_ADDRESS)) {
        // The person's page never waits on the bot: the notice is delivered in the background.
        const notice = readers.notice(`sign-in-failed:${randomUUID()}`, ({ t }) => ({
          title: t("notice.signInFailedTitle"),
          text:
            error === "email_not_found"
              ? t("notice.noGoogleEmail")
              : t("notice.googleFailed", {
                  error: clip(error),
                  hasDescription: description ? "yes" : "no",
                  description: clip(description ?? ""),
                }),
        }));
        await enqueueAfterAuth(db, outbox, [notice]);
      }
      return { message: error === "account_not_linked" ? MESSAGES.auth.emailExists : MESSAGES.auth.noEmail };
    },
  };
}

/**
 * Failures of an external sign-in that are not Google's: a bad or used e-mailed link (Better Auth's codes), a disabled
 * user, too many attempts. Their message is shown and nobody is told.
 */
const SIGN_IN_FAILURES = new Map<string, () => string>([
  ["INVALID_TOKEN", () => MESSAGES.auth.linkExpired],
  ["EXPIRED_TOKEN", () => MESSAGES.auth.linkExpired],
  ["ATTEMPTS_EXCEEDED", () => MESSAGES.auth.linkExpired],
  ["new_user_signup_disabled", () => MESSAGES.auth.linkExpired],
  ["failed_to_create_session", () => MESSAGES.auth.userDisabled],
  ["USER_DISABLED", () => MESSAGES.auth.userDisabled],
  ["TOO_MANY_REQUESTS", () => MESSAGES.auth.tooManyRequests],
]);

const FAILURE_NOTICES_PER_ADDRESS: Limit = { max: 5, windowSeconds: 60 * 60 };
/** How much of a provider's error text a notice quotes. */
const NOTICE_QUOTE_LENGTH = 200;

/** A quote of what the provider sent, short, and storable whatever it holds (the address bar may carry a NUL). */
const clip = (text: string) =>
  storableText(text.length > NOTICE_QUOTE_LENGTH ? `${text.slice(0, NOTICE_QUOTE_LENGTH)}…` : text);

/** A Google user's username: their name, cut to the longest username, or 'user-' and their id when it has no letter or digit. */
function googleUsername(name: string | null | undefined, authId: string): string {
  const trimmed = (name ?? "").trim().slice(0, MAX_USERNAME_LENGTH).trim();
  return /[\p{L}\p{N}]/u.test(trimmed) ? trimmed : `user-${authId}`;
}
