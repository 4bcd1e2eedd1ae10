/**
 * The outbox's 'webhook' channel: sends one message to its endpoint, signed the Standard Webhooks way (webhook-id,
 * webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the endpoint's current
 * secret), through the safe fetcher, so the address is checked again at every attempt. Records the answer on the
 * delivery, then throws unless the receiver answered 2xx, so the outbox retries it with its backoff.
 */
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Database } from "../db/client.ts";
import { webhookDeliveries, webhookEndpoints } from "../db/schema.ts";
import { FetchRefusal, type SafeFetcher } from "../fetch/safe-fetch.ts";
import type { WebhookMessage } from "../outbox/effects.ts";

/** How much of a receiver's answer is kept for the console. */
export const RESPONSE_EXCERPT_BYTES = 1000;

export function webhookSender({ db, fetcher, timeoutMs }: { db: Database; fetcher: SafeFetcher; timeoutMs: number }) {
  return async function sendWebhook({ endpointId, messageId, body }: WebhookMessage): Promise<void> {
    const [endpoint] = await db
      .select({ url: webhookEndpoints.url, secret: webhookEndpoints.secret, isEnabled: webhookEndpoints.isEnabled })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId))
      .limit(1);
    if (!endpoint) throw new Error("the webhook endpoint no longer exists");
    if (!endpoint.isEnabled) throw new Error("the webhook endpoint is disabled");
    const attemptedAt = new Date();
    const signature = new Webhook(endpoint.secret).sign(messageId, attemptedAt, body);
    const started = performance.now();
    let status: number | null = null;
    let excerpt: string | null = null;
    let failure: string | null = null;
    try {
      const answer = await fetcher.fetch(endpoint.url, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          "webhook-id": messageId,
          "webhook-timestamp": String(Math.floor(attemptedAt.getTime() / 1000)),
          "webhook-signature": signature,
        },
        maxBytes: RESPONSE_EXCERPT_BYTES,
        truncateBody: true,
        timeoutMs,
      });
      status = answer.status;
      excerpt = new TextDecoder().decode(answer.body);
      if (status < 200 || status > 299) failure = `the receiver answered HTTP ${status}`;
    } catch (error) {
      failure = error instanceof FetchRefusal ? error.message : `the request failed: ${(error as Error).message}`;
    }
    await db
      .update(webhookDeliveries)
      .set({
        lastStatus: status,
        lastResponse: excerpt,
        lastDurationMs: Math.round(performance.now() - started),
        lastError: failure,
        lastAttemptAt: attemptedAt,
      })
      .where(eq(webhookDeliveries.messageId, messageId));
    if (failure) throw new Error(failure);
  };
}
