/**
 * Changes a user makes to their own account (docs/product.md §2 and §6: edit profile, request a boost) and the admin's
 * role command. Every operation acts on the signed-in user it is given: nobody changes another person's profile.
 */
import { and, eq, sql } from "drizzle-orm";
import { FEATURING_REQUEST } from "#common/constants.ts";
import { AppError, isAppError } from "#common/errors.ts";
import type {
  FeaturingRequestInput,
  PasswordChangeInput,
  ProfileInput,
  SetRoleInput,
} from "#common/schemas/profiles.ts";
import { slugify } from "#common/slugify.ts";
import { MESSAGES } from "#common/messages.ts";
import { profilePath, toolPath } from "#common/page-paths.ts";
import { type AccountDependencies, type CookieHeaders, type Requester, uniqueSlug } from "../auth/account-shared.ts";
import { isAuthApiError } from "../auth/auth-loader.ts";
import { LIMITS } from "../auth/rate-limit.ts";
import type { SessionUser } from "#common/access.ts";
import { requireOwnProfile } from "../access.ts";
import { type Database, isUniqueViolation } from "../db/client.ts";
import {
  authSessions,
  authUsers,
  type Payment,
  type SocialProfile,
  tools,
  userSlugRedirects,
  users,
} from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Effect } from "../outbox/effects.ts";
import { toolsFeaturableBy } from "./queries.ts";
import { recordAudit } from "../audit/audit.ts";

/** What the account services need, and: */
export type UserMutationDependencies = AccountDependencies & {
  /** Rewrites a tool's public snapshot, which names its creator (server/tools/read/snapshots.ts). */
  writeToolSnapshot: (id: string) => Promise<void>;
};

/** How often a slug clash with a concurrent change is retried before giving up. */
const SLUG_ATTEMPTS = 3;

/** A social profile's network, as its link reads: the site's name without www. */
function toSocialProfile(url: string): SocialProfile {
  return { network: new URL(url).hostname.replace(/^www\./, ""), url };
}

