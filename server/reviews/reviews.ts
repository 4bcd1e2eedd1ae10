/**
 * People's reviews of tools (decision 043). A signed-in person rates a live tool from 1 to 5, with optional words, once;
 * they may edit or delete it. A review from a new account, an address at a disposable e-mail service, or with a link
 * waits for a moderator; the others are live at once. The tool's maker replies once to each, anyone reports one, and
 * verifiers and admins approve, hide or restore them with a reason told to the author. The tool's rating is kept on
 * the tool by the database (migration 0040); who may do what is in the access module.
 */
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { isDisposableEmail } from "disposable-email-domains-js";
import { canReplyToReviews, isModerator, type SessionUser, type ToolPeople } from "#common/access.ts";
import { ADMIN_PAGE_SIZE, REVIEWS_PAGE_SIZE, type ReviewSort } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { createId } from "#common/ids.ts";
import { MESSAGES } from "#common/messages.ts";
import { reviewReplyPath, toolPath, toolReviewsPath } from "#common/page-paths.ts";
import type {
  ReviewInput,
  ReviewModerationInput,
  ReviewQueue,
  ReviewReplyInput,
  ReviewReportInput,
} from "#common/schemas/reviews.ts";
import { recordAudit } from "../audit/audit.ts";
import { requireModerator, requireReviewer, requireReviewReplier, requireSignedIn } from "../access.ts";
import { LIMITS, type RateLimiter, senderKey } from "../auth/rate-limit.ts";
import { COUNTERS_MAX_AGE_MS, dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import type { Database, Transaction } from "../db/client.ts";
import { reviewReports, reviews, reviewVotes, tools, users } from "../db/schema.ts";
import type { Readers } from "../mail/readers.ts";
import type { Effect, Outbox } from "../outbox/effects.ts";
import { NEW_ACCOUNT_HOURS } from "../tools/lifecycle/risk.ts";
import { isPublicTool } from "../tools/read/queries.ts";
import { editedToolColumns } from "../tools/lifecycle/shared.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";

export type ReviewStatus = "live" | "waiting" | "hidden";

/** A review as a visitor reads it: plain text, its author's public name, the maker's reply. */
export type PublicReview = {
  id: string;
  rating: number;
  body: string;
  createdAt: string;
  /** Set when its author changed it after writing it. */
  editedAt: string | null;
  helpful: number;
  author: { username: string; slug: string };
  reply: { text: string; repliedAt: string } | null;
};

export type ReviewPage = { reviews: PublicReview[]; nextCursor: string | null };

/** The person's own review of a tool, as its form shows it. */
export type OwnReview = {
  id: string;
  rating: number;
  body: string;
  status: ReviewStatus;
  moderationReason: string | null;
};

/** A review in the moderators' lists: where it stands, and the reports on it. */
export type ModeratedReview = PublicReview & {
  status: ReviewStatus;
  reports: number;
  reportReasons: string[];
  moderationReason: string | null;
  tool: { id: string; name: string; slug: string };
};

/** A link a person typed, in any of its usual shapes: it makes a review wait for a moderator (and stays text). */
const LINK = /https?:\/\/|\bwww\.|\b[a-z0-9-]+\.[a-z]{2,}\/\S|\[[^\]]*\]\([^)]*\)/i;
const NEW_ACCOUNT_MS = NEW_ACCOUNT_HOURS * 60 * 60 * 1000;

const publicReviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  body: reviews.body,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  helpful: reviews.helpful,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  username: users.username,
  userSlug: users.slug,
};
type PublicReviewRow = {
  id: string;
  rating: number;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  helpful: number;
  reply: string | null;
  repliedAt: Date | null;
  username: string;
  userSlug: string;
};

function toPublicReview(row: PublicReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.updatedAt.getTime() - row.createdAt.getTime() > 60_000 ? row.updatedAt.toISOString() : null,
    helpful: row.helpful,
    author: { username: row.username, slug: row.userSlug },
    reply: row.reply !== null && row.repliedAt ? { text: row.reply, repliedAt: row.repliedAt.toISOString() } : null,
  };
}

/** The orders of a tool's live reviews, each served by its partial index (reviews_live_newest_idx, reviews_live_helpful_idx). */
const SORTS = {
  newest: {
    order: [desc(reviews.createdAt), desc(reviews.id)],
    after: (cursor: Cursor) => seekAfter(cursor, [reviews.createdAt, reviews.id]),
    keyOf: (row: PublicReviewRow) => row.createdAt.getTime(),
  },
  helpful: {
    order: [desc(reviews.helpful), desc(reviews.id)],
    after: (cursor: Cursor) => seekAfter(cursor, [reviews.helpful, reviews.id], { keyAs: "bigint" }),
    keyOf: (row: PublicReviewRow) => row.helpful,
  },
} as const;

