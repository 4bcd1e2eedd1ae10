/**
 * Sponsors (decision 064), composed of their parts on what they share (./sponsor-core.ts): a sponsor's booking paid
 * through Stripe Checkout (./sponsor-booking.ts), and an ad once paid: its review, its run on every page, its counts
 * and its summary (./sponsor-runs.ts). The payment is a purchase like a featuring's: its Checkout, its events and its
 * revenue are those of ./checkout.ts, ./stripe-events.ts and ./purchases.ts; the weeks it holds are claimed by
 * ./sponsor-weeks.ts when Stripe says it is paid.
 */
import { sponsorBooking } from "./sponsor-booking.ts";
import { sponsorCore, type SponsorDependencies } from "./sponsor-core.ts";
import { sponsorRuns } from "./sponsor-runs.ts";

export {
  type CalendarWeek,
  type PlacementView,
  type RunningAd,
  runningAdsQuery,
  type SponsorDependencies,
  type SponsorshipState,
  type SponsorshipStats,
  type SponsorshipView,
} from "./sponsor-core.ts";

export function sponsorService(dependencies: SponsorDependencies) {
  const core = sponsorCore(dependencies);
  return { ...sponsorBooking(core), ...sponsorRuns(core) };
}

export type SponsorService = ReturnType<typeof sponsorService>;
