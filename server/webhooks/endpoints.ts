/**
 * The admins' webhooks (/admin/webhooks): register, change, delete an endpoint, roll its secret, read its deliveries
 * and send one again. Admins only. The secret is shown once, when it is made (docs/decisions/029-signed-webhooks.md).
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { ADMIN_PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type {
  WebhookEndpointIdInput,
  WebhookEndpointInput,
  WebhookEvent,
  WebhookRedeliveryInput,
} from "#common/schemas/webhooks.ts";
import { requireAdmin } from "../access.ts";
import { changedFields, recordAudit } from "../audit/audit.ts";
import type { Database } from "../db/client.ts";
import { outbox, webhookDeliveries, webhookEndpoints } from "../db/schema.ts";
import { FetchRefusal, type SafeFetcher } from "../fetch/safe-fetch.ts";
import type { Outbox } from "../outbox/effects.ts";
import { keysetPage } from "../db/keyset.ts";

export type WebhookEndpoint = {
  id: number;
  url: string;
  description: string;
  events: WebhookEvent[];
  isEnabled: boolean;
  createdAt: string;
  updatedAt: string;
};

export type WebhookDelivery = {
  id: number;
  messageId: string;
  event: string;
  /** The outbox row's state: 'due' (being tried), 'delivered' or 'failed'. */
  state: string;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  /** The receiver's last answer: its HTTP status (null when none came), a bounded excerpt of its body, how long it took. */
  lastStatus: number | null;
  lastResponse: string | null;
  lastDurationMs: number | null;
  lastError: string | null;
};

export type WebhookDeliveryPage = { deliveries: WebhookDelivery[]; nextCursor: string | null };

