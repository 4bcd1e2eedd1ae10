/**
 * Failed deliveries (/admin/deliveries): the outbox rows that ran out of attempts (server/outbox/worker.ts), newest
 * first, and the admin's retry, which makes a row due again. Admins only. A secret payload is never shown.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { DeliveryRetryInput } from "#common/schemas/moderation.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { outbox } from "../db/schema.ts";
import { OUTBOX_PAYLOADS, type Outbox } from "../outbox/effects.ts";
import { requireAdmin } from "../access.ts";
import { recordAudit } from "../audit/audit.ts";
import { keysetPage } from "../db/keyset.ts";

export type FailedDelivery = {
  id: number;
  /** 'mail', 'notice', 'token-sync' or 'webhook'. */
  channel: string;
  /** What it is, in a line: a mail's recipient and subject, a notice's title, which token sync call (never the token). */
  summary: string;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
};

export type FailedDeliveryPage = { deliveries: FailedDelivery[]; nextCursor: string | null };

/** Served by outbox_failed_idx (id, partial on failed rows). */
const isFailed = eq(outbox.state, "failed");

function summarize(channel: string, payload: unknown): string {
  switch (channel) {
    case "mail": {
      const mail = OUTBOX_PAYLOADS.mail.safeParse(payload);
      return mail.success ? `To ${mail.data.to}: ${mail.data.subject}` : "A mail";
    }
    case "notice": {
      const notice = OUTBOX_PAYLOADS.notice.safeParse(payload);
      return notice.success ? `Bot notice: ${notice.data.title}` : "A bot notice";
    }
    case "token-sync": {
      const call = OUTBOX_PAYLOADS["token-sync"].safeParse(payload);
      return call.success
        ? `Token sync: ${call.data.method === "POST" ? "a session started" : "a session ended"}`
        : "A token sync call";
    }
    case "account-link": {
      const request = OUTBOX_PAYLOADS["account-link"].safeParse(payload);
      return request.success ? `A ${request.data.kind} link asked for ${request.data.email}` : "A requested link";
    }
    case "webhook": {
      const message = OUTBOX_PAYLOADS.webhook.safeParse(payload);
      return message.success ? `Webhook ${message.data.event} to endpoint ${message.data.endpointId}` : "A webhook";
    }
    default:
      return `Unknown channel ${channel}`;
  }
}

function toFailedDelivery(row: typeof outbox.$inferSelect): FailedDelivery {
  return {
    id: row.id,
    channel: row.channel,
    summary: summarize(row.channel, row.payload),
    attempts: row.attempts,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function adminDeliveries({ db, outbox: worker }: { db: Database; outbox: Pick<Outbox, "poke"> }) {
  return {
    /** The failed deliveries, newest first, one keyset page after `cursor` (key: the row's id). */
    async listFailedDeliveries(
      user: SessionUser | null,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ): Promise<FailedDeliveryPage> {
      requireAdmin(user);
      const rows = await db
        .select()
        .from(outbox)
        .where(and(isFailed, cursor ? sql`${outbox.id} < ${cursor.key}` : undefined))
        .orderBy(desc(outbox.id))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.id, id: String(last.id) }));
      return { deliveries: items.map(toFailedDelivery), nextCursor };
    },

    /** How many deliveries failed, for the console's navigation. */
    async countFailedDeliveries(user: SessionUser | null): Promise<number> {
      requireAdmin(user);
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(outbox).where(isFailed);
      return row?.count ?? 0;
    },

    /** Makes a failed delivery due now, with its attempts counted afresh; the worker sends it at once. */
    async retryDelivery(user: SessionUser | null, { deliveryId }: DeliveryRetryInput): Promise<FailedDelivery> {
      const admin = requireAdmin(user);
      const retried = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(outbox)
          .set({ state: "due", dueAt: new Date(), attempts: 0 })
          .where(and(eq(outbox.id, deliveryId), isFailed))
          .returning();
        if (row)
          await recordAudit(tx, admin, {
            kind: "delivery.retried",
            subject: `${row.channel} ${row.key}`,
            before: { lastError: row.lastError },
          });
        return row;
      });
      if (!retried) throw new AppError("aborted", MESSAGES.moderation.deliveryNotFailed);
      worker.poke();
      return toFailedDelivery(retried);
    },
  };
}
