/**
 * Paid featuring (docs/decisions/040-paid-featuring.md), composed of its parts: the operator's offers and places, a maker's Checkout session,
 * Stripe's events, and the job that starts and ends featurings. The price is always the server's; a session's metadata
 * names the purchase the server wrote, and an event is believed only once Stripe's own record says the same. Each event
 * is handled once, by its id, in the transaction of what it changes.
 */
import { checkout } from "./checkout.ts";
import { featuringClock } from "./featuring-clock.ts";
import { featuringCore, type FeaturingDependencies } from "./featuring-core.ts";
import { offersAndPlaces } from "./featuring-offers.ts";
import { purchaseRecords } from "./purchases.ts";
import { stripeEventHandling } from "./stripe-events.ts";

export type { CheckoutChoices, FeaturingDependencies, Offer, PurchaseState, PurchaseView } from "./featuring-core.ts";

export function featuringService(dependencies: FeaturingDependencies) {
  const core = featuringCore(dependencies);
  return {
    ...offersAndPlaces(core),
    ...checkout(core),
    ...stripeEventHandling(core),
    ...purchaseRecords(core),
    ...featuringClock(core),
  };
}

export type FeaturingService = ReturnType<typeof featuringService>;
