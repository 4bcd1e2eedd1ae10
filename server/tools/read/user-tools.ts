/** Reads of the tools a user submitted or is linked to, live or not, each with where it stands (/my-tools). */
import { and, desc, eq, or, sql } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { canEditTool, type SessionUser } from "#common/access.ts";
import { type LicenceKind, repositoryHealth, type RepositoryHealth, type RepositoryView } from "#common/repository.ts";
import type { Database } from "../../db/client.ts";
import { tools } from "../../db/schema.ts";
import type { ToolLifecycle } from "../lifecycle/lifecycle.ts";
import { afterCursor } from "./queries.ts";
import { isQueuedTool } from "../lifecycle/queue.ts";
import { keysetPage } from "../../db/keyset.ts";

/**
 * Where a tool stands, first match wins: a claim still waiting for its answer; verified and held until its launch day
 * (decision 063); switched off by an admin; turned down by
 * a verifier; sent back to its maker for changes; not verified yet; otherwise live (active and verified, the only state
 * with a public page).
 */
export const USER_TOOL_STATES = [
  "claim-pending",
  "scheduled",
  "switched-off",
  "rejected",
  "changes-requested",
  "waiting-for-verification",
  "live",
] as const;
export type UserToolState = (typeof USER_TOOL_STATES)[number];

export type UserTool = {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  shortDesc: string;
  createdAt: string;
  state: UserToolState;
  /** The verifier's reason, for a rejected tool. */
  rejectionReason: string | null;
  /** What the verifier asks the maker to change, for a tool sent back for changes. */
  changesRequestedMessage: string | null;
  /** A waiting tool's place in the verification queue (1 = next) and its estimated wait; null in any other state. */
  queue: { place: number; estimatedHours: number } | null;
  /** Its licence's kind and whether self-hosting is declared or confirmed (decision 060). */
  licenceKind: LicenceKind | null;
  selfHostable: "declared" | "confirmed" | null;
  /** Whether it has a deal that holds today (decision 061). */
  hasDeal: boolean;
  /** Whether the user may edit it, and so give it a deal: they submitted it, or are its linked maker. */
  canEdit: boolean;
  /** Its repository's facts as last read, with its health; null without a repository. */
  repository: {
    url: string;
    state: RepositoryView["state"];
    stars: number | null;
    checkedAt: string | null;
    health: RepositoryHealth | null;
  } | null;
};

export type UserToolPage = {
  tools: UserTool[];
  nextCursor: string | null;
  /** The tool the user just submitted (/my-tools?submitted={id}), when it is theirs and still waiting. */
  submitted: UserTool | null;
};

const stateColumn = sql<UserToolState>`case
  when ${tools.hasBeenClaimed} and not ${tools.wasClaimedAccepted} then 'claim-pending'
  when exists (select 1 from launches l where l.tool_id = ${tools.id} and l.is_waiting) then 'scheduled'
  when not ${tools.isActive} then 'switched-off'
  when not ${tools.isVerified} and ${tools.rejectedAt} is not null then 'rejected'
  when not ${tools.isVerified} and ${tools.changesRequestedAt} is not null then 'changes-requested'
  when ${isQueuedTool} then 'waiting-for-verification'
  else 'live' end`.as("state");

const userToolColumns = {
  id: tools.id,
  name: tools.name,
  slug: tools.slug,
  logo: tools.logo,
  shortDesc: tools.shortDesc,
  createdAt: tools.createdAt,
  state: stateColumn,
  rejectionReason: tools.rejectionReason,
  changesRequestedMessage: tools.changesRequestedMessage,
  // Where a waiting tool stands in the queue depends on these.
  hasSkippedLine: tools.hasSkippedLine,
  dateSkippedLine: tools.dateSkippedLine,
  licenceKind: tools.licenceKind,
  selfHostable: tools.selfHostable,
  // Who may edit it (common/access.ts canEditTool).
  submittedBy: tools.submittedBy,
  isLinkedToCreator: tools.isLinkedToCreator,
  creatorUsername: tools.creatorUsername,
  // One key lookup per tool of the page, each.
  hasDeal: sql<boolean>`exists (select 1 from deals d where d.tool_id = ${tools.id} and d.ends_at > now())`.as(
    "has_deal",
  ),
  repositoryRow: sql<{
    url: string;
    state: RepositoryView["state"];
    stars: number | null;
    isArchived: boolean | null;
    lastCommitAt: string | null;
    checkedAt: string | null;
  } | null>`(select json_build_object('url', r.url, 'state', r.state, 'stars', r.stars, 'isArchived', r.is_archived,
      'lastCommitAt', r.last_commit_at, 'checkedAt', r.checked_at)
    from repository_facts r where r.tool_id = ${tools.id})`.as("repository_row"),
};

