/**
 * What every part of paid featuring shares (docs/decisions/040-paid-featuring.md): the offers and places as stored,
 * the places' lock and who holds one, a tool's featured flag, a purchase's entry in its buyer's payments and its view,
 * a subscription followed from Stripe's record, and a payment given back. featuring.ts composes the parts on it.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import {
  DEFAULT_FEATURED_PLACES,
  FEATURING_GRANT,
  FEATURING_PAYMENT,
  formatAmount,
  type OfferKind,
  purchaseName,
} from "#common/featuring.ts";
import { currentWords } from "#common/i18n/say.ts";
import { MESSAGES } from "#common/messages.ts";
import { z } from "#common/zod.ts";
import type { Database, Transaction } from "../db/client.ts";
import { featuringOffers, featuringSettings, type Payment, purchases, tools, users } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Readers } from "../mail/readers.ts";
import type { Outbox } from "../outbox/effects.ts";
import type { WebhookEvents } from "../webhooks/events.ts";
import { firstFreeStart, type Hold } from "./places.ts";
import { type Stripe } from "./stripe.ts";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The calendar shows this many featurings, soonest first: the places times how far ahead they are booked stays far below. */
export const CALENDAR_LIMIT = 200;

export type Offer = { kind: OfferKind; amount: number; currency: string; days: number | null; isOnSale: boolean };

/**
 * 'paid': a subscription's renewal, a payment that holds nothing by itself; 'refunding': a payment that found no place,
 * being given back.
 */
export type PurchaseState =
  | "pending"
  | "booked"
  | "active"
  | "ended"
  | "refunding"
  | "refunded"
  | "disputed"
  | "expired"
  | "paid";

export type PurchaseRow = typeof purchases.$inferSelect;

/** A purchase as its buyer and the console read it. */
export type PurchaseView = {
  id: string;
  kind: string;
  name: string;
  source: string;
  state: PurchaseState;
  price: string | null;
  amount: number;
  currency: string;
  startsAt: string | null;
  endsAt: string | null;
  paidAt: string | null;
  createdAt: string;
  receiptUrl: string | null;
  tool: { id: string; name: string; slug: string } | null;
  stripe: { sessionId: string | null; paymentIntentId: string | null };
};

/** What a maker may buy for one of their tools, as their page shows it. */
export type CheckoutChoices = {
  tool: { id: string; name: string; slug: string; isLive: boolean; isQueued: boolean; hasSkippedLine: boolean };
  /** `startsAt`: when every place is taken now, the first day one is free for the whole period (null: at once). */
  offers: {
    kind: OfferKind;
    name: string;
    price: string;
    days: number | null;
    startsAt: string | null;
    refusal: string | null;
  }[];
  /** The tool's featuring that holds or is booked. */
  current: { state: "active" | "booked"; startsAt: string | null; endsAt: string | null } | null;
};

export type FeaturingDependencies = {
  db: Database;
  /** Null without Stripe's keys: nothing is for sale. */
  stripe: Stripe | null;
  webhookSecret: string;
  /** Where Stripe's Checkout pages are: the only place a maker is sent to pay (config.ts stripeCheckoutOrigin). */
  checkoutOrigin: string;
  siteUrl: string;
  /** Mails are written in their reader's language. */
  readers: Readers;
  outbox: Pick<Outbox, "enqueue" | "poke">;
  webhooks: WebhookEvents;
  writeToolSnapshot: (id: string) => Promise<void>;
  logger: Logger;
  now?: () => Date;
};

/** A subscription in one of these states charges no more: its featuring is over. */
export const ENDED_SUBSCRIPTIONS: string[] = ["canceled", "incomplete_expired", "unpaid"];

/** What an event must hold for it to be read: signed by the secret's holder, it is still checked. */
export const stripeEventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.object({ id: z.string().min(1) }) }),
});

/** The monthly featuring a subscription pays for, while it holds or is booked. */
export const heldBySubscription = (subscriptionId: string) =>
  and(
    eq(purchases.stripeSubscriptionId, subscriptionId),
    eq(purchases.kind, "featured-monthly"),
    inArray(purchases.state, ["booked", "active"]),
  );

/** Whether a purchase holds, or will hold, a featured place. */
export const holdsAPlace = and(inArray(purchases.state, ["booked", "active"]), ne(purchases.kind, "skip-line"));

