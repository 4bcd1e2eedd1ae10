/**
 * The verifiers' side of the tool lifecycle (SPEC section 4): the queue, verifying or refusing a tool, answering a
 * claim, confirming a live tool's new name, and the admin's skip of the waiting line. Every step checks who asks
 * (server/access.ts); its mails are outbox rows written in the change's transaction, delivered after the commit.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { toolPath } from "#common/page-paths.ts";
import { requireAdmin, requireModerator } from "../access.ts";
import { tools } from "../db/schema.ts";
import { emailOf, getTool, type LifecycleDependencies, type ToolRow } from "./lifecycle-shared.ts";
import { countQueuedTools, isQueuedTool } from "./queue.ts";

/** How long one tool waits in the queue, on average, used for the estimate shown to makers. */
export const AVERAGE_REVIEW_HOURS = 24;

export function toolReviews({ db, outbox, webhooks, siteUrl, writeSnapshot }: Omit<LifecycleDependencies, "limiter">) {
  return {
    /** The queue: tools waiting for verification, those that skipped the line first, then the oldest (tools_queue_idx). */
    async listQueue(user: SessionUser | null, { limit }: { limit?: number } = {}) {
      requireModerator(user, MESSAGES.access.notAllowed);
      const query = db
        .select()
        .from(tools)
        .where(isQueuedTool)
        .orderBy(desc(tools.hasSkippedLine), asc(tools.dateSkippedLine), asc(tools.createdAt), asc(tools.id));
      return limit === undefined ? query : query.limit(limit);
    },

    /** How many tools wait in the queue. */
    async countQueue(user: SessionUser | null): Promise<number> {
      requireModerator(user, MESSAGES.access.notAllowed);
      return countQueuedTools(db);
    },

    /** Live tools whose maker changed the name or website since a verifier last looked: they are shown to verifiers. */
    async listChangedLiveTools(user: SessionUser | null) {
      requireModerator(user, MESSAGES.access.notAllowed);
      return db
        .select({ id: tools.id, name: tools.name, slug: tools.slug, website: tools.website, updatedAt: tools.updatedAt })
        .from(tools)
        .where(sql`${tools.hasIdentityChanged} and ${tools.isVerified}`)
        .orderBy(asc(tools.updatedAt), asc(tools.id));
    },

    /** A verifier saw a live tool's new name or website and finds it right. */
    async confirmToolIdentity(user: SessionUser | null, id: string) {
      requireModerator(user, MESSAGES.access.notAllowed);
      await getTool(db, id);
      const [confirmed] = await db.update(tools).set({ hasIdentityChanged: false }).where(eq(tools.id, id)).returning();
      return confirmed!;
    },

    /** A waiting tool's place in the queue (1 = next) and the estimated wait, for its maker. */
    async findQueuePlace(tool: Pick<ToolRow, "id" | "hasSkippedLine" | "dateSkippedLine" | "createdAt">) {
      const [row] = await db
        .select({ ahead: sql<number>`count(*)::int` })
        .from(tools)
        .where(
          sql`${isQueuedTool} and ${tools.id} <> ${tool.id} and (
            (${tools.hasSkippedLine} and not ${tool.hasSkippedLine})
            or (${tools.hasSkippedLine} = ${tool.hasSkippedLine} and (coalesce(${tools.dateSkippedLine}, '-infinity'), ${tools.createdAt}, ${tools.id})
              < (coalesce(${tool.dateSkippedLine?.toISOString() ?? null}::timestamptz, '-infinity'), ${tool.createdAt.toISOString()}::timestamptz, ${tool.id}))
          )`,
        );
      const place = (row?.ahead ?? 0) + 1;
      return { place, estimatedHours: place * AVERAGE_REVIEW_HOURS };
    },

    /** verifyTool (SPEC section 4): live from now on; then toolVerified e-mails the submitter the tool's link. */
    async verifyTool(user: SessionUser | null, id: string) {
      requireModerator(user, MESSAGES.access.notAllowed);
      const tool = await getTool(db, id);
      if (tool.isVerified) throw new AppError("aborted", MESSAGES.tool.alreadyVerified);
      const now = new Date();
      const verified = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tools)
          .set({ isVerified: true, isActive: true, verifiedAt: now, rejectedAt: null, rejectionReason: null, hasIdentityChanged: false, updatedAt: now })
          .where(eq(tools.id, id))
          .returning();
        const email = await emailOf(tx, tool.submittedBy);
        if (email) {
          await outbox.enqueue(tx, [
            { channel: "mail", key: `tool-verified:${id}:${now.getTime()}`, payload: { to: email, subject: `${tool.name} is live`, text: `${tool.name} is now listed: ${siteUrl}${toolPath(row!.slug)}` } },
          ]);
        }
        await webhooks.enqueue(tx, "tool.verified", { tool: row! });
        return row!;
      });
      outbox.poke();
      await writeSnapshot(id);
      return verified;
    },

    /** Refuses a waiting tool with a reason, which is e-mailed to its submitter. */
    async rejectTool(user: SessionUser | null, id: string, reason: string) {
      requireModerator(user, MESSAGES.access.notAllowed);
      if (!reason.trim()) throw new AppError("invalid-argument", MESSAGES.moderation.reasonRequired, { reason: MESSAGES.moderation.reasonRequired });
      const tool = await getTool(db, id);
      if (tool.isVerified) throw new AppError("aborted", MESSAGES.tool.alreadyVerified);
      const now = new Date();
      const rejected = await db.transaction(async (tx) => {
        const [row] = await tx.update(tools).set({ rejectedAt: now, rejectionReason: reason.trim(), updatedAt: now }).where(eq(tools.id, id)).returning();
        const email = await emailOf(tx, tool.submittedBy);
        if (email) {
          await outbox.enqueue(tx, [
            {
              channel: "mail",
              key: `tool-rejected:${id}:${now.getTime()}`,
              payload: { to: email, subject: `${tool.name} was not listed`, text: `A verifier did not list ${tool.name}:\n\n${reason.trim()}\n\nYou can change it and send it again from ${siteUrl}/my-tools.` },
            },
          ]);
        }
        await webhooks.enqueue(tx, "tool.rejected", { tool: row! });
        return row!;
      });
      outbox.poke();
      return rejected;
    },

    /** acceptClaim (SPEC section 4): the claimer becomes the linked creator; claimToolAccepted e-mails them. */
    async acceptClaim(user: SessionUser | null, id: string) {
      requireModerator(user, MESSAGES.access.notAllowed);
      const tool = await getTool(db, id);
      if (!tool.hasBeenClaimed || tool.wasClaimedAccepted) throw new AppError("aborted", MESSAGES.tool.noClaim);
      const now = new Date();
      const accepted = await db.transaction(async (tx) => {
        const [row] = await tx.update(tools).set({ wasClaimedAccepted: true, isLinkedToCreator: true, updatedAt: now }).where(eq(tools.id, id)).returning();
        const email = await emailOf(tx, tool.claimedBy);
        if (email) {
          await outbox.enqueue(tx, [
            {
              channel: "mail",
              key: `claim-accepted:${id}:${tool.claimedBy}:${now.getTime()}`,
              payload: { to: email, subject: `${tool.name} is yours`, text: `Your claim of ${tool.name} was accepted. It now shows on your profile: ${siteUrl}${toolPath(tool.slug)}` },
            },
          ]);
        }
        await webhooks.enqueue(tx, "claim.accepted", { tool: row! });
        return row!;
      });
      outbox.poke();
      await writeSnapshot(id);
      return accepted;
    },

    /** Refuses a claim: the tool goes back to unclaimed. */
    async refuseClaim(user: SessionUser | null, id: string) {
      requireModerator(user, MESSAGES.access.notAllowed);
      const tool = await getTool(db, id);
      if (!tool.hasBeenClaimed || tool.wasClaimedAccepted) throw new AppError("aborted", MESSAGES.tool.noClaim);
      const [refused] = await db
        .update(tools)
        .set({ hasBeenClaimed: false, creatorUsername: null, claimedBy: null, isClaimLikelyGenuine: false, updatedAt: new Date() })
        .where(eq(tools.id, id))
        .returning();
      return refused!;
    },

    /** skipWaitingLine (SPEC section 4), granted by an admin: the tool moves to the front of the queue. */
    async skipWaitingLine(user: SessionUser | null, id: string, now = new Date()) {
      requireAdmin(user, MESSAGES.access.notAllowed);
      await getTool(db, id);
      const [skipped] = await db.update(tools).set({ hasSkippedLine: true, dateSkippedLine: now, updatedAt: now }).where(eq(tools.id, id)).returning();
      return skipped!;
    },
  };
}
