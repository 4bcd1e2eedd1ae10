/** Sponsors (decision 064): a booking, the console's placements, and an admin's review. */
import { z } from "#common/zod.ts";
import { amountField, currencyField, priceOf } from "./featuring.ts";
import { MESSAGES } from "../messages.ts";
import { PLACEMENTS, SPONSOR_MAX_WEEKS, SPONSOR_MAX_WEEKS_AHEAD, SPONSOR_TEXT_MAX } from "../sponsors.ts";
import { normalizeWebsite } from "../tool-input.ts";
import { isStorableText } from "./fields.ts";

export const placementField = z.enum(PLACEMENTS, { error: () => MESSAGES.sponsor.unknownPlacement });

/** A week as the form names it: its Monday. Whether it is on sale is the server's to say, which knows the day. */
const weekField = z
  .string({ error: () => MESSAGES.sponsor.badWeek })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => MESSAGES.sponsor.badWeek })
  .refine(
    (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day && date.getUTCDay() === 1;
    },
    { error: () => MESSAGES.sponsor.badWeek },
  );

/** What a sponsor books: a placement, some weeks, and the ad (its text and link; the logo comes as a file). */
export const sponsorBookingInput = z.object({
  placement: placementField,
  weeks: z
    .array(weekField, { error: () => MESSAGES.sponsor.noWeek })
    .transform((weeks) => [...new Set(weeks)].sort())
    .pipe(
      z
        .array(z.string())
        .min(1, { error: () => MESSAGES.sponsor.noWeek })
        .max(SPONSOR_MAX_WEEKS, { error: () => MESSAGES.sponsor.tooManyWeeks }),
    ),
  text: z
    .string({ error: () => MESSAGES.sponsor.textRequired })
    .transform((text) => text.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(3, { error: () => MESSAGES.sponsor.textRequired })
        .max(SPONSOR_TEXT_MAX, { error: () => MESSAGES.sponsor.textTooLong })
        .refine(isStorableText, { error: () => MESSAGES.sponsor.textRequired }),
    ),
  url: z
    .string({ error: () => MESSAGES.sponsor.badUrl })
    .trim()
    .max(500, { error: () => MESSAGES.sponsor.badUrl })
    .transform((text, ctx) => {
      const url = normalizeWebsite(text);
      if (!url) {
        ctx.addIssue({ code: "custom", message: MESSAGES.sponsor.badUrl });
        return z.NEVER;
      }
      return url;
    }),
});
export type SponsorBookingInput = z.infer<typeof sponsorBookingInput>;

/** One placement as the console's form sends it: the price of a week in the currency's main unit ("49.00"). */
export const placementInput = z
  .object({
    kind: placementField,
    currency: currencyField,
    amount: amountField,
    weeksAhead: z.coerce
      .number({ error: () => MESSAGES.sponsor.weeksAheadRange })
      .int({ error: () => MESSAGES.sponsor.weeksAheadRange })
      .min(1, { error: () => MESSAGES.sponsor.weeksAheadRange })
      .max(SPONSOR_MAX_WEEKS_AHEAD, { error: () => MESSAGES.sponsor.weeksAheadRange }),
    onSale: z
      .string()
      .optional()
      .transform((value) => value === "true" || value === "on"),
  })
  .transform((input, ctx) => {
    return {
      kind: input.kind,
      currency: input.currency,
      amount: priceOf(input.amount, input.currency, ctx),
      weeksAhead: input.weeksAhead,
      isOnSale: input.onSale,
    };
  });
export type PlacementInput = z.infer<typeof placementInput>;

/** An ad named by its id (its purchase's). */
export const sponsorshipIdParam = z.string().regex(/^p[a-z0-9_]{1,40}$/, { error: () => MESSAGES.sponsor.notFound });
