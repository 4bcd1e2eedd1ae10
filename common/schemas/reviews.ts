/** Reviews of tools (decision 043): the review form, the maker's reply, a report, a moderator's decision, and the lists' URLs. */
import { type Said, z } from "#common/zod.ts";
import {
  MAX_MODERATION_REASON_LENGTH,
  MAX_REVIEW_LENGTH,
  MAX_REVIEW_REPLY_LENGTH,
  MAX_REVIEW_REPORT_LENGTH,
  REVIEW_SORTS,
} from "../constants.ts";
import { MESSAGES } from "../messages.ts";
import { cursorParam, isStorableText } from "./fields.ts";

/** Words a person types: line ends made one, trimmed, within `max`, text a database can store. */
function typedText(max: number, tooLong: Said, unreadable: Said = { error: () => MESSAGES.review.unreadable }) {
  return z
    .string()
    .optional()
    .transform((text) => (text ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, tooLong).refine(isStorableText, unreadable));
}

/** A review's id in a path or a form; text that cannot be one names no review. */
export const reviewIdParam = z
  .string({ error: () => MESSAGES.review.notFound })
  .regex(/^r[a-z0-9]{1,40}$/, { error: () => MESSAGES.review.notFound });

/** The review form: a rating from 1 to 5, and optional words (plain text: a link stays text). */
export const reviewInput = z.object({
  rating: z.coerce
    .number({ error: () => MESSAGES.review.rating })
    .int({ error: () => MESSAGES.review.rating })
    .min(1, { error: () => MESSAGES.review.rating })
    .max(5, { error: () => MESSAGES.review.rating }),
  body: typedText(MAX_REVIEW_LENGTH, { error: () => MESSAGES.review.tooLong }),
});
export type ReviewInput = z.infer<typeof reviewInput>;

/** The maker's one reply to a review. */
export const reviewReplyInput = z.object({
  reply: typedText(MAX_REVIEW_REPLY_LENGTH, { error: () => MESSAGES.review.replyTooLong }).refine(
    (reply) => reply.length > 0,
    { error: () => MESSAGES.review.replyEmpty },
  ),
});
export type ReviewReplyInput = z.infer<typeof reviewReplyInput>;

/** A report on a review, from anyone: optional words for the moderators. */
export const reviewReportInput = z.object({
  reason: typedText(MAX_REVIEW_REPORT_LENGTH, { error: () => MESSAGES.review.reportTooLong }),
});
export type ReviewReportInput = z.infer<typeof reviewReportInput>;

export const REVIEW_MODERATION_ACTIONS = ["approve", "hide", "restore", "keep"] as const;
export type ReviewModerationAction = (typeof REVIEW_MODERATION_ACTIONS)[number];

/**
 * A moderator's decision on a review: approve one that waits, hide one, restore a hidden one, or keep a reported one
 * (its reports are closed). Hiding and restoring need a reason: its author is told.
 */
export const reviewModerationInput = z
  .object({
    reviewId: reviewIdParam,
    action: z.enum(REVIEW_MODERATION_ACTIONS, { error: () => MESSAGES.review.unknownAction }),
    reason: typedText(MAX_MODERATION_REASON_LENGTH, { error: () => MESSAGES.review.reasonTooLong }),
  })
  .refine((input) => !(input.action === "hide" || input.action === "restore") || input.reason.length > 0, {
    error: () => MESSAGES.review.reason,
    path: ["reason"],
  });
export type ReviewModerationInput = z.infer<typeof reviewModerationInput>;

/** A page of a tool's reviews: newest first (the default) or most helpful first. */
export const reviewListQuery = z.object({
  sort: z.enum(REVIEW_SORTS, { message: `sort must be one of ${REVIEW_SORTS.join(", ")}` }).default("newest"),
  cursor: cursorParam,
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

export const REVIEW_QUEUES = ["waiting", "reported", "hidden"] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];

/** /admin/reviews: which list, and where it continues from. */
export const reviewQueueQuery = z.object({
  list: z.enum(REVIEW_QUEUES, { message: `list must be one of ${REVIEW_QUEUES.join(", ")}` }).default("waiting"),
  cursor: cursorParam,
});
