/**
 * The tool lifecycle (SPEC section 4): submit, edit, verify or reject, claim and accept or refuse the claim, skip the
 * waiting line. Every step checks who asks; its notices (mail, the admin's bot) are outbox rows written in the change's
 * transaction, delivered after it is committed (server/outbox/), so they never undo it nor hold the request.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { toolSlug } from "#common/ids.ts";
import { type ToolInput, websiteDomain } from "#common/tool-input.ts";
import { MESSAGES } from "#common/messages.ts";
import { canEditTool, isLinkedCreator, needsIdentityReview, type SessionUser } from "#common/access.ts";
import { requireAdmin, requireModerator, requireSignedIn, requireToolEditor } from "../access.ts";
import { LIMITS, type RateLimiter } from "../auth/rate-limit.ts";
import type { Database, Transaction } from "../db/client.ts";
import { authUsers, tools, users } from "../db/schema.ts";
import type { Outbox } from "../outbox/effects.ts";
import { toolDetailColumns, type ToolDetailRow, toToolDetail } from "./queries.ts";
import { countQueuedTools, isQueuedTool } from "./queue.ts";
import { buildToolRow } from "./rows.ts";

/** How long one tool waits in the queue, on average, used for the estimate shown to makers. */
export const AVERAGE_REVIEW_HOURS = 24;

/** A tool's images, by their addresses. */
export type ToolImages = { logo?: string; largeImage?: string };
/** The images, or the step that stores them: run only once the change is allowed, so a refused one stores nothing. */
type ToolImagesToStore = ToolImages | (() => Promise<ToolImages>);

export type LifecycleDependencies = {
  db: Database;
  /** Where the notices go: written with the change, delivered after it. */
  outbox: Outbox;
  siteUrl: string;
  /** Counts each maker's submissions (LIMITS.submissionsPerUser). */
  limiter: RateLimiter;
  /** Writes or removes the tool's public snapshot after a change. */
  writeSnapshot: (id: string) => Promise<void>;
};

type ToolRow = typeof tools.$inferSelect;

