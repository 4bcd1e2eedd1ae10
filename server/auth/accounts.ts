/**
 * Accounts by e-mail and password (docs/product.md §4, §5 and §8): register, sign in and out, reset a password, and ask
 * for a sign-in link; none of them but registering tells a stranger whether an account uses an address (decision
 * 055). Better Auth keeps the auth account and the session; this service keeps the product's user record beside it
 * (./account-shared.ts) and turns every failure into a message of the catalogue.
 */
import { randomUUID } from "node:crypto";
import { isDisposableEmail } from "disposable-email-domains-js";
import { eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { LoginInput, RegisterInput } from "#common/schemas/accounts.ts";
import { authSessions, authUsers } from "../db/schema.ts";
import type { AccountLinkRequest } from "../outbox/effects.ts";
import { googleOnlyMail } from "./mails.ts";
import {
  type AccountDependencies,
  authFailure,
  type CookieHeaders,
  createRecord,
  enqueueAfterAuth,
  findAuthUserByEmail,
  findRecordByEmail,
  hasPassword,
  invalid,
  mayMailAnotherLink,
  refuseMailOverLimit,
  refuseOverLimit,
  refuseSignInOverLimit,
  type Requester,
} from "./account-shared.ts";
import { LIMITS, senderKey } from "./rate-limit.ts";

/** How long after answering a request for a link its work starts: well after any answer has gone. */
const LINK_WORK_AFTER_MS = 1000;

/** What came of asking for an e-mailed link: a new one sent, or none because one was sent within the hour. */
export type LinkRequest = "sent" | "sent-recently";

/** The session token a sign-up's response sets. */
function sessionTokenOf(headers: Headers): string | undefined {
  const cookie = headers.get("set-cookie") ?? "";
  return /session_token=([^;.]+)/.exec(cookie)?.[1];
}

export function accountService({
  db,
  auth,
  limiter,
  outbox,
  tokenSync,
  logger,
  readers,
  siteName,
  confirmations,
  now,
}: AccountDependencies) {
  /**
   * The limits, then one outbox row, the same for every address: what an account makes of it is read after the answer
   * (sendAccountLink), so neither the answer nor its time tells a stranger who has an account.
   */
  async function requestAccountLink(
    kind: AccountLinkRequest["kind"],
    email: string,
    requester: Requester,
  ): Promise<LinkRequest> {
    await refuseMailOverLimit(limiter, requester, email);
    if (!(await mayMailAnotherLink(limiter, kind, email))) return "sent-recently";
    await outbox.enqueue(db, [
      {
        channel: "account-link",
        key: `account-link:${kind}:${randomUUID()}`,
        payload: { kind, email },
        isSecret: true,
      },
    ]);
    // The worker is woken once the answer has gone: run beside it, an account's work would slow it down.
    setTimeout(() => outbox.poke(), LINK_WORK_AFTER_MS).unref();
    return "sent";
  }

  return {
    /** Creates the auth account, then the user record, then signs the new user in (docs/product.md §4). */
    async register(input: RegisterInput, requester: Requester): Promise<CookieHeaders> {
      await refuseOverLimit(limiter, `register:${senderKey(requester.address)}`, LIMITS.registerPerAddress);
      if (isDisposableEmail(input.email)) throw invalid(MESSAGES.spam.disposableEmail, "email");
      const existing = await findRecordByEmail(db, input.email);
      if (existing)
        throw invalid(
          existing.authMethod === "google" ? MESSAGES.auth.emailExistsGoogle : MESSAGES.auth.emailExists,
          "email",
        );
      if (await findAuthUserByEmail(db, input.email)) throw invalid(MESSAGES.auth.emailExists, "email");

      let created: { headers: Headers; response: { user: { id: string } } };
      try {
        created = await (await auth()).api.signUpEmail({
          body: { email: input.email, password: input.password, name: input.username },
          headers: requester.headers,
          returnHeaders: true,
        });
      } catch (error) {
        throw authFailure(error, "sign-up", logger);
      }
      let record: Awaited<ReturnType<typeof createRecord>>;
      try {
        record = await createRecord(db, {
          authId: created.response.user.id,
          email: input.email,
          username: input.username,
          authMethod: "email",
          newsletter: input.newsletter,
        });
      } catch (error) {
        // Nothing half-made stays behind: without its record, the auth account goes too.
        await db.delete(authUsers).where(eq(authUsers.id, created.response.user.id));
        throw authFailure(error, "creating the user record", logger);
      }
      // Every new address is asked to confirm itself (decision 057): a confirmed one keeps its password and sessions when
      // its owner signs in with an e-mailed link, and may receive the newsletter the box asked for.
      const confirm = await confirmations.confirmationEffects(db, record.id, "sign-up");
      await enqueueAfterAuth(db, outbox, [...tokenSync.signedIn(sessionTokenOf(created.headers)), ...confirm]);
      return created.headers;
    },

    /**
     * Signs in with e-mail and password. A stranger learns nothing of who has an account (decision 055): an unknown
     * address, one that signs in with Google only, and a wrong password all answer 'Incorrect password', in the same
     * time (Better Auth hashes the password given against nothing when no account has one). Only the right password
     * learns that its account is disabled (the session's hook refuses it), or has no user record.
     */
    async login(input: LoginInput, requester: Requester): Promise<CookieHeaders> {
      await refuseSignInOverLimit(limiter, requester, input.email);
      let signedIn: { headers: Headers; response: { token: string } };
      try {
        signedIn = await (await auth()).api.signInEmail({
          body: { email: input.email, password: input.password },
          headers: requester.headers,
          returnHeaders: true,
        });
      } catch (error) {
        throw authFailure(error, "sign-in", logger);
      }
      const record = await findRecordByEmail(db, input.email);
      if (!record) {
        // An auth account without its user record: the session just made goes.
        await db.delete(authSessions).where(eq(authSessions.token, signedIn.response.token));
        throw new AppError("not-found", MESSAGES.auth.recordNotFound);
      }
      await enqueueAfterAuth(db, outbox, tokenSync.signedIn(signedIn.response.token));
      return signedIn.headers;
    },

    /** Ends the session of the request (docs/product.md §4: logout), clearing its cookie. */
    async logout(requester: Requester): Promise<CookieHeaders> {
      const token = /session_token=([^;.]+)/.exec(requester.headers.get("cookie") ?? "")?.[1];
      let headers: CookieHeaders;
      try {
        ({ headers } = await (await auth()).api.signOut({ headers: requester.headers, returnHeaders: true }));
      } catch (error) {
        throw authFailure(error, "sign-out", logger);
      }
      await enqueueAfterAuth(db, outbox, tokenSync.signedOut([token]));
      return headers;
    },

    /**
     * Asks for a password reset link to this address. The answer is the same in every case, in the same time (decision
     * 055): "sent", or "sent-recently", and nothing sent, when as many were asked for this address in the last hour as
     * it may get (the last link sent still works), whether an account uses it or not. Which account uses it is looked
     * up after the answer, by the outbox (sendAccountLink).
     */
    async requestPasswordReset(email: string, requester: Requester): Promise<LinkRequest> {
      return requestAccountLink("password-reset", email, requester);
    },

    /** Sets a new password from a reset link's token; every session of the account ends. */
    async resetPassword({ token, password }: { token: string; password: string }): Promise<void> {
      try {
        await (await auth()).api.resetPassword({ body: { token, newPassword: password } });
      } catch (error) {
        throw authFailure(error, "password reset", logger);
      }
    },

    /**
     * Asks for a one-time sign-in link to this address: the same answer, in the same time, whether an account uses it
     * or not, as for a password reset (decision 055).
     */
    async requestSignInLink(email: string, requester: Requester): Promise<LinkRequest> {
      return requestAccountLink("sign-in-link", email, requester);
    },

    /**
     * The outbox's account-link channel, after the answer: a password reset link when an account with a password uses
     * the address, a word that it signs in with Google to an account that has no password; a sign-in link when an
     * account that is not disabled uses it; nothing to an address no account uses.
     */
    async sendAccountLink({ kind, email }: AccountLinkRequest): Promise<void> {
      const record = await findRecordByEmail(db, email);
      if (!record) return;
      if (kind === "sign-in-link") {
        if (record.isDisabled) return;
        try {
          await (await auth()).api.signInMagicLink({
            body: { email, callbackURL: "/auth/signed-in?via=link", errorCallbackURL: "/auth/failed" },
            headers: new Headers(),
          });
        } catch (error) {
          throw authFailure(error, "sign-in link request", logger);
        }
        return;
      }
      if (record.authMethod === "google" && !(await hasPassword(db, record.authId ?? ""))) {
        await enqueueAfterAuth(
          db,
          outbox,
          await readers.mailTo(db, record.id, `google-only:${record.id}:${now().getTime()}`, (words) =>
            googleOnlyMail(words, { siteName: siteName(), email }),
          ),
        );
        return;
      }
      try {
        await (await auth()).api.requestPasswordReset({
          body: { email, redirectTo: "/reset-password" },
          headers: new Headers(),
        });
      } catch (error) {
        throw authFailure(error, "password reset request", logger);
      }
    },
  };
}