/** One page of a tool's live reviews in `sort` order after `cursor`. */
export function toolReviewsQuery(
  db: Database,
  toolId: string,
  sort: ReviewSort,
  cursor: Cursor | null | undefined,
  limit: number,
) {
  const { order, after } = SORTS[sort];
  return db
    .select(publicReviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.toolId, toolId), eq(reviews.status, "live"), cursor ? after(cursor) : undefined))
    .orderBy(...order)
    .limit(limit);
}

/**
 * How many reviews the moderators have to look at: those that wait, and the live ones reported. Each count reads its
 * own partial index (reviews_waiting_idx, reviews_reported_idx). The console's navigation shows it.
 */
export async function countReviewsToModerate(db: Database): Promise<number> {
  const [[waiting], [reported]] = await Promise.all([
    db.select({ count: count() }).from(reviews).where(eq(reviews.status, "waiting")),
    db
      .select({ count: count() })
      .from(reviews)
      .where(and(gt(reviews.reports, 0), sql`${reviews.status} <> 'hidden'`)),
  ]);
  return (waiting?.count ?? 0) + (reported?.count ?? 0);
}

type ReviewedTool = ToolPeople & { id: string; name: string; slug: string };

/** The reviewed tool, and who may answer for it. */
const reviewedToolColumns = editedToolColumns;

