/**
 * Paid featuring (docs/decisions/040-paid-featuring.md): the operator's offers and places, a maker's Checkout session,
 * Stripe's events, and the job that starts and ends featurings. The price is always the server's; a session's metadata
 * names the purchase the server wrote, and an event is believed only once Stripe's own record says the same. Each event
 * is handled once, by its id, in the transaction of what it changes.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { ADMIN_PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import {
  DEFAULT_FEATURED_PLACES,
  FEATURING_GRANT,
  FEATURING_PAYMENT,
  FEATURING_REMINDER_DAYS,
  formatAmount,
  offerName,
  type OfferKind,
  purchaseName,
} from "#common/featuring.ts";
import { currentWords } from "#common/i18n/say.ts";
import { MESSAGES } from "#common/messages.ts";
import { z } from "#common/zod.ts";
import { featureToolPath, purchasePath, toolPath } from "#common/page-paths.ts";
import type { CheckoutInput, OfferInput } from "#common/schemas/featuring.ts";
import { createId } from "#common/ids.ts";
import { requireAdmin, requireSignedIn } from "../access.ts";
import { changedFields, recordAudit } from "../audit/audit.ts";
import type { Database, Transaction } from "../db/client.ts";
import {
  featuringOffers,
  featuringSettings,
  type Payment,
  purchases,
  stripeEvents,
  tools,
  users,
} from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Readers } from "../mail/readers.ts";
import type { Outbox } from "../outbox/effects.ts";
import { isQueuedTool } from "../tools/queue.ts";
import { toolsOwnedBy } from "../users/queries.ts";
import type { WebhookEvents } from "../webhooks/events.ts";
import { firstFreeStart, type Hold } from "./places.ts";
import { type Stripe, verifiedEvent } from "./stripe.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The calendar shows this many featurings, soonest first: the places times how far ahead they are booked stays far below. */
const CALENDAR_LIMIT = 200;

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

type PurchaseRow = typeof purchases.$inferSelect;

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
const ENDED_SUBSCRIPTIONS: string[] = ["canceled", "incomplete_expired", "unpaid"];

/** What an event must hold for it to be read: signed by the secret's holder, it is still checked. */
const stripeEventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.object({ id: z.string().min(1) }) }),
});

/** Whether a purchase holds, or will hold, a featured place. */
const holdsAPlace = and(inArray(purchases.state, ["booked", "active"]), ne(purchases.kind, "skip-line"));

