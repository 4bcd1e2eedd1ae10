/**
 * A webhook event as the change that causes it writes it: one outbox row (channel 'webhook') and one delivery per
 * enabled endpoint that chose the event, in the change's own transaction, so a change rolled back sends nothing
 * (docs/decisions/029-signed-webhooks.md). The body holds public fields only, and is fixed here: every attempt and
 * every redelivery sends the same bytes under the same message id.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { toolPath, profilePath } from "#common/page-paths.ts";
import type { RepositoryHealth } from "#common/repository.ts";
import type { WebhookEvent } from "#common/schemas/webhooks.ts";
import type { Transaction } from "../db/client.ts";
import { tools, users, webhookDeliveries, webhookEndpoints } from "../db/schema.ts";
import { enqueueEffects } from "../outbox/effects.ts";

type ToolRow = typeof tools.$inferSelect;

/** Where a tool stands, in one word: waiting for a verifier, refused, public, or switched off. */
export type WebhookToolStatus = "queued" | "rejected" | "live" | "off";

/** A tool as a webhook shows it: what its public page shows, and where it stands. */
export type WebhookTool = {
  id: string;
  slug: string;
  name: string;
  /** Its page on this site. */
  url: string;
  website: string;
  shortDescription: string;
  categories: string[];
  tags: string[];
  pricing: string;
  status: WebhookToolStatus;
  createdAt: string;
  updatedAt: string;
};

/**
 * What the change gives: its tool (the row, or its id to read in the transaction) and, for a report, the report. The
 * claim events name the claimant, read here from the tool's `claimed_by`.
 */
export type WebhookEventData = {
  tool: ToolRow | string;
  report?: { id: number; kind: string; text: string };
  /** tool.health: the repository's health before and after a read of its forge (decision 060). */
  health?: WebhookHealth;
};

export type WebhookHealth = { repository: string; before: RepositoryHealth; after: RepositoryHealth };

type Claimant = { username: string; slug: string };

export function toolStatus(tool: Pick<ToolRow, "rejectedAt" | "isVerified" | "isActive">): WebhookToolStatus {
  if (!tool.isVerified) return tool.rejectedAt ? "rejected" : "queued";
  return tool.isActive ? "live" : "off";
}

export function webhookTool(tool: ToolRow, siteUrl: string): WebhookTool {
  return {
    id: tool.id,
    slug: tool.slug,
    name: tool.name,
    url: `${siteUrl}${toolPath(tool.slug)}`,
    website: tool.website,
    shortDescription: tool.shortDesc,
    categories: tool.categories,
    tags: tool.tags,
    pricing: tool.paymentType,
    status: toolStatus(tool),
    createdAt: tool.createdAt.toISOString(),
    updatedAt: tool.updatedAt.toISOString(),
  };
}

/** The JSON every endpoint gets for `event`: { type, timestamp, data }. */
export function webhookBody(
  event: WebhookEvent,
  {
    tool,
    report,
    claimant,
    health,
  }: { tool: ToolRow; report?: WebhookEventData["report"]; claimant?: Claimant; health?: WebhookHealth },
  siteUrl: string,
  at: Date,
): string {
  const data = {
    tool: webhookTool(tool, siteUrl),
    ...(claimant
      ? { claimant: { username: claimant.username, profileUrl: `${siteUrl}${profilePath(claimant.slug)}` } }
      : {}),
    ...(report ? { report } : {}),
    ...(health ? { health } : {}),
  };
  return JSON.stringify({ type: event, timestamp: at.toISOString(), data });
}

/** A Standard Webhooks message id: unique, and the same for every attempt of one message. */
function newMessageId(): string {
  return `msg_${randomBytes(18).toString("base64url")}`;
}

export function webhookEvents({ siteUrl, now = () => new Date() }: { siteUrl: string; now?: () => Date }) {
  return {
    /**
     * Writes `event` for every enabled endpoint that chose it, in `tx`: the caller pokes the outbox after its commit.
     * With no such endpoint it writes nothing.
     */
    async enqueue(tx: Transaction, event: WebhookEvent, data: WebhookEventData): Promise<void> {
      const endpoints = await tx
        .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.isEnabled, true), sql`${event} = any(${webhookEndpoints.events})`));
      if (endpoints.length === 0) return;
      const tool =
        typeof data.tool === "string"
          ? (await tx.select().from(tools).where(eq(tools.id, data.tool)).limit(1))[0]
          : data.tool;
      if (!tool) return;
      let claimant: Claimant | undefined;
      if (event.startsWith("claim.") && tool.claimedBy) {
        [claimant] = await tx
          .select({ username: users.username, slug: users.slug })
          .from(users)
          .where(eq(users.id, tool.claimedBy))
          .limit(1);
      }
      const body = webhookBody(event, { tool, report: data.report, claimant, health: data.health }, siteUrl, now());
      const messages = endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        messageId: newMessageId(),
        event,
        body,
      }));
      // Each receiver's host is a lane of its own: a dead one holds back only its own messages.
      const rows = await enqueueEffects(
        tx,
        messages.map((payload, index) => ({
          channel: "webhook" as const,
          key: `webhook:${payload.messageId}`,
          payload,
          lane: new URL(endpoints[index]!.url).host,
        })),
      );
      const outboxIds = new Map(rows.map((row) => [row.key, row.id]));
      await tx.insert(webhookDeliveries).values(
        messages.map((message) => ({
          outboxId: outboxIds.get(`webhook:${message.messageId}:webhook`)!,
          endpointId: message.endpointId,
          messageId: message.messageId,
          event,
        })),
      );
    },
  };
}

export type WebhookEvents = ReturnType<typeof webhookEvents>;
