/**
 * What the account services share (./accounts.ts: e-mail and password; ./external-sign-in.ts: Google and e-mailed
 * links; ./sessions.ts: who a request is): the product's user record kept beside Better Auth's account, Better Auth's
 * failures in the catalogue's words, and the effects written after Better Auth's own writes.
 */
import { requestLocale } from "../i18n.ts";
import { and, eq, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError, isAppError } from "#common/errors.ts";
import { createId } from "#common/ids.ts";
import { MESSAGES } from "#common/messages.ts";
import { slugify } from "#common/slugify.ts";
import type { Database } from "../db/client.ts";
import { authAccounts, authUsers, users } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Effect, Outbox } from "../outbox/effects.ts";
import { type AuthLoader, isAuthApiError } from "./auth-loader.ts";
import { type Limit, LIMITS, type RateLimiter, senderKey } from "./rate-limit.ts";
import type { TokenSync } from "./token-sync.ts";
import type { Readers } from "../mail/readers.ts";
import type { EmailConfirmation } from "./email-confirmation.ts";

export type AccountDependencies = {
  db: Database;
  auth: AuthLoader;
  limiter: RateLimiter;
  /** The admin's notices and the token sync's calls are written here, and delivered in the background. */
  outbox: Outbox;
  tokenSync: TokenSync;
  logger: Logger;
  /** The mails' and the operator's notices' language. */
  readers: Readers;
  /** The site's name as its settings say now, for the mails. */
  siteName: () => string;
  /** The mail that asks to confirm an address, for whoever asks for the newsletter (decision 057). */
  confirmations: Pick<EmailConfirmation, "confirmationEffects">;
  /** The site's one clock (server/services.ts). */
  now: () => Date;
};

/** Who is asking: the request's headers (Better Auth reads cookies and the user agent from them) and the visitor's address. */
export type Requester = { headers: Headers; address: string };

/** Headers to add to the response: the session cookie set or cleared. */
export type CookieHeaders = Headers;

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

export const invalid = (message: string, field: string) =>
  new AppError("invalid-argument", message, { [field]: message });

/** Refuses with 'Too many requests' once `key` went over `rule`. */
export async function refuseOverLimit(limiter: RateLimiter, key: string, rule: Limit): Promise<void> {
  if (!(await limiter.hit(key, rule))) throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
}

/**
 * Counts one sign-in attempt, by any way (password, Google), from the requester's address, for `account` when the
 * attempt names one: refuses past the limit of the address alone or of the address and that account.
 */
export async function refuseSignInOverLimit(
  limiter: RateLimiter,
  requester: Requester,
  account?: string,
): Promise<void> {
  const sender = senderKey(requester.address);
  await refuseOverLimit(limiter, `sign-in:${sender}`, LIMITS.signInPerAddress);
  if (account)
    await refuseOverLimit(limiter, `sign-in:${sender}:${account.toLowerCase()}`, LIMITS.signInPerAddressAndAccount);
}

/**
 * Counts one e-mailed link asked for from the requester's address for `email`: refuses past the limit of the address
 * alone or of the address and that account, so that a stranger's requests never hold back the owner's.
 */
export async function refuseMailOverLimit(limiter: RateLimiter, requester: Requester, email: string): Promise<void> {
  const sender = senderKey(requester.address);
  await refuseOverLimit(limiter, `mail:${sender}`, LIMITS.mailPerAddress);
  await refuseOverLimit(limiter, `mail:${sender}:${email.toLowerCase()}`, LIMITS.mailPerAddressAndAccount);
}

/**
 * Whether the inbox of `email` may get one more link of `kind`: past its ceiling nothing new is sent, and a link sent
 * within the ceiling's window (no longer than a link's lifetime) still works.
 */
export function mayMailAnotherLink(
  limiter: RateLimiter,
  kind: "sign-in-link" | "password-reset",
  email: string,
): Promise<boolean> {
  return limiter.hit(`mail:${kind}:${email.toLowerCase()}`, LIMITS.mailPerAccount);
}

/** Better Auth's failures, as the catalogue says them; anything unforeseen is logged and is an 'Unknown error'. */
export function authFailure(error: unknown, what: string, logger: Logger): AppError {
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

/** Writes effects that follow a change Better Auth committed in its own transaction, and wakes the worker. */
export async function enqueueAfterAuth(db: Database, outbox: Outbox, effects: Effect[]): Promise<void> {
  // Without a token sync URL most sign-ins have no effect: nothing to write, nobody to wake.
  if (effects.length === 0) return;
  await outbox.enqueue(db, effects);
  outbox.poke();
}

export async function findRecordByEmail(db: Database, email: string) {
  const [record] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return record;
}

export async function findAuthUserByEmail(db: Database, email: string) {
  const [account] = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(sql`lower(${authUsers.email}) = ${email}`)
    .limit(1);
  return account;
}

/** Whether the auth account signs in with a password. */
export async function hasPassword(db: Database, authId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, authId), eq(authAccounts.providerId, "credential")))
    .limit(1);
  return Boolean(row);
}

/** The product's user record for a new auth account (docs/product.md §4), with a unique slug. */
export async function createRecord(
  db: Database,
  values: { authId: string; email: string; username: string; authMethod: "email" | "google"; newsletter: boolean },
) {
  // Their e-mails are in the language of the page they signed up on (decision 053).
  const locale = requestLocale() ?? null;
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
        locale,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) return inserted[0];
    // Another registration took the same slug (or e-mail) at the same moment: look again.
    const existing = await findRecordByEmail(db, values.email);
    if (existing) return existing;
  }
  throw new Error(`No free slug for ${values.username}`);
}

export function toSessionUser(record: typeof users.$inferSelect): SessionUser {
  return { id: record.id, slug: record.slug, username: record.username, role: record.role as SessionUser["role"] };
}
