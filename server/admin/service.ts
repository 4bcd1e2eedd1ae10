/** The moderation console's domain layer (/admin): the queue, claims, tools, categories, users, featuring requests and failed deliveries, each checking who asks. */
import { countReviewsToModerate } from "../reviews/reviews.ts";
import type { LinkChecker } from "../tools/jobs/link-checks.ts";
import { sql } from "drizzle-orm";
import { FEATURING_REQUEST, type UserRole } from "#common/constants.ts";
import type { TokenSync } from "../auth/token-sync.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { tools, users } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Outbox } from "../outbox/effects.ts";
import type { WebhookEvents } from "../webhooks/events.ts";
import type { ToolLifecycle } from "../tools/lifecycle/lifecycle.ts";
import { countQueuedTools } from "../tools/lifecycle/queue.ts";
import { countOpenReports } from "../reports/reports.ts";
import { requireModerator } from "../access.ts";
import { adminCategories } from "./categories.ts";
import { adminClaims, isClaimWaiting } from "./claims.ts";
import { adminDeliveries } from "./deliveries.ts";
import { adminQueue } from "./queue.ts";
import { adminRequests, hasOpenRequest } from "./requests.ts";
import { adminTools } from "./tools.ts";
import { adminUsers } from "./users.ts";

export type AdminDependencies = {
  db: Database;
  logger: Logger;
  lifecycle: Pick<ToolLifecycle, "listQueue" | "countQueue">;
  /** Side effects of the admins' changes (a disabled user's ended sessions), and the failed deliveries' retry. */
  outbox: Outbox;
  /** The webhooks an admin's change of a public tool writes (decision 029). */
  webhooks: WebhookEvents;
  tokenSync: TokenSync;
  /** Writes or removes a tool's public snapshot after a change (server/tools/read/snapshots.ts). */
  writeToolSnapshot: (id: string) => Promise<void>;
  /** The link checks (server/tools/jobs/link-checks.ts): the broken and moved links waiting for an admin, and the queue's dead links. */
  links: Pick<LinkChecker, "countFlaggedLinks" | "findDeadLinks">;
};

/** What the console's navigation shows: the sections the person may open and what waits in each. */
export type ConsoleSummary = {
  role: Exclude<UserRole, "guest">;
  counts: {
    queue: number;
    claims: number;
    reports: number;
    reviews: number;
    requests: number | null;
    deliveries: number | null;
    links: number | null;
  };
};

export function adminService({
  db,
  logger,
  lifecycle,
  outbox,
  webhooks,
  tokenSync,
  writeToolSnapshot,
  links,
}: AdminDependencies) {
  const deliveries = adminDeliveries({ db, outbox });
  const total = { count: sql<number>`count(*)::int` };

  async function countClaims(): Promise<number> {
    // tools_claims_idx is partial on exactly this condition.
    const [row] = await db.select(total).from(tools).where(isClaimWaiting);
    return row?.count ?? 0;
  }

  async function countFeaturingRequests(): Promise<number> {
    const [row] = await db
      .select(total)
      .from(users)
      .innerJoin(sql`lateral jsonb_array_elements(${users.payments}) as entry(value)`, sql`true`)
      .where(
        sql`${hasOpenRequest} and entry.value->>'kind' = ${FEATURING_REQUEST} and entry.value->>'status' = 'requested'`,
      );
    return row?.count ?? 0;
  }

  return {
    /** The console's summary for a verifier or an admin; anyone else is refused. The featuring requests are an admin's. */
    async getConsoleSummary(user: SessionUser | null): Promise<ConsoleSummary> {
      const moderator = requireModerator(user);
      const isAdmin = moderator.role === "admin";
      const [queue, claims, reports, reviews, requests, failed, flaggedLinks] = await Promise.all([
        countQueuedTools(db),
        countClaims(),
        countOpenReports(db),
        countReviewsToModerate(db),
        isAdmin ? countFeaturingRequests() : Promise.resolve(null),
        isAdmin ? deliveries.countFailedDeliveries(moderator) : Promise.resolve(null),
        isAdmin ? links.countFlaggedLinks() : Promise.resolve(null),
      ]);
      return {
        role: moderator.role,
        counts: { queue, claims, reports, reviews, requests, deliveries: failed, links: flaggedLinks },
      };
    },
    ...adminQueue({ db, lifecycle, links }),
    ...adminClaims(db),
    ...adminTools({ db, writeToolSnapshot, webhooks, outbox }),
    ...adminCategories({ db, logger, writeToolSnapshot }),
    ...adminUsers({ db, outbox, tokenSync }),
    ...deliveries,
    ...adminRequests({ db, writeToolSnapshot, webhooks, outbox }),
  };
}

export type AdminService = ReturnType<typeof adminService>;
