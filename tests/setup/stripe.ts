/**
 * A local stand-in for Stripe, on 127.0.0.1: the API endpoints the app calls, in Stripe's documented shapes (creating
 * and retrieving Checkout Sessions, with `expand`; retrieving charges; creating refunds), Checkout's hosted page (a
 * "Pay" button, then back to the session's success_url), and the events, signed as Stripe signs them and sent to the
 * app's webhook. The official SDK is pointed here through STRIPE_API_URL. Tests also drive it: pay, refund, dispute,
 * let a session expire, send an event again or out of order.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const STRIPE_TEST_SECRET_KEY = "sk_test_standin";
export const STRIPE_TEST_WEBHOOK_SECRET = "whsec_standin";

type Json = Record<string, unknown>;

export type StripeSession = Json & {
  id: string;
  url: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  payment_status: string;
  status: string;
};

export type WebhookTarget = (init: RequestInit) => Promise<Response>;

export type SentEvent = { id: string; type: string; status: number; body: string };

export type StripeStandIn = {
  /** The API's address: STRIPE_API_URL. */
  url: string;
  /** The environment that points the app here. */
  env: Record<string, string>;
  sessions: Map<string, StripeSession>;
  /** Every API call the app made: method, path and the form it sent. */
  calls: { method: string; path: string; form: Json; idempotencyKey: string | undefined }[];
  /** The events sent to the app, with its answer. */
  events: SentEvent[];
  /** Where events go: the app's webhook address, or the in-process app's request function given its path. */
  setWebhook(target: string | WebhookTarget): void;
  /** Pays a session as its Checkout page would, and sends `checkout.session.completed`; answers that event. */
  pay(sessionId: string): Promise<SentEvent>;
  /** Refunds a paid session's charge in full, and sends `charge.refunded`. */
  refund(sessionId: string): Promise<SentEvent>;
  /** Opens a dispute on a paid session's charge, and sends `charge.dispute.created`. */
  dispute(sessionId: string): Promise<SentEvent>;
  /** Closes an unpaid session, and sends `checkout.session.expired`. */
  expire(sessionId: string): Promise<SentEvent>;
  /** Renews a paid subscription's session for another month: a new invoice, paid, and `invoice.paid`. */
  renew(sessionId: string): Promise<SentEvent>;
  /** The customer cancels in Stripe's portal, at the end of the period: `customer.subscription.updated`. */
  cancelAtPeriodEnd(sessionId: string): Promise<SentEvent>;
  /** The subscription ends now (unpaid, or cancelled at once): `customer.subscription.deleted`. */
  endSubscription(sessionId: string): Promise<SentEvent>;
  /** Moves a subscription's current period to end at `end` (Unix seconds), as time passing would. */
  setPeriodEnd(sessionId: string, end: number): void;
  subscriptions: Map<string, Json>;
  /** Answers the next `times` calls to `path` with Stripe's 500, as when Stripe has an incident. */
  refuse(path: string, times: number): void;
  /** Where new sessions' Checkout pages are said to be: the stand-in's own by default (a test may name another site). */
  checkoutUrl: (id: string) => string;
  /** Sends an event again, exactly as it was (same id, same body, a fresh signature). */
  resend(event: SentEvent): Promise<SentEvent>;
  /** Sends any body with any signature header: what a forger could send. */
  post(body: string, signature?: string): Promise<{ status: number; body: string }>;
  /** A valid signature header for `payload`, made as Stripe's SDK makes a test one. */
  sign(payload: string, secret?: string): string;
  close(): Promise<void>;
};

let counter = 0;
const newId = (prefix: string) =>
  `${prefix}_test_${Date.now().toString(36)}${(counter++).toString(36).padStart(4, "0")}`;

/** Stripe's form encoding (`a[b][0][c]=1`) read back into objects and arrays. */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Json = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const entries = Object.entries(value as Json).map(([key, child]) => [key, arrays(child)] as const);
    return entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))
      ? entries.map(([, child]) => child)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

