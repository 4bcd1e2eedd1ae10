/**
 * Accounts: what a person does to register, sign in and out, and recover access (SPEC sections 4, 5 and 8).
 * Better Auth keeps the auth account and the session; this service keeps the product's user record beside it and turns
 * every failure into a message of the error catalogue.
 */
import { APIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import { AUTH_MESSAGES, type LoginInput, type RegisterInput } from "#common/schemas.ts";
import { AppError, isAppError } from "#common/errors.ts";
import { createId } from "#common/ids.ts";
import { slugify } from "#common/slugify.ts";
import type { SessionUser } from "../context.ts";
import type { Database } from "../db/client.ts";
import { authAccounts, authSessions, authUsers, tools, users } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Notifier } from "../notify/notifier.ts";
import type { Auth } from "./better-auth.ts";
import { LIMITS, type RateLimiter } from "./rate-limit.ts";
import type { TokenSync } from "./token-sync.ts";

export type AccountDependencies = { db: Database; auth: Auth; limiter: RateLimiter; notifier: Notifier; tokenSync: TokenSync; logger: Logger };

/** Who is asking: the request's headers (Better Auth reads cookies and the user agent from them) and the visitor's address. */
export type Requester = { headers: Headers; address: string };

/** Headers to add to the response: the session cookie set or cleared. */
export type CookieHeaders = Headers;

/** The tools a user created, as the browser's `idt_d` cache keeps them (SPEC section 3). */
export type UserToolLink = { id: string; slug: string; name: string };

const invalid = (message: string, field: string) => new AppError("invalid-argument", message, { [field]: message });

