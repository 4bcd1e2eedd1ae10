/** Follows (decision 044): the follow button's form, the weekly e-mail's switch, and the unsubscribe link. */
import { z } from "#common/zod.ts";
import { MESSAGES } from "../messages.ts";
import { checkboxField, slugField } from "./fields.ts";

export const FOLLOW_KINDS = ["category", "tag"] as const;

/** What is followed: a category by its id, or a tag. */
export const followInput = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("category"),
      value: z.string().regex(/^c[a-z0-9_]{1,40}$/, { error: () => MESSAGES.moderation.categoryNotFound }),
    }),
    z.object({ kind: z.literal("tag"), value: slugField({ error: () => MESSAGES.feeds.noSuchTag }) }),
  ],
  { error: () => MESSAGES.follow.unknownKind },
);
export type FollowInput = z.infer<typeof followInput>;

/** The follow button's form (POST /follows): like the heart's, it goes back to the page, or answers data to its script. */
export const followFormInput = z.object({
  intent: z.enum(["follow", "unfollow"], { error: () => MESSAGES.follow.unknownIntent }),
  redirectTo: z.string().optional(),
  stay: checkboxField,
});

export const UNSUBSCRIBE_LISTS = ["follows", "newsletter"] as const;
export type UnsubscribeList = (typeof UNSUBSCRIBE_LISTS)[number];

/** An unsubscribe link's parameters: which e-mails, whose, and the site's signature of both. */
export const unsubscribeInput = z.object({
  list: z.enum(UNSUBSCRIBE_LISTS, { error: () => MESSAGES.follow.badUnsubscribeLink }),
  user: z
    .string({ error: () => MESSAGES.follow.badUnsubscribeLink })
    .regex(/^u[a-z0-9_]{1,40}$/, { error: () => MESSAGES.follow.badUnsubscribeLink }),
  token: z
    .string({ error: () => MESSAGES.follow.badUnsubscribeLink })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: () => MESSAGES.follow.badUnsubscribeLink }),
});
export type UnsubscribeInput = z.infer<typeof unsubscribeInput>;
