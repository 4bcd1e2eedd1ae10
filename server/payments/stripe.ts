/**
 * Stripe's official client, pointed at STRIPE_API_URL (Stripe itself, or the tests' stand-in), and the check of an
 * event's signature. None without both keys: then nothing is for sale.
 */
import Stripe from "stripe";
import type { Config } from "../config.ts";

export type { Stripe };

/** How long one call to Stripe may take; the SDK tries a failed call again twice, with its own idempotency key. */
const STRIPE_TIMEOUT_MS = 20_000;

export function createStripe(config: Config): Stripe | null {
  if (!config.isPaymentEnabled) return null;
  const api = new URL(config.STRIPE_API_URL ?? "https://api.stripe.com");
  const protocol = api.protocol === "http:" ? "http" : "https";
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: Number(api.port || (protocol === "http" ? 80 : 443)),
    protocol,
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: "Indie Tools" },
  });
}

/** The event in `payload` when `signature` (the Stripe-Signature header) is Stripe's for it; null when it is not. */
export function verifiedEvent(
  stripe: Stripe,
  payload: string,
  signature: string | undefined,
  secret: string,
): Stripe.Event | null {
  if (!signature) return null;
  try {
    return stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    return null;
  }
}