export function accountService({ db, auth, limiter, notifier, tokenSync, logger }: AccountDependencies) {
  /** Better Auth's failures, as the catalogue says them; anything unforeseen is logged and is an 'Unknown error'. */
  function authFailure(error: unknown, what: string): AppError {
    if (isAppError(error)) return error;
    if (error instanceof APIError) {
      switch (error.body?.code) {
        case "INVALID_EMAIL_OR_PASSWORD":
        case "INVALID_PASSWORD":
          return new AppError("unauthenticated", AUTH_MESSAGES.wrongPassword, { password: AUTH_MESSAGES.wrongPassword });
        case "USER_ALREADY_EXISTS":
        case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
          return invalid(AUTH_MESSAGES.emailExists, "email");
        case "PASSWORD_TOO_SHORT":
          return invalid(AUTH_MESSAGES.weakPassword, "password");
        case "PASSWORD_TOO_LONG":
          return invalid(AUTH_MESSAGES.longPassword, "password");
        case "INVALID_EMAIL":
          return invalid(AUTH_MESSAGES.invalidEmail, "email");
        case "USER_DISABLED":
          return new AppError("permission-denied", AUTH_MESSAGES.userDisabled);
        case "INVALID_TOKEN":
          return new AppError("invalid-argument", AUTH_MESSAGES.linkExpired);
      }
      if (error.statusCode === 429) return new AppError("resource-exhausted", AUTH_MESSAGES.tooManyRequests);
    }
    logger.error(`${what} failed`, error);
    return new AppError("unknown", AUTH_MESSAGES.unknown);
  }

  async function limit(key: string, rule: (typeof LIMITS)[keyof typeof LIMITS]) {
    if (!(await limiter.hit(key, rule))) throw new AppError("resource-exhausted", AUTH_MESSAGES.tooManyRequests);
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

  /** A slug for `username` that no other user has: the username's slug, or it followed by -2, -3... */
  async function uniqueSlug(username: string, exceptUserId?: string): Promise<string> {
    const base = slugify(username) || "user";
    const rows = await db
      .select({ slug: users.slug, id: users.id })
      .from(users)
      .where(sql`${users.slug} = ${base} or ${users.slug} like ${`${base}-%`}`);
    const taken = new Set(rows.filter((row) => row.id !== exceptUserId).map((row) => row.slug));
    if (!taken.has(base)) return base;
    for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
  }

  /** The product's user record for a new auth account (SPEC section 4), with a unique slug. */
  async function createRecord(values: { authId: string; email: string; username: string; authMethod: "email" | "google"; newsletter: boolean }) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const slug = await uniqueSlug(values.username);
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
      if (existing) throw invalid(existing.authMethod === "google" ? AUTH_MESSAGES.emailExistsGoogle : AUTH_MESSAGES.emailExists, "email");
      if (await findAuthUserByEmail(input.email)) throw invalid(AUTH_MESSAGES.emailExists, "email");

      let created: { headers: Headers; response: { user: { id: string } } };
      try {
        created = await auth.api.signUpEmail({
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
      tokenSync.signedIn(await sessionTokenOf(created.headers));
      return created.headers;
    },

    /** Signs in with e-mail and password, with the catalogue's message for each way it can fail. */
    async login(input: LoginInput, requester: Requester): Promise<CookieHeaders> {
      await limit(`login:${requester.address}`, LIMITS.signInPerAddress);
      await limit(`login:${input.email}`, LIMITS.signInPerEmail);
      const record = await findRecordByEmail(input.email);
      const account = await findAuthUserByEmail(input.email);
      if (!record && !account) throw invalid(AUTH_MESSAGES.userNotFound, "email");
      if (!record) throw new AppError("not-found", AUTH_MESSAGES.recordNotFound);
      if (record.isDisabled) throw new AppError("permission-denied", AUTH_MESSAGES.userDisabled);
      if (record.authMethod === "google" && !(await hasPassword(record.authId ?? ""))) throw invalid(AUTH_MESSAGES.emailExistsGoogle, "email");
      try {
        const signedIn = await auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers: requester.headers, returnHeaders: true });
        tokenSync.signedIn(signedIn.response.token);
        return signedIn.headers;
      } catch (error) {
        throw authFailure(error, "sign-in");
      }
    },

    /** Ends the session of the request (SPEC section 4: logout), clearing its cookie. */
    async logout(requester: Requester): Promise<CookieHeaders> {
      const token = /session_token=([^;.]+)/.exec(requester.headers.get("cookie") ?? "")?.[1];
      try {
        const { headers } = await auth.api.signOut({ headers: requester.headers, returnHeaders: true });
        tokenSync.signedOut(token);
        return headers;
      } catch (error) {
        throw authFailure(error, "sign-out");
      }
    },

    /** Sends a password reset link, if an account with a password uses this address. */
    async requestPasswordReset(email: string, requester: Requester): Promise<void> {
      await limit(`mail:${email}`, LIMITS.mailPerEmail);
      const record = await findRecordByEmail(email);
      if (!record) throw invalid(AUTH_MESSAGES.userNotFound, "email");
      if (record.authMethod === "google" && !(await hasPassword(record.authId ?? ""))) throw invalid(AUTH_MESSAGES.emailExistsGoogle, "email");
      try {
        await auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: requester.headers });
      } catch (error) {
        throw authFailure(error, "password reset request");
      }
    },

    /** Sets a new password from a reset link's token; every session of the account ends. */
    async resetPassword({ token, password }: { token: string; password: string }): Promise<void> {
      try {
        await auth.api.resetPassword({ body: { token, newPassword: password } });
      } catch (error) {
        throw authFailure(error, "password reset");
      }
    },

    /** Sends a one-time sign-in link to an existing account's address. */
    async requestSignInLink(email: string, requester: Requester): Promise<void> {
      await limit(`mail:${email}`, LIMITS.mailPerEmail);
      const record = await findRecordByEmail(email);
      if (!record) throw invalid(AUTH_MESSAGES.userNotFound, "email");
      if (record.isDisabled) throw new AppError("permission-denied", AUTH_MESSAGES.userDisabled);
      try {
        await auth.api.signInMagicLink({ body: { email, callbackURL: "/auth/signed-in?via=link", errorCallbackURL: "/auth/failed" }, headers: requester.headers });
      } catch (error) {
        throw authFailure(error, "sign-in link request");
      }
    },

    /** Starts 'Sign in with Google': the provider's address to go to, and the cookie that keeps the state. */
    async startGoogleSignIn(requester: Requester, { popup, redirectTo }: { popup: boolean; redirectTo: string }): Promise<{ url: string; headers: CookieHeaders }> {
      const after = new URLSearchParams({ via: "google", redirectTo, ...(popup ? { popup: "1" } : {}) });
      const done = `/auth/signed-in?${after}`;
      const failed = popup ? "/auth/failed?popup=1" : "/auth/failed";
      try {
        const response = await auth.api.signInSocial({
          body: { provider: "google", callbackURL: done, errorCallbackURL: failed, newUserCallbackURL: done, disableRedirect: true },
          headers: requester.headers,
          asResponse: true,
        });
        const { url } = (await response.json()) as { url: string };
        return { url, headers: response.headers };
      } catch (error) {
        throw authFailure(error, "Google sign-in");
      }
    },

    /**
     * After an external sign-in (Google, or an e-mail link) made a session: keeps the user record as SPEC section 4 says.
     * An e-mail user who signs in with Google becomes a Google user; someone new gets a record with a username from their
     * name (or 'user-' and their id) and no newsletter.
     */
    async completeExternalSignIn(requester: Requester, { via }: { via: "google" | "link" }): Promise<SessionUser | null> {
      const session = await auth.api.getSession({ headers: requester.headers });
      if (!session) return null;
      let [record] = await db.select().from(users).where(eq(users.authId, session.user.id)).limit(1);
      if (!record) {
        const username = session.user.name?.trim() || `user-${session.user.id}`;
        record = await createRecord({ authId: session.user.id, email: session.user.email.toLowerCase(), username, authMethod: "google", newsletter: false });
      } else if (via === "google" && record.authMethod === "email") {
        [record] = await db.update(users).set({ authMethod: "google", updatedAt: new Date() }).where(eq(users.id, record.id)).returning();
      }
      tokenSync.signedIn(session.session.token);
      return record ? toSessionUser(record) : null;
    },

    /** Tells the admin that an external sign-in failed, with what the provider said. */
    async reportSignInFailure(reason: string): Promise<void> {
      await notifier.notify({ title: "Sign-in failed", text: reason === "email_not_found" ? "Google gave no e-mail address (NO_EMAIL)." : `Google sign-in failed: ${reason}` });
    },

    /**
     * The signed-in user of a request, or null. Ends the session (and clears its cookie) of a user who has been disabled
     * or who has no user record; passes on a renewed session cookie.
     */
    async findSessionUser(requester: Requester): Promise<{ user: SessionUser | null; headers: CookieHeaders | null }> {
      if (!/session_token=/.test(requester.headers.get("cookie") ?? "")) return { user: null, headers: null };
      const { headers, response } = await auth.api.getSession({ headers: requester.headers, returnHeaders: true });
      if (!response) return { user: null, headers };
      const [record] = await db.select().from(users).where(eq(users.authId, response.user.id)).limit(1);
      if (record && !record.isDisabled) return { user: toSessionUser(record), headers };
      await db.delete(authSessions).where(eq(authSessions.userId, response.user.id));
      const { headers: cleared } = await auth.api.signOut({ headers: requester.headers, returnHeaders: true }).catch(() => ({ headers: new Headers() }));
      return { user: null, headers: cleared };
    },

    /** The tools a user created (SPEC section 3: uTools), for the browser's cache. */
    async listUserToolLinks(user: SessionUser): Promise<UserToolLink[]> {
      return db.select({ id: tools.id, slug: tools.slug, name: tools.name }).from(tools).where(eq(tools.creatorUsername, user.slug)).orderBy(tools.name);
    },
  };
}

function toSessionUser(record: typeof users.$inferSelect): SessionUser {
  return { id: record.id, slug: record.slug, username: record.username, role: record.role as SessionUser["role"] };
}

export type AccountService = ReturnType<typeof accountService>;