/** The tools a user submitted or is (or asks to be) linked to. */
function isUsersTool(user: Pick<SessionUser, "id" | "slug">) {
  return or(eq(tools.creatorUsername, user.slug), eq(tools.submittedBy, user.id))!;
}

/**
 * The user's tools after `cursor`, newest first: tools_creator_username_idx and tools_submitted_by_idx find them (a
 * maker has few), then they are ordered.
 */
export function userToolsQuery(
  db: Database,
  user: Pick<SessionUser, "id" | "slug">,
  cursor: Cursor | null | undefined,
  limit: number,
) {
  return db
    .select(userToolColumns)
    .from(tools)
    .where(and(isUsersTool(user), cursor ? afterCursor(cursor) : undefined))
    .orderBy(desc(tools.createdAt), desc(tools.id))
    .limit(limit);
}

type UserToolRow = Awaited<ReturnType<typeof userToolsQuery>>[number];

export function userToolQueries(db: Database, lifecycle: Pick<ToolLifecycle, "findQueuePlace">, clock: () => Date) {
  async function withQueuePlace(
    user: SessionUser,
    {
      hasSkippedLine,
      dateSkippedLine,
      repositoryRow,
      submittedBy,
      isLinkedToCreator,
      creatorUsername,
      ...row
    }: UserToolRow,
  ): Promise<UserTool> {
    const queue =
      row.state === "waiting-for-verification"
        ? await lifecycle.findQueuePlace({ id: row.id, hasSkippedLine, dateSkippedLine, createdAt: row.createdAt })
        : null;
    // json_build_object writes a timestamptz as PostgreSQL prints it: read back as an ISO string.
    const at = (value: string | null) => (value ? new Date(value).toISOString() : null);
    const repository = repositoryRow && {
      url: repositoryRow.url,
      state: repositoryRow.state,
      stars: repositoryRow.stars,
      checkedAt: at(repositoryRow.checkedAt),
      health:
        repositoryRow.state === "read"
          ? repositoryHealth(
              { isArchived: repositoryRow.isArchived, lastCommitAt: at(repositoryRow.lastCommitAt) },
              // As of when it was read, as the tool's page says it (server/tools/read/repository.ts).
              repositoryRow.checkedAt ? new Date(repositoryRow.checkedAt) : clock(),
            )
          : null,
    };
    return {
      ...row,
      createdAt: row.createdAt.toISOString(),
      queue,
      repository,
      canEdit: canEditTool(user, { submittedBy, isLinkedToCreator, creatorUsername }),
    };
  }

  return {
    /**
     * The tools the user submitted, is linked to or claims, whatever their state, one keyset page; and
     * the tool they just submitted, when `submitted` names one of theirs that is waiting.
     */
    async listUserTools(
      user: SessionUser,
      { cursor, limit = PAGE_SIZE, submitted }: { cursor?: Cursor | null; limit?: number; submitted?: string } = {},
    ): Promise<UserToolPage> {
      const rows = await userToolsQuery(db, user, cursor, limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.createdAt.getTime(), id: last.id }));
      // One count per waiting tool on this page (tools_queue_idx serves it): a maker has few tools waiting at once,
      // so this stays a handful of queries however long their list is.
      const listed = await Promise.all(items.map((row) => withQueuePlace(user, row)));
      let justSubmitted = submitted ? listed.find((tool) => tool.id === submitted) : undefined;
      if (submitted && !justSubmitted) {
        // Not on this page (a later page was asked for): read it by its id, still only among the user's own tools.
        const [row] = await db
          .select(userToolColumns)
          .from(tools)
          .where(and(eq(tools.id, submitted), isUsersTool(user)))
          .limit(1);
        if (row) justSubmitted = await withQueuePlace(user, row);
      }
      return {
        tools: listed,
        nextCursor,
        submitted: justSubmitted?.queue ? justSubmitted : null,
      };
    },
  };
}
