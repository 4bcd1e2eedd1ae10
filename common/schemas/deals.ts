/** A maker's deal (decision 061): a code, what it gives, and the last day it holds; and /deals' query. */
import { z } from "#common/zod.ts";
import { DEAL_CODE_MAX, DEAL_OFFER_MAX } from "../constants.ts";
import { MESSAGES } from "../messages.ts";
import { cursorParam, dayField, isStorableText, slugField } from "./fields.ts";

/** The deal form. The last day is checked against today by the server, which knows the day. */
export const dealInput = z.object({
  code: z
    .string({ error: () => MESSAGES.deal.codeRequired })
    .trim()
    .min(1, { error: () => MESSAGES.deal.codeRequired })
    .max(DEAL_CODE_MAX, { error: () => MESSAGES.deal.codeTooLong })
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { error: () => MESSAGES.deal.badCode }),
  offer: z
    .string({ error: () => MESSAGES.deal.offerRequired })
    .transform((text) => text.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(3, { error: () => MESSAGES.deal.offerRequired })
        .max(DEAL_OFFER_MAX, { error: () => MESSAGES.deal.offerTooLong })
        .refine(isStorableText, { error: () => MESSAGES.deal.offerRequired }),
    ),
  endsOn: dayField(() => MESSAGES.deal.badEnd),
});
export type DealInput = z.infer<typeof dealInput>;

/** /deals: a category's, or every live tool's, ending soonest first, paged from a cursor. */
export const dealsQuery = z.object({
  // An empty choice ("every category") is none.
  category: z.preprocess(
    (value) => (value === "" ? undefined : value),
    slugField({ error: () => "category must be a category's address, such as design" }).optional(),
  ),
  cursor: cursorParam,
});