export function userMutations({
  db,
  auth,
  limiter,
  outbox,
  tokenSync,
  logger,
  readers,
  writeToolSnapshot,
  confirmations,
  now: clock,
}: UserMutationDependencies) {
  async function getRecord(user: SessionUser) {
    const [record] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
    if (!record) throw new AppError("not-found", MESSAGES.auth.recordNotFound);
    return record;
  }

  async function sessionTokensOf(authId: string | null): Promise<string[]> {
    if (!authId) return [];
    const rows = await db
      .select({ token: authSessions.token })
      .from(authSessions)
      .where(eq(authSessions.userId, authId));
    return rows.map((row) => row.token);
  }

  /** Snapshots name the tool's creator: after the creator changed address or left, they are rewritten. */
  async function refreshSnapshots(toolIds: string[]) {
    for (const id of toolIds) {
      try {
        await writeToolSnapshot(id);
      } catch (error) {
        // The snapshot is a cache the tool page falls back from; the change itself is done.
        logger.error(`rewriting the snapshot of tool ${id} failed`, error);
      }
    }
  }

  /** Writes effects that follow a change Better Auth committed in its own transaction, and wakes the worker. */
  async function enqueueAfterAuth(effects: Effect[]): Promise<void> {
    // Without a token sync URL there is nothing to write, nobody to wake.
    if (effects.length === 0) return;
    await outbox.enqueue(db, effects);
    outbox.poke();
  }

  /** Headers that clear the request's session cookie (its session is already gone or goes now). */
  async function clearedSessionCookie(requester: Requester): Promise<CookieHeaders> {
    const { headers } = await (await auth()).api.signOut({ headers: requester.headers, returnHeaders: true });
    return headers;
  }

  return {
    /**
     * Saves the profile section of /edit-profile. A new username gets a new unique slug (the rule of registration);
     * the old address then redirects to the new one, and the user's tools follow, in the same transaction.
     */
    async updateProfile(user: SessionUser, input: ProfileInput): Promise<{ slug: string }> {
      const current = await getRecord(user);
      const usernameChanged = input.username !== current.username;
      const slugChanges = (slugify(input.username) || "user") !== (slugify(current.username) || "user");
      const now = clock();
      for (let attempt = 1; ; attempt++) {
        const slug = slugChanges ? await uniqueSlug(db, input.username, current.id) : current.slug;
        try {
          const movedToolIds = await db.transaction(async (tx) => {
            await tx
              .update(users)
              .set({
                username: input.username,
                slug,
                bio: input.bio,
                socialProfiles: input.socialProfiles.map(toSocialProfile),
                hasSubscribedToNewsletter: input.newsletter,
                isSolo: input.isSolo,
                ...(input.locale ? { locale: input.locale } : {}),
                updatedAt: now,
              })
              .where(eq(users.id, current.id));
            if (usernameChanged && current.authId)
              await tx
                .update(authUsers)
                .set({ name: input.username, updatedAt: now })
                .where(eq(authUsers.id, current.authId));
            if (slug === current.slug) return [];
            // The new slug is this user's address now: a former address of that name (theirs or someone's) yields to it.
            await tx.delete(userSlugRedirects).where(eq(userSlugRedirects.oldSlug, slug));
            await tx
              .insert(userSlugRedirects)
              .values({ oldSlug: current.slug, userId: current.id, createdAt: now })
              .onConflictDoUpdate({ target: userSlugRedirects.oldSlug, set: { userId: current.id, createdAt: now } });
            const moved = await tx
              .update(tools)
              .set({ creatorUsername: slug })
              .where(eq(tools.creatorUsername, current.slug))
              .returning({ id: tools.id });
            return moved.map((tool) => tool.id);
          });
          await refreshSnapshots(movedToolIds);
          // Asked for now, the newsletter goes to a confirmed address only (decision 057): an unconfirmed one gets the link.
          if (input.newsletter && !current.hasSubscribedToNewsletter) {
            const confirm = await confirmations.confirmationEffects(db, current.id);
            await outbox.enqueue(db, confirm);
            if (confirm.length > 0) outbox.poke();
          }
          return { slug };
        } catch (error) {
          // Someone took the same slug between the check and the write: look for a free one again.
          if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
        }
      }
    },

    /**
     * Changes the password through Better Auth, which checks the current one. Every other session of the account ends;
     * this one goes on with a new cookie.
     */
    async changePassword(user: SessionUser, input: PasswordChangeInput, requester: Requester): Promise<CookieHeaders> {
      if (!(await limiter.hit(`password:${user.id}`, LIMITS.passwordChecksPerUser)))
        throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
      const record = await getRecord(user);
      const before = await sessionTokensOf(record.authId);
      try {
        const { headers, response } = await (await auth()).api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers: requester.headers,
          returnHeaders: true,
        });
        // Better Auth wrote the sessions in its own transaction: the calls follow it.
        await enqueueAfterAuth([...tokenSync.signedOut(before), ...tokenSync.signedIn(response.token ?? undefined)]);
        return headers;
      } catch (error) {
        throw passwordChangeFailure(error, logger);
      }
    },

    /** Ends every session of the user, this one included: they are signed out here and on every other device. */
    async signOutEverywhere(user: SessionUser, requester: Requester): Promise<CookieHeaders> {
      const record = await getRecord(user);
      const tokens = await sessionTokensOf(record.authId);
      try {
        await (await auth()).api.revokeSessions({ headers: requester.headers });
      } catch (error) {
        logger.error("revoking every session failed", error);
        throw new AppError("unknown", MESSAGES.general.unknown);
      }
      await enqueueAfterAuth(tokenSync.signedOut(tokens));
      return clearedSessionCookie(requester);
    },

    /**
     * Deletes the account: the user record (their favourites and former addresses go with it), the auth account and its
     * sessions. Their tools stay listed, unlinked from them and free to be claimed again.
     */
    async deleteAccount(user: SessionUser, requester: Requester): Promise<CookieHeaders> {
      const record = await getRecord(user);
      const tokens = await sessionTokensOf(record.authId);
      const unlinkedToolIds = await db.transaction(async (tx) => {
        const unlinked = await tx
          .update(tools)
          .set({
            creatorUsername: null,
            isLinkedToCreator: false,
            hasBeenClaimed: false,
            wasClaimedAccepted: false,
            claimedBy: null,
            isClaimLikelyGenuine: false,
          })
          .where(eq(tools.creatorUsername, record.slug))
          .returning({ id: tools.id });
        await tx.delete(users).where(eq(users.id, record.id));
        if (record.authId) await tx.delete(authUsers).where(eq(authUsers.id, record.authId));
        await outbox.enqueue(tx, tokenSync.signedOut(tokens));
        return unlinked.map((tool) => tool.id);
      });
      outbox.poke();
      await refreshSnapshots(unlinkedToolIds);
      return clearedSessionCookie(requester);
    },

    /**
     * Asks for one of the user's own tools to be featured (docs/product.md §6). The request joins the user's payments
     * list as 'requested'; boosts count what the admin granted, so they do not change here
     * (docs/decisions/005-featuring-requests.md). The admin is told through the messaging bot.
     */
    async requestFeaturing(
      user: SessionUser,
      { profileSlug, toolId }: FeaturingRequestInput & { profileSlug: string },
    ): Promise<void> {
      requireOwnProfile(user, profileSlug, MESSAGES.profile.notYourProfile);
      const record = await getRecord(user);
      const [tool] = await db
        .select({ id: tools.id, name: tools.name, slug: tools.slug })
        .from(tools)
        .where(and(eq(tools.id, toolId), toolsFeaturableBy(record), eq(tools.isActive, true)))
        .limit(1);
      if (!tool)
        throw new AppError("permission-denied", MESSAGES.profile.notYourTool, { toolId: MESSAGES.profile.notYourTool });

      const request: Payment = {
        kind: FEATURING_REQUEST,
        toolId: tool.id,
        createdAt: clock().toISOString(),
        status: "requested",
      };
      const open = JSON.stringify([{ kind: FEATURING_REQUEST, toolId: tool.id, status: "requested" }]);
      await db.transaction(async (tx) => {
        // One statement: a request still open for this tool is not added twice, even by two submits at once.
        const [added] = await tx
          .update(users)
          .set({ payments: sql`${users.payments} || ${JSON.stringify([request])}::jsonb`, updatedAt: clock() })
          .where(and(eq(users.id, record.id), sql`not (${users.payments} @> ${open}::jsonb)`))
          .returning({ id: users.id });
        if (!added)
          throw new AppError("aborted", MESSAGES.profile.alreadyRequested, {
            toolId: MESSAGES.profile.alreadyRequested,
          });
        // The bot is told after the commit, by the outbox worker: a slow bot host never holds this request.
        await outbox.enqueue(tx, [
          readers.notice(`featuring-requested:${record.id}:${tool.id}:${request.createdAt}`, ({ t, url }) => ({
            title: t("notice.featuringTitle"),
            text: t("notice.featuringText", {
              user: record.username,
              email: record.email,
              tool: tool.name,
              url: url(toolPath(tool.slug)),
              profile: url(profilePath(record.slug)),
            }),
          })),
        ]);
      });
      outbox.poke();
    },
  };
}

