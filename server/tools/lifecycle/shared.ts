/**
 * What the two halves of the tool lifecycle (./submissions.ts for makers, ./verification.ts for verifiers) share: their
 * dependencies, and the reads both make.
 */
import { eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { RateLimiter } from "../../auth/rate-limit.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { authUsers, tools, users } from "../../db/schema.ts";
import type { Readers } from "../../mail/readers.ts";
import type { Outbox } from "../../outbox/effects.ts";
import type { WebhookEvents } from "../../webhooks/events.ts";

export type LifecycleDependencies = {
  db: Database;
  /** Where the notices go: written with the change, delivered after it. */
  outbox: Outbox;
  /** The webhooks each step writes, with its change, for the admins' endpoints. */
  webhooks: WebhookEvents;
  /** Mails are written in their reader's language. */
  readers: Readers;
  /** Counts each maker's submissions (LIMITS.submissionsPerUser). */
  limiter: RateLimiter;
  /** How many tools a maker may submit in 24 hours (SUBMISSIONS_PER_DAY; server/spam/daily-limit.ts). */
  submissionsPerDay: number;
  /** Writes or removes the tool's public snapshot after a change. */
  writeSnapshot: (id: string) => Promise<void>;
  /** The site's one clock (server/services.ts). */
  now: () => Date;
};

export type ToolRow = typeof tools.$inferSelect;

/** A tool's name and address, and who may edit it (common/access.ts canEditTool): what a maker's forms read first. */
export const editedToolColumns = {
  id: tools.id,
  name: tools.name,
  slug: tools.slug,
  submittedBy: tools.submittedBy,
  isLinkedToCreator: tools.isLinkedToCreator,
  creatorUsername: tools.creatorUsername,
};

/** The tool `id`, whatever its state; a missing one is 'not-found'. */
export async function getTool(db: Database, id: string): Promise<ToolRow> {
  const [tool] = await db.select().from(tools).where(eq(tools.id, id)).limit(1);
  if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundById);
  return tool;
}

/** Whether the user `userId` has a verified e-mail at the tool's website domain: the strongest sign a claim is genuine. */
export async function claimerEmailMatches(
  tx: Database | Transaction,
  userId: string,
  toolDomain: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ address: users.email, isVerified: sql<boolean>`coalesce(${authUsers.emailVerified}, false)` })
    .from(users)
    .leftJoin(authUsers, eq(authUsers.id, users.authId))
    .where(eq(users.id, userId))
    .limit(1);
  const domain = row?.address.split("@")[1]?.toLowerCase() ?? "";
  return Boolean(row?.isVerified) && domain !== "" && (domain === toolDomain || toolDomain.endsWith(`.${domain}`));
}
