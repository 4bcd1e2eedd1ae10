/**
 * The site's first admin, without a command (decision 047):
 * - ADMIN_EMAILS names accounts that become admins when they sign in with an address they have proven: Google's
 *   verified address, or a link mailed to it (a password alone proves no address, so it makes no admin);
 * - while the site has no admin, each start writes to its log a one-time link, valid 24 hours, that makes the signed-in
 *   person who opens it the admin. Only the token's SHA-256 is kept; the first use removes every link.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lte, ne, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { Database } from "../db/client.ts";
import { authAccounts, authSessions, authUsers, setupTokens, users } from "../db/schema.ts";
import type { Logger } from "../logger.ts";

export const SETUP_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export function firstAdmin({
  db,
  adminEmails,
  siteUrl,
  logger,
  now: clock,
}: {
  db: Database;
  adminEmails: string[];
  siteUrl: string;
  logger: Logger;
  /** The site's one clock (server/services.ts). */
  now: () => Date;
}) {
  async function hasAdmin(): Promise<boolean> {
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    return Boolean(admin);
  }

  return {
    hasAdmin,

    /** At a start: while the site has no admin, a new setup link, written to the log (and returned). */
    async offerSetupLink(now = clock()): Promise<string | undefined> {
      if (await hasAdmin()) return undefined;
      const token = randomBytes(32).toString("base64url");
      await db.delete(setupTokens).where(lte(setupTokens.expiresAt, now));
      await db.insert(setupTokens).values({
        tokenHash: hashOf(token),
        expiresAt: new Date(now.getTime() + SETUP_LINK_LIFETIME_MS),
        createdAt: now,
      });
      const link = `${siteUrl}/setup/${token}`;
      logger.info(
        `This site has no admin yet. Sign up, then open ${link} within 24 hours to become its admin (the link works once).`,
      );
      return link;
    },

    /** Whether `token` is a setup link that still works; a site with an admin has none. */
    async checkSetupLink(token: string, now = clock()): Promise<"valid" | "invalid" | "has-admin"> {
      if (await hasAdmin()) return "has-admin";
      const [row] = await db
        .select({ tokenHash: setupTokens.tokenHash })
        .from(setupTokens)
        .where(and(eq(setupTokens.tokenHash, hashOf(token)), gt(setupTokens.expiresAt, now)));
      return row ? "valid" : "invalid";
    },

    /** Makes `user` the admin through the link `token`, which then, with every other, stops working. */
    async useSetupLink(user: SessionUser, token: string, now = clock()): Promise<void> {
      await db.transaction(async (tx) => {
        // One use at a time: two people opening two links at once make one admin.
        await tx.execute(sql`lock table ${setupTokens} in exclusive mode`);
        const [used] = await tx
          .delete(setupTokens)
          .where(and(eq(setupTokens.tokenHash, hashOf(token)), gt(setupTokens.expiresAt, now)))
          .returning();
        if (!used) throw new AppError("not-found", MESSAGES.setup.invalid);
        const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
        if (admin) throw new AppError("aborted", MESSAGES.setup.hasAdmin);
        await tx.update(users).set({ role: "admin", updatedAt: now }).where(eq(users.id, user.id));
        await tx.delete(setupTokens);
      });
      logger.info(`${user.username} became this site's admin through the setup link`);
    },

    /**
     * After a sign-in (`sessionId` its new session): an account ADMIN_EMAILS names, whose address is proven, becomes
     * an admin. Whoever registered the address before its owner proved it must keep no way into an admin's account:
     * the promotion ends the account's other sessions and removes its password (the owner sets one with "Forgot
     * password", whose link reaches only them).
     */
    async promoteListedAdmin(authUserId: string, sessionId: string): Promise<void> {
      if (adminEmails.length === 0) return;
      const [account] = await db
        .select({ email: authUsers.email, verified: authUsers.emailVerified })
        .from(authUsers)
        .where(eq(authUsers.id, authUserId));
      if (!account?.verified || !adminEmails.includes(account.email.toLowerCase())) return;
      const promoted = await db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({ role: "admin", updatedAt: clock() })
          .where(and(eq(users.authId, authUserId), ne(users.role, "admin")))
          .returning({ username: users.username });
        if (rows.length === 0) return undefined;
        await tx
          .delete(authAccounts)
          .where(and(eq(authAccounts.userId, authUserId), eq(authAccounts.providerId, "credential")));
        await tx.delete(authSessions).where(and(eq(authSessions.userId, authUserId), ne(authSessions.id, sessionId)));
        return rows[0]!.username;
      });
      if (promoted)
        logger.info(`${promoted} (${account.email}) is an admin: ADMIN_EMAILS names them, and they proved the address`);
    },
  };
}

export type FirstAdmin = ReturnType<typeof firstAdmin>;
