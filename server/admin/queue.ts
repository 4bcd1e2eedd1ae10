/**
 * The verification queue as the console shows it: the front of the queue, each tool previewed as its public page will
 * look, with who sent it and the tools it may duplicate.
 */
import type { LinkChecker } from "../tools/jobs/link-checks.ts";
import { and, desc, not, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, QUEUE_FRONT_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { tools } from "../db/schema.ts";
import type { ToolLifecycle } from "../tools/lifecycle/lifecycle.ts";
import { listPossibleDuplicates, type PossibleDuplicate } from "../tools/lifecycle/duplicates.ts";
import { isQueuedTool } from "../tools/lifecycle/queue.ts";
import { afterCursor, type ToolDetail, toolDetailColumns, toToolDetail } from "../tools/read/queries.ts";
import { requireAdmin } from "../access.ts";
import { riskSignalsOf } from "../tools/lifecycle/risk-signals.ts";
import { type Risk, toolRisk } from "../tools/lifecycle/risk.ts";
import { keysetPage } from "../db/keyset.ts";

export type Submitter = { username: string; slug: string; email: string; role: string; createdAt: string };

export type QueuedTool = ToolDetail & {
  submitter: Submitter | null;
  /** The maker changed the name or website since a verifier last looked. */
  hasIdentityChanged: boolean;
  hasSkippedLine: boolean;
  /** Its maker says it can be self-hosted: the verifier answers as they verify it (decision 060). */
  isSelfHostingDeclared: boolean;
  /** Tools it may duplicate, likeliest first (decision 022): a verifier may merge it into a live one. */
  possibleDuplicates: PossibleDuplicate[];
  /** How likely it is spam, and why (decision 023). */
  risk: Risk;
};

/** A queued tool that has not skipped the line, as the requests page lists it. */
export type WaitingTool = { id: string; name: string; createdAt: string; submitter: Submitter | null };

export type WaitingLinePage = { tools: WaitingTool[]; nextCursor: string | null };

/** The front of the queue, and how many tools wait in all. */
export type QueueFront = { tools: QueuedTool[]; total: number };

const submitterColumn = sql<Submitter | null>`(
  select json_build_object('username', s.username, 'slug', s.slug, 'email', s.email, 'role', s.role, 'createdAt', s.created_at) from users s where s.id = ${tools.submittedBy}
)`.as("submitter");

const previewColumns = { ...toolDetailColumns, submitter: submitterColumn };

export function adminQueue({
  db,
  lifecycle,
  links,
}: {
  db: Database;
  lifecycle: Pick<ToolLifecycle, "listQueue" | "countQueue">;
  links: Pick<LinkChecker, "findDeadLinks">;
}) {
  return {
    /**
     * The first tools of the queue, in its order (services.lifecycle.listQueue: skipped the line first, then the oldest).
     * Moderators work from the front; a tool they answer leaves the queue and the next one comes up.
     */
    async listQueueFront(
      user: SessionUser | null,
      { limit = QUEUE_FRONT_SIZE }: { limit?: number } = {},
    ): Promise<QueueFront> {
      const [front, total] = await Promise.all([lifecycle.listQueue(user, { limit }), lifecycle.countQueue(user)]);
      if (front.length === 0) return { tools: [], total };
      const ids = `{${front.map((tool) => tool.id).join(",")}}`;
      const rows = await db.select(previewColumns).from(tools).where(sql`${tools.id} = any(${ids}::text[])`);
      const previews = new Map(rows.map((row) => [row.id, row]));
      // One indexed query per tool at the front (a few dozen at most).
      const [duplicates, deadLinks] = await Promise.all([
        Promise.all(front.map((tool) => listPossibleDuplicates(db, tool))),
        links.findDeadLinks(front.map((tool) => tool.id)),
      ]);
      const queued = front.flatMap((tool, index): QueuedTool[] => {
        const row = previews.get(tool.id);
        if (!row) return [];
        return [
          {
            ...toToolDetail(row),
            submitter: row.submitter,
            hasIdentityChanged: tool.hasIdentityChanged,
            hasSkippedLine: tool.hasSkippedLine,
            isSelfHostingDeclared: tool.selfHostable === "declared",
            possibleDuplicates: duplicates[index] ?? [],
            risk: toolRisk({
              ...riskSignalsOf(row),
              duplicateOf: duplicates[index]?.[0]?.name,
              deadLink: deadLinks.has(tool.id),
            }),
          },
        ];
      });
      return { tools: queued, total };
    },

    /**
     * The queued tools that have not skipped the line, newest first (tools_unverified_idx), one keyset page after
     * `cursor`: an admin moves the one a maker asked for to the front (services.lifecycle.skipWaitingLine).
     */
    async listWaitingLine(
      user: SessionUser | null,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ): Promise<WaitingLinePage> {
      requireAdmin(user);
      const rows = await db
        .select({ id: tools.id, name: tools.name, createdAt: tools.createdAt, submitter: submitterColumn })
        .from(tools)
        .where(and(isQueuedTool, not(tools.hasSkippedLine), cursor ? afterCursor(cursor) : undefined))
        .orderBy(desc(tools.createdAt), desc(tools.id))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.createdAt.getTime(), id: last.id }));
      return { tools: items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), nextCursor };
    },
  };
}
