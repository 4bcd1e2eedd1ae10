/**
 * Problems visitors report on a tool's page (docs/decisions/024-problem-reports.md): anyone may send one, rate-limited per
 * address; verifiers and admins read the open ones in the console and on the tool's page, and resolve or dismiss each.
 * No visitor's page shows a report, so nothing here drops a cached page.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, type ReportKind } from "#common/constants.ts";
import { REPORT_KIND_KEYS } from "#common/i18n/labels.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { ReportActionInput, ReportInput } from "#common/schemas/reports.ts";
import type { SessionUser } from "#common/access.ts";
import { requireModerator } from "../access.ts";
import { LIMITS, type RateLimiter, senderKey } from "../auth/rate-limit.ts";
import type { Database } from "../db/client.ts";
import { toolReports, tools, users } from "../db/schema.ts";
import type { Outbox } from "../outbox/effects.ts";
import { isPublicTool } from "../tools/read/queries.ts";
import type { WebhookEvents } from "../webhooks/events.ts";
import type { Readers } from "../mail/readers.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";

/** What a moderator does with an open report: the problem was fixed, or there was none. */
export type ReportAnswer = "resolved" | "dismissed";

export type OpenReport = {
  id: number;
  kind: ReportKind;
  /** The reporter's words: plain text, rendered as text. */
  text: string;
  createdAt: string;
  tool: { id: string; name: string; slug: string; isLive: boolean };
  /** Null for a visitor, or a reporter whose account is gone. */
  reporter: { username: string; slug: string } | null;
};

export type OpenReportPage = { reports: OpenReport[]; nextCursor: string | null };

/** Who sends a report: the signed-in user or null, and the address the app computed for the request. */
export type Reporter = { user: SessionUser | null; address: string };

const isOpen = eq(toolReports.status, "open");

/** Every open report, for the console's navigation (tool_reports_open_idx is partial on exactly this condition). */
export async function countOpenReports(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(toolReports).where(isOpen);
  return row?.count ?? 0;
}

/**
 * The open reports, oldest first, of every tool or of `toolId`, after `cursor`: served in order by tool_reports_open_idx,
 * or tool_reports_tool_open_idx for one tool, so a later page seeks instead of reading the ones before it.
 */
export function openReportsQuery(
  db: Database,
  { cursor, toolId, limit }: { cursor?: Cursor | null; toolId?: string; limit: number },
) {
  return db
    .select({
      id: toolReports.id,
      kind: toolReports.kind,
      text: toolReports.text,
      createdAt: toolReports.createdAt,
      toolId: tools.id,
      toolName: tools.name,
      toolSlug: tools.slug,
      isLive: sql<boolean>`(${tools.isActive} and ${tools.isVerified})`,
      reporterUsername: users.username,
      reporterSlug: users.slug,
    })
    .from(toolReports)
    .innerJoin(tools, eq(tools.id, toolReports.toolId))
    .leftJoin(users, eq(users.id, toolReports.reporterId))
    .where(
      and(
        isOpen,
        toolId ? eq(toolReports.toolId, toolId) : undefined,
        seekAfter(cursor, [toolReports.createdAt, toolReports.id], { ascending: true, idAs: "bigint" }),
      ),
    )
    .orderBy(asc(toolReports.createdAt), asc(toolReports.id))
    .limit(limit);
}