function stripeError(res: ServerResponse, status: number, message: string, type = "invalid_request_error") {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: { type, message } }));
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StripeSession>();
  const byIdempotencyKey = new Map<string, StripeSession>();
  const charges = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const refused = new Map<string, number>();
  const invoices = new Map<string, Json>();
  const calls: StripeStandIn["calls"] = [];
  const events: SentEvent[] = [];
  let webhook: WebhookTarget = () => Promise.reject(new Error("The stand-in has no webhook to send events to"));

  const sign = (payload: string, secret = STRIPE_TEST_WEBHOOK_SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });

  async function post(body: string, signature?: string) {
    const response = await webhook({
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  async function send(type: string, object: Json): Promise<SentEvent> {
    const id = newId("evt");
    const body = JSON.stringify(
      {
        id,
        object: "event",
        api_version: "2026-10-28.endive",
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );
    const answer = await post(body, sign(body));
    const sent = { id, type, status: answer.status, body };
    events.push(sent);
    return sent;
  }

  function chargeOf(sessionId: string): Json {
    const session = sessions.get(sessionId);
    // A subscription's first payment is its first invoice's.
    const first = session?.invoice
      ? (invoices.get(session.invoice as string) as { payments: { data: { payment: { payment_intent: string } }[] } })
      : undefined;
    const intentId = first ? first.payments.data[0]!.payment.payment_intent : session?.payment_intent;
    const intent = intentId ? intents.get(intentId) : undefined;
    if (!intent) throw new Error(`The session ${sessionId} was not paid`);
    return charges.get(intent.latest_charge as string)!;
  }

  function expanded(session: StripeSession, expand: string[]): Json {
    const result: Json = { ...session };
    const intent = session.payment_intent ? intents.get(session.payment_intent) : null;
    if (intent && expand.includes("payment_intent.latest_charge"))
      result.payment_intent = { ...intent, latest_charge: charges.get(intent.latest_charge as string) };
    else if (intent && expand.includes("payment_intent")) result.payment_intent = intent;
    // The invoice's payments are included when expanded (they are not listed otherwise since 2025).
    const first = session.invoice ? invoices.get(session.invoice as string) : null;
    if (first && (expand.includes("invoice") || expand.includes("invoice.payments"))) result.invoice = first;
    return result;
  }

  /** A paid charge and its payment intent, for `amount`. */
  function charge(amount: number, currency: string, metadata: Record<string, string>): string {
    const intentId = newId("pi");
    const chargeId = newId("ch");
    charges.set(chargeId, {
      id: chargeId,
      object: "charge",
      amount,
      amount_refunded: 0,
      currency,
      paid: true,
      refunded: false,
      disputed: false,
      status: "succeeded",
      payment_intent: intentId,
      receipt_url: `${url}/receipts/${chargeId}`,
      metadata,
    });
    intents.set(intentId, {
      id: intentId,
      object: "payment_intent",
      amount,
      currency,
      status: "succeeded",
      latest_charge: chargeId,
      metadata,
    });
    return intentId;
  }

  /** A paid invoice of a subscription, as the API of 2025 on shapes it: its payments, its parent. */
  function invoice(subscription: Json, billingReason: string): Json {
    const amount = subscription.amount as number;
    const intentId = charge(amount, subscription.currency as string, subscription.metadata as Record<string, string>);
    const id = newId("in");
    const paid = {
      id,
      object: "invoice",
      status: "paid",
      billing_reason: billingReason,
      amount_paid: amount,
      currency: subscription.currency,
      hosted_invoice_url: `${url}/invoices/${id}`,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      payments: {
        object: "list",
        data: [
          {
            id: newId("inpay"),
            object: "invoice_payment",
            status: "paid",
            payment: { type: "payment_intent", payment_intent: intentId },
          },
        ],
      },
    };
    invoices.set(id, paid);
    return paid;
  }

  const subscriptionOf = (sessionId: string) => subscriptions.get(sessions.get(sessionId)!.subscription as string)!;
  const periodItem = (subscription: Json) => (subscription.items as { data: Json[] }).data[0]!;

  function pay(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    if (session.mode === "subscription") {
      const now = Math.floor(Date.now() / 1000);
      const subscription: Json = {
        id: newId("sub"),
        object: "subscription",
        status: "active",
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        amount: session.amount_total,
        currency: session.currency,
        metadata: session.subscription_metadata ?? {},
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              current_period_start: now,
              current_period_end: now + 30 * 24 * 3600,
            },
          ],
        },
      };
      subscriptions.set(subscription.id as string, subscription);
      const first = invoice(subscription, "subscription_create");
      Object.assign(session, {
        subscription: subscription.id,
        invoice: first.id,
        payment_status: "paid",
        status: "complete",
      });
      return send("checkout.session.completed", session);
    }
    const intentId = charge(session.amount_total, session.currency, session.metadata);
    Object.assign(session, { payment_intent: intentId, payment_status: "paid", status: "complete" });
    return send("checkout.session.completed", session);
  }

  async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
    body: string,
  ) {
    const form = req.method === "POST" ? parseForm(body) : parseForm(query.toString());
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    calls.push({ method: req.method ?? "GET", path, form, idempotencyKey });
    const refusals = refused.get(path) ?? 0;
    if (refusals > 0) {
      refused.set(path, refusals - 1);
      return stripeError(res, 500, "An unexpected error occurred.", "api_error");
    }
    if (req.headers.authorization !== `Bearer ${STRIPE_TEST_SECRET_KEY}`)
      return stripeError(res, 401, "Invalid API Key provided", "invalid_request_error");
    const json = (value: unknown) => {
      res.writeHead(200, { "content-type": "application/json", "request-id": newId("req") });
      res.end(JSON.stringify(value));
    };
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      if (idempotencyKey && byIdempotencyKey.has(idempotencyKey)) return json(byIdempotencyKey.get(idempotencyKey));
      const items = form.line_items as
        | { quantity: string; price_data: { currency: string; unit_amount: string; product_data: { name: string } } }[]
        | undefined;
      const item = items?.[0];
      if (!item?.price_data) return stripeError(res, 400, "You must specify either `line_items` or `prices`.");
      if ((form.mode === "subscription") !== Boolean((item.price_data as Json).recurring))
        return stripeError(
          res,
          400,
          "You must provide at least one recurring price in `subscription` mode when using prices.",
        );
      if (form.mode === "subscription" && form.payment_intent_data)
        return stripeError(res, 400, "You can not pass `payment_intent_data` in `subscription` mode.");
      const amount = Number(item.price_data.unit_amount) * Number(item.quantity ?? 1);
      if (!Number.isInteger(amount) || amount < 50)
        return stripeError(res, 400, "The Checkout Session's total amount due must add up to at least $0.50 usd");
      const id = newId("cs");
      const session: StripeSession = {
        id,
        object: "checkout.session",
        mode: form.mode,
        status: "open",
        payment_status: "unpaid",
        amount_total: amount,
        amount_subtotal: amount,
        currency: item.price_data.currency,
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        success_url: form.success_url as string,
        cancel_url: form.cancel_url as string,
        payment_intent: null,
        subscription: null,
        invoice: null,
        subscription_metadata: (form.subscription_data as Json | undefined)?.metadata ?? null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
        url: standIn.checkoutUrl(id),
        line_items_name: item.price_data.product_data.name,
      };
      sessions.set(id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      return json(session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === "GET" && sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      if (!session) return stripeError(res, 404, `No such checkout.session: '${sessionMatch[1]}'`);
      const expand = Object.values((form.expand as Json | string[] | undefined) ?? {}) as string[];
      return json(expanded(session, expand));
    }
    const chargeMatch = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if (req.method === "GET" && chargeMatch) {
      const charge = charges.get(chargeMatch[1]!);
      return charge ? json(charge) : stripeError(res, 404, `No such charge: '${chargeMatch[1]}'`);
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return stripeError(res, 404, `No such subscription: '${subscriptionMatch[1]}'`);
      if (req.method === "GET") return json(subscription);
      const isDelete = req.method === "DELETE";
      if (isDelete)
        Object.assign(subscription, {
          status: "canceled",
          canceled_at: Math.floor(Date.now() / 1000),
          ended_at: Math.floor(Date.now() / 1000),
        });
      else if (form.cancel_at_period_end !== undefined) {
        const atEnd = form.cancel_at_period_end === "true";
        Object.assign(subscription, {
          cancel_at_period_end: atEnd,
          cancel_at: atEnd ? periodItem(subscription).current_period_end : null,
          canceled_at: atEnd ? Math.floor(Date.now() / 1000) : null,
        });
      }
      json(subscription);
      // Stripe tells the webhook too, after answering.
      setImmediate(
        () => void send(isDelete ? "customer.subscription.deleted" : "customer.subscription.updated", subscription),
      );
      return;
    }
    const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (req.method === "GET" && invoiceMatch) {
      const found = invoices.get(invoiceMatch[1]!);
      return found ? json(found) : stripeError(res, 404, `No such invoice: '${invoiceMatch[1]}'`);
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(form.payment_intent as string);
      if (!intent) return stripeError(res, 404, `No such payment_intent: '${form.payment_intent}'`);
      const charge = charges.get(intent.latest_charge as string)!;
      Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
      json({
        id: newId("re"),
        object: "refund",
        amount: charge.amount,
        charge: charge.id,
        payment_intent: intent.id,
        status: "succeeded",
      });
      setImmediate(() => void send("charge.refunded", charge));
      return;
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
  }

  /** Checkout's hosted page: what it sells, a Pay button and a way back. */
  async function handleCheckout(req: IncomingMessage, res: ServerResponse, id: string, isPaying: boolean) {
    const session = sessions.get(id);
    if (!session) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("No such session");
    }
    if (isPaying) {
      await pay(id);
      res.writeHead(303, { location: session.success_url });
      return res.end();
    }
    const price = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>Stripe Checkout</title><h1>Pay ${price}</h1><p>${String(session.line_items_name).replace(/[<>&]/g, "")}</p>
<form method="post" action="/c/pay/${id}"><button type="submit">Pay</button></form><a href="${session.cancel_url}">Back</a>`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const address = new URL(req.url ?? "/", url);
      const body = Buffer.concat(chunks).toString("utf8");
      const checkout = /^\/c\/pay\/([^/]+)$/.exec(address.pathname);
      const handled = checkout
        ? handleCheckout(req, res, checkout[1]!, req.method === "POST")
        : handleApi(req, res, address.pathname, address.searchParams, body);
      handled.catch((error: unknown) => stripeError(res, 500, String(error), "api_error"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    url,
    checkoutUrl: (id) => `${url}/c/pay/${id}`,
    refuse: (path, times) => void refused.set(path, times),
    env: {
      STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: url,
    },
    sessions,
    calls,
    events,
    setWebhook: (target) => void (webhook = typeof target === "string" ? (init) => fetch(target, init) : target),
    pay,
    refund(sessionId) {
      const charge = chargeOf(sessionId);
      Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
      return send("charge.refunded", charge);
    },
    dispute(sessionId) {
      const charge = chargeOf(sessionId);
      charge.disputed = true;
      return send("charge.dispute.created", {
        id: newId("dp"),
        object: "dispute",
        amount: charge.amount,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        reason: "fraudulent",
        status: "needs_response",
      });
    },
    renew(sessionId) {
      const subscription = subscriptionOf(sessionId);
      const item = periodItem(subscription);
      Object.assign(item, {
        current_period_start: item.current_period_end,
        current_period_end: (item.current_period_end as number) + 30 * 24 * 3600,
      });
      return send("invoice.paid", invoice(subscription, "subscription_cycle"));
    },
    cancelAtPeriodEnd(sessionId) {
      const subscription = subscriptionOf(sessionId);
      Object.assign(subscription, {
        cancel_at_period_end: true,
        cancel_at: periodItem(subscription).current_period_end,
        canceled_at: Math.floor(Date.now() / 1000),
      });
      return send("customer.subscription.updated", subscription);
    },
    endSubscription(sessionId) {
      const subscription = subscriptionOf(sessionId);
      Object.assign(subscription, {
        status: "canceled",
        ended_at: Math.floor(Date.now() / 1000),
        canceled_at: Math.floor(Date.now() / 1000),
      });
      return send("customer.subscription.deleted", subscription);
    },
    setPeriodEnd(sessionId, end) {
      periodItem(subscriptionOf(sessionId)).current_period_end = end;
    },
    subscriptions,
    expire(sessionId) {
      const session = sessions.get(sessionId)!;
      Object.assign(session, { status: "expired" });
      return send("checkout.session.expired", session);
    },
    async resend(event) {
      const answer = await post(event.body, sign(event.body));
      const sent = { ...event, status: answer.status };
      events.push(sent);
      return sent;
    },
    post,
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
