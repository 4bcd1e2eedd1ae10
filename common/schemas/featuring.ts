/** Paid featuring (decision 040): the maker's choice at checkout, and the console's prices and places. */
import { z } from "#common/zod.ts";
import { MAX_FEATURED_DAYS, MAX_FEATURED_PLACES, OFFER_KINDS, parseAmount } from "../featuring.ts";
import { MESSAGES } from "../messages.ts";
import { toolIdParam } from "./fields.ts";

export const offerKindField = z.enum(OFFER_KINDS, { error: () => MESSAGES.featuring.unknownOffer });

/** A price's currency, as Stripe names it: "usd", "eur". */
export const currencyField = z
  .string({ error: () => MESSAGES.featuring.currencyShape })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3}$/, { error: () => MESSAGES.featuring.currencyShape });

/** A price as the console's forms send it, in the currency's main unit ("29.50"); read by `priceOf`. */
export const amountField = z.string({ error: () => MESSAGES.featuring.amountShape }).trim();

/** The price `text` in `currency`'s smallest unit, as Stripe counts it; an issue on the amount when it is none. */
export function priceOf(text: string, currency: string, ctx: z.RefinementCtx): number {
  const amount = parseAmount(text, currency);
  if (amount === null) ctx.addIssue({ code: "custom", path: ["amount"], message: MESSAGES.featuring.amountShape });
  else if (amount <= 0) ctx.addIssue({ code: "custom", path: ["amount"], message: MESSAGES.featuring.amountTooSmall });
  return amount ?? 0;
}

/** What a maker buys, for which tool: the price is the server's, never the browser's. */
export const checkoutInput = z.object({ toolId: toolIdParam, kind: offerKindField });
export type CheckoutInput = z.infer<typeof checkoutInput>;

/** One offer as the console's form sends it: the amount in the currency's main unit ("29.50"). */
export const offerInput = z
  .object({
    kind: offerKindField,
    currency: currencyField,
    amount: amountField,
    days: z.string().trim().optional(),
    onSale: z
      .string()
      .optional()
      .transform((value) => value === "true" || value === "on"),
  })
  .transform((input, ctx) => {
    const amount = priceOf(input.amount, input.currency, ctx);
    let days: number | null = null;
    if (input.kind === "featured") {
      days = /^\d{1,3}$/.test(input.days ?? "") ? Number(input.days) : NaN;
      if (!(days >= 1 && days <= MAX_FEATURED_DAYS))
        ctx.addIssue({ code: "custom", path: ["days"], message: MESSAGES.featuring.daysRange });
    }
    return { kind: input.kind, currency: input.currency, amount, days, isOnSale: input.onSale };
  });
export type OfferInput = z.infer<typeof offerInput>;

/** How many tools may be featured at once. */
export const placesInput = z.object({
  places: z.coerce
    .number({ error: () => MESSAGES.featuring.placesRange })
    .int({ error: () => MESSAGES.featuring.placesRange })
    .min(1, { error: () => MESSAGES.featuring.placesRange })
    .max(MAX_FEATURED_PLACES, { error: () => MESSAGES.featuring.placesRange }),
});

/** A tool named by its ID, its slug (which ends with the ID) or its page's address. */
const toolReference = z
  .string({ error: () => MESSAGES.tool.notFoundById })
  .trim()
  .transform((text) => /(?:^|[/-])(t[a-z0-9_]{1,40})\/?$/.exec(text.split(/[?#]/)[0]!)?.[1] ?? text)
  .pipe(toolIdParam);

/** A featuring an admin grants for free: a tool, for some days. */
export const grantInput = z.object({
  toolId: toolReference,
  days: z.coerce
    .number({ error: () => MESSAGES.featuring.daysRange })
    .int({ error: () => MESSAGES.featuring.daysRange })
    .min(1, { error: () => MESSAGES.featuring.daysRange })
    .max(MAX_FEATURED_DAYS, { error: () => MESSAGES.featuring.daysRange }),
});
