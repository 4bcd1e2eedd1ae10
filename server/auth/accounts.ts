/**
 * Accounts: what a person does to register, sign in and out, and recover access (SPEC sections 4, 5 and 8).
 * Better Auth keeps the auth account and the session; this service keeps the product's user record beside it and turns
 * every failure into a message of the error catalogue.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { LoginInput, RegisterInput } from "#common/schemas/accounts.ts";
import { AppError, isAppError } from "#common/errors.ts";
import { MAX_USERNAME_LENGTH } from "#common/constants.ts";
import { createId } from "#common/ids.ts";
import { slugify } from "#common/slugify.ts";
import { MESSAGES } from "#common/messages.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { authAccounts, authSessions, authUsers, tools, users } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Effect, Outbox } from "../outbox/effects.ts";
import { type AuthLoader, isAuthApiError } from "./auth-loader.ts";
import { type Limit, LIMITS, type RateLimiter } from "./rate-limit.ts";
import type { TokenSync } from "./token-sync.ts";

export type AccountDependencies = {
  db: Database;
  auth: AuthLoader;
  limiter: RateLimiter;
  /** The admin's notices and the token sync's calls are written here, and delivered in the background. */
  outbox: Outbox;
  tokenSync: TokenSync;
  logger: Logger;
};

/** Who is asking: the request's headers (Better Auth reads cookies and the user agent from them) and the visitor's address. */
export type Requester = { headers: Headers; address: string };

/** Headers to add to the response: the session cookie set or cleared. */
export type CookieHeaders = Headers;

/** The tools a user created, as the browser's `idt_d` cache keeps them (SPEC section 3). */
export type UserToolLink = { id: string; slug: string; name: string };

/**
 * A slug for `username` that no other user has: the username's slug, or it followed by -2, -3... Registration and a
 * username change (server/users/mutations.ts) both use it; `exceptUserId` lets a user keep their own slug.
 */