/** The catalogue's message for each way a password change fails. */
function passwordChangeFailure(error: unknown, logger: Logger): AppError {
  if (isAppError(error)) return error;
  if (isAuthApiError(error)) {
    switch (error.body?.code) {
      case "INVALID_PASSWORD":
        return new AppError("invalid-argument", MESSAGES.auth.wrongPassword, {
          currentPassword: MESSAGES.auth.wrongPassword,
        });
      case "PASSWORD_TOO_SHORT":
        return new AppError("invalid-argument", MESSAGES.auth.weakPassword, {
          newPassword: MESSAGES.auth.weakPassword,
        });
      case "PASSWORD_TOO_LONG":
        return new AppError("invalid-argument", MESSAGES.auth.longPassword, {
          newPassword: MESSAGES.auth.longPassword,
        });
      case "CREDENTIAL_ACCOUNT_NOT_FOUND":
        return new AppError("invalid-argument", MESSAGES.profile.noPassword);
    }
    if (error.statusCode === 429) return new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
  }
  logger.error("password change failed", error);
  return new AppError("unknown", MESSAGES.general.unknown);
}

/** The admin's command: `npm run admin -- set-role <email> <role>` (scripts/admin.ts). */
export function roleMutations(db: Database) {
  return {
    /** Gives the user with this e-mail a role (docs/product.md §6); says what the role was. */
    async setRole({
      email,
      role,
    }: SetRoleInput): Promise<{ email: string; username: string; previousRole: string; role: string }> {
      const [record] = await db
        .select({ id: users.id, email: users.email, username: users.username, role: users.role })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (!record) throw new AppError("not-found", MESSAGES.profile.noUserWithEmail(email));
      if (record.role !== role) {
        await db.transaction(async (tx) => {
          await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, record.id));
          await recordAudit(tx, "command line", {
            kind: "user.role",
            subject: record.email,
            before: { role: record.role },
            after: { role },
          });
        });
      }
      return { email: record.email, username: record.username, previousRole: record.role, role };
    },
  };
}