function isoOrNull(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** A day in the language of whoever is being answered, or of the mail's reader: "4 August 2026". */
function longDate(date: Date): string {
  return currentWords().longDate(date.toISOString().slice(0, 10));
}

export function featuringService({
  db,
  stripe,
  webhookSecret,
  checkoutOrigin,
  siteUrl,
  readers,
  outbox,
  webhooks,
  writeToolSnapshot,
  logger,
  now = () => new Date(),
}: FeaturingDependencies) {
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
   * Applies a paid purchase, once: a featuring takes its place (or is booked), a skip moves the tool to the front of the
   * queue, the user's payments list gets its entry and the buyer their receipt. A payment Stripe already refunded or
   * disputed (its events came first) only records that.
   */
  async function fulfil(
    purchaseId: string,
    paid: {
      paymentIntentId: string | null;
      subscriptionId: string | null;
      receiptUrl: string | null;
      refunded: boolean;
      disputed: boolean;
    },
  ): Promise<string | null> {
    const at = now();
    let lost: PurchaseRow | undefined;
    const toolId = await db.transaction(async (tx) => {
      const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
      // A payment that lost its place, not yet given back (Stripe's call failed): it is given back now.
      if (purchase?.state === "refunding") lost = purchase;
      if (!purchase || purchase.state !== "pending") return null;
      const base = {
        paidAt: at,
        stripePaymentIntentId: paid.paymentIntentId,
        stripeSubscriptionId: paid.subscriptionId,
        receiptUrl: paid.receiptUrl,
        updatedAt: at,
      };
      if (paid.refunded || paid.disputed) {
        const [ended] = await tx
          .update(purchases)
          .set({ ...base, state: paid.refunded ? "refunded" : "disputed" })
          .where(eq(purchases.id, purchaseId))
          .returning();
        await recordPaymentEntry(tx, ended!, ended!.state);
        return null;
      }
      let change: Partial<PurchaseRow> = { state: "active" };
      if (purchase.kind !== "skip-line") {
        const placed = await place(tx, purchase, at);
        if (!placed) {
          // Every place went to others a moment before this payment: it is given back, and the maker told.
          [lost] = await tx
            .update(purchases)
            .set({ ...base, state: "refunding" })
            .where(eq(purchases.id, purchaseId))
            .returning();
          await recordPaymentEntry(tx, lost!, "refunded");
          const tool = await toolOf(tx, purchase.toolId);
          await outbox.enqueue(
            tx,
            await readers.mailTo(tx, purchase.userId, `purchase-refunded:${purchase.id}`, ({ t, url }) => ({
              subject: t("mail.refundedSubject", { tool: tool?.name ?? t("mail.yourTool") }),
              text: t("mail.refundedBody", {
                monthly: purchase.kind === "featured-monthly" ? "yes" : "no",
                url: url(featureToolPath(purchase.toolId ?? "")),
              }),
            })),
          );
          return null;
        }
        change = placed;
      }
      if (purchase.kind === "skip-line") {
        if (purchase.toolId) {
          await tx
            .update(tools)
            .set({ hasSkippedLine: true, dateSkippedLine: at, updatedAt: at })
            .where(and(eq(tools.id, purchase.toolId), isQueuedTool, eq(tools.hasSkippedLine, false)));
        }
      } else {
        if (change.state === "active") await setFeatured(tx, purchase.toolId, true);
        if (purchase.userId)
          await tx
            .update(users)
            .set({ boosts: sql`${users.boosts} + 1` })
            .where(eq(users.id, purchase.userId));
      }
      const [done] = await tx
        .update(purchases)
        .set({ ...base, ...change })
        .where(eq(purchases.id, purchaseId))
        .returning();
      await recordPaymentEntry(tx, done!, "paid");
      const tool = await toolOf(tx, done!.toolId);
      await outbox.enqueue(
        tx,
        await readers.mailTo(tx, done!.userId, `purchase-paid:${done!.id}`, ({ t, url }) => {
          const what = purchaseName(
            done!.kind,
            done!.startsAt && done!.endsAt
              ? Math.round((done!.endsAt.getTime() - done!.startsAt.getTime()) / DAY_MS)
              : null,
          );
          const name = tool?.name ?? t("purchase.yourTool");
          const when =
            done!.kind === "skip-line"
              ? t("mail.receiptSkipLine", { tool: name })
              : done!.kind === "featured-monthly"
                ? t("mail.receiptMonthly", { tool: name })
                : done!.state === "active"
                  ? t("mail.receiptUntil", { tool: name, until: longDate(done!.endsAt!) })
                  : t("mail.receiptBooked", {
                      tool: name,
                      from: longDate(done!.startsAt!),
                      until: longDate(done!.endsAt!),
                    });
          return {
            subject: t("mail.receiptSubject", { what }),
            text: [
              t("mail.receiptThanks", { amount: formatAmount(done!.amount, done!.currency), what }),
              when,
              t("mail.receiptPurchase", { url: url(purchasePath(done!.id)) }),
              done!.receiptUrl ? t("mail.receiptStripe", { url: done!.receiptUrl }) : "",
            ]
              .filter(Boolean)
              .join("\n\n"),
          };
        }),
      );
      return done!.state === "active" ? done!.toolId : null;
    });
    outbox.poke();
    if (lost) await giveBack(lost);
    if (toolId) await writeToolSnapshot(toolId);
    return toolId;
  }

  /** Ends what a refund or a dispute takes back: a featuring stops (or its booking is dropped), a skip is undone while the tool waits. */
  async function takeBack(paymentIntentId: string, state: "refunded" | "disputed"): Promise<void> {
    const at = now();
    // The subscriptions this payment kept up, whatever its purchases' state now: a retry after a failed call finds them.
    const subscriptions = await db
      .selectDistinct({ id: purchases.stripeSubscriptionId })
      .from(purchases)
      .where(and(eq(purchases.stripePaymentIntentId, paymentIntentId), isNotNull(purchases.stripeSubscriptionId)));
    const changedTools = await db.transaction(async (tx) => {
      await lockPlaces(tx);
      const paid = await tx
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.stripePaymentIntentId, paymentIntentId),
            inArray(purchases.state, ["pending", "booked", "active", "ended", "paid"]),
          ),
        )
        .for("update");
      // A subscription's payment, the first or a renewal, takes back the featuring it keeps up.
      const subscriptionIds = paid.flatMap((purchase) =>
        purchase.stripeSubscriptionId ? [purchase.stripeSubscriptionId] : [],
      );
      const kept =
        subscriptionIds.length > 0
          ? await tx
              .select()
              .from(purchases)
              .where(
                and(
                  inArray(purchases.stripeSubscriptionId, subscriptionIds),
                  inArray(purchases.state, ["booked", "active"]),
                  ne(purchases.stripePaymentIntentId, paymentIntentId),
                ),
              )
              .for("update")
          : [];
      const changed: string[] = [];
      for (const purchase of [...paid, ...kept]) {
        const [ended] = await tx
          .update(purchases)
          .set({ state, updatedAt: at })
          .where(eq(purchases.id, purchase.id))
          .returning();
        await recordPaymentEntry(tx, ended!, state);
        if (purchase.kind === "skip-line" && purchase.toolId && purchase.state === "active") {
          await tx
            .update(tools)
            .set({ hasSkippedLine: false, dateSkippedLine: null, updatedAt: at })
            .where(and(eq(tools.id, purchase.toolId), isQueuedTool));
        }
        if (
          purchase.kind !== "skip-line" &&
          purchase.state === "active" &&
          (await setFeatured(tx, purchase.toolId, false))
        )
          changed.push(purchase.toolId!);
      }
      return changed;
    });
    outbox.poke();
    // A subscription whose payment was taken back is charged no more.
    for (const { id } of subscriptions) await stopSubscription(id!);
    for (const toolId of changedTools) await writeToolSnapshot(toolId);
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
      const rows = await tx
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.stripeSubscriptionId, subscriptionId),
            eq(purchases.kind, "featured-monthly"),
            inArray(purchases.state, ["booked", "active"]),
          ),
        )
        .for("update");
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

  /** A subscription's renewal: a payment of the user's list, a receipt, and the revenue; the featuring holds on. */
  async function invoicePaid(invoiceId: string): Promise<void> {
    const invoice = await requireStripe().invoices.retrieve(invoiceId, { expand: ["payments"] });
    // The first payment is the Checkout session's, handled with it.
    if (invoice.billing_reason === "subscription_create") return;
    const subscription = invoice.parent?.subscription_details?.subscription;
    const subscriptionId = typeof subscription === "string" ? subscription : subscription?.id;
    const payment = invoice.payments?.data[0]?.payment;
    const paymentIntentId =
      typeof payment?.payment_intent === "string" ? payment.payment_intent : (payment?.payment_intent?.id ?? null);
    if (!subscriptionId || !paymentIntentId) return;
    const at = now();
    await db.transaction(async (tx) => {
      const [kept] = await tx
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.stripeSubscriptionId, subscriptionId),
            eq(purchases.kind, "featured-monthly"),
            inArray(purchases.state, ["booked", "active"]),
          ),
        )
        .for("update");
      if (!kept) return;
      const [already] = await tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(eq(purchases.stripePaymentIntentId, paymentIntentId));
      if (already) return;
      const [renewal] = await tx
        .insert(purchases)
        .values({
          id: createId("p", at),
          userId: kept.userId,
          toolId: kept.toolId,
          kind: kept.kind,
          source: "stripe",
          state: "paid",
          amount: invoice.amount_paid,
          currency: invoice.currency,
          stripePaymentIntentId: paymentIntentId,
          stripeSubscriptionId: subscriptionId,
          receiptUrl: invoice.hosted_invoice_url ?? null,
          paidAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await recordPaymentEntry(tx, renewal!, "paid");
      const tool = await toolOf(tx, kept.toolId);
      await outbox.enqueue(
        tx,
        await readers.mailTo(tx, kept.userId, `purchase-paid:${renewal!.id}`, ({ t }) => ({
          subject: t("mail.receiptSubject", { what: offerName("featured-monthly") }),
          text: [
            t("mail.renewalThanks", {
              amount: formatAmount(renewal!.amount, renewal!.currency),
              tool: tool?.name ?? t("mail.yourTool"),
            }),
            renewal!.receiptUrl ? t("mail.receiptStripe", { url: renewal!.receiptUrl }) : "",
          ]
            .filter(Boolean)
            .join("\n\n"),
        })),
      );
    });
    outbox.poke();
  }

  /** The Checkout session's purchase, when Stripe's record and ours agree on what was bought, for whom and at what price. */
  async function matchingPurchase(session: Stripe.Checkout.Session): Promise<PurchaseRow | null> {
    const purchaseId = session.metadata?.purchaseId;
    if (!purchaseId) return null;
    const [purchase] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
    const agrees =
      purchase &&
      purchase.stripeSessionId === session.id &&
      purchase.amount === session.amount_total &&
      purchase.currency === session.currency &&
      purchase.toolId === (session.metadata?.toolId ?? null) &&
      purchase.userId === (session.metadata?.userId ?? null);
    if (!agrees) {
      logger.warn(
        `payments: Checkout session ${session.id} does not match the purchase it names (${purchaseId}); it is left alone`,
      );
      return null;
    }
    return purchase;
  }

  /** Handles a Checkout session that completed or was paid later: Stripe's own record of it decides. */
  async function sessionPaid(sessionId: string): Promise<void> {
    const session = await requireStripe().checkout.sessions.retrieve(sessionId, {
      expand: ["payment_intent.latest_charge", "invoice.payments"],
    });
    if (session.payment_status !== "paid") return;
    const purchase = await matchingPurchase(session);
    if (!purchase) return;
    const subscriptionId =
      typeof session.subscription === "string" ? session.subscription : (session.subscription?.id ?? null);
    if (subscriptionId) {
      // A subscription's first payment is its first invoice's.
      const invoice = typeof session.invoice === "object" ? session.invoice : null;
      const payment = invoice?.payments?.data[0]?.payment;
      await fulfil(purchase.id, {
        paymentIntentId:
          typeof payment?.payment_intent === "string" ? payment.payment_intent : (payment?.payment_intent?.id ?? null),
        subscriptionId,
        receiptUrl: invoice?.hosted_invoice_url ?? null,
        refunded: false,
        disputed: false,
      });
      // Cancelled already, its events having come first: the featuring follows Stripe's record.
      await syncSubscription(subscriptionId);
      return;
    }
    const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
    const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
    await fulfil(purchase.id, {
      paymentIntentId: intent?.id ?? (typeof session.payment_intent === "string" ? session.payment_intent : null),
      subscriptionId: null,
      receiptUrl: charge?.receipt_url ?? null,
      refunded: Boolean(charge?.refunded),
      disputed: Boolean(charge?.disputed),
    });
  }

  /** A Checkout session that closed unpaid: its purchase will never be paid. */
  async function sessionClosed(sessionId: string): Promise<void> {
    await db
      .update(purchases)
      .set({ state: "expired", updatedAt: now() })
      .where(and(eq(purchases.stripeSessionId, sessionId), eq(purchases.state, "pending")));
  }

  /** Applies one verified event; an event already handled changes nothing. */
  async function handleEvent(event: Stripe.Event): Promise<"handled" | "duplicate" | "ignored"> {
    const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
    if (seen) return "duplicate";
    let outcome: "handled" | "ignored" = "handled";
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        await sessionPaid(event.data.object.id);
        break;
      case "checkout.session.expired":
      case "checkout.session.async_payment_failed":
        await sessionClosed(event.data.object.id);
        break;
      case "charge.refunded": {
        // Only a full refund takes the featuring back; Stripe's current record of the charge decides, whatever the order.
        const charge = await requireStripe().charges.retrieve(event.data.object.id);
        const intent = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
        if (charge.refunded && intent) await takeBack(intent, "refunded");
        break;
      }
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        await syncSubscription(event.data.object.id);
        break;
      case "invoice.paid":
        await invoicePaid(event.data.object.id);
        break;
      case "charge.dispute.created": {
        const dispute = event.data.object;
        const intent = typeof dispute.payment_intent === "string" ? dispute.payment_intent : dispute.payment_intent?.id;
        if (intent) await takeBack(intent, "disputed");
        break;
      }
      default:
        outcome = "ignored";
    }
    // Each change above holds once (a purchase leaves 'pending' once, a refund finds nothing left to end), so a crash
    // between it and this line only makes Stripe's retry find the work done.
    await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
    return outcome;
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
      .where(and(eq(tools.id, toolId), toolsOwnedBy(user.slug)));
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
      const client = requireStripe();
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
      let session: Stripe.Checkout.Session;
      try {
        const product_data = { name: `${choice.name}: ${choices.tool.name}` };
        const isMonthly = kind === "featured-monthly";
        session = await client.checkout.sessions.create(
          {
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
          },
          { idempotencyKey: `checkout-${id}` },
        );
      } catch (error) {
        await db.update(purchases).set({ state: "expired", updatedAt: now() }).where(eq(purchases.id, id));
        const stripeError = error as { type?: string; message?: string };
        logger.warn(
          `payments: Stripe refused or did not answer the Checkout session of ${id}: ${stripeError.message ?? String(error)}`,
        );
        if (stripeError.type === "StripeInvalidRequestError" && stripeError.message)
          throw new AppError("invalid-argument", MESSAGES.featuring.stripeRefused(stripeError.message));
        throw new AppError("unavailable", MESSAGES.featuring.stripeUnavailable);
      }
      await db.update(purchases).set({ stripeSessionId: session.id, updatedAt: now() }).where(eq(purchases.id, id));
      // The maker is sent to Stripe's Checkout, and nowhere else, whatever the answer says.
      if (!session.url || !URL.canParse(session.url) || new URL(session.url).origin !== checkoutOrigin) {
        logger.error(
          `payments: Stripe's answer for ${id} leads to ${session.url ?? "nowhere"}, not to ${checkoutOrigin}`,
        );
        throw new AppError("unavailable", MESSAGES.featuring.stripeUnavailable);
      }
      return session.url;
    },

    /**
     * Stripe's POST to the webhook: the event when its signature is Stripe's, applied once. A bad signature is a 400;
     * a failure to apply it throws, so Stripe sends it again.
     */
    async receiveWebhook(payload: string, signature: string | undefined): Promise<"handled" | "duplicate" | "ignored"> {
      // Without keys the site has no webhook: nothing was ever sold here.
      if (!stripe) throw new AppError("not-found", MESSAGES.featuring.noPayments);
      const event = verifiedEvent(stripe, payload, signature, webhookSecret);
      if (!event) throw new AppError("invalid-argument", MESSAGES.featuring.badSignature);
      if (!stripeEventShape.safeParse(event).success)
        throw new AppError("invalid-argument", MESSAGES.featuring.notAnEvent);
      return handleEvent(event);
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

    /** One purchase, for its buyer or an admin: the page Stripe's Checkout comes back to. */
    async getPurchase(user: SessionUser | null, id: string): Promise<PurchaseView> {
      const viewer = requireSignedIn(user);
      const [row] = await db
        .select(purchaseColumns)
        .from(purchases)
        .leftJoin(tools, eq(tools.id, purchases.toolId))
        .where(eq(purchases.id, id));
      if (!row || (row.purchase.userId !== viewer.id && viewer.role !== "admin"))
        throw new AppError("not-found", MESSAGES.featuring.purchaseNotFound);
      return viewOf(row);
    },

    /** The user's own purchases and grants, newest first: the receipts on their profile. */
    async listOwnPurchases(user: SessionUser | null, limit = 50): Promise<PurchaseView[]> {
      const viewer = requireSignedIn(user);
      const rows = await db
        .select(purchaseColumns)
        .from(purchases)
        .leftJoin(tools, eq(tools.id, purchases.toolId))
        .where(and(eq(purchases.userId, viewer.id), ne(purchases.state, "pending"), ne(purchases.state, "expired")))
        .orderBy(desc(purchases.createdAt), desc(purchases.id))
        .limit(limit);
      return rows.map(viewOf);
    },

    /** Features a tool for free for `days` (admins), recorded as a grant; it takes a place as a payment would. */
    async grantFeaturing(
      user: SessionUser | null,
      { toolId, days }: { toolId: string; days: number },
    ): Promise<PurchaseView> {
      const admin = requireAdmin(user);
      const at = now();
      const [tool] = await db
        .select({ id: tools.id, name: tools.name, slug: tools.slug, creatorUsername: tools.creatorUsername })
        .from(tools)
        .where(eq(tools.id, toolId));
      if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundById);
      const [maker] = tool.creatorUsername
        ? await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.slug, tool.creatorUsername)))
        : [];
      const id = createId("p", at);
      const granted = await db.transaction(async (tx) => {
        const [purchase] = await tx
          .insert(purchases)
          .values({
            id,
            userId: maker?.id ?? null,
            toolId,
            kind: "featured",
            source: "grant",
            state: "pending",
            startsAt: at,
            endsAt: new Date(at.getTime() + days * DAY_MS),
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        const change = await place(tx, purchase!, at);
        if (!change) throw new AppError("aborted", MESSAGES.featuring.noFreePlace);
        if (change.state === "active") await setFeatured(tx, toolId, true);
        const [done] = await tx
          .update(purchases)
          .set({ ...change, paidAt: at })
          .where(eq(purchases.id, id))
          .returning();
        await recordPaymentEntry(tx, done!, "granted");
        if (done!.userId)
          await tx
            .update(users)
            .set({ boosts: sql`${users.boosts} + 1` })
            .where(eq(users.id, done!.userId));
        logger.info(`payments: ${admin.username} granted ${tool.name} ${days} featured day${days === 1 ? "" : "s"}`);
        await recordAudit(tx, admin, {
          kind: "featuring.granted",
          toolId,
          subject: tool.name,
          after: { days, startsAt: done!.startsAt, endsAt: done!.endsAt },
        });
        return done!;
      });
      outbox.poke();
      if (granted.state === "active") await writeToolSnapshot(toolId);
      return toView(granted, tool);
    },

    /** Every purchase and grant, newest first, one keyset page after `cursor` (key: when made, in ms), with Stripe's ids (admins). */
    async listPurchases(
      user: SessionUser | null,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ): Promise<{ purchases: PurchaseView[]; nextCursor: string | null }> {
      requireAdmin(user);
      const rows = await db
        .select(purchaseColumns)
        .from(purchases)
        .leftJoin(tools, eq(tools.id, purchases.toolId))
        .where(seekAfter(cursor, [purchases.createdAt, purchases.id]))
        .orderBy(desc(purchases.createdAt), desc(purchases.id))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({
        key: last.purchase.createdAt.getTime(),
        id: last.purchase.id,
      }));
      return { purchases: items.map(viewOf), nextCursor };
    },

    /**
     * What was earned over the last twelve months, by month, offer and currency (admins): payments that hold or held,
     * not those refunded, disputed, or never paid.
     */
    async getRevenue(
      user: SessionUser | null,
      at: Date = now(),
    ): Promise<{ month: string; kind: string; currency: string; count: number; amount: number; total: string }[]> {
      requireAdmin(user);
      const since = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 11, 1));
      const month = sql<string>`to_char(${purchases.createdAt} at time zone 'UTC', 'YYYY-MM')`;
      const rows = await db
        .select({
          month,
          kind: purchases.kind,
          currency: purchases.currency,
          count: sql<number>`count(*)::int`,
          amount: sql<number>`sum(${purchases.amount})::int`,
        })
        .from(purchases)
        .where(
          and(
            sql`${purchases.createdAt} >= ${since.toISOString()}::timestamptz`,
            eq(purchases.source, "stripe"),
            inArray(purchases.state, ["booked", "active", "ended", "paid"]),
          ),
        )
        .groupBy(month, purchases.kind, purchases.currency)
        .orderBy(desc(month), asc(purchases.kind), asc(purchases.currency));
      return rows.map((row) => ({ ...row, total: formatAmount(row.amount, row.currency) }));
    },

    /** The featured calendar (admins): the places, and what holds one now or is booked, by when it starts. */
    async getCalendar(user: SessionUser | null): Promise<{ places: number; featurings: PurchaseView[] }> {
      requireAdmin(user);
      const [places, rows] = await Promise.all([
        readPlaces(),
        db
          .select(purchaseColumns)
          .from(purchases)
          .leftJoin(tools, eq(tools.id, purchases.toolId))
          .where(holdsAPlace)
          .orderBy(asc(purchases.startsAt), asc(purchases.id))
          .limit(CALENDAR_LIMIT),
      ]);
      return { places, featurings: rows.map(viewOf) };
    },

    /**
     * The featurings' clock, run once a minute by one process: ends the periods that are over, starts the bookings whose
     * day has come, and e-mails the makers whose featuring ends within a few days.
     */
    async runFeaturingClock(at: Date = now()): Promise<{ ended: number; started: number; reminded: number }> {
      const changedTools = new Set<string>();
      const counts = await db.transaction(async (tx) => {
        await lockPlaces(tx);
        const ended = await tx
          .update(purchases)
          .set({ state: "ended", updatedAt: at })
          .where(
            and(
              eq(purchases.state, "active"),
              ne(purchases.kind, "skip-line"),
              isNotNull(purchases.endsAt),
              lte(purchases.endsAt, at),
            ),
          )
          .returning();
        for (const purchase of ended)
          if (await setFeatured(tx, purchase.toolId, false)) changedTools.add(purchase.toolId!);
        const started = await tx
          .update(purchases)
          .set({ state: "active", updatedAt: at })
          .where(and(eq(purchases.state, "booked"), lte(purchases.startsAt, at)))
          .returning();
        for (const purchase of started)
          if (await setFeatured(tx, purchase.toolId, true)) changedTools.add(purchase.toolId!);
        const endingSoon = await tx
          .update(purchases)
          .set({ remindedAt: at })
          .where(
            and(
              eq(purchases.state, "active"),
              ne(purchases.kind, "skip-line"),
              isNull(purchases.remindedAt),
              lte(purchases.endsAt, new Date(at.getTime() + FEATURING_REMINDER_DAYS * DAY_MS)),
            ),
          )
          .returning();
        for (const purchase of endingSoon) {
          const tool = await toolOf(tx, purchase.toolId);
          if (!tool) continue;
          await outbox.enqueue(
            tx,
            await readers.mailTo(tx, purchase.userId, `featuring-ends:${purchase.id}`, ({ t, url }) => ({
              subject: t("mail.endingSubject", { tool: tool.name, until: longDate(purchase.endsAt!) }),
              text: t("mail.endingBody", {
                tool: tool.name,
                url: url(toolPath(tool.slug)),
                until: longDate(purchase.endsAt!),
                bookUrl: url(featureToolPath(tool.id)),
              }),
            })),
          );
        }
        return { ended: ended.length, started: started.length, reminded: endingSoon.length };
      });
      if (counts.reminded > 0) outbox.poke();
      for (const toolId of changedTools) await writeToolSnapshot(toolId);
      return counts;
    },
  };
}

export type FeaturingService = ReturnType<typeof featuringService>;
