/** The operator's offers (a price, whether on sale) and how many tools may be featured at once. */
import { eq } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import type { OfferInput } from "#common/schemas/featuring.ts";
import { requireAdmin } from "../access.ts";
import { changedFields, recordAudit } from "../audit/audit.ts";
import { featuringOffers, featuringSettings } from "../db/schema.ts";
import { type FeaturingCore, type Offer } from "./featuring-core.ts";

export function offersAndPlaces(core: FeaturingCore) {
  const { db, stripe, now, readOffers, readPlaces, lockPlaces } = core;
  return {
    /** Whether anything can be bought: Stripe's keys are set. */
    isPaymentEnabled: stripe !== null,

    /** The console's offers (every kind, on sale or not) and places. */
    async getSettings(user: SessionUser | null): Promise<{ offers: Offer[]; places: number }> {
      requireAdmin(user);
      const [offers, places] = await Promise.all([readOffers(), readPlaces()]);
      return { offers, places };
    },

    /** Sets one offer's price and whether it is on sale (admins). */
    async saveOffer(user: SessionUser | null, offer: OfferInput): Promise<void> {
      const admin = requireAdmin(user);
      const values = {
        amount: offer.amount,
        currency: offer.currency,
        days: offer.days,
        isOnSale: offer.isOnSale,
        updatedAt: now(),
      };
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(featuringOffers)
          .where(eq(featuringOffers.kind, offer.kind))
          .for("update");
        await tx
          .insert(featuringOffers)
          .values({ kind: offer.kind, ...values })
          .onConflictDoUpdate({ target: featuringOffers.kind, set: values });
        const after = { amount: offer.amount, currency: offer.currency, days: offer.days, isOnSale: offer.isOnSale };
        const changed = before
          ? changedFields(
              { amount: before.amount, currency: before.currency, days: before.days, isOnSale: before.isOnSale },
              after,
            )
          : { before: {}, after };
        if (changed) await recordAudit(tx, admin, { kind: "featuring.offer", subject: offer.kind, ...changed });
      });
    },

    /** Sets how many tools may be featured at once (admins); what already holds a place keeps it. */
    async savePlaces(user: SessionUser | null, { places }: { places: number }): Promise<void> {
      const admin = requireAdmin(user);
      await db.transaction(async (tx) => {
        await lockPlaces(tx);
        const [before] = await tx.select({ places: featuringSettings.places }).from(featuringSettings);
        await tx.update(featuringSettings).set({ places, updatedAt: now() });
        if (before?.places !== places)
          await recordAudit(tx, admin, {
            kind: "featuring.places",
            subject: "featured places",
            before: { places: before?.places ?? null },
            after: { places },
          });
      });
    },
  };
}
