/**
 * A sponsor's booking (decision 064): /advertise's placements and weeks, a placement's form, the Checkout session at the
 * operator's weekly price, and the console's prices.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { SPONSOR_PURCHASE } from "#common/featuring.ts";
import { createId } from "#common/ids.ts";
import { MESSAGES } from "#common/messages.ts";
import { advertisePath, sponsorshipPath } from "#common/page-paths.ts";
import type { PlacementInput, SponsorBookingInput } from "#common/schemas/sponsors.ts";
import { addWeeks, mondayOf, type Placement, weekEnd, weeksOnSale } from "#common/sponsors.ts";
import { requireAdmin, requireSignedIn } from "../access.ts";
import { LIMITS, senderKey } from "../auth/rate-limit.ts";
import { changedFields, recordAudit } from "../audit/audit.ts";
import { dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import { purchases, sponsorPlacements, sponsorships, users } from "../db/schema.ts";
import { processImage, smallLogoOf } from "../images/process.ts";
import { openCheckout } from "./checkout.ts";
import { longDate } from "./featuring-core.ts";
import { type CalendarWeek, type PlacementView, type SponsorCore } from "./sponsor-core.ts";

/** A sponsor's logo as a booking stores it: sponsors/{the booking's id}.webp. */
const SPONSOR_LOGO_KEY = /^sponsors\/(p[a-z0-9]+)\.webp$/;
/** A logo younger than this may belong to a Checkout still open. */
const ABANDONED_LOGO_AFTER_MS = 26 * 3_600_000;

