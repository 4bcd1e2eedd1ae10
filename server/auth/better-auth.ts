/**
 * The authentication layer: Better Auth with e-mail and password, sign-in links by e-mail, and Google through
 * OpenID Connect (its discovery URL is configurable, so tests use a local provider). It keeps auth accounts and
 * sessions; the product's user record lives in `users` and is kept by server/auth/account-shared.ts.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { magicLink } from "better-auth/plugins/magic-link";
import { eq, sql } from "drizzle-orm";
import { isLocale, type Locale } from "#common/locales.ts";
import { requestLocale, wordsFor } from "../i18n.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#common/constants.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { authAccounts, authRateLimits, authSessions, authUsers, authVerifications, users } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Mail } from "../mail/mailer.ts";
import { secretKey, type Outbox } from "../outbox/effects.ts";
import { CLIENT_ADDRESS_HEADER } from "./client-address.ts";
import { SESSION_LIFETIME_SECONDS, SESSION_RENEW_AFTER_SECONDS } from "./session-lifetime.ts";
import { passwordResetMail, signInLinkMail } from "./mails.ts";

/** How long a password reset link or a sign-in link stays valid. */
export const EMAIL_LINK_LIFETIME_SECONDS = 60 * 60;

/** How passwords are hashed and checked: Better Auth's own scrypt unless the app is given another (the tests' cheaper one). */
export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
};

export type AuthDependencies = {
  db: Database;
  config: Config;
  secret: string;
  /** The reset and sign-in link mails are written here and sent in the background. */
  outbox: Outbox;
  logger: Logger;
  /** Keeps the user record of someone Google signs in, before their session is made (the account service's recordGoogleSignIn). */
  onGoogleSignIn?: (authId: string) => Promise<void>;
  /** After any sign-in, once its session is made (the first admin's ADMIN_EMAILS). */
  onSignedIn?: (authId: string, sessionId: string) => Promise<void>;
  /**
   * When an e-mailed link, the first proof of an address, removes the password nobody had proven (Better Auth ends
   * what an unconfirmed account had, so that whoever registered the address first keeps no way in): the person is told.
   */
  onUnprovenPasswordRemoved?: (authId: string) => Promise<void>;
  /** The site's name as its settings say now, for the mails. */
  siteName: () => string;
  passwordHasher?: PasswordHasher;
};