export function reviewService({
  db,
  limiter,
  outbox,
  readers,
  now: clock,
}: {
  db: Database;
  limiter: RateLimiter;
  outbox: Outbox;
  readers: Readers;
  /** The site's one clock (server/services.ts). */
  now: () => Date;
}) {
  async function findLiveTool(slug: string): Promise<ReviewedTool> {
    const [tool] = await db
      .select(reviewedToolColumns)
      .from(tools)
      .where(and(isPublicTool, eq(tools.slug, slug)))
      .limit(1);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundBySlug);
    return tool;
  }

  /**
   * A review with its tool, whatever the review's state. A review of a tool that is not live is not found, but by the
   * moderators (`anyTool`): they may still hide or restore it.
   */
  async function findReviewWithTool(reviewId: string, { anyTool = false }: { anyTool?: boolean } = {}) {
    const [row] = await db
      .select({ review: reviews, tool: reviewedToolColumns })
      .from(reviews)
      .innerJoin(tools, eq(tools.id, reviews.toolId))
      .where(and(eq(reviews.id, reviewId), anyTool ? undefined : isPublicTool))
      .limit(1);
    if (!row) throw new AppError("not-found", MESSAGES.review.notFound);
    return row;
  }

  /** The maker, when the tool is linked to one: they hear of each new live review. */
  async function makerOf(tx: Database | Transaction, tool: ToolPeople): Promise<string | null> {
    if (!tool.isLinkedToCreator || !tool.creatorUsername) return null;
    const [maker] = await tx.select({ id: users.id }).from(users).where(eq(users.slug, tool.creatorUsername)).limit(1);
    return maker?.id ?? null;
  }

  /** The mail that tells the maker of a new live review, once per review (the outbox keeps one row per key). */
  async function makerMail(
    tx: Database | Transaction,
    tool: ReviewedTool,
    review: { id: string; rating: number; body: string },
  ): Promise<Effect[]> {
    return readers.mailTo(tx, await makerOf(tx, tool), `review-maker:${review.id}`, ({ t, url }) => ({
      subject: t("mail.reviewSubject", { tool: tool.name }),
      text: [
        t("mail.reviewRated", { tool: tool.name, rating: review.rating, hasBody: review.body ? "yes" : "no" }),
        ...(review.body ? ["", review.body] : []),
        "",
        t("mail.reviewRead", { url: url(toolReviewsPath(tool.slug)), replyUrl: url(reviewReplyPath(review.id)) }),
      ].join("\n"),
    }));
  }

  /** The mail that tells a review's author what a moderator did with it, and why. */
  async function authorMail(
    tx: Transaction,
    review: { id: string; userId: string },
    tool: ReviewedTool,
    action: "hide" | "restore",
    reason: string,
    at: Date,
  ): Promise<Effect[]> {
    return readers.mailTo(tx, review.userId, `review-${action}:${review.id}:${at.getTime()}`, ({ t, url }) => {
      const said = { tool: tool.name, url: url(toolPath(tool.slug)), reason };
      return action === "hide"
        ? { subject: t("mail.reviewHiddenSubject", { tool: tool.name }), text: t("mail.reviewHiddenBody", said) }
        : { subject: t("mail.reviewRestoredSubject", { tool: tool.name }), text: t("mail.reviewRestoredBody", said) };
    });
  }

  /** Whether a review by `user` waits for a moderator: a new account, a disposable address, or a link in its words. */
  async function needsModeration(user: SessionUser, body: string, now: Date): Promise<boolean> {
    if (isModerator(user)) return false;
    if (LINK.test(body)) return true;
    const [account] = await db
      .select({ createdAt: users.createdAt, email: users.email })
      .from(users)
      .where(eq(users.id, user.id))
      .limit(1);
    if (!account) return true;
    return now.getTime() - account.createdAt.getTime() < NEW_ACCOUNT_MS || isDisposableEmail(account.email);
  }

  return {
    /** The review form's page: the live tool, and the person's own review of it, if any. */
    async findReviewForm(
      user: SessionUser | null,
      slug: string,
    ): Promise<{ tool: { id: string; name: string; slug: string }; own: OwnReview | null }> {
      const tool = await findLiveTool(slug);
      const reviewer = requireReviewer(user, tool);
      const [own] = await db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          body: reviews.body,
          status: reviews.status,
          moderationReason: reviews.moderationReason,
        })
        .from(reviews)
        .where(and(eq(reviews.toolId, tool.id), eq(reviews.userId, reviewer.id)))
        .limit(1);
      return {
        tool: { id: tool.id, name: tool.name, slug: tool.slug },
        own: own ? { ...own, status: own.status as ReviewStatus } : null,
      };
    },

    /**
     * Writes the person's review of the live tool `slug`, or changes the one they wrote. A new one counts against the
     * account's daily limit. Answers whether it is live or waits for a moderator. A hidden review cannot be changed.
     */
    async saveReview(
      user: SessionUser | null,
      slug: string,
      { rating, body }: ReviewInput,
      now = clock(),
    ): Promise<{ id: string; status: ReviewStatus }> {
      const tool = await findLiveTool(slug);
      const reviewer = requireReviewer(user, tool);
      const status: ReviewStatus = (await needsModeration(reviewer, body, now)) ? "waiting" : "live";
      const [existing] = await db
        .select({ id: reviews.id, status: reviews.status })
        .from(reviews)
        .where(and(eq(reviews.toolId, tool.id), eq(reviews.userId, reviewer.id)))
        .limit(1);
      if (existing?.status === "hidden") throw new AppError("aborted", MESSAGES.review.hidden);
      if (
        !existing &&
        !isModerator(reviewer) &&
        !(await limiter.hit(`reviews:${reviewer.id}`, LIMITS.reviewsPerUser, now))
      ) {
        throw new AppError("resource-exhausted", MESSAGES.review.dailyLimit);
      }
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reviews)
          .values({
            id: createId("r", now),
            toolId: tool.id,
            userId: reviewer.id,
            rating,
            body,
            status,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [reviews.toolId, reviews.userId],
            set: { rating, body, status, updatedAt: now },
            // A review hidden meanwhile stays as the moderator left it.
            setWhere: sql`${reviews.status} <> 'hidden'`,
          })
          .returning({ id: reviews.id, status: reviews.status, createdAt: reviews.createdAt });
        if (!row) throw new AppError("aborted", MESSAGES.review.hidden);
        const effects: Effect[] = [];
        if (status === "live") effects.push(...(await makerMail(tx, tool, { id: row.id, rating, body })));
        if (status === "waiting" && !existing) {
          effects.push(
            readers.notice(`review-waiting:${row.id}`, ({ t }) => ({
              title: t("notice.reviewWaitingTitle"),
              text: t("notice.reviewWaitingText", { tool: tool.name }),
            })),
          );
        }
        if (effects.length > 0) await outbox.enqueue(tx, effects);
        return { id: row.id, status: row.status as ReviewStatus };
      });
      outbox.poke();
      return saved;
    },

    /** Deletes the person's own review of the tool `slug`, whatever its state. */
    async deleteReview(user: SessionUser | null, slug: string): Promise<void> {
      const tool = await findLiveTool(slug);
      const reviewer = requireReviewer(user, tool);
      const deleted = await db
        .delete(reviews)
        .where(and(eq(reviews.toolId, tool.id), eq(reviews.userId, reviewer.id)))
        .returning({ id: reviews.id });
      if (deleted.length === 0) throw new AppError("not-found", MESSAGES.review.noOwnReview);
    },

    /**
     * One page of the live reviews of the tool `toolId`, newest or most helpful first. A page shows them: it depends on
     * the tool (a review that changes drops it) and is kept a minute at most (the helpful counts lag, as views do).
     */
    async listToolReviews(
      toolId: string,
      {
        sort = "newest",
        cursor,
        limit = REVIEWS_PAGE_SIZE,
      }: { sort?: ReviewSort; cursor?: Cursor | null; limit?: number } = {},
    ): Promise<ReviewPage> {
      dependsOn(pageTags.tool(toolId));
      if (sort === "helpful") expiresWithin(COUNTERS_MAX_AGE_MS);
      const rows = await toolReviewsQuery(db, toolId, sort, cursor, limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: SORTS[sort].keyOf(last), id: last.id }));
      return { reviews: items.map(toPublicReview), nextCursor };
    },

    /** A live review and its tool, for its reply and report pages; one that is not public is not found. */
    async findPublicReview(reviewId: string): Promise<{
      review: PublicReview;
      tool: { id: string; name: string; slug: string };
      canReply: (user: SessionUser | null) => boolean;
    }> {
      const [row] = await db
        .select({ ...publicReviewColumns, status: reviews.status, tool: reviewedToolColumns })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .innerJoin(tools, eq(tools.id, reviews.toolId))
        .where(and(eq(reviews.id, reviewId), eq(reviews.status, "live"), isPublicTool))
        .limit(1);
      if (!row) throw new AppError("not-found", MESSAGES.review.notFound);
      return {
        review: toPublicReview(row),
        tool: { id: row.tool.id, name: row.tool.name, slug: row.tool.slug },
        canReply: (user) => canReplyToReviews(user, row.tool) && row.reply === null,
      };
    },

    /** The maker's one reply to a live review of their tool. */
    async replyToReview(
      user: SessionUser | null,
      reviewId: string,
      { reply }: ReviewReplyInput,
      now = clock(),
    ): Promise<{ toolSlug: string }> {
      const { review, tool } = await findReviewWithTool(reviewId);
      requireReviewReplier(user, tool);
      if (review.status !== "live") throw new AppError("aborted", MESSAGES.review.notPublic);
      const [replied] = await db
        .update(reviews)
        .set({ reply, repliedAt: now })
        .where(and(eq(reviews.id, reviewId), sql`${reviews.reply} is null`))
        .returning({ id: reviews.id });
      if (!replied) throw new AppError("aborted", MESSAGES.review.replyOnce);
      return { toolSlug: tool.slug };
    },

    /** A "helpful" vote on a live review, once per person; a second one changes nothing. Answers the review's count. */
    async voteHelpful(user: SessionUser | null, reviewId: string): Promise<{ helpful: number; toolSlug: string }> {
      const voter = requireSignedIn(user, MESSAGES.review.voteNeedsAccount);
      const { review, tool } = await findReviewWithTool(reviewId);
      if (review.status !== "live") throw new AppError("aborted", MESSAGES.review.notPublic);
      if (review.userId === voter.id) throw new AppError("permission-denied", MESSAGES.review.ownVote);
      if (!(await limiter.hit(`helpful:${voter.id}`, LIMITS.helpfulVotesPerUser)))
        throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
      await db.insert(reviewVotes).values({ reviewId, userId: voter.id }).onConflictDoNothing();
      const [counted] = await db
        .select({ helpful: reviews.helpful })
        .from(reviews)
        .where(eq(reviews.id, reviewId))
        .limit(1);
      return { helpful: counted?.helpful ?? 0, toolSlug: tool.slug };
    },

    /** A report on a live review, from anyone, limited per address as problem reports are; the moderators are told. */
    async reportReview(
      { user, address }: { user: SessionUser | null; address: string },
      reviewId: string,
      { reason }: ReviewReportInput,
    ): Promise<{ toolSlug: string }> {
      if (!(await limiter.hit(`review-report:${senderKey(address)}`, LIMITS.reportsPerAddress)))
        throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
      const { review, tool } = await findReviewWithTool(reviewId);
      if (review.status !== "live") throw new AppError("aborted", MESSAGES.review.notPublic);
      await db.transaction(async (tx) => {
        const [report] = await tx
          .insert(reviewReports)
          .values({ reviewId, reporterId: user?.id ?? null, reason })
          .returning({ id: reviewReports.id });
        await tx
          .update(reviews)
          .set({ reports: sql`${reviews.reports} + 1` })
          .where(eq(reviews.id, reviewId));
        await outbox.enqueue(tx, [
          readers.notice(`review-report:${report!.id}`, ({ t }) => ({
            title: t("notice.reviewReportedTitle"),
            text: t("notice.reviewReportedText", {
              tool: tool.name,
              hasReason: reason ? "yes" : "no",
              reason: reason ?? "",
            }),
          })),
        ]);
      });
      outbox.poke();
      return { toolSlug: tool.slug };
    },

    /** One of the moderators' lists: the reviews that wait (oldest first), the reported ones, or the hidden ones, keyset-paged. */
    async listReviewsToModerate(
      user: SessionUser | null,
      list: ReviewQueue,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ) {
      requireModerator(user);
      const [column, condition] =
        list === "waiting"
          ? [reviews.createdAt, eq(reviews.status, "waiting")]
          : list === "reported"
            ? [reviews.updatedAt, and(gt(reviews.reports, 0), sql`${reviews.status} <> 'hidden'`)]
            : [reviews.moderatedAt, eq(reviews.status, "hidden")];
      const rows = await db
        .select({
          ...publicReviewColumns,
          status: reviews.status,
          reports: reviews.reports,
          moderationReason: reviews.moderationReason,
          sortKey: column,
          tool: { id: tools.id, name: tools.name, slug: tools.slug },
        })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .innerJoin(tools, eq(tools.id, reviews.toolId))
        .where(and(condition, seekAfter(cursor, [column, reviews.id], { ascending: true })))
        .orderBy(asc(column), asc(reviews.id))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({
        key: (last.sortKey ?? last.createdAt).getTime(),
        id: last.id,
      }));
      const reasons = new Map<string, string[]>();
      const reported = items.filter((row) => row.reports > 0).map((row) => row.id);
      if (reported.length > 0) {
        const rows = await db
          .select({ reviewId: reviewReports.reviewId, reason: reviewReports.reason })
          .from(reviewReports)
          .where(inArray(reviewReports.reviewId, reported))
          .orderBy(desc(reviewReports.createdAt))
          .limit(reported.length * 5);
        for (const row of rows)
          if (row.reason) reasons.set(row.reviewId, [...(reasons.get(row.reviewId) ?? []), row.reason]);
      }
      const moderated: ModeratedReview[] = items.map((row) => ({
        ...toPublicReview(row),
        status: row.status as ReviewStatus,
        reports: row.reports,
        reportReasons: reasons.get(row.id) ?? [],
        moderationReason: row.moderationReason,
        tool: row.tool,
      }));
      return { reviews: moderated, nextCursor };
    },

    /**
     * A moderator's decision: approve a waiting review (it goes live and its maker is told), hide one (its author is
     * told why), restore a hidden one (likewise), or keep a reported one (its reports are closed).
     */
    async moderateReview(
      user: SessionUser | null,
      { reviewId, action, reason }: ReviewModerationInput,
      now = clock(),
    ): Promise<{ toolName: string }> {
      const moderator = requireModerator(user);
      const { review, tool } = await findReviewWithTool(reviewId, { anyTool: true });
      const allowed = {
        approve: ["waiting"],
        hide: ["live", "waiting"],
        restore: ["hidden"],
        keep: ["live", "waiting"],
      }[action];
      if (!allowed.includes(review.status))
        throw new AppError("aborted", action === "approve" ? MESSAGES.review.notWaiting : MESSAGES.review.notPublic);
      await db.transaction(async (tx) => {
        const changes =
          action === "approve"
            ? { status: "live", reports: 0 }
            : action === "hide"
              ? { status: "hidden", moderationReason: reason, moderatedAt: now, reports: 0 }
              : action === "restore"
                ? { status: "live", moderationReason: reason, moderatedAt: now }
                : { reports: 0 };
        const [changed] = await tx
          .update(reviews)
          .set(changes)
          .where(and(eq(reviews.id, reviewId), eq(reviews.status, review.status)))
          .returning({ id: reviews.id });
        if (!changed) throw new AppError("aborted", MESSAGES.review.notWaiting);
        await recordAudit(tx, moderator, {
          kind: "review.moderated",
          toolId: tool.id,
          subject: tool.name,
          before: { review: reviewId, status: review.status },
          after: { action, reason: reason ?? null },
        });
        const effects: Effect[] = [];
        if (action === "approve") effects.push(...(await makerMail(tx, tool, review)));
        if (action === "hide" || action === "restore")
          effects.push(...(await authorMail(tx, review, tool, action, reason, now)));
        if (effects.length > 0) await outbox.enqueue(tx, effects);
      });
      outbox.poke();
      return { toolName: tool.name };
    },
  };
}

export type ReviewService = ReturnType<typeof reviewService>;
