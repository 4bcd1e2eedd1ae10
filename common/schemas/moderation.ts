/** Moderation (/admin): the forms of the console, and the newsletter's digest. */
import { z } from "#common/zod.ts";
import {
  DIGEST_DAYS,
  MAX_CATEGORY_DESCRIPTION_LENGTH,
  MAX_CATEGORY_LABEL_LENGTH,
  MAX_DIGEST_DAYS,
  MAX_MODERATION_SEARCH_LENGTH,
  MAX_REJECTION_REASON_LENGTH,
  TOOL_FLAGS,
} from "../constants.ts";
import { MESSAGES } from "../messages.ts";
import { LICENCE_KINDS } from "../repository.ts";
import { slugify } from "../slugify.ts";
import { cursorParam, MAX_SLUG_LENGTH, SLUG_PATTERN, toolIdParam } from "./fields.ts";
import { roleField } from "./profiles.ts";

const onOff = z.enum(["true", "false"]).transform((value) => value === "true");

/** A moderation action on one tool (verify, accept or refuse its claim, skip the line). */
export const toolActionInput = z.object({ toolId: toolIdParam });

const rejectionReason = z
  .string({ error: () => MESSAGES.moderation.reasonRequired })
  .transform((text) => text.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(1, { error: () => MESSAGES.moderation.reasonRequired })
      .max(MAX_REJECTION_REASON_LENGTH, { error: () => MESSAGES.moderation.reasonTooLong }),
  );

/** Refusing a waiting tool: the reason is e-mailed to its maker. */
export const rejectToolInput = z.object({ toolId: toolIdParam, reason: rejectionReason });

/** Refusing the tools ticked in the queue with one reason (a form's repeated toolIds). */
export const rejectToolsInput = z.object({
  toolIds: z
    .array(toolIdParam, { error: () => MESSAGES.moderation.noToolSelected })
    .min(1, { error: () => MESSAGES.moderation.noToolSelected })
    .max(100),
  reason: rejectionReason,
});

/** Verifying a waiting tool; the box "link it to its submitter" sends true when ticked (decision 022). */
export const verifyToolInput = z.object({
  toolId: toolIdParam,
  linkSubmitter: z
    .string()
    .optional()
    .transform((value) => value === "true"),
  /**
   * For a tool its maker says can be self-hosted: whether the verifier found it can (the box, ticked by default), or
   * not. The form says it asked (`selfHostingAsked`); absent, the tool's declaration is left as it is.
   */
  selfHostingAsked: z.literal("1").optional(),
  selfHostable: z.literal("confirmed").optional(),
});

/** A verifier's answer to a live tool's declared self-hosting: it can be, or it cannot. */
export const selfHostingInput = z.object({ toolId: toolIdParam, answer: z.enum(["confirmed", "refused"]) });

/** Asking a waiting tool's maker for changes: the message is e-mailed to them and shown on their tool. */
export const requestChangesInput = z.object({
  toolId: toolIdParam,
  message: z
    .string({ error: () => MESSAGES.moderation.changesMessageRequired })
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, { error: () => MESSAGES.moderation.changesMessageRequired })
        .max(MAX_REJECTION_REASON_LENGTH, { error: () => MESSAGES.moderation.changesMessageTooLong }),
    ),
});

/** Merging a waiting submission (toolId) into the live tool it duplicates (intoToolId). */
export const mergeToolInput = z.object({ toolId: toolIdParam, intoToolId: toolIdParam });

/** Switching one of a tool's flags on or off (/admin/tools). */
export const toolFlagInput = z.object({
  toolId: toolIdParam,
  flag: z.enum(TOOL_FLAGS, { error: () => MESSAGES.moderation.unknownFlag }),
  value: onOff,
});
export type ToolFlagInput = z.infer<typeof toolFlagInput>;

/**
 * An admin's licence for a tool (decision 060): an SPDX expression or other words (empty: none), and its kind (empty:
 * not recognised); or, with `fromRepository`, back to what the repository says.
 */