export function sponsorBooking(core: SponsorCore) {
  const {
    db,
    stripe,
    now,
    siteUrl,
    storage,
    maxImageBytes,
    limiter,
    readPlacements,
    soldWeeks,
    calendarOf,
    keptReads,
  } = core;
  return {
    /** Whether anything can be bought: Stripe's keys are set. */
    isPaymentEnabled: stripe !== null,

    /**
     * /advertise: the placements on sale with their price, and the weeks of each, sold or free. The same for everyone:
     * it changes when a week is sold or freed, a price changes, or a week begins.
     */
    async getAdvertisePage(): Promise<{ placements: (PlacementView & { weeks: CalendarWeek[] })[] }> {
      dependsOn(pageTags.advertise);
      const at = now();
      expiresWithin(weekEnd(mondayOf(at)).getTime() - at.getTime());
      if (!stripe) return { placements: [] };
      const [placements, sold] = await Promise.all([readPlacements(), soldWeeks(at)]);
      return {
        placements: placements
          .filter((placement) => placement.isOnSale)
          .map((placement) => ({ ...placement, weeks: calendarOf(placement, sold, at) })),
      };
    },

    /**
     * The placements a sponsor can book now, for every page's slots: a slot nobody bought says it is for sale (the
     * operator's own card). None without Stripe's keys. Kept between renders until a price or a placement changes.
     */
    async listPlacementsOnSale(): Promise<Placement[]> {
      if (!stripe) return [];
      return keptReads.read("placements-on-sale", async () => {
        dependsOn(pageTags.advertise);
        return (await readPlacements()).filter((placement) => placement.isOnSale).map((placement) => placement.kind);
      });
    },

    /** A placement's booking form: its price and its weeks; refused when it is not on sale. */
    async getBookingChoices(placement: Placement): Promise<PlacementView & { weeks: CalendarWeek[] }> {
      const at = now();
      const offered = (await readPlacements()).find((candidate) => candidate.kind === placement);
      if (!stripe || !offered?.isOnSale) throw new AppError("not-found", MESSAGES.sponsor.notForSale);
      return { ...offered, weeks: calendarOf(offered, await soldWeeks(at, placement), at) };
    },

    /**
     * Opens a Checkout session for an ad: the weeks must be on sale and free now (they are claimed when Stripe says
     * it is paid, and a week sold meanwhile refunds the payment). The price is the operator's, per week. The logo,
     * when there is one, is checked and re-encoded as every upload is. Answers Stripe's page, or why the logo is refused.
     */
    async startSponsorCheckout(
      { user, address }: { user: SessionUser | null; address: string },
      input: SponsorBookingInput,
      logo: Uint8Array | null,
    ): Promise<{ ok: true; url: string } | { ok: false; field: string; message: string }> {
      const sponsor = requireSignedIn(user);
      const at = now();
      const offered = (await readPlacements()).find((candidate) => candidate.kind === input.placement);
      if (!stripe || !offered?.isOnSale)
        throw new AppError("aborted", MESSAGES.sponsor.notForSale, { placement: MESSAGES.sponsor.notForSale });
      const onSale = new Set(weeksOnSale(at, offered.weeksAhead));
      const sold = await soldWeeks(at, input.placement);
      for (const week of input.weeks) {
        if (!onSale.has(week)) {
          const message = MESSAGES.sponsor.weekNotOnSale(longDate(new Date(`${week}T00:00:00Z`)));
          throw new AppError("invalid-argument", message, { weeks: message });
        }
        if (sold.has(`${input.placement} ${week}`)) {
          const message = MESSAGES.sponsor.weekTaken(longDate(new Date(`${week}T00:00:00Z`)));
          throw new AppError("aborted", message, { weeks: message });
        }
      }
      // Each booking opens a session on the operator's Stripe account and may store a logo: a few an hour.
      if (
        !(await limiter.hit(`sponsor-booking:${sponsor.id}`, LIMITS.sponsorBookingsPerUser)) ||
        !(await limiter.hit(`sponsor-booking:${senderKey(address)}`, LIMITS.sponsorBookingsPerAddress))
      )
        throw new AppError("resource-exhausted", MESSAGES.sponsor.tooManyBookings);
      const id = createId("p", at);
      let logoUrl: string | null = null;
      if (logo && logo.length > 0) {
        const processed = await processImage(logo, "logo", maxImageBytes);
        if (!processed.ok) return { ok: false, field: "logo", message: processed.message };
        const key = `sponsors/${id}.webp`;
        await storage.write(key, await smallLogoOf(processed.webp), "image/webp");
        logoUrl = storage.publicUrl(key);
      }
      const amount = offered.amount * input.weeks.length;
      const endsOn = addWeeks(input.weeks.at(-1)!, 1);
      await db.transaction(async (tx) => {
        await tx.insert(purchases).values({
          id,
          userId: sponsor.id,
          toolId: null,
          kind: SPONSOR_PURCHASE,
          source: "stripe",
          state: "pending",
          amount,
          currency: offered.currency,
          startsAt: new Date(`${input.weeks[0]}T00:00:00Z`),
          endsAt: new Date(`${endsOn}T00:00:00Z`),
          createdAt: at,
          updatedAt: at,
        });
        await tx.insert(sponsorships).values({
          id,
          userId: sponsor.id,
          placement: input.placement,
          weeks: input.weeks,
          endsOn,
          text: input.text,
          url: input.url,
          logo: logoUrl,
          state: "pending",
          createdAt: at,
          updatedAt: at,
        });
      });
      const [record] = await db.select({ email: users.email }).from(users).where(eq(users.id, sponsor.id));
      const metadata = { purchaseId: id, userId: sponsor.id, kind: SPONSOR_PURCHASE };
      const url = await openCheckout(core, id, {
        mode: "payment",
        line_items: [
          {
            quantity: input.weeks.length,
            price_data: {
              currency: offered.currency,
              unit_amount: offered.amount,
              product_data: { name: `${offered.name}: ${input.text}`.slice(0, 250) },
            },
          },
        ],
        client_reference_id: sponsor.id,
        customer_email: record?.email,
        metadata,
        payment_intent_data: { metadata },
        success_url: `${siteUrl}${sponsorshipPath(id)}`,
        cancel_url: `${siteUrl}${advertisePath(input.placement)}?cancelled=1`,
      });
      return { ok: true, url };
    },

    /**
     * Deletes the sponsors' logos no ad shows: a booking never paid (its session closed), or a file whose booking was
     * never written. A file younger than its Checkout's longest life (and an hour) is kept. The daily job; answers how
     * many went.
     */
    async removeUnusedSponsorLogos(at = now()): Promise<number> {
      let removed = 0;
      let batch: { key: string; id: string }[] = [];
      const sweep = async () => {
        const kept = await db
          .select({ id: sponsorships.id })
          .from(sponsorships)
          .where(
            and(
              inArray(
                sponsorships.id,
                batch.map((file) => file.id),
              ),
              ne(sponsorships.state, "expired"),
            ),
          );
        const keptIds = new Set(kept.map((row) => row.id));
        for (const file of batch.filter((candidate) => !keptIds.has(candidate.id))) {
          await storage.remove(file.key);
          await db.update(sponsorships).set({ logo: null }).where(eq(sponsorships.id, file.id));
          removed++;
        }
        batch = [];
      };
      for await (const file of storage.list("sponsors")) {
        const id = SPONSOR_LOGO_KEY.exec(file.key)?.[1];
        if (!id || at.getTime() - file.modifiedAt.getTime() < ABANDONED_LOGO_AFTER_MS) continue;
        batch.push({ key: file.key, id });
        if (batch.length >= 500) await sweep();
      }
      if (batch.length > 0) await sweep();
      return removed;
    },

    /** Sets one placement's weekly price, how far ahead it is sold, and whether it is on sale (admins). */
    async savePlacement(user: SessionUser | null, input: PlacementInput): Promise<void> {
      const admin = requireAdmin(user);
      const values = {
        amount: input.amount,
        currency: input.currency,
        weeksAhead: input.weeksAhead,
        isOnSale: input.isOnSale,
        updatedAt: now(),
      };
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(sponsorPlacements)
          .where(eq(sponsorPlacements.kind, input.kind))
          .for("update");
        await tx
          .insert(sponsorPlacements)
          .values({ kind: input.kind, ...values })
          .onConflictDoUpdate({ target: sponsorPlacements.kind, set: values });
        const after = {
          amount: input.amount,
          currency: input.currency,
          weeksAhead: input.weeksAhead,
          isOnSale: input.isOnSale,
        };
        const changed = before
          ? changedFields(
              {
                amount: before.amount,
                currency: before.currency,
                weeksAhead: before.weeksAhead,
                isOnSale: before.isOnSale,
              },
              after,
            )
          : { before: {}, after };
        if (changed) await recordAudit(tx, admin, { kind: "sponsor.placement", subject: input.kind, ...changed });
      });
    },
  };
}
