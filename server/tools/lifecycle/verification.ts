/**
 * The verifiers' side of the tool lifecycle (docs/product.md §4): the queue, verifying, asking for changes or refusing a tool, answering a
 * claim, confirming a live tool's new name, and the admin's skip of the waiting line. Every step checks who asks
 * (server/access.ts); its mails are outbox rows written in the change's transaction, delivered after the commit.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { recordAudit } from "../../audit/audit.ts";
import { requireAdmin, requireModerator } from "../../access.ts";
import type { Transaction } from "../../db/client.ts";
import { launches, tools, users } from "../../db/schema.ts";
import { getTool, type LifecycleDependencies, type ToolRow } from "./shared.ts";
import { makerMails } from "./maker-mails.ts";
import { countQueuedTools, isQueuedTool } from "./queue.ts";

/** A verifier's answer (verified, refused) ends a request for changes. */
const noChangesRequested = { changesRequestedAt: null, changesRequestedMessage: null };

/** How long one tool waits in the queue, on average, used for the estimate shown to makers. */
export const AVERAGE_REVIEW_HOURS = 24;

/** What became of one tool of a bulk refusal. */
/** A verifier's answer to a declared self-hosting: it can be self-hosted, or it cannot. */
export type SelfHostingAnswer = "confirmed" | "refused";

/** What an answer writes: confirmed, or no self-hosting at all. */
function selfHostingColumns(answer: SelfHostingAnswer) {
  return { selfHostable: answer === "confirmed" ? ("confirmed" as const) : null };
}

export type RejectOutcome = {
  id: string;
  name: string | null;
  outcome: "rejected" | "already-live" | "already-rejected" | "not-found";
};