export function isoOrNull(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** A day in the language of whoever is being answered, or of the mail's reader: "4 August 2026". */
export function longDate(date: Date): string {
  return currentWords().longDate(date.toISOString().slice(0, 10));
}

/** The dependencies, with the steps the parts built on them share. */
export function featuringCore(dependencies: FeaturingDependencies) {
  const { db, stripe, webhooks, writeToolSnapshot, now = () => new Date() } = dependencies;
  function requireStripe(): Stripe {
    if (!stripe) throw new AppError("unavailable", MESSAGES.featuring.noPayments);
    return stripe;
  }

  async function readOffers(executor: Database | Transaction = db): Promise<Offer[]> {
    const rows = await executor.select().from(featuringOffers).orderBy(asc(featuringOffers.kind));
    return rows.map((row) => ({
      kind: row.kind as OfferKind,
      amount: row.amount,
      currency: row.currency,
      days: row.days,
      isOnSale: row.isOnSale,
    }));
  }

  async function readPlaces(executor: Database | Transaction = db): Promise<number> {
    const [row] = await executor.select({ places: featuringSettings.places }).from(featuringSettings).limit(1);
    return row?.places ?? DEFAULT_FEATURED_PLACES;
  }

  /** Takes the places' lock: whatever books or frees a place does it under this row, one at a time. */
  async function lockPlaces(tx: Transaction): Promise<number> {
    await tx.insert(featuringSettings).values({ id: true, places: DEFAULT_FEATURED_PLACES }).onConflictDoNothing();
    const [row] = await tx.select({ places: featuringSettings.places }).from(featuringSettings).for("update");
    return row!.places;
  }

  /** Every featuring that holds or will hold a place: bounded by the places and how far ahead they are booked. */
  async function readHolds(executor: Database | Transaction): Promise<Hold[]> {
    const rows = await executor
      .select({ toolId: purchases.toolId, startsAt: purchases.startsAt, endsAt: purchases.endsAt })
      .from(purchases)
      .where(holdsAPlace)
      .orderBy(asc(purchases.endsAt));
    return rows.map((row) => ({ toolId: row.toolId, startsAt: row.startsAt ?? new Date(0), endsAt: row.endsAt }));
  }

  /** Features or unfeatures a tool, telling the admins' webhooks when a live tool changes; whether it changed. */
  async function setFeatured(tx: Transaction, toolId: string | null, isFeatured: boolean): Promise<boolean> {
    if (!toolId) return false;
    const [before] = await tx
      .select({ isHomeBoosted: tools.isHomeBoosted })
      .from(tools)
      .where(eq(tools.id, toolId))
      .for("update");
    if (!before || before.isHomeBoosted === isFeatured) return false;
    const [after] = await tx
      .update(tools)
      .set({ isHomeBoosted: isFeatured, updatedAt: now() })
      .where(eq(tools.id, toolId))
      .returning();
    if (after!.isVerified && after!.isActive) await webhooks.enqueue(tx, "tool.updated", { tool: after! });
    return true;
  }

  /** The entry of the user's payments list (docs/product.md §3) that records a purchase, added or changed. */
  async function recordPaymentEntry(tx: Transaction, purchase: PurchaseRow, status: string): Promise<void> {
    if (!purchase.userId) return;
    const entry: Payment & { purchaseId: string } = {
      kind: purchase.source === "grant" ? FEATURING_GRANT : FEATURING_PAYMENT,
      purchaseId: purchase.id,
      toolId: purchase.toolId ?? undefined,
      amount: purchase.amount,
      currency: purchase.currency,
      createdAt: purchase.createdAt.toISOString(),
      status,
    };
    const match = JSON.stringify([{ purchaseId: purchase.id }]);
    await tx
      .update(users)
      .set({
        payments: sql`case when ${users.payments} @> ${match}::jsonb then (
            select jsonb_agg(case when element.value @> ${JSON.stringify({ purchaseId: purchase.id })}::jsonb then ${JSON.stringify(entry)}::jsonb else element.value end order by element.position)
            from jsonb_array_elements(${users.payments}) with ordinality as element(value, position)
          ) else ${users.payments} || ${JSON.stringify([entry])}::jsonb end`,
        updatedAt: now(),
      })
      .where(eq(users.id, purchase.userId));
  }

  async function toolOf(executor: Database | Transaction, toolId: string | null) {
    if (!toolId) return null;
    const [tool] = await executor
      .select({ id: tools.id, name: tools.name, slug: tools.slug })
      .from(tools)
      .where(eq(tools.id, toolId));
    return tool ?? null;
  }

  /**
   * What a featuring holds from `at`: it starts at once when a place is free, else it is booked for the first one. A
   * monthly featuring holds until it is cancelled, so it starts only on a place free now and for good. Null when no
   * place can be had: the payment is then given back.
   */
  async function place(
    tx: Transaction,
    purchase: PurchaseRow,
    at: Date,
  ): Promise<Pick<PurchaseRow, "state" | "startsAt" | "endsAt"> | null> {
    const places = await lockPlaces(tx);
    const durationMs =
      purchase.kind === "featured-monthly"
        ? Infinity
        : purchase.startsAt && purchase.endsAt
          ? purchase.endsAt.getTime() - purchase.startsAt.getTime()
          : DAY_MS;
    const start = firstFreeStart(await readHolds(tx), places, at, durationMs, purchase.toolId ?? "");
    if (!start || (durationMs === Infinity && start.getTime() > at.getTime())) return null;
    const state = start.getTime() <= at.getTime() ? "active" : "booked";
    return { state, startsAt: start, endsAt: durationMs === Infinity ? null : new Date(start.getTime() + durationMs) };
  }

  /** Stops a subscription unless Stripe's record says it has ended already: it is charged no more. */
  async function stopSubscription(subscriptionId: string): Promise<void> {
    const client = requireStripe();
    const subscription = await client.subscriptions.retrieve(subscriptionId);
    if (ENDED_SUBSCRIPTIONS.includes(subscription.status)) return;
    await client.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-${subscriptionId}` });
  }

  /**
   * Gives back in Stripe a payment whose purchase could not be had ('refunding'), and stops its subscription, then
   * records it refunded. A failure leaves it 'refunding': Stripe sends the event again, and this runs again (the
   * refund's idempotency key makes it one refund).
   */
  async function giveBack(
    purchase: Pick<PurchaseRow, "id" | "stripePaymentIntentId" | "stripeSubscriptionId">,
  ): Promise<void> {
    if (purchase.stripeSubscriptionId) await stopSubscription(purchase.stripeSubscriptionId);
    if (purchase.stripePaymentIntentId)
      await requireStripe().refunds.create(
        { payment_intent: purchase.stripePaymentIntentId },
        { idempotencyKey: `refund-${purchase.id}` },
      );
    await db
      .update(purchases)
      .set({ state: "refunded", updatedAt: now() })
      .where(and(eq(purchases.id, purchase.id), eq(purchases.state, "refunding")));
  }

  /**
   * Follows a subscription's own record in Stripe, whatever the order of its events: cancelled at the end of its
   * period, the featuring ends then; ended, it ends now; renewing again, it holds until cancelled.
   */
  async function syncSubscription(subscriptionId: string): Promise<void> {
    const subscription = await requireStripe().subscriptions.retrieve(subscriptionId);
    const at = now();
    const periodEnd = subscription.items.data[0]?.current_period_end ?? null;
    const isOver = ENDED_SUBSCRIPTIONS.includes(subscription.status);
    const endsAt = isOver
      ? new Date(Math.min(at.getTime(), (subscription.ended_at ?? Infinity) * 1000))
      : subscription.cancel_at
        ? new Date(subscription.cancel_at * 1000)
        : subscription.cancel_at_period_end && periodEnd
          ? new Date(periodEnd * 1000)
          : null;
    const changedTools = await db.transaction(async (tx) => {
      await lockPlaces(tx);
      const rows = await tx.select().from(purchases).where(heldBySubscription(subscriptionId)).for("update");
      const changed: string[] = [];
      for (const purchase of rows) {
        const isEnded = endsAt !== null && endsAt.getTime() <= at.getTime();
        await tx
          .update(purchases)
          .set({ endsAt, ...(isEnded ? { state: "ended" } : {}), updatedAt: at })
          .where(eq(purchases.id, purchase.id));
        if (isEnded && purchase.state === "active" && (await setFeatured(tx, purchase.toolId, false)))
          changed.push(purchase.toolId!);
      }
      return changed;
    });
    for (const toolId of changedTools) await writeToolSnapshot(toolId);
  }

  function toView(row: PurchaseRow, tool: { id: string; name: string; slug: string } | null): PurchaseView {
    const days =
      row.startsAt && row.endsAt ? Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / DAY_MS) : null;
    return {
      id: row.id,
      kind: row.kind,
      name: purchaseName(row.kind, days),
      source: row.source,
      state: row.state as PurchaseState,
      price: row.source === "grant" ? null : formatAmount(row.amount, row.currency),
      amount: row.amount,
      currency: row.currency,
      startsAt: isoOrNull(row.startsAt),
      endsAt: isoOrNull(row.endsAt),
      paidAt: isoOrNull(row.paidAt),
      createdAt: row.createdAt.toISOString(),
      receiptUrl: row.receiptUrl,
      tool,
      stripe: { sessionId: row.stripeSessionId, paymentIntentId: row.stripePaymentIntentId },
    };
  }

  const purchaseColumns = { purchase: purchases, toolName: tools.name, toolSlug: tools.slug };
  function viewOf({
    purchase,
    toolName,
    toolSlug,
  }: {
    purchase: PurchaseRow;
    toolName: string | null;
    toolSlug: string | null;
  }): PurchaseView {
    return toView(
      purchase,
      purchase.toolId && toolName !== null ? { id: purchase.toolId, name: toolName, slug: toolSlug! } : null,
    );
  }

  return {
    ...dependencies,
    now,
    requireStripe,
    readOffers,
    readPlaces,
    lockPlaces,
    readHolds,
    setFeatured,
    recordPaymentEntry,
    toolOf,
    place,
    stopSubscription,
    giveBack,
    syncSubscription,
    toView,
    viewOf,
    purchaseColumns,
  };
}

export type FeaturingCore = ReturnType<typeof featuringCore>;