export function toolReportService({
  db,
  limiter,
  outbox,
  webhooks,
  readers,
}: {
  db: Database;
  limiter: RateLimiter;
  outbox: Outbox;
  webhooks: WebhookEvents;
  readers: Readers;
}) {
  /** Closes the open report `reportId` with `status`, in one statement that also checks it is still open; answers its tool's name. */
  async function answer(
    user: SessionUser | null,
    { reportId }: ReportActionInput,
    status: ReportAnswer,
  ): Promise<{ toolName: string }> {
    const moderator = requireModerator(user);
    const [answered] = await db
      .update(toolReports)
      .set({ status, handledBy: moderator.id, handledAt: new Date() })
      .where(and(eq(toolReports.id, reportId), isOpen))
      .returning({ toolId: toolReports.toolId });
    if (!answered) {
      const [exists] = await db
        .select({ id: toolReports.id })
        .from(toolReports)
        .where(eq(toolReports.id, reportId))
        .limit(1);
      throw exists
        ? new AppError("aborted", MESSAGES.report.alreadyHandled)
        : new AppError("not-found", MESSAGES.report.notFound);
    }
    const [tool] = await db.select({ name: tools.name }).from(tools).where(eq(tools.id, answered.toolId)).limit(1);
    return { toolName: tool?.name ?? "" };
  }

  return {
    /**
     * Records a report on the live tool `slug`, from anyone, and tells the admin; past the address's limit, or the
     * tool's daily one, it is refused. The admin is told once of a tool whose reports passed its daily limit.
     */
    async reportProblem(
      { user, address }: Reporter,
      slug: string,
      { kind, text }: ReportInput,
    ): Promise<{ id: number }> {
      if (!(await limiter.hit(`report:${senderKey(address)}`, LIMITS.reportsPerAddress)))
        throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
      const [tool] = await db
        .select({ id: tools.id, name: tools.name })
        .from(tools)
        .where(and(isPublicTool, eq(tools.slug, slug)))
        .limit(1);
      if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundBySlug);
      const day = await limiter.take(`report-tool:${tool.id}`, LIMITS.reportsPerTool);
      if (!day.allowed) {
        // One notice for the window: its key names the window, and the outbox keeps one row per key.
        const until = day.resetAt.toISOString().slice(0, 16).replace("T", " ");
        await outbox.enqueue(db, [
          readers.notice(`reports-flooded:${tool.id}:${day.resetAt.getTime()}`, ({ t }) => ({
            title: t("notice.reportsFloodTitle"),
            text: t("notice.reportsFloodText", { tool: tool.name, max: LIMITS.reportsPerTool.max, until }),
          })),
        ]);
        outbox.poke();
        throw new AppError("resource-exhausted", MESSAGES.report.toolFlooded);
      }
      const report = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(toolReports)
          .values({ toolId: tool.id, kind, text, reporterId: user?.id ?? null })
          .returning({ id: toolReports.id });
        await outbox.enqueue(tx, [
          readers.notice(`tool-report:${row!.id}`, ({ t }) => ({
            title: t("notice.problemTitle"),
            text: t("notice.problemText", {
              kind: t(REPORT_KIND_KEYS[kind]),
              tool: tool.name,
              hasText: text ? "yes" : "no",
              text: text ?? "",
            }),
          })),
        ]);
        await webhooks.enqueue(tx, "report.created", { tool: tool.id, report: { id: row!.id, kind, text } });
        return row!;
      });
      outbox.poke();
      return report;
    },

    /** The open reports, oldest first, of every tool or of `toolId`, one keyset page after `cursor` (key: when sent, in ms; id: the report's). */
    async listOpenReports(
      user: SessionUser | null,
      { cursor, toolId, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; toolId?: string; limit?: number } = {},
    ): Promise<OpenReportPage> {
      requireModerator(user);
      if (cursor && !/^[0-9]{1,15}$/.test(cursor.id))
        throw new AppError("invalid-argument", MESSAGES.page.invalidCursor);
      const rows = await openReportsQuery(db, { cursor, toolId, limit: limit + 1 });
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({
        key: last.createdAt.getTime(),
        id: String(last.id),
      }));
      return {
        reports: items.map((row) => ({
          id: row.id,
          kind: row.kind as ReportKind,
          text: row.text,
          createdAt: row.createdAt.toISOString(),
          tool: { id: row.toolId, name: row.toolName, slug: row.toolSlug, isLive: Boolean(row.isLive) },
          reporter:
            row.reporterUsername !== null && row.reporterSlug !== null
              ? { username: row.reporterUsername, slug: row.reporterSlug }
              : null,
        })),
        nextCursor,
      };
    },

    /** How many open reports each of `toolIds` has (tools without any are left out). */
    async countOpenReportsByTool(user: SessionUser | null, toolIds: string[]): Promise<Record<string, number>> {
      requireModerator(user);
      if (toolIds.length === 0) return {};
      const rows = await db
        .select({ toolId: toolReports.toolId, count: count() })
        .from(toolReports)
        .where(and(isOpen, inArray(toolReports.toolId, toolIds)))
        .groupBy(toolReports.toolId);
      return Object.fromEntries(rows.map((row) => [row.toolId, row.count]));
    },

    /** Every open report, for the console's navigation; verifiers and admins only. */
    async countOpenReports(user: SessionUser | null): Promise<number> {
      requireModerator(user);
      return countOpenReports(db);
    },

    /** Marks an open report resolved (the problem is fixed). */
    resolveReport: (user: SessionUser | null, input: ReportActionInput) => answer(user, input, "resolved"),

    /** Marks an open report dismissed (nothing was wrong). */
    dismissReport: (user: SessionUser | null, input: ReportActionInput) => answer(user, input, "dismissed"),
  };
}

export type ToolReportService = ReturnType<typeof toolReportService>;