export async function uniqueSlug(db: Database, username: string, exceptUserId?: string): Promise<string> {
  const base = slugify(username) || "user";
  const rows = await db
    .select({ slug: users.slug, id: users.id })
    .from(users)
    .where(sql`${users.slug} = ${base} or ${users.slug} like ${`${base}-%`}`);
  const taken = new Set(rows.filter((row) => row.id !== exceptUserId).map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

const invalid = (message: string, field: string) => new AppError("invalid-argument", message, { [field]: message });

export function accountService({ db, auth, limiter, outbox, tokenSync, logger }: AccountDependencies) {
  /** Writes effects that follow a change Better Auth committed in its own transaction, and wakes the worker. */
  async function enqueueAfterAuth(effects: Effect[]): Promise<void> {
    // Without a token sync URL most sign-ins have no effect: nothing to write, nobody to wake.
    if (effects.length === 0) return;
    await outbox.enqueue(db, effects);
    outbox.poke();
  }

  /** Better Auth's failures, as the catalogue says them; anything unforeseen is logged and is an 'Unknown error'. */
  function authFailure(error: unknown, what: string): AppError {
    if (isAppError(error)) return error;
    if (isAuthApiError(error)) {
      switch (error.body?.code) {
        case "INVALID_EMAIL_OR_PASSWORD":
        case "INVALID_PASSWORD":
          return new AppError("unauthenticated", MESSAGES.auth.wrongPassword, { password: MESSAGES.auth.wrongPassword });
        case "USER_ALREADY_EXISTS":
        case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
          return invalid(MESSAGES.auth.emailExists, "email");
        case "PASSWORD_TOO_SHORT":
          return invalid(MESSAGES.auth.weakPassword, "password");
        case "PASSWORD_TOO_LONG":
          return invalid(MESSAGES.auth.longPassword, "password");
        case "INVALID_EMAIL":
          return invalid(MESSAGES.auth.invalidEmail, "email");
        case "USER_DISABLED":
          return new AppError("permission-denied", MESSAGES.auth.userDisabled);
        case "INVALID_TOKEN":
          return new AppError("invalid-argument", MESSAGES.auth.linkExpired);
      }
      if (error.statusCode === 429) return new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
    }
    logger.error(`${what} failed`, error);
    return new AppError("unknown", MESSAGES.general.unknown);
  }

  async function limit(key: string, rule: (typeof LIMITS)[keyof typeof LIMITS]) {
    if (!(await limiter.hit(key, rule))) throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
  }

  async function findRecordByEmail(email: string) {
    const [record] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    return record;
  }

  async function findAuthUserByEmail(email: string) {
    const [account] = await db.select({ id: authUsers.id }).from(authUsers).where(sql`lower(${authUsers.email}) = ${email}`).limit(1);
    return account;
  }

  async function hasPassword(authId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: authAccounts.id })
      .from(authAccounts)
      .where(and(eq(authAccounts.userId, authId), eq(authAccounts.providerId, "credential")))
      .limit(1);
    return Boolean(row);
  }

  /** The product's user record for a new auth account (SPEC section 4), with a unique slug. */
  async function createRecord(values: { authId: string; email: string; username: string; authMethod: "email" | "google"; newsletter: boolean }) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const slug = await uniqueSlug(db, values.username);
      const inserted = await db
        .insert(users)
        .values({
          id: createId("u"),
          authId: values.authId,
          email: values.email,
          username: values.username,
          slug,
          authMethod: values.authMethod,
          hasSubscribedToNewsletter: values.newsletter,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return inserted[0];
      // Another registration took the same slug (or e-mail) at the same moment: look again.
      const existing = await findRecordByEmail(values.email);
      if (existing) return existing;
    }
    throw new Error(`No free slug for ${values.username}`);
  }

  async function sessionTokenOf(headers: Headers): Promise<string | undefined> {
    const cookie = headers.get("set-cookie") ?? "";
    return /session_token=([^;.]+)/.exec(cookie)?.[1];
  }

  return {
    /** Creates the auth account, then the user record, then signs the new user in (SPEC section 4). */
    async register(input: RegisterInput, requester: Requester): Promise<CookieHeaders> {
      await limit(`register:${requester.address}`, LIMITS.registerPerAddress);
      const existing = await findRecordByEmail(input.email);
      if (existing) throw invalid(existing.authMethod === "google" ? MESSAGES.auth.emailExistsGoogle : MESSAGES.auth.emailExists, "email");
      if (await findAuthUserByEmail(input.email)) throw invalid(MESSAGES.auth.emailExists, "email");

      let created: { headers: Headers; response: { user: { id: string } } };
      try {
        created = await (await auth()).api.signUpEmail({
          body: { email: input.email, password: input.password, name: input.username },
          headers: requester.headers,
          returnHeaders: true,
        });
      } catch (error) {
        throw authFailure(error, "sign-up");
      }
      try {
        await createRecord({ authId: created.response.user.id, email: input.email, username: input.username, authMethod: "email", newsletter: input.newsletter });
      } catch (error) {
        // Nothing half-made stays behind: without its record, the auth account goes too.
        await db.delete(authUsers).where(eq(authUsers.id, created.response.user.id));
        throw authFailure(error, "creating the user record");
      }
      await enqueueAfterAuth(tokenSync.signedIn(await sessionTokenOf(created.headers)));
      return created.headers;
    },

    /** Signs in with e-mail and password, with the catalogue's message for each way it can fail. */
    async login(input: LoginInput, requester: Requester): Promise<CookieHeaders> {
      await limit(`login:${requester.address}`, LIMITS.signInPerAddress);
      await limit(`login:${input.email}`, LIMITS.signInPerEmail);
      const record = await findRecordByEmail(input.email);
      const account = await findAuthUserByEmail(input.email);
      if (!record && !account) throw invalid(MESSAGES.auth.userNotFound, "email");
      if (!record) throw new AppError("not-found", MESSAGES.auth.recordNotFound);
      if (record.isDisabled) throw new AppError("permission-denied", MESSAGES.auth.userDisabled);
      if (record.authMethod === "google" && !(await hasPassword(record.authId ?? ""))) throw invalid(MESSAGES.auth.emailExistsGoogle, "email");
      let signedIn: { headers: Headers; response: { token: string } };
      try {
        signedIn = await (await auth()).api.signInEmail({ body: { email: input.email, password: input.password }, headers: requester.headers, returnHeaders: true });
      } catch (error) {
        throw authFailure(error, "sign-in");
      }
      await enqueueAfterAuth(tokenSync.signedIn(signedIn.response.token));
      return signedIn.headers;
    },

    /** Ends the session of the request (SPEC section 4: logout), clearing its cookie. */
    async logout(requester: Requester): Promise<CookieHeaders> {
      const token = /session_token=([^;.]+)/.exec(requester.headers.get("cookie") ?? "")?.[1];
      let headers: CookieHeaders;
      try {
        ({ headers } = await (await auth()).api.signOut({ headers: requester.headers, returnHeaders: true }));
      } catch (error) {
        throw authFailure(error, "sign-out");
      }
      await enqueueAfterAuth(tokenSync.signedOut([token]));
      return headers;
    },

    /** Sends a password reset link, if an account with a password uses this address. */
    async requestPasswordReset(email: string, requester: Requester): Promise<void> {
      await limit(`mail:${email}`, LIMITS.mailPerEmail);
      const record = await findRecordByEmail(email);
      if (!record) throw invalid(MESSAGES.auth.userNotFound, "email");
      if (record.authMethod === "google" && !(await hasPassword(record.authId ?? ""))) throw invalid(MESSAGES.auth.emailExistsGoogle, "email");
      try {
        await (await auth()).api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: requester.headers });
      } catch (error) {
        throw authFailure(error, "password reset request");
      }
    },

    /** Sets a new password from a reset link's token; every session of the account ends. */
    async resetPassword({ token, password }: { token: string; password: string }): Promise<void> {
      try {
        await (await auth()).api.resetPassword({ body: { token, newPassword: password } });
      } catch (error) {
        throw authFailure(error, "password reset");
      }
    },

    /** Sends a one-time sign-in link to an existing account's address. */
    async requestSignInLink(email: string, requester: Requester): Promise<void> {
      await limit(`mail:${email}`, LIMITS.mailPerEmail);
      const record = await findRecordByEmail(email);
      if (!record) throw invalid(MESSAGES.auth.userNotFound, "email");
      if (record.isDisabled) throw new AppError("permission-denied", MESSAGES.auth.userDisabled);
      try {
        await (await auth()).api.signInMagicLink({ body: { email, callbackURL: "/auth/signed-in?via=link", errorCallbackURL: "/auth/failed" }, headers: requester.headers });
      } catch (error) {
        throw authFailure(error, "sign-in link request");
      }
    },

    /** Starts 'Sign in with Google': the provider's address to go to, and the cookie that keeps the state. */
    async startGoogleSignIn(requester: Requester, { popup, redirectTo }: { popup: boolean; redirectTo: string }): Promise<{ url: string; headers: CookieHeaders }> {
      await limit(`google:${requester.address}`, LIMITS.signInPerAddress);
      const after = new URLSearchParams({ via: "google", redirectTo, ...(popup ? { popup: "1" } : {}) });
      const done = `/auth/signed-in?${after}`;
      const failed = popup ? "/auth/failed?popup=1" : "/auth/failed";
      try {
        const response = await (await auth()).api.signInSocial({
          body: { provider: "google", callbackURL: done, errorCallbackURL: failed, newUserCallbackURL: done, disableRedirect: true },
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
        throw authFailure(error, "Google sign-in");
      }
    },

    /**
     * Keeps the user record of someone Google signs in (SPEC section 4), before Better Auth makes their session: someone
     * new gets a record with their Google name as username (or 'user-' and their id) and no newsletter; an e-mail user
     * becomes a Google user. Google has just proven the address, which registering never did: the password and the
     * sessions the account had go, so whoever registered the address before its owner keeps no way in.
     */
    async recordGoogleSignIn(authId: string): Promise<void> {
      const [account] = await db.select({ email: authUsers.email, name: authUsers.name }).from(authUsers).where(eq(authUsers.id, authId)).limit(1);
      if (!account) throw new Error(`No auth account ${authId}`);
      const [record] = await db.select({ id: users.id, authMethod: users.authMethod }).from(users).where(eq(users.authId, authId)).limit(1);
      if (!record) {
        const created = await createRecord({ authId, email: account.email.toLowerCase(), username: googleUsername(account.name, authId), authMethod: "google", newsletter: false });
        if (created.authId !== authId) throw new Error(`The address of auth account ${authId} belongs to user ${created.id}`);
        return;
      }
      if (record.authMethod !== "email") return;
      await db.transaction(async (tx) => {
        await tx.update(users).set({ authMethod: "google", updatedAt: new Date() }).where(eq(users.id, record.id));
        await tx.delete(authAccounts).where(and(eq(authAccounts.userId, authId), eq(authAccounts.providerId, "credential")));
        await tx.delete(authSessions).where(eq(authSessions.userId, authId));
      });
    },

    /** After an external sign-in (Google, or an e-mailed link) made a session: the user it signed in, told to the token sync. */
    async completeExternalSignIn(requester: Requester): Promise<SessionUser | null> {
      const session = await (await auth()).api.getSession({ headers: requester.headers });
      if (!session) return null;
      const [record] = await db.select().from(users).where(eq(users.authId, session.user.id)).limit(1);
      if (!record || record.isDisabled) return null;
      await enqueueAfterAuth(tokenSync.signedIn(session.session.token));
      return toSessionUser(record);
    },

    /**
     * What a failed external sign-in tells the person (the catalogue's message for Better Auth's or Google's error code),
     * and the admin, told through the messaging bot of every Google failure (SPEC section 8), a few times an hour per
     * visitor address at most: the failure page can be opened by anyone.
     */
    async reportSignInFailure(requester: Requester, { error, description }: { error: string; description?: string }): Promise<{ message: string }> {
      const known = SIGN_IN_FAILURES.get(error);
      if (known) return { message: known };
      if (await limiter.hit(`notice:${requester.address}`, FAILURE_NOTICES_PER_ADDRESS)) {
        const what = error === "email_not_found" ? "Google gave no e-mail address (NO_EMAIL)." : `Google sign-in failed: ${clip(error)}${description ? ` (${clip(description)})` : ""}`;
        // The person's page never waits on the bot: the notice is delivered in the background.
        await enqueueAfterAuth([{ channel: "notice", key: `sign-in-failed:${randomUUID()}`, payload: { title: "Sign-in failed", text: what } }]);
      }
      return { message: error === "account_not_linked" ? MESSAGES.auth.emailExists : MESSAGES.auth.noEmail };
    },

    /**
     * The signed-in user of a request, or null. Ends the session (and clears its cookie) of a user who has been disabled
     * or who has no user record; passes on a renewed session cookie.
     */
    async findSessionUser(requester: Requester): Promise<{ user: SessionUser | null; headers: CookieHeaders | null }> {
      if (!hasSessionCookie(requester.headers.get("cookie"))) return { user: null, headers: null };
      const { headers, response } = await (await auth()).api.getSession({ headers: requester.headers, returnHeaders: true });
      if (!response) return { user: null, headers };
      const [record] = await db.select().from(users).where(eq(users.authId, response.user.id)).limit(1);
      if (record && !record.isDisabled) return { user: toSessionUser(record), headers };
      await db.delete(authSessions).where(eq(authSessions.userId, response.user.id));
      const { headers: cleared } = await (await auth()).api.signOut({ headers: requester.headers, returnHeaders: true }).catch(() => ({ headers: new Headers() }));
      return { user: null, headers: cleared };
    },

    /** The tools a user created (SPEC section 3: uTools), for the browser's cache. */
    async listUserToolLinks(user: SessionUser): Promise<UserToolLink[]> {
      return db.select({ id: tools.id, slug: tools.slug, name: tools.name }).from(tools).where(eq(tools.creatorUsername, user.slug)).orderBy(tools.name);
    },
  };
}