/** A new Standard Webhooks secret: whsec_ and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

function toEndpoint(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    isEnabled: row.isEnabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  isEnabled: webhookEndpoints.isEnabled,
  secret: webhookEndpoints.secret,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};

export function webhookAdmin({
  db,
  fetcher,
  outbox: worker,
}: {
  db: Database;
  fetcher: Pick<SafeFetcher, "checkAddress">;
  outbox: Pick<Outbox, "poke">;
}) {
  /** The address must be one the safe fetcher may read: refused with its sentence, on the form's URL field. */
  async function checkUrl(url: string): Promise<void> {
    try {
      await fetcher.checkAddress(url);
    } catch (error) {
      if (!(error instanceof FetchRefusal)) throw error;
      throw new AppError("invalid-argument", error.message, { url: error.message });
    }
  }

  async function getEndpointRow(endpointId: number) {
    const [row] = await db
      .select(endpointColumns)
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId))
      .limit(1);
    if (!row) throw new AppError("not-found", MESSAGES.webhook.endpointNotFound);
    return row;
  }

  return {
    /** Every endpoint, oldest first: an admin registers each, so they are few. */
    async listWebhookEndpoints(user: SessionUser | null): Promise<WebhookEndpoint[]> {
      requireAdmin(user);
      const rows = await db.select(endpointColumns).from(webhookEndpoints).orderBy(webhookEndpoints.id);
      return rows.map(toEndpoint);
    },

    async getWebhookEndpoint(
      user: SessionUser | null,
      { endpointId }: WebhookEndpointIdInput,
    ): Promise<WebhookEndpoint> {
      requireAdmin(user);
      return toEndpoint(await getEndpointRow(endpointId));
    },

    /** Registers an endpoint; answers it with its secret, which is never shown again. */
    async createWebhookEndpoint(
      user: SessionUser | null,
      input: WebhookEndpointInput,
    ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const admin = requireAdmin(user);
      await checkUrl(input.url);
      const secret = newWebhookSecret();
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(webhookEndpoints)
          .values({
            url: input.url,
            description: input.description,
            events: input.events,
            isEnabled: input.enabled,
            secret,
          })
          .returning();
        await recordAudit(tx, admin, {
          kind: "webhook.created",
          subject: input.url,
          after: { events: input.events, enabled: input.enabled },
        });
        return created;
      });
      return { endpoint: toEndpoint(row!), secret };
    },

    /** Changes an endpoint's address, description, events or whether it is enabled; its secret stays. */
    async updateWebhookEndpoint(
      user: SessionUser | null,
      { endpointId }: WebhookEndpointIdInput,
      input: WebhookEndpointInput,
    ): Promise<WebhookEndpoint> {
      const admin = requireAdmin(user);
      await checkUrl(input.url);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, endpointId))
          .for("update");
        const [updated] = await tx
          .update(webhookEndpoints)
          .set({
            url: input.url,
            description: input.description,
            events: input.events,
            isEnabled: input.enabled,
            updatedAt: new Date(),
          })
          .where(eq(webhookEndpoints.id, endpointId))
          .returning();
        const changed =
          before &&
          changedFields(
            { url: before.url, description: before.description, events: before.events, enabled: before.isEnabled },
            { url: input.url, description: input.description, events: input.events, enabled: input.enabled },
          );
        if (changed) await recordAudit(tx, admin, { kind: "webhook.updated", subject: input.url, ...changed });
        return updated;
      });
      if (!row) throw new AppError("not-found", MESSAGES.webhook.endpointNotFound);
      return toEndpoint(row);
    },

    /** A new secret for the endpoint, answered once; the attempts from now on are signed with it. */
    async rotateWebhookSecret(
      user: SessionUser | null,
      { endpointId }: WebhookEndpointIdInput,
    ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const admin = requireAdmin(user);
      const secret = newWebhookSecret();
      const row = await db.transaction(async (tx) => {
        const [rotated] = await tx
          .update(webhookEndpoints)
          .set({ secret, updatedAt: new Date() })
          .where(eq(webhookEndpoints.id, endpointId))
          .returning();
        // The record says that it changed, never the secret.
        if (rotated) await recordAudit(tx, admin, { kind: "webhook.secret-rotated", subject: rotated.url });
        return rotated;
      });
      if (!row) throw new AppError("not-found", MESSAGES.webhook.endpointNotFound);
      return { endpoint: toEndpoint(row), secret };
    },

    /** Deletes the endpoint with its deliveries and their outbox rows: nothing more is sent to it. */
    async deleteWebhookEndpoint(
      user: SessionUser | null,
      { endpointId }: WebhookEndpointIdInput,
    ): Promise<WebhookEndpoint> {
      const admin = requireAdmin(user);
      return db.transaction(async (tx) => {
        const outboxIds = tx
          .select({ id: webhookDeliveries.outboxId })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpointId));
        await tx.delete(outbox).where(inArray(outbox.id, outboxIds));
        const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).returning();
        if (!row) throw new AppError("not-found", MESSAGES.webhook.endpointNotFound);
        await recordAudit(tx, admin, { kind: "webhook.deleted", subject: row.url, before: { events: row.events } });
        return toEndpoint(row);
      });
    },

    /** The endpoint's deliveries, newest first, one keyset page after `cursor` (key: the delivery's id; webhook_deliveries_endpoint_idx). */
    async listWebhookDeliveries(
      user: SessionUser | null,
      { endpointId }: WebhookEndpointIdInput,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ): Promise<WebhookDeliveryPage> {
      requireAdmin(user);
      if (cursor && !/^[0-9]{1,15}$/.test(cursor.id))
        throw new AppError("invalid-argument", MESSAGES.page.invalidCursor);
      const rows = await db
        .select({
          id: webhookDeliveries.id,
          messageId: webhookDeliveries.messageId,
          event: webhookDeliveries.event,
          createdAt: webhookDeliveries.createdAt,
          lastStatus: webhookDeliveries.lastStatus,
          lastResponse: webhookDeliveries.lastResponse,
          lastDurationMs: webhookDeliveries.lastDurationMs,
          lastError: webhookDeliveries.lastError,
          lastAttemptAt: webhookDeliveries.lastAttemptAt,
          state: outbox.state,
          attempts: outbox.attempts,
        })
        .from(webhookDeliveries)
        .innerJoin(outbox, eq(outbox.id, webhookDeliveries.outboxId))
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            cursor ? sql`${webhookDeliveries.id} < ${Number(cursor.id)}` : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.id, id: String(last.id) }));
      return {
        deliveries: items.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
        })),
        nextCursor,
      };
    },

    /**
     * Sends a delivery again, whatever its state: the same message (same webhook-id and body, so the receiver can tell
     * it already has it), due now with its attempts counted afresh.
     */
    async redeliverWebhook(
      user: SessionUser | null,
      { deliveryId }: WebhookRedeliveryInput,
    ): Promise<{ endpointId: number; event: string }> {
      requireAdmin(user);
      const [delivery] = await db
        .select({
          outboxId: webhookDeliveries.outboxId,
          endpointId: webhookDeliveries.endpointId,
          event: webhookDeliveries.event,
        })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId))
        .limit(1);
      if (!delivery) throw new AppError("not-found", MESSAGES.webhook.deliveryNotFound);
      await db
        .update(outbox)
        .set({ state: "due", dueAt: new Date(), attempts: 0, deliveredAt: null })
        .where(eq(outbox.id, delivery.outboxId));
      worker.poke();
      return { endpointId: delivery.endpointId, event: delivery.event };
    },
  };
}

export type WebhookAdmin = ReturnType<typeof webhookAdmin>;