export function toolLifecycle({ db, outbox, siteUrl, limiter, writeSnapshot }: LifecycleDependencies) {
  async function getTool(id: string): Promise<ToolRow> {
    const [tool] = await db.select().from(tools).where(eq(tools.id, id)).limit(1);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundById);
    return tool;
  }

  async function emailOf(tx: Transaction, userId: string | null): Promise<string | undefined> {
    if (!userId) return undefined;
    const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.email;
  }

  async function findListedTool(website: string, exceptId?: string) {
    const [listed] = await db
      .select({ id: tools.id, slug: tools.slug, name: tools.name })
      .from(tools)
      .where(and(eq(tools.websiteDomain, websiteDomain(website)), exceptId ? sql`${tools.id} <> ${exceptId}` : undefined))
      .limit(1);
    return listed;
  }

  function alreadyListed(listed: { slug: string; name: string }): AppError {
    // The form offers the maker to claim the listed tool instead: its address travels beside the message.
    return new AppError("aborted", MESSAGES.tool.alreadyListed, { website: `${listed.name} is already listed.`, listedTool: `/tool/${listed.slug}` });
  }

  return {
    /** Submits a new tool (SPEC section 4: created unverified and queued), then calls submitTool's notices. */
    async submitTool(user: SessionUser | null, input: ToolInput, imagesToStore: ToolImagesToStore = {}, { id }: { id?: string } = {}) {
      const maker = requireSignedIn(user);
      // A valid submission counts even when it is refused as a duplicate: a flood would hurt the queue and the admin's bot.
      if (!(await limiter.hit(`submit:${maker.id}`, LIMITS.submissionsPerUser))) throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
      const listed = await findListedTool(input.website);
      if (listed) throw alreadyListed(listed);
      const images = typeof imagesToStore === "function" ? await imagesToStore() : imagesToStore;
      const built = buildToolRow({
        ...input,
        faq: input.faq.length ? input.faq : null,
        pros: input.pros.length ? input.pros : null,
        cons: input.cons.length ? input.cons : null,
        logo: images.logo ?? null,
        largeImage: images.largeImage ?? null,
        websiteDomain: websiteDomain(input.website),
        isVerified: false,
        isActive: true,
        // The submitter may be listing someone else's tool: a maker is linked to a tool by a claim a verifier accepts.
        submittedBy: maker.id,
      });
      // The form reserves the id beforehand, so that its images are stored under the tool before it exists.
      const row = id ? { ...built, id, slug: toolSlug(input.name, id) } : built;
      const tool = await db.transaction(async (tx) => {
        const [created] = await tx.insert(tools).values(row).onConflictDoNothing().returning();
        if (!created) throw new AppError("aborted", MESSAGES.tool.alreadySubmitted);
        const email = await emailOf(tx, maker.id);
        // Two effects, each delivered once: a failed mail is retried alone, never the admin's notice again.
        await outbox.enqueue(tx, [
          { channel: "notice", key: `tool-submitted:${created.id}`, payload: { title: "New tool submitted", text: `${created.name} (${created.website}) by ${maker.username}` } },
          ...(email
            ? [
                {
                  channel: "mail" as const,
                  key: `tool-submitted:${created.id}`,
                  payload: {
                    to: email,
                    subject: `We received ${created.name}`,
                    text: `Thank you for submitting ${created.name}. A verifier will look at it soon; you can follow it on ${siteUrl}/my-tools.`,
                  },
                },
              ]
            : []),
        ]);
        return created;
      });
      outbox.poke();
      return tool;
    },

    /** Edits a tool (its submitter, linked creator, a verifier or an admin). A live tool stays live. */
    async updateTool(user: SessionUser | null, id: string, input: ToolInput, imagesToStore: ToolImagesToStore = {}) {
      requireSignedIn(user);
      const tool = await getTool(id);
      const editor = requireToolEditor(user, tool);
      const listed = await findListedTool(input.website, id);
      if (listed) throw alreadyListed(listed);
      const images = typeof imagesToStore === "function" ? await imagesToStore() : imagesToStore;
      const isRenamed = input.name !== tool.name || input.website !== tool.website;
      const [updated] = await db
        .update(tools)
        .set({
          ...input,
          faq: input.faq.length ? input.faq : null,
          pros: input.pros.length ? input.pros : null,
          cons: input.cons.length ? input.cons : null,
          ...(images.logo ? { logo: images.logo } : {}),
          ...(images.largeImage ? { largeImage: images.largeImage } : {}),
          websiteDomain: websiteDomain(input.website),
          // Verifiers see when a maker changed what identifies a tool.
          hasIdentityChanged: tool.hasIdentityChanged || (isRenamed && needsIdentityReview(editor)),
          updatedAt: new Date(),
        })
        .where(eq(tools.id, id))
        .returning();
      await writeSnapshot(id);
      return updated!;
    },

    /**
     * A tool that is not public, as its page shows it to those who may edit it (its submitter, linked creator, a
     * verifier or an admin); undefined for everyone else.
     */
    async findPrivateToolBySlug(user: SessionUser | null, slug: string) {
      if (!user) return undefined;
      const [tool] = await db.select().from(tools).where(eq(tools.slug, slug)).limit(1);
      if (!tool || !canEditTool(user, tool)) return undefined;
      const [detail] = await db.select(toolDetailColumns).from(tools).where(eq(tools.id, tool.id)).limit(1);
      return detail ? { ...toToolDetail(detail as ToolDetailRow), isVerified: tool.isVerified, isActive: tool.isActive, rejectionReason: tool.rejectionReason } : undefined;
    },

    /** A tool its editor may change (the edit screen): its submitter, linked creator, a verifier or an admin. */
    async getEditableTool(user: SessionUser | null, id: string) {
      requireSignedIn(user);
      const tool = await getTool(id);
      requireToolEditor(user, tool);
      return tool;
    },

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
      await getTool(id);
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
      const tool = await getTool(id);
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
            { channel: "mail", key: `tool-verified:${id}:${now.getTime()}`, payload: { to: email, subject: `${tool.name} is live`, text: `${tool.name} is now listed: ${siteUrl}/tool/${row!.slug}` } },
          ]);
        }
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
      const tool = await getTool(id);
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
        return row!;
      });
      outbox.poke();
      return rejected;
    },

    /** askForClaim (SPEC section 4): a signed-in user who is not the creator claims a listed tool; claimTool tells the admin. */
    async askForClaim(user: SessionUser | null, id: string) {
      const claimer = requireSignedIn(user);
      const [claimerEmail] = await db
        .select({ address: users.email, isVerified: sql<boolean>`coalesce(${authUsers.emailVerified}, false)` })
        .from(users)
        .leftJoin(authUsers, eq(authUsers.id, users.authId))
        .where(eq(users.id, claimer.id))
        .limit(1);
      const tool = await getTool(id);
      if (!tool.isVerified || !tool.isActive) throw new AppError("not-found", MESSAGES.tool.notFoundById);
      if (isLinkedCreator(claimer, tool)) throw new AppError("aborted", MESSAGES.tool.ownTool);
      if (tool.hasBeenClaimed || tool.isLinkedToCreator) throw new AppError("aborted", MESSAGES.tool.alreadyClaimed);
      const domain = claimerEmail?.address.split("@")[1]?.toLowerCase() ?? "";
      const isLikelyGenuine = Boolean(claimerEmail?.isVerified) && domain !== "" && (domain === tool.websiteDomain || tool.websiteDomain.endsWith(`.${domain}`));
      const now = new Date();
      const claimed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tools)
          .set({ hasBeenClaimed: true, creatorUsername: claimer.slug, claimedBy: claimer.id, isClaimLikelyGenuine: isLikelyGenuine, updatedAt: now })
          .where(and(eq(tools.id, id), eq(tools.hasBeenClaimed, false)))
          .returning();
        if (!row) throw new AppError("aborted", MESSAGES.tool.alreadyClaimed);
        await outbox.enqueue(tx, [
          {
            channel: "notice",
            key: `tool-claimed:${id}:${claimer.id}:${now.getTime()}`,
            payload: { title: "Tool claimed", text: `${claimer.username} claims ${tool.name}${isLikelyGenuine ? " (their verified e-mail matches the website)" : ""}` },
          },
        ]);
        return row;
      });
      outbox.poke();
      return claimed;
    },

    /** acceptClaim (SPEC section 4): the claimer becomes the linked creator; claimToolAccepted e-mails them. */
    async acceptClaim(user: SessionUser | null, id: string) {
      requireModerator(user, MESSAGES.access.notAllowed);
      const tool = await getTool(id);
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
              payload: { to: email, subject: `${tool.name} is yours`, text: `Your claim of ${tool.name} was accepted. It now shows on your profile: ${siteUrl}/tool/${tool.slug}` },
            },
          ]);
        }
        return row!;
      });
      outbox.poke();
      await writeSnapshot(id);
      return accepted;
    },

    /** Refuses a claim: the tool goes back to unclaimed. */
    async refuseClaim(user: SessionUser | null, id: string) {
      requireModerator(user, MESSAGES.access.notAllowed);
      const tool = await getTool(id);
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
      await getTool(id);
      const [skipped] = await db.update(tools).set({ hasSkippedLine: true, dateSkippedLine: now, updatedAt: now }).where(eq(tools.id, id)).returning();
      return skipped!;
    },

  };
}

export type ToolLifecycle = ReturnType<typeof toolLifecycle>;
