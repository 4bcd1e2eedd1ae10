/**
 * The maker's side of the tool lifecycle (docs/product.md §4): submit a tool, edit it, see it before it is public, and
 * claim a listed one. Every step checks who asks (server/access.ts); its notices are outbox rows written in the
 * change's transaction, delivered after the commit (server/outbox/), so they never undo it nor hold the request.
 */
import { and, eq } from "drizzle-orm";
import { canEditTool, isLinkedCreator, isModerator, needsIdentityReview, type SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { toolSlug } from "#common/ids.ts";
import { MESSAGES } from "#common/messages.ts";
import { normalizeRepositoryUrl, type ToolInput, websiteDomain } from "#common/tool-input.ts";
import { requireSignedIn, requireToolEditor } from "../../access.ts";
import { LIMITS } from "../../auth/rate-limit.ts";
import { tools } from "../../db/schema.ts";
import { refuseOverDailyLimit } from "../../spam/daily-limit.ts";
import { refuseLikelyDuplicate, websiteKeys } from "./duplicates.ts";
import { claimerEmailMatches, getTool, type LifecycleDependencies } from "./shared.ts";
import { makerMails } from "./maker-mails.ts";
import { toolDetailColumns, type ToolDetailRow, toToolDetail } from "../read/queries.ts";
import { buildToolRow } from "./rows.ts";
import { licenceColumns } from "../licences.ts";
import { keepRevision, revisionValues } from "./revisions.ts";
import { changedFields, recordAudit } from "../../audit/audit.ts";

/** A tool's images, by their addresses. */
export type ToolImages = { logo?: string; largeImage?: string };
/** The images, or the step that stores them: run only once the change is allowed, so a refused one stores nothing. */
type ToolImagesToStore = ToolImages | (() => Promise<ToolImages>);

/**
 * The form's repository and self-hosting as the tool's columns (decision 060). A website that is a repository is its
 * own repository. Self-hosting a maker declares waits for a verifier; a verifier's or an admin's word confirms it, and
 * a confirmed tool stays confirmed while its editors keep saying so.
 */
function repositoryColumns(
  { repository, isSelfHostable, website }: ToolInput,
  editor: SessionUser,
  current: "declared" | "confirmed" | null = null,
) {
  return {
    repositoryUrl: repository ?? normalizeRepositoryUrl(website),
    selfHostable: !isSelfHostable
      ? null
      : isModerator(editor) || current === "confirmed"
        ? ("confirmed" as const)
        : ("declared" as const),
  };
}

export function toolSubmissions({
  db,
  outbox,
  webhooks,
  readers,
  limiter,
  submissionsPerDay,
  writeSnapshot,
  now: clock,
}: LifecycleDependencies) {
  return {
    /** Submits a new tool (docs/product.md §4: created unverified and queued), then calls submitTool's notices. */
    async submitTool(
      user: SessionUser | null,
      input: ToolInput,
      imagesToStore: ToolImagesToStore = {},
      { id }: { id?: string } = {},
    ) {
      const maker = requireSignedIn(user);
      // A valid submission counts even when it is refused as a duplicate: a flood would hurt the queue and the admin's bot.
      if (!(await limiter.hit(`submit:${maker.id}`, LIMITS.submissionsPerUser)))
        throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
      await refuseOverDailyLimit(db, maker, submissionsPerDay);
      await refuseLikelyDuplicate(db, input);
      const images = typeof imagesToStore === "function" ? await imagesToStore() : imagesToStore;
      const { repository: _repository, isSelfHostable: _isSelfHostable, licence, ...fields } = input;
      const built = buildToolRow(
        {
          ...fields,
          ...repositoryColumns(input, maker),
          ...licenceColumns(licence),
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
        },
        clock(),
      );
      // The form reserves the id beforehand, so that its images are stored under the tool before it exists.
      const row = id ? { ...built, id, slug: toolSlug(input.name, id) } : built;
      const tool = await db.transaction(async (tx) => {
        // Counted again under the maker's row lock: two submissions at once cannot both pass the last place.
        await refuseOverDailyLimit(tx, maker, submissionsPerDay);
        const [created] = await tx.insert(tools).values(row).onConflictDoNothing().returning();
        if (!created) throw new AppError("aborted", MESSAGES.tool.alreadySubmitted);
        await keepRevision(tx, created, maker);
        // Two effects, each delivered once: a failed mail is retried alone, never the admin's notice again.
        await outbox.enqueue(tx, [
          readers.notice(`tool-submitted:${created.id}`, ({ t }) => ({
            title: t("notice.submittedTitle"),
            text: t("notice.submittedText", { tool: created.name, website: created.website, user: maker.username }),
          })),
          ...(await makerMails(readers).submitted(tx, maker.id, created, `tool-submitted:${created.id}`)),
        ]);
        await webhooks.enqueue(tx, "tool.submitted", { tool: created });
        return created;
      });
      outbox.poke();
      return tool;
    },

    /** Edits a tool (its submitter, linked creator, a verifier or an admin). A live tool stays live. */
    async updateTool(user: SessionUser | null, id: string, input: ToolInput, imagesToStore: ToolImagesToStore = {}) {
      requireSignedIn(user);
      const tool = await getTool(db, id);
      const editor = requireToolEditor(user, tool);
      await refuseLikelyDuplicate(db, input, id);
      const images = typeof imagesToStore === "function" ? await imagesToStore() : imagesToStore;
      const isRenamed = input.name !== tool.name || input.website !== tool.website;
      const { repository: _repository, isSelfHostable: _isSelfHostable, licence, ...fields } = input;
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tools)
          .set({
            ...fields,
            ...repositoryColumns(input, editor, tool.selfHostable),
            // An admin's licence wins over the maker's (decision 060).
            ...(tool.isLicenceSetByAdmin || licence === undefined ? {} : licenceColumns(licence)),
            faq: input.faq.length ? input.faq : null,
            pros: input.pros.length ? input.pros : null,
            cons: input.cons.length ? input.cons : null,
            ...(images.logo ? { logo: images.logo } : {}),
            ...(images.largeImage ? { largeImage: images.largeImage } : {}),
            websiteDomain: websiteDomain(input.website),
            ...websiteKeys(input.website),
            // The maker answered a verifier's request for changes: the tool is back in the queue, at its place (decision 022).
            ...(tool.changesRequestedAt && needsIdentityReview(editor)
              ? { changesRequestedAt: null, changesRequestedMessage: null }
              : {}),
            // Verifiers see when a maker changed what identifies a tool.
            hasIdentityChanged: tool.hasIdentityChanged || (isRenamed && needsIdentityReview(editor)),
            updatedAt: clock(),
          })
          .where(eq(tools.id, id))
          .returning();
        await keepRevision(tx, row!, editor);
        const changed = changedFields(revisionValues(tool), revisionValues(row!));
        if (changed) await recordAudit(tx, editor, { kind: "tool.edited", toolId: id, subject: row!.name, ...changed });
        await webhooks.enqueue(tx, "tool.updated", { tool: row! });
        return row!;
      });
      outbox.poke();
      await writeSnapshot(id);
      return updated;
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
      return detail
        ? {
            ...toToolDetail(detail as ToolDetailRow),
            isVerified: tool.isVerified,
            isActive: tool.isActive,
            rejectionReason: tool.rejectionReason,
            changesRequestedMessage: tool.changesRequestedAt ? tool.changesRequestedMessage : null,
          }
        : undefined;
    },

    /** A tool its editor may change (the edit screen): its submitter, linked creator, a verifier or an admin. */
    async getEditableTool(user: SessionUser | null, id: string) {
      requireSignedIn(user);
      const tool = await getTool(db, id);
      requireToolEditor(user, tool);
      return tool;
    },

    /** askForClaim (docs/product.md §4): a signed-in user who is not the creator claims a listed tool; claimTool tells the admin. */
    async askForClaim(user: SessionUser | null, id: string) {
      const claimer = requireSignedIn(user);
      const tool = await getTool(db, id);
      if (!tool.isVerified || !tool.isActive) throw new AppError("not-found", MESSAGES.tool.notFoundById);
      if (isLinkedCreator(claimer, tool)) throw new AppError("aborted", MESSAGES.tool.ownTool);
      if (tool.hasBeenClaimed || tool.isLinkedToCreator) throw new AppError("aborted", MESSAGES.tool.alreadyClaimed);
      const isLikelyGenuine = await claimerEmailMatches(db, claimer.id, tool.websiteDomain);
      const now = clock();
      const claimed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tools)
          .set({
            hasBeenClaimed: true,
            creatorUsername: claimer.slug,
            claimedBy: claimer.id,
            isClaimLikelyGenuine: isLikelyGenuine,
            updatedAt: now,
          })
          .where(and(eq(tools.id, id), eq(tools.hasBeenClaimed, false)))
          .returning();
        if (!row) throw new AppError("aborted", MESSAGES.tool.alreadyClaimed);
        await outbox.enqueue(tx, [
          readers.notice(`tool-claimed:${id}:${claimer.id}:${now.getTime()}`, ({ t }) => ({
            title: t("notice.claimedTitle"),
            text: t("notice.claimedText", {
              user: claimer.username,
              tool: tool.name,
              genuine: isLikelyGenuine ? "yes" : "no",
            }),
          })),
          ...(await makerMails(readers).claimReceived(
            tx,
            claimer.id,
            tool,
            `tool-claimed:${id}:${claimer.id}:${now.getTime()}`,
          )),
        ]);
        await webhooks.enqueue(tx, "claim.requested", { tool: row });
        return row;
      });
      outbox.poke();
      return claimed;
    },
  };
}
