/**
 * The side effects a write causes, as outbox rows: one row per effect and channel, inserted in the change's own
 * transaction, and each channel's payload schema, which the worker checks again when it reads a row back.
 */
import { createHash } from "node:crypto";
import { z } from "#common/zod.ts";
import type { Database, Transaction } from "../db/client.ts";
import { outbox } from "../db/schema.ts";

export const mailPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});
export const noticePayload = z.object({ title: z.string(), text: z.string(), silent: z.boolean().optional() });
export const tokenSyncPayload = z.object({ method: z.enum(["POST", "DELETE"]), token: z.string().min(1) });
/** A webhook's message to one endpoint: `body` is the exact JSON that is signed and sent, the same at every attempt. */
export const webhookPayload = z.object({
  endpointId: z.number().int(),
  messageId: z.string().min(1),
  event: z.string().min(1),
  body: z.string().min(1),
});

/**
 * A link someone asked to have mailed to an address (a password reset, a sign-in link): whether an account uses the
 * address is looked up by the worker, after the answer, so the answer takes the same time for every address.
 */
export const accountLinkPayload = z.object({
  kind: z.enum(["password-reset", "sign-in-link"]),
  email: z.string(),
});

export const OUTBOX_PAYLOADS = {
  mail: mailPayload,
  "account-link": accountLinkPayload,
  notice: noticePayload,
  "token-sync": tokenSyncPayload,
  webhook: webhookPayload,
} as const;
export type OutboxChannel = keyof typeof OUTBOX_PAYLOADS;
export type TokenSyncCall = z.infer<typeof tokenSyncPayload>;
export type WebhookMessage = z.infer<typeof webhookPayload>;
export type AccountLinkRequest = z.infer<typeof accountLinkPayload>;

/**
 * One effect on one channel. `key` names the event it comes from; the channel is added to it, so each is kept once.
 * `lane` (a webhook's host) shares a few sends at once among its rows, apart from the channel's other rows.
 */
export type Effect = {
  [C in OutboxChannel]: {
    channel: C;
    key: string;
    payload: z.infer<(typeof OUTBOX_PAYLOADS)[C]>;
    isSecret?: boolean;
    lane?: string;
  };
}[OutboxChannel];

/** What the domain is given: write effects in a transaction, then wake the worker once it is committed. */
export type Outbox = {
  /** Answers the rows inserted (an effect already there is not). */
  enqueue(db: Database | Transaction, effects: Effect[]): Promise<{ id: number; key: string }[]>;
  /** Wakes this process's worker: call it after the commit, it sends nothing itself and never throws. */
  poke(): void;
};

/** A key part that names a secret (a session token) without holding it. */
export function secretKey(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

/**
 * Inserts the effects; an effect already there, by key, stays as it is. Answers the rows inserted (their id and key).
 * The caller pokes its worker after the commit.
 */
export async function enqueueEffects(
  db: Database | Transaction,
  effects: Effect[],
): Promise<{ id: number; key: string }[]> {
  if (effects.length === 0) return [];
  return db
    .insert(outbox)
    .values(
      effects.map((effect) => ({
        key: `${effect.key}:${effect.channel}`,
        channel: effect.channel,
        lane: effect.lane ?? null,
        payload: effect.payload,
        isSecret: effect.isSecret ?? false,
      })),
    )
    .onConflictDoNothing({ target: outbox.key })
    .returning({ id: outbox.id, key: outbox.key });
}