/** Whether a request carries a session cookie (Better Auth's session_token, with or without its __Secure- prefix). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return /session_token=/.test(cookieHeader ?? "");
}

/**
 * Failures of an external sign-in that are not Google's: a bad or used e-mailed link (Better Auth's codes), a disabled
 * user, too many attempts. Their message is shown and nobody is told.
 */
const SIGN_IN_FAILURES = new Map<string, string>([
  ["INVALID_TOKEN", MESSAGES.auth.linkExpired],
  ["EXPIRED_TOKEN", MESSAGES.auth.linkExpired],
  ["ATTEMPTS_EXCEEDED", MESSAGES.auth.linkExpired],
  ["new_user_signup_disabled", MESSAGES.auth.linkExpired],
  ["failed_to_create_session", MESSAGES.auth.userDisabled],
  ["USER_DISABLED", MESSAGES.auth.userDisabled],
  ["TOO_MANY_REQUESTS", MESSAGES.auth.tooManyRequests],
]);

const FAILURE_NOTICES_PER_ADDRESS: Limit = { max: 5, windowSeconds: 60 * 60 };
/** How much of a provider's error text a notice quotes. */
const NOTICE_QUOTE_LENGTH = 200;

const clip = (text: string) => (text.length > NOTICE_QUOTE_LENGTH ? `${text.slice(0, NOTICE_QUOTE_LENGTH)}…` : text);

/** A Google user's username: their name, cut to the longest username, or 'user-' and their id when it has no letter or digit. */
function googleUsername(name: string | null | undefined, authId: string): string {
  const trimmed = (name ?? "").trim().slice(0, MAX_USERNAME_LENGTH).trim();
  return /[\p{L}\p{N}]/u.test(trimmed) ? trimmed : `user-${authId}`;
}

function toSessionUser(record: typeof users.$inferSelect): SessionUser {
  return { id: record.id, slug: record.slug, username: record.username, role: record.role as SessionUser["role"] };
}

export type AccountService = ReturnType<typeof accountService>;