export function createAuth({
  db,
  config,
  secret,
  outbox,
  logger,
  onGoogleSignIn,
  onSignedIn,
  onUnprovenPasswordRemoved,
  siteName,
  passwordHasher,
}: AuthDependencies) {
  /** A mail that carries a link which signs in: one per link, and its text is blanked once delivered. */
  async function sendLinkMail(kind: string, url: string, mail: Mail) {
    // Better Auth has just written the link's verification row in its own statement: the mail follows it.
    await outbox.enqueue(db, [{ channel: "mail", key: `${kind}:${secretKey(url)}`, payload: mail, isSecret: true }]);
    outbox.poke();
  }

  /**
   * The words of a person's e-mails: their profile's language when the site still offers it, else the language of the
   * page they asked from, else the site's default.
   */
  async function wordsOfReader(email: string) {
    const [record] = await db
      .select({ locale: users.locale })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    const chosen = record?.locale;
    const offered = (locale: string | null | undefined): locale is Locale =>
      isLocale(locale) && config.LOCALES.includes(locale);
    const asked = requestLocale();
    return wordsFor(offered(chosen) ? chosen : offered(asked) ? asked : config.DEFAULT_LOCALE);
  }

  return betterAuth({
    appName: config.SITE_NAME,
    baseURL: config.SITE_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.SITE_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        rateLimit: authRateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: EMAIL_LINK_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // A reset link reached the address's inbox: the address is proven, as a confirmation link would (decision 057).
      onPasswordReset: async ({ user }) => {
        await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, user.id));
      },
      ...(passwordHasher && { password: passwordHasher }),
      sendResetPassword: async ({ user, url }) => {
        await sendLinkMail(
          "password-reset",
          url,
          passwordResetMail(await wordsOfReader(user.email), { siteName: siteName(), to: user.email, url }),
        );
      },
    },
    session: { expiresIn: SESSION_LIFETIME_SECONDS, updateAge: SESSION_RENEW_AFTER_SECONDS },
    // A callback that fails before it knows where the person came from (no state, or a stale one) ends on our own
    // failure page, which shows the catalogue's message and tells the admin, never on Better Auth's JSON error.
    onAPIError: { errorURL: `${config.SITE_URL}/auth/failed` },
    // Google signs in the owner of an existing account only when it vouches for the address (email_verified): our own
    // accounts do not verify addresses, so the local check is left to that. The account service then ends what the
    // unproven account had (server/auth/external-sign-in.ts: recordGoogleSignIn).
    account: { accountLinking: { enabled: true, requireLocalEmailVerified: false } },
    advanced: {
      useSecureCookies: config.SITE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The address the app computed under TRUST_PROXY (./client-address.ts), never a header the client chose.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    // Our own actions carry their own limits (server/auth/rate-limit.ts); these cover Better Auth's HTTP endpoints. They
    // are counted in the database (auth_rate_limits), so that they hold across every app process.
    rateLimit: { enabled: config.NODE_ENV !== "test", window: 60, max: 30, storage: "database" },
    logger: {
      log: (level, message) => {
        if (level === "error") logger.error(`auth: ${message}`);
        else if (level === "warn") logger.warn(`auth: ${message}`);
      },
    },
    databaseHooks: {
      account: {
        delete: {
          after: async (account, context) => {
            if (account.providerId !== "credential" || context?.path !== "/magic-link/verify") return;
            await onUnprovenPasswordRemoved?.(account.userId).catch((error: unknown) =>
              logger.error("sign-in link: telling of the removed password failed", error),
            );
          },
        },
      },
      session: {
        create: {
          // A disabled user gets no new session, whatever the way they sign in.
          before: async (session, context) => {
            const [record] = await db
              .select({ isDisabled: users.isDisabled })
              .from(users)
              .where(eq(users.authId, session.userId))
              .limit(1);
            if (record?.isDisabled)
              throw new APIError("FORBIDDEN", { code: "USER_DISABLED", message: "The user has been disabled" });
            // Google's callback: the user record is made or switched here, so no session ever exists without its record.
            if (context?.path === "/callback/:id" && context.params?.id === "google" && onGoogleSignIn) {
              await onGoogleSignIn(session.userId).catch((error: unknown) => {
                logger.error("Google sign-in: keeping the user record failed", error);
                // An APIError sends the person to the failure page (which tells the admin) rather than to a bare 500.
                throw new APIError("INTERNAL_SERVER_ERROR", {
                  code: "USER_RECORD_FAILED",
                  message: "The user record could not be kept",
                });
              });
            }
          },
          after: async (session) => {
            await onSignedIn?.(session.userId, session.id).catch((error: unknown) =>
              logger.error("sign-in: checking ADMIN_EMAILS failed", error),
            );
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: EMAIL_LINK_LIFETIME_SECONDS,
        // A link signs in an existing account; accounts are made by registering or by Google.
        disableSignUp: true,
        sendMagicLink: async ({ email, url }) => {
          await sendLinkMail(
            "sign-in-link",
            url,
            signInLinkMail(await wordsOfReader(email), { siteName: siteName(), to: email, url }),
          );
        },
      }),
      ...(config.isGoogleEnabled
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  name: "Google",
                  discoveryUrl: config.GOOGLE_DISCOVERY_URL,
                  clientId: config.GOOGLE_CLIENT_ID,
                  clientSecret: config.GOOGLE_CLIENT_SECRET || undefined,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