export const toolLicenceInput = z.object({
  toolId: toolIdParam,
  licence: z
    .string()
    .trim()
    .max(100, { error: () => MESSAGES.moderation.licenceTooLong })
    .default("")
    .transform((text) => text || null),
  kind: z
    .enum(["", ...LICENCE_KINDS], {
      error: () => MESSAGES.moderation.unknownLicenceKind,
    })
    .default("")
    .transform((kind) => kind || null),
  fromRepository: z
    .enum(["on", ""])
    .default("")
    .transform((value) => value === "on"),
});
export type ToolLicenceInput = z.infer<typeof toolLicenceInput>;

/** A search of the console's lists (tools by name, users by name or e-mail), one keyset page at a time. */
export const moderationSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_MODERATION_SEARCH_LENGTH, { error: () => MESSAGES.moderation.searchTooLong })
    .optional()
    .transform((text) => text || undefined),
  cursor: cursorParam,
});
export type ModerationSearchQuery = z.infer<typeof moderationSearchQuery>;

/** The newsletter's digest (/admin/newsletter, npm run newsletter): the tools verified in the last `days` days. */
export const digestQuery = z.object({
  days: z.coerce
    .number({ error: () => MESSAGES.digest.days })
    .int({ error: () => MESSAGES.digest.days })
    .min(1, { error: () => MESSAGES.digest.days })
    .max(MAX_DIGEST_DAYS, { error: () => MESSAGES.digest.days })
    .default(DIGEST_DAYS),
});
export type DigestQuery = z.infer<typeof digestQuery>;

export const categoryIdParam = z
  .string()
  .regex(/^c[a-z0-9_]{1,40}$/, { error: () => MESSAGES.moderation.categoryNotFound });

/** A category as an admin adds or edits it. Left empty, the slug is made from the label. */
export const categoryInput = z.preprocess(
  (raw) => {
    const fields = raw as Record<string, unknown>;
    const isSlugEmpty = typeof fields?.slug !== "string" || !fields.slug.trim();
    return isSlugEmpty && typeof fields?.label === "string" ? { ...fields, slug: slugify(fields.label) } : raw;
  },
  z.object({
    label: z
      .string({ error: () => MESSAGES.moderation.labelRequired })
      .trim()
      .min(1, { error: () => MESSAGES.moderation.labelRequired })
      .max(MAX_CATEGORY_LABEL_LENGTH, { error: () => MESSAGES.moderation.labelTooLong }),
    slug: z
      .string({ error: () => MESSAGES.moderation.slugShape })
      .trim()
      .max(MAX_SLUG_LENGTH, { error: () => MESSAGES.moderation.slugShape })
      .regex(SLUG_PATTERN, { error: () => MESSAGES.moderation.slugShape }),
    description: z
      .string()
      .optional()
      .transform((text) => (text ?? "").replace(/\r\n?/g, "\n").trim())
      .pipe(z.string().max(MAX_CATEGORY_DESCRIPTION_LENGTH, { error: () => MESSAGES.moderation.descriptionTooLong })),
    color: z
      .string({ error: () => MESSAGES.moderation.colorShape })
      .trim()
      .regex(/^#[0-9a-f]{6}$/i, { error: () => MESSAGES.moderation.colorShape })
      .transform((color) => color.toUpperCase()),
  }),
);
export type CategoryInput = z.infer<typeof categoryInput>;

export const userIdParam = z.string().regex(/^u[a-z0-9_]{1,40}$/, { error: () => MESSAGES.moderation.userNotFound });

/** An admin gives a user a role. */
export const roleChangeInput = z.object({ userId: userIdParam, role: roleField });
export type RoleChangeInput = z.infer<typeof roleChangeInput>;

/** An admin disables a user, or enables them again. */
export const userDisabledInput = z.object({ userId: userIdParam, disabled: onOff });
export type UserDisabledInput = z.infer<typeof userDisabledInput>;

/** An admin's answer to a featuring request: which user asked, for which tool. */
export const featuringAnswerInput = z.object({ userId: userIdParam, toolId: toolIdParam });
export type FeaturingAnswerInput = z.infer<typeof featuringAnswerInput>;

/** An admin retries a failed delivery of the outbox (/admin/deliveries). */
export const deliveryRetryInput = z.object({
  deliveryId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: () => MESSAGES.moderation.deliveryNotFound })
    .transform((id) => Number(id)),
});
export type DeliveryRetryInput = z.infer<typeof deliveryRetryInput>;