export function toolVerification({
  db,
  outbox,
  webhooks,
  readers,
  writeSnapshot,
  now: clock,
}: Omit<LifecycleDependencies, "limiter" | "submissionsPerDay">) {
  /** Refuses `tool` in the transaction `tx`, and writes the mail that tells its submitter why. */
  async function rejectWithin(tx: Transaction, tool: ToolRow, reason: string, now: Date): Promise<ToolRow> {
    const [row] = await tx
      .update(tools)
      .set({ rejectedAt: now, rejectionReason: reason, ...noChangesRequested, updatedAt: now })
      .where(eq(tools.id, tool.id))
      .returning();
    await outbox.enqueue(
      tx,
      await makerMails(readers).rejected(
        tx,
        tool.submittedBy,
        tool,
        reason,
        `tool-rejected:${tool.id}:${now.getTime()}`,
      ),
    );
    await webhooks.enqueue(tx, "tool.rejected", { tool: row! });
    return row!;
  }

  /**
   * Lists `tool` in the transaction `tx`, with the mail and the webhook of verifyTool. `by` is the verifier, or null
   * when the tool earned it itself (its link back, decision 062): then no audit record, and the submitter's default link.
   */
  async function verifyWithin(
    tx: Transaction,
    tool: ToolRow,
    now: Date,
    by: SessionUser | null,
    linkSubmitter?: boolean,
    selfHosting?: SelfHostingAnswer,
  ): Promise<ToolRow & { launchesAt: Date | null }> {
    const [submitter] = tool.submittedBy
      ? await tx
          .select({ slug: users.slug, role: users.role })
          .from(users)
          .where(eq(users.id, tool.submittedBy))
          .limit(1)
      : [];
    const isLinked =
      Boolean(submitter) &&
      !tool.creatorUsername &&
      !tool.isLinkedToCreator &&
      (linkSubmitter ?? submitter!.role === "guest");
    // A launch day its maker chose holds it until then (decision 063).
    const [launch] = await tx
      .select({ launchAt: launches.launchAt })
      .from(launches)
      .where(eq(launches.toolId, tool.id))
      .limit(1);
    const heldUntil = launch && launch.launchAt > now ? launch.launchAt : null;
    // Held until its day; or, verified after it, launched now.
    if (launch)
      await tx
        .update(launches)
        .set(heldUntil ? { isWaiting: true, updatedAt: now } : { launchAt: now, updatedAt: now })
        .where(eq(launches.toolId, tool.id));
    const [row] = await tx
      .update(tools)
      .set({
        isVerified: true,
        isActive: !heldUntil,
        verifiedAt: now,
        rejectedAt: null,
        rejectionReason: null,
        ...noChangesRequested,
        hasIdentityChanged: false,
        updatedAt: now,
        ...(isLinked ? { creatorUsername: submitter!.slug, isLinkedToCreator: true } : {}),
        ...(tool.selfHostable === "declared" && selfHosting ? selfHostingColumns(selfHosting) : {}),
      })
      .where(eq(tools.id, tool.id))
      .returning();
    const key = `tool-verified:${tool.id}:${now.getTime()}`;
    await outbox.enqueue(
      tx,
      heldUntil
        ? await makerMails(readers).scheduled(tx, tool.submittedBy, row!, heldUntil, key)
        : await makerMails(readers).live(tx, tool.submittedBy, row!, isLinked, key),
    );
    await webhooks.enqueue(tx, "tool.verified", { tool: row! });
    if (by)
      await recordAudit(tx, by, {
        kind: "tool.verified",
        toolId: tool.id,
        subject: tool.name,
        before: { isVerified: false },
        after: { isVerified: true, linkedTo: isLinked ? submitter!.slug : null },
      });
    // A tool held for its launch day goes live then, not now: whoever verified it is told when.
    return { ...row!, launchesAt: heldUntil };
  }

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
        .select({
          id: tools.id,
          name: tools.name,
          slug: tools.slug,
          website: tools.website,
          updatedAt: tools.updatedAt,
        })
        .from(tools)
        .where(sql`${tools.hasIdentityChanged} and ${tools.isVerified}`)
        .orderBy(asc(tools.updatedAt), asc(tools.id));
    },

    /** Live tools whose maker says they can be self-hosted, for a verifier to look at, the longest waiting first. */
    async listDeclaredSelfHosting(user: SessionUser | null, { limit = 50 }: { limit?: number } = {}) {
      requireModerator(user, MESSAGES.access.notAllowed);
      return db
        .select({
          id: tools.id,
          name: tools.name,
          slug: tools.slug,
          website: tools.website,
          updatedAt: tools.updatedAt,
        })
        .from(tools)
        .where(sql`${tools.isVerified} and ${tools.selfHostable} = 'declared'`)
        .orderBy(asc(tools.updatedAt), asc(tools.id))
        .limit(limit);
    },

    /**
     * A verifier's answer to a tool's declared self-hosting (decision 060): confirmed, visitors see it and the filter
     * finds it; refused, the declaration goes. Only a declaration waits for an answer.
     */
    async answerSelfHosting(user: SessionUser | null, id: string, answer: SelfHostingAnswer) {
      const moderator = requireModerator(user, MESSAGES.access.notAllowed);
      const tool = await getTool(db, id);
      if (tool.selfHostable !== "declared") throw new AppError("aborted", MESSAGES.moderation.selfHostingAnswered);
      const answered = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tools)
          .set({ ...selfHostingColumns(answer), updatedAt: clock() })
          .where(and(eq(tools.id, id), eq(tools.selfHostable, "declared")))
          .returning();
        if (!row) throw new AppError("aborted", MESSAGES.moderation.selfHostingAnswered);
        await recordAudit(tx, moderator, {
          kind: "tool.self-hosting",
          toolId: id,
          subject: row.name,
          before: { selfHostable: "declared" },
          after: { selfHostable: row.selfHostable },
        });
        if (row.isVerified && row.isActive) await webhooks.enqueue(tx, "tool.updated", { tool: row });
        return row;
      });
      outbox.poke();
      await writeSnapshot(id);
      return answered;
    },

    /** A verifier saw a live tool's new name or website and finds it right. */
    async confirmToolIdentity(user: SessionUser | null, id: string) {
      const moderator = requireModerator(user, MESSAGES.access.notAllowed);
      const tool = await getTool(db, id);
      return await db.transaction(async (tx) => {
        const [confirmed] = await tx
          .update(tools)
          .set({ hasIdentityChanged: false })
          .where(eq(tools.id, id))
          .returning();
        await recordAudit(tx, moderator, {
          kind: "tool.identity-confirmed",
          toolId: id,
          subject: tool.name,
          after: { name: tool.name, website: tool.website },
        });
        return confirmed!;
      });
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

    /**
     * verifyTool (docs/product.md §4): live from now on, or from the launch day its maker chose (`launchesAt`); then
     * toolVerified e-mails the submitter the tool's link. The
     * submitter becomes its linked creator (decision 022) unless the verifier decides otherwise; by default a guest's
     * submission is theirs, and a verifier's or an admin's is curation, linked to no one.
     */
    async verifyTool(
      user: SessionUser | null,
      id: string,
      { linkSubmitter, selfHosting }: { linkSubmitter?: boolean; selfHosting?: SelfHostingAnswer } = {},
    ) {
      const moderator = requireModerator(user, MESSAGES.access.notAllowed);
      const tool = await getTool(db, id);
      if (tool.isVerified) throw new AppError("aborted", MESSAGES.tool.alreadyVerified);
      const verified = await db.transaction((tx) =>
        verifyWithin(tx, tool, clock(), moderator, linkSubmitter, selfHosting),
      );
      outbox.poke();
      await writeSnapshot(id);
      return verified;
    },

    verifyWithin,

    /**
     * A verifier asks the maker for changes, with a message e-mailed to them: the tool leaves the queue until its
     * maker edits it, then comes back at its place (decision 022).
     */
    async requestChanges(user: SessionUser | null, id: string, message: string) {
      const moderator = requireModerator(user, MESSAGES.access.notAllowed);
      if (!message.trim())
        throw new AppError("invalid-argument", MESSAGES.moderation.changesMessageRequired, {
          message: MESSAGES.moderation.changesMessageRequired,
        });
      const tool = await getTool(db, id);
      if (tool.isVerified) throw new AppError("aborted", MESSAGES.tool.alreadyVerified);
      const now = clock();
      const asked = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tools)
          .set({
            changesRequestedAt: now,
            changesRequestedMessage: message.trim(),
            rejectedAt: null,
            rejectionReason: null,
            updatedAt: now,
          })
          .where(and(eq(tools.id, id), eq(tools.isVerified, false)))
          .returning();
        if (!row) throw new AppError("aborted", MESSAGES.tool.alreadyVerified);
        await outbox.enqueue(
          tx,
          await makerMails(readers).changesRequested(
            tx,
            tool.submittedBy,
            tool,
            message.trim(),
            `tool-changes-requested:${id}:${now.getTime()}`,
          ),
        );
        await recordAudit(tx, moderator, {
          kind: "tool.changes-requested",
          toolId: id,
          subject: tool.name,
          after: { message: message.trim() },
        });
        return row;
      });
      outbox.poke();
      return asked;
    },

    /** Refuses a waiting tool with a reason, which is e-mailed to its submitter. */
    async rejectTool(user: SessionUser | null, id: string, reason: string) {
      const moderator = requireModerator(user, MESSAGES.access.notAllowed);
      if (!reason.trim())
        throw new AppError("invalid-argument", MESSAGES.moderation.reasonRequired, {
          reason: MESSAGES.moderation.reasonRequired,
        });
      const tool = await getTool(db, id);
      if (tool.isVerified) throw new AppError("aborted", MESSAGES.tool.alreadyVerified);
      const rejected = await db.transaction(async (tx) => {
        const row = await rejectWithin(tx, tool, reason.trim(), clock());
        await recordAudit(tx, moderator, {
          kind: "tool.refused",
          toolId: id,
          subject: tool.name,
          after: { reason: reason.trim() },
        });
        return row;
      });
      outbox.poke();
      return rejected;
    },

    /**
     * Refuses several waiting tools with one reason, in one transaction, each submitter e-mailed as for one. A tool that
     * is live, already refused or gone is left as it is, and its outcome says so.
     */
    async rejectTools(user: SessionUser | null, ids: string[], reason: string): Promise<RejectOutcome[]> {
      const moderator = requireModerator(user, MESSAGES.access.notAllowed);
      if (!reason.trim())
        throw new AppError("invalid-argument", MESSAGES.moderation.reasonRequired, {
          reason: MESSAGES.moderation.reasonRequired,
        });
      const now = clock();
      const outcomes = await db.transaction(async (tx) => {
        const results: RejectOutcome[] = [];
        for (const id of new Set(ids)) {
          // Locked, so a verifier answering the same tool at this moment cannot make it both live and refused.
          const [tool] = await tx.select().from(tools).where(eq(tools.id, id)).for("update");
          if (!tool) results.push({ id, name: null, outcome: "not-found" });
          else if (tool.isVerified) results.push({ id, name: tool.name, outcome: "already-live" });
          else if (tool.rejectedAt) results.push({ id, name: tool.name, outcome: "already-rejected" });
          else {
            await rejectWithin(tx, tool, reason.trim(), now);
            await recordAudit(tx, moderator, {
              kind: "tool.refused",
              toolId: id,
              subject: tool.name,
              after: { reason: reason.trim() },
            });
            results.push({ id, name: tool.name, outcome: "rejected" });
          }
        }
        return results;
      });
      outbox.poke();
      return outcomes;
    },

    /** acceptClaim (docs/product.md §4): the claimer becomes the linked creator; claimToolAccepted e-mails them. */
    async acceptClaim(user: SessionUser | null, id: string) {
      const moderator = requireModerator(user, MESSAGES.access.notAllowed);
      const tool = await getTool(db, id);
      if (!tool.hasBeenClaimed || tool.wasClaimedAccepted) throw new AppError("aborted", MESSAGES.tool.noClaim);
      const now = clock();
      const accepted = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tools)
          .set({ wasClaimedAccepted: true, isLinkedToCreator: true, updatedAt: now })
          .where(eq(tools.id, id))
          .returning();
        await outbox.enqueue(
          tx,
          await makerMails(readers).claimAccepted(
            tx,
            tool.claimedBy,
            tool,
            `claim-accepted:${id}:${tool.claimedBy}:${now.getTime()}`,
          ),
        );
        await webhooks.enqueue(tx, "claim.accepted", { tool: row! });
        await recordAudit(tx, moderator, {
          kind: "claim.accepted",
          toolId: id,
          subject: tool.name,
          after: { creator: tool.creatorUsername },
        });
        return row!;
      });
      outbox.poke();
      await writeSnapshot(id);
      return accepted;
    },

    /** Refuses a claim: the tool goes back to unclaimed, and the claimer is e-mailed. */
    async refuseClaim(user: SessionUser | null, id: string) {
      const moderator = requireModerator(user, MESSAGES.access.notAllowed);
      const tool = await getTool(db, id);
      if (!tool.hasBeenClaimed || tool.wasClaimedAccepted) throw new AppError("aborted", MESSAGES.tool.noClaim);
      const now = clock();
      const refused = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tools)
          .set({
            hasBeenClaimed: false,
            creatorUsername: null,
            claimedBy: null,
            isClaimLikelyGenuine: false,
            updatedAt: now,
          })
          .where(eq(tools.id, id))
          .returning();
        await outbox.enqueue(
          tx,
          await makerMails(readers).claimRefused(
            tx,
            tool.claimedBy,
            tool,
            `claim-refused:${id}:${tool.claimedBy}:${now.getTime()}`,
          ),
        );
        await recordAudit(tx, moderator, {
          kind: "claim.refused",
          toolId: id,
          subject: tool.name,
          before: { creator: tool.creatorUsername },
        });
        return row!;
      });
      outbox.poke();
      return refused;
    },

    /** skipWaitingLine (docs/product.md §4), granted by an admin: the tool moves to the front of the queue. */
    async skipWaitingLine(user: SessionUser | null, id: string, now = clock()) {
      const admin = requireAdmin(user, MESSAGES.access.notAllowed);
      const tool = await getTool(db, id);
      return await db.transaction(async (tx) => {
        const [skipped] = await tx
          .update(tools)
          .set({ hasSkippedLine: true, dateSkippedLine: now, updatedAt: now })
          .where(eq(tools.id, id))
          .returning();
        await recordAudit(tx, admin, { kind: "tool.moved-to-front", toolId: id, subject: tool.name });
        return skipped!;
      });
    },
  };
}
