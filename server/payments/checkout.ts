/**
 * A maker buying for their own tool: what may be bought now and why not, the Checkout session at the server's price,
 * and the cancellation of a monthly featuring.
 */
import { and, eq, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { formatAmount, purchaseName } from "#common/featuring.ts";
import { MESSAGES } from "#common/messages.ts";
import { featureToolPath, purchasePath } from "#common/page-paths.ts";
import type { CheckoutInput } from "#common/schemas/featuring.ts";
import { createId } from "#common/ids.ts";
import { requireSignedIn } from "../access.ts";
import { featuringOffers, purchases, tools, users } from "../db/schema.ts";
import { isQueuedTool } from "../tools/lifecycle/queue.ts";
import { toolsFeaturableBy } from "../users/queries.ts";
import { firstFreeStart } from "./places.ts";
import { type Stripe } from "./stripe.ts";
import {
  type FeaturingCore,
  DAY_MS,
  holdsAPlace,
  isoOrNull,
  longDate,
  type CheckoutChoices,
} from "./featuring-core.ts";

/**
 * Creates the Checkout session of the pending purchase `purchaseId`, with it as the idempotency key, and answers the
 * address of Stripe's page. A refusal or silence from Stripe closes the purchase ('expired') and says so.
 */
export async function openCheckout(
  { db, requireStripe, logger, now, checkoutOrigin }: FeaturingCore,
  purchaseId: string,
  params: Stripe.Checkout.SessionCreateParams,
): Promise<string> {
  let session: Stripe.Checkout.Session;
  try {
    session = await requireStripe().checkout.sessions.create(params, { idempotencyKey: `checkout-${purchaseId}` });
  } catch (error) {
    await db.update(purchases).set({ state: "expired", updatedAt: now() }).where(eq(purchases.id, purchaseId));
    const stripeError = error as { type?: string; message?: string };
    logger.warn(
      `payments: Stripe refused or did not answer the Checkout session of ${purchaseId}: ${stripeError.message ?? String(error)}`,
    );
    if (stripeError.type === "StripeInvalidRequestError" && stripeError.message)
      throw new AppError("invalid-argument", MESSAGES.featuring.stripeRefused(stripeError.message));
    throw new AppError("unavailable", MESSAGES.featuring.stripeUnavailable);
  }
  await db.update(purchases).set({ stripeSessionId: session.id, updatedAt: now() }).where(eq(purchases.id, purchaseId));
  // The buyer is sent to Stripe's Checkout, and nowhere else, whatever the answer says.
  if (!session.url || !URL.canParse(session.url) || new URL(session.url).origin !== checkoutOrigin) {
    logger.error(
      `payments: Stripe's answer for ${purchaseId} leads to ${session.url ?? "nowhere"}, not to ${checkoutOrigin}`,
    );
    throw new AppError("unavailable", MESSAGES.featuring.stripeUnavailable);
  }
  return session.url;
}

export function checkout(core: FeaturingCore) {
  const { db, siteUrl, logger, now, requireStripe, readOffers, readPlaces, readHolds, syncSubscription } = core;
  /** The user's own tool, for buying: refused for anyone else's. */
  async function ownTool(user: SessionUser, toolId: string) {
    const [tool] = await db
      .select({
        id: tools.id,
        name: tools.name,
        slug: tools.slug,
        isActive: tools.isActive,
        isVerified: tools.isVerified,
        hasSkippedLine: tools.hasSkippedLine,
        isQueued: sql<boolean>`${isQueuedTool}`,
      })
      .from(tools)
      .where(and(eq(tools.id, toolId), toolsFeaturableBy(user)));
    if (!tool) throw new AppError("permission-denied", MESSAGES.featuring.notYourTool);
    return tool;
  }

  /** What may be bought for the tool now, with the refusal a person reads for what may not. */
  async function choicesFor(user: SessionUser, toolId: string): Promise<CheckoutChoices> {
    const tool = await ownTool(user, toolId);
    const [offers, places, holds, [current]] = await Promise.all([
      readOffers(),
      readPlaces(),
      readHolds(db),
      db
        .select({ state: purchases.state, startsAt: purchases.startsAt, endsAt: purchases.endsAt })
        .from(purchases)
        .where(and(eq(purchases.toolId, toolId), holdsAPlace))
        .orderBy(sql`${purchases.endsAt} desc nulls first`)
        .limit(1),
    ]);
    const isLive = tool.isActive && tool.isVerified;
    const at = now();
    return {
      tool: {
        id: tool.id,
        name: tool.name,
        slug: tool.slug,
        isLive,
        isQueued: Boolean(tool.isQueued),
        hasSkippedLine: tool.hasSkippedLine,
      },
      current: current
        ? {
            state: current.state as "active" | "booked",
            startsAt: isoOrNull(current.startsAt),
            endsAt: isoOrNull(current.endsAt),
          }
        : null,
      offers: offers
        .filter((offer) => offer.isOnSale)
        .map((offer) => {
          let refusal: string | null = null;
          let startsAt: string | null = null;
          if (offer.kind === "skip-line") {
            if (tool.hasSkippedLine) refusal = MESSAGES.featuring.alreadySkipped;
            else if (!tool.isQueued) refusal = MESSAGES.featuring.notWaiting;
          } else if (!isLive) {
            refusal = MESSAGES.featuring.notLive;
          } else if (current) {
            refusal =
              current.state === "booked"
                ? MESSAGES.featuring.alreadyBooked(longDate(current.startsAt!))
                : current.endsAt
                  ? MESSAGES.featuring.alreadyFeatured(longDate(current.endsAt))
                  : MESSAGES.featuring.alreadyFeaturedMonthly;
          } else if (offer.kind === "featured-monthly") {
            const start = firstFreeStart(holds, places, at, Infinity, toolId);
            if (!start || start.getTime() > at.getTime()) refusal = MESSAGES.featuring.noPlaceForSubscription;
          } else {
            const start = firstFreeStart(holds, places, at, (offer.days ?? 1) * DAY_MS, toolId);
            if (!start) refusal = MESSAGES.featuring.noFreePlace;
            else if (start.getTime() > at.getTime()) startsAt = start.toISOString();
          }
          return {
            kind: offer.kind,
            name: purchaseName(offer.kind, offer.days),
            price: formatAmount(offer.amount, offer.currency),
            days: offer.days,
            startsAt,
            refusal,
          };
        }),
    };
  }

  return {
    /** What the user may buy for their tool; refused for anyone else's tool. */
    async getCheckoutChoices(user: SessionUser | null, toolId: string): Promise<CheckoutChoices> {
      return choicesFor(requireSignedIn(user), toolId);
    },

    /**
     * Opens a Stripe Checkout session for the user's tool at the operator's price, and answers the address of Stripe's
     * page. The purchase is written first, as pending: the session's metadata names it.
     */
    async startCheckout(user: SessionUser | null, { toolId, kind }: CheckoutInput): Promise<string> {
      const buyer = requireSignedIn(user);
      requireStripe();
      const choices = await choicesFor(buyer, toolId);
      const choice = choices.offers.find((offer) => offer.kind === kind);
      if (!choice)
        throw new AppError("invalid-argument", MESSAGES.featuring.notForSale, { kind: MESSAGES.featuring.notForSale });
      if (choice.refusal) throw new AppError("aborted", choice.refusal, { kind: choice.refusal });
      const [offer] = await db.select().from(featuringOffers).where(eq(featuringOffers.kind, kind));
      const at = now();
      const id = createId("p", at);
      const startsAt = kind === "skip-line" ? null : choice.startsAt ? new Date(choice.startsAt) : at;
      await db.insert(purchases).values({
        id,
        userId: buyer.id,
        toolId,
        kind,
        source: "stripe",
        state: "pending",
        amount: offer!.amount,
        currency: offer!.currency,
        startsAt,
        // A monthly featuring holds until it is cancelled.
        endsAt:
          startsAt && offer!.days && kind === "featured" ? new Date(startsAt.getTime() + offer!.days * DAY_MS) : null,
        createdAt: at,
        updatedAt: at,
      });
      const [record] = await db.select({ email: users.email }).from(users).where(eq(users.id, buyer.id));
      const metadata = { purchaseId: id, toolId, userId: buyer.id, kind };
      const product_data = { name: `${choice.name}: ${choices.tool.name}` };
      const isMonthly = kind === "featured-monthly";
      return openCheckout(core, id, {
        mode: isMonthly ? "subscription" : "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: offer!.currency,
              unit_amount: offer!.amount,
              product_data,
              ...(isMonthly ? { recurring: { interval: "month" as const } } : {}),
            },
          },
        ],
        client_reference_id: buyer.id,
        customer_email: record?.email,
        metadata,
        ...(isMonthly ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        success_url: `${siteUrl}${purchasePath(id)}`,
        cancel_url: `${siteUrl}${featureToolPath(toolId)}?cancelled=1`,
      });
    },

    /**
     * Cancels the buyer's monthly featuring at the end of the month paid for (the buyer or an admin): Stripe charges no
     * more, and its event (or this call's answer) sets when the featuring ends.
     */
    async cancelSubscription(user: SessionUser | null, purchaseId: string): Promise<void> {
      const viewer = requireSignedIn(user);
      const [purchase] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
      if (!purchase || (purchase.userId !== viewer.id && viewer.role !== "admin"))
        throw new AppError("not-found", MESSAGES.featuring.purchaseNotFound);
      if (
        purchase.kind !== "featured-monthly" ||
        !purchase.stripeSubscriptionId ||
        !["active", "booked"].includes(purchase.state) ||
        purchase.endsAt
      ) {
        throw new AppError("aborted", MESSAGES.featuring.notCancellable);
      }
      try {
        await requireStripe().subscriptions.update(
          purchase.stripeSubscriptionId,
          { cancel_at_period_end: true },
          { idempotencyKey: `cancel-at-end-${purchase.id}` },
        );
      } catch (error) {
        logger.warn(
          `payments: Stripe did not cancel the subscription ${purchase.stripeSubscriptionId}: ${(error as Error).message}`,
        );
        throw new AppError("unavailable", MESSAGES.featuring.stripeUnavailable);
      }
      await syncSubscription(purchase.stripeSubscriptionId);
    },
  };
}
