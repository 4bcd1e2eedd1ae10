/**
 * Accounts by e-mail and password (SPEC sections 4, 5 and 8): register, sign in and out, reset a password, and ask
 * for a sign-in link. Better Auth keeps the auth account and the session; this service keeps the product's user
 * record beside it (./account-shared.ts) and turns every failure into a message of the catalogue.
 */
import { isDisposableEmail } from "disposable-email-domains-js";
import { eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { LoginInput, RegisterInput } from "#common/schemas/accounts.ts";
import { authUsers } from "../db/schema.ts";
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

/** What came of asking for an e-mailed link: a new one sent, or none because one was sent within the hour. */
export type LinkRequest = "sent" | "sent-recently";

/** The session token a sign-up's response sets. */
function sessionTokenOf(headers: Headers): string | undefined {
  const cookie = headers.get("set-cookie") ?? "";
  return /session_token=([^;.]+)/.exec(cookie)?.[1];
}

export function accountService({ db, auth, limiter, outbox, tokenSync, logger }: AccountDependencies) {
  return {
    /** Creates the auth account, then the user record, then signs the new user in (SPEC section 4). */
    async register(input: RegisterInput, requester: Requester): Promise<CookieHeaders> {
      await refuseOverLimit(limiter, `register:${senderKey(requester.address)}`, LIMITS.registerPerAddress);
      if (isDisposableEmail(input.email)) throw invalid(MESSAGES.spam.disposableEmail, "email");
      const existing = await findRecordByEmail(db, input.email);
      if (existing) throw invalid(existing.authMethod === "google" ? MESSAGES.auth.emailExistsGoogle : MESSAGES.auth.emailExists, "email");
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
      try {
        await createRecord(db, { authId: created.response.user.id, email: input.email, username: input.username, authMethod: "email", newsletter: input.newsletter });
      } catch (error) {
        // Nothing half-made stays behind: without its record, the auth account goes too.
        await db.delete(authUsers).where(eq(authUsers.id, created.response.user.id));
        throw authFailure(error, "creating the user record", logger);
      }
      await enqueueAfterAuth(db, outbox, tokenSync.signedIn(sessionTokenOf(created.headers)));
      return created.headers;
    },

    /** Signs in with e-mail and password, with the catalogue's message for each way it can fail. */
    async login(input: LoginInput, requester: Requester): Promise<CookieHeaders> {
      await refuseSignInOverLimit(limiter, requester, input.email);
      const record = await findRecordByEmail(db, input.email);
      const account = await findAuthUserByEmail(db, input.email);
      if (!record && !account) throw invalid(MESSAGES.auth.userNotFound, "email");
      if (!record) throw new AppError("not-found", MESSAGES.auth.recordNotFound);
      if (record.isDisabled) throw new AppError("permission-denied", MESSAGES.auth.userDisabled);
      if (record.authMethod === "google" && !(await hasPassword(db, record.authId ?? ""))) throw invalid(MESSAGES.auth.emailExistsGoogle, "email");
      let signedIn: { headers: Headers; response: { token: string } };
      try {
        signedIn = await (await auth()).api.signInEmail({ body: { email: input.email, password: input.password }, headers: requester.headers, returnHeaders: true });
      } catch (error) {
        throw authFailure(error, "sign-in", logger);
      }
      await enqueueAfterAuth(db, outbox, tokenSync.signedIn(signedIn.response.token));
      return signedIn.headers;
    },

    /** Ends the session of the request (SPEC section 4: logout), clearing its cookie. */
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
     * Sends a password reset link, if an account with a password uses this address; answers "sent-recently", and sends
     * nothing, when the inbox got as many as it may in the last hour (the last of them still works).
     */
    async requestPasswordReset(email: string, requester: Requester): Promise<LinkRequest> {
      await refuseMailOverLimit(limiter, requester, email);
      const record = await findRecordByEmail(db, email);
      if (!record) throw invalid(MESSAGES.auth.userNotFound, "email");
      if (record.authMethod === "google" && !(await hasPassword(db, record.authId ?? ""))) throw invalid(MESSAGES.auth.emailExistsGoogle, "email");
      if (!(await mayMailAnotherLink(limiter, "password-reset", email))) return "sent-recently";
      try {
        await (await auth()).api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: requester.headers });
      } catch (error) {
        throw authFailure(error, "password reset request", logger);
      }
      return "sent";
    },

    /** Sets a new password from a reset link's token; every session of the account ends. */
    async resetPassword({ token, password }: { token: string; password: string }): Promise<void> {
      try {
        await (await auth()).api.resetPassword({ body: { token, newPassword: password } });
      } catch (error) {
        throw authFailure(error, "password reset", logger);
      }
    },

    /** Sends a one-time sign-in link to an existing account's address; "sent-recently" as for a password reset. */
    async requestSignInLink(email: string, requester: Requester): Promise<LinkRequest> {
      await refuseMailOverLimit(limiter, requester, email);
      const record = await findRecordByEmail(db, email);
      if (!record) throw invalid(MESSAGES.auth.userNotFound, "email");
      if (record.isDisabled) throw new AppError("permission-denied", MESSAGES.auth.userDisabled);
      if (!(await mayMailAnotherLink(limiter, "sign-in-link", email))) return "sent-recently";
      try {
        await (await auth()).api.signInMagicLink({ body: { email, callbackURL: "/auth/signed-in?via=link", errorCallbackURL: "/auth/failed" }, headers: requester.headers });
      } catch (error) {
        throw authFailure(error, "sign-in link request", logger);
      }
      return "sent";
    },
  };
}
