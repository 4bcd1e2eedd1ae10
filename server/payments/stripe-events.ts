/**
 * Stripe's events for paid featuring: a Checkout session paid or closed, a subscription's renewal or end, a refund or a
 * dispute. An event is believed only once Stripe's own record says the same, and each is handled once, by its id, in
 * the transaction of what it changes.
 */
import { and, eq, inArray, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { formatAmount, offerName, purchaseName, SPONSOR_PURCHASE } from "#common/featuring.ts";
import { MESSAGES } from "#common/messages.ts";
import { advertisePath, featureToolPath, purchasePath } from "#common/page-paths.ts";
import { createId } from "#common/ids.ts";
import { purchases, stripeEvents, tools, users } from "../db/schema.ts";
import { isQueuedTool } from "../tools/lifecycle/queue.ts";
import { claimSponsorWeeks, expireSponsorship, releaseSponsorship } from "./sponsor-weeks.ts";
import { type Stripe, verifiedEvent } from "./stripe.ts";
import {
  type FeaturingCore,
  DAY_MS,
  heldBySubscription,
  stripeEventShape,
  longDate,
  type PurchaseRow,
} from "./featuring-core.ts";

/** The longest a Checkout session stays open (Stripe's default and ceiling), and an hour for its last event to come. */
const CHECKOUT_LIFETIME_MS = 25 * 3_600_000;

export function stripeEventHandling(core: FeaturingCore) {
  const {
    db,
    stripe,
    webhookSecret,
    readers,
    outbox,
    writeToolSnapshot,
    logger,
    now,
    requireStripe,
    lockPlaces,
    setFeatured,
    recordPaymentEntry,
    toolOf,
    place,
    stopSubscription,
    giveBack,
    syncSubscription,
  } = core;
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
        if (purchase.kind === SPONSOR_PURCHASE) await releaseSponsorship(tx, purchase.id, at);
        return null;
      }
      let change: Partial<PurchaseRow> = { state: "active" };
      const isSponsor = purchase.kind === SPONSOR_PURCHASE;
      if (purchase.kind !== "skip-line") {
        const placed = isSponsor
          ? (await claimSponsorWeeks(tx, purchase.id, at))
            ? { state: "paid" }
            : null
          : await place(tx, purchase, at);
        if (!placed) {
          // Every place (or one of the ad's weeks) went to others a moment before this payment: it is given back, and
          // the buyer told.
          [lost] = await tx
            .update(purchases)
            .set({ ...base, state: "refunding" })
            .where(eq(purchases.id, purchaseId))
            .returning();
          await recordPaymentEntry(tx, lost!, "refunded");
          const tool = await toolOf(tx, purchase.toolId);
          await outbox.enqueue(
            tx,
            await readers.mailTo(tx, purchase.userId, `purchase-refunded:${purchase.id}`, ({ t, url }) =>
              isSponsor
                ? {
                    subject: t("mail.sponsorLostSubject"),
                    text: t("mail.sponsorLostBody", { url: url(advertisePath()) }),
                  }
                : {
                    subject: t("mail.refundedSubject", { tool: tool?.name ?? t("mail.yourTool") }),
                    text: t("mail.refundedBody", {
                      monthly: purchase.kind === "featured-monthly" ? "yes" : "no",
                      url: url(featureToolPath(purchase.toolId ?? "")),
                    }),
                  },
            ),
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
      } else if (!isSponsor) {
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
            done!.kind === SPONSOR_PURCHASE
              ? t("mail.receiptSponsor", { from: longDate(done!.startsAt!), until: longDate(done!.endsAt!) })
              : done!.kind === "skip-line"
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
        if (purchase.kind === SPONSOR_PURCHASE) await releaseSponsorship(tx, purchase.id, at);
        if (purchase.kind === "skip-line" && purchase.toolId && purchase.state === "active") {
          await tx
            .update(tools)
            .set({ hasSkippedLine: false, dateSkippedLine: null, updatedAt: at })
            .where(and(eq(tools.id, purchase.toolId), isQueuedTool));
        }
        if (
          purchase.kind !== "skip-line" &&
          purchase.kind !== SPONSOR_PURCHASE &&
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
      const [kept] = await tx.select().from(purchases).where(heldBySubscription(subscriptionId)).for("update");
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

  /** Checkout sessions that closed unpaid (`which` names them): their purchases will never be paid. Answers how many. */
  async function sessionsClosed(which: SQL, at: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const closed = await tx
        .update(purchases)
        .set({ state: "expired", updatedAt: at })
        .where(and(which, eq(purchases.state, "pending")))
        .returning({ id: purchases.id, kind: purchases.kind });
      for (const purchase of closed)
        if (purchase.kind === SPONSOR_PURCHASE) await expireSponsorship(tx, purchase.id, at);
      return closed.length;
    });
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
        await sessionsClosed(eq(purchases.stripeSessionId, event.data.object.id), now());
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

  return {
    /**
     * Closes the Checkout sessions still pending past the longest life Stripe gives one (24 hours), as its
     * checkout.session.expired would have: an event that never came (a webhook down, or never set) leaves no booking
     * waiting for ever. The hourly job; purchases_pending_idx. Answers how many it closed.
     */
    async closeAbandonedCheckouts(at = now()): Promise<number> {
      const before = new Date(at.getTime() - CHECKOUT_LIFETIME_MS);
      return sessionsClosed(sql`${purchases.createdAt} < ${before.toISOString()}::timestamptz`, at);
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
  };
}
