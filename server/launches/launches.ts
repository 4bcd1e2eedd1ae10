/**
 * Launch days (decision 063): a tool's editor chooses the day it goes live, from today to LAUNCH_MAX_DAYS ahead, while
 * it waits in the queue or once verified and held. Verification holds a tool whose day is still to come
 * (server/tools/lifecycle/verification.ts): verified but not active, it is on /coming-soon and its page says when it
 * launches; the minute's job lists it at the start of its day, UTC.
 */
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { LAUNCH_MAX_DAYS, PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { LaunchInput } from "#common/schemas/launches.ts";
import { badgeSnippets } from "#common/badges.ts";
import { launchPeriod, todayKey, weekKeyOf } from "#common/launch-periods.ts";
import { launchesPath } from "#common/page-paths.ts";
import { requireToolEditor } from "../access.ts";
import { COUNTERS_MAX_AGE_MS, dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import type { Database, Transaction } from "../db/client.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";
import { launches, launchWinners, tools } from "../db/schema.ts";
import type { Outbox } from "../outbox/effects.ts";
import type { Readers } from "../mail/readers.ts";
import { isQueuedTool } from "../tools/lifecycle/queue.ts";
import { editedToolColumns } from "../tools/lifecycle/shared.ts";
import {
  toCard,
  type ToolCard,
  toolCardColumns,
  type ToolDetail,
  toolDetailColumns,
  type ToolDetailRow,
  toToolDetail,
} from "../tools/read/queries.ts";

const DAY_MS = 86_400_000;
/** Held tools listed by one run of the minute's job, at most: the next minute lists the rest. */
const LAUNCH_BATCH = 500;

/** The start of `day` (YYYY-MM-DD), UTC. */
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
/** Today's date, UTC. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export type ComingCard = ToolCard & { launchAt: string };

/**
 * One page of the held tools, the soonest to launch first: a range of launches_waiting_idx from the cursor. Exported
 * for the query-plan test.
 */
export function comingSoonQuery(db: Database, { cursor, limit }: { cursor?: Cursor | null; limit: number }) {
  return db
    .select({ ...toolCardColumns, launchAt: launches.launchAt })
    .from(launches)
    .innerJoin(tools, eq(tools.id, launches.toolId))
    .where(
      and(sql`${launches.isWaiting}`, seekAfter(cursor, [launches.launchAt, launches.toolId], { ascending: true })),
    )
    .orderBy(asc(launches.launchAt), asc(launches.toolId))
    .limit(limit);
}

/** Tools a leaderboard shows, at most. */
export const LAUNCH_BOARD_SIZE = 50;

/**
 * A day's or a week's live launches, by their counted likes (as /tools?sort=likes counts them, decision 042), then
 * the first launched first: the first rows of launches_day_board_idx or launches_week_board_idx, in their order,
 * however many tools launched then. Exported for the query-plan test.
 */
export function launchBoardQuery(
  db: Database | Transaction,
  { kind, from, limit }: { kind: "day" | "week"; from: Date; limit: number },
) {
  const period = kind === "day" ? launches.launchDay : launches.launchWeek;
  return db
    .select({ ...toolCardColumns, launchAt: launches.launchAt })
    .from(launches)
    .innerJoin(tools, eq(tools.id, launches.toolId))
    .where(and(sql`${launches.isLive}`, eq(period, from.toISOString().slice(0, 10))))
    .orderBy(desc(launches.likes), asc(launches.launchAt), asc(launches.toolId))
    .limit(limit);
}

/** Today's launches the home page shows, at most. */
const HOME_LAUNCHES = 6;

/** How many of each week's leaderboard win (decision 063). */
export const WEEK_WINNERS = 3;

export function launchService({
  db,
  isOn,
  outbox,
  readers,
  siteUrl,
  siteName,
  now = () => new Date(),
}: {
  db: Database;
  /** The winners' mails: written with the winners, delivered after. */
  outbox: Outbox;
  readers: Readers;
  /** The badge's addresses in the winners' mails. */
  siteUrl: string;
  siteName: () => string;
  /** Whether makers choose launch days (the site's settings): off, the form and /coming-soon are not found. */
  isOn: () => boolean;
  now?: () => Date;
}) {
  function requireOn() {
    if (!isOn()) throw new AppError("not-found", MESSAGES.launch.off);
  }

  /** The tool `slug` names, with whether it waits in the queue and its launch, for one who may edit it. */
  async function editableTool(user: SessionUser | null, slug: string) {
    requireOn();
    const [tool] = await db
      .select({
        ...editedToolColumns,
        isQueued: sql<boolean>`${isQueuedTool}`,
        launchAt: launches.launchAt,
        isWaiting: launches.isWaiting,
      })
      .from(tools)
      .leftJoin(launches, eq(launches.toolId, tools.id))
      .where(eq(tools.slug, slug))
      .limit(1);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundBySlug);
    requireToolEditor(user, tool);
    return { ...tool, mayChoose: tool.isQueued || Boolean(tool.isWaiting) };
  }

  /**
   * A day's or a week's leaderboard: its launched tools by likes, `limit` of them. A page showing it is dropped when
   * a launch comes or goes, or a shown tool changes (its likes too); when the period has more launches than shown, a
   * tool below may gain likes without a write to those shown, so the page is kept at most a minute, as the counters.
   */
  async function listLaunchBoard(
    period: { kind: "day" | "week"; from: Date },
    { limit = LAUNCH_BOARD_SIZE }: { limit?: number } = {},
  ): Promise<ComingCard[]> {
    requireOn();
    dependsOn(pageTags.launches);
    const rows = await launchBoardQuery(db, { ...period, limit: limit + 1 });
    if (rows.length > limit) expiresWithin(COUNTERS_MAX_AGE_MS);
    return rows.slice(0, limit).map(({ launchAt, ...card }) => ({ ...toCard(card), launchAt: launchAt.toISOString() }));
  }

  return {
    isOn,

    /** The form's tool and its launch day, for one who may edit the tool; `mayChoose` while it waits or is held. */
    async findLaunchForm(user: SessionUser | null, slug: string) {
      const tool = await editableTool(user, slug);
      const today = dayOf(now());
      return {
        tool: { id: tool.id, name: tool.name, slug: tool.slug },
        launchOn: tool.launchAt && (tool.isQueued || tool.isWaiting) ? dayOf(tool.launchAt) : null,
        mayChoose: tool.mayChoose,
        isQueued: tool.isQueued,
        firstDay: today,
        lastDay: dayOf(new Date(startOf(today).getTime() + LAUNCH_MAX_DAYS * DAY_MS)),
      };
    },

    /**
     * Sets the day the tool goes live. Chosen for today, a held tool goes live at once; a tool still in the queue goes
     * live when it is verified, or on its day if that comes later.
     */
    async chooseLaunchDay(user: SessionUser | null, slug: string, input: LaunchInput) {
      const tool = await editableTool(user, slug);
      if (!tool.mayChoose) throw new AppError("aborted", MESSAGES.launch.alreadyLive);
      const at = now();
      const today = startOf(dayOf(at));
      const day = startOf(input.launchOn);
      if (day < today)
        throw new AppError("invalid-argument", MESSAGES.launch.dayPassed, { launchOn: MESSAGES.launch.dayPassed });
      if (day.getTime() - today.getTime() > LAUNCH_MAX_DAYS * DAY_MS)
        throw new AppError("invalid-argument", MESSAGES.launch.dayTooFar, { launchOn: MESSAGES.launch.dayTooFar });
      const launchAt = day < at ? at : day;
      await db.transaction(async (tx) => {
        const values = { launchAt, isWaiting: Boolean(tool.isWaiting) && launchAt > at, updatedAt: at };
        await tx
          .insert(launches)
          .values({ toolId: tool.id, ...values, createdAt: at })
          .onConflictDoUpdate({ target: launches.toolId, set: values });
        // A held tool whose day is today goes live now.
        if (tool.isWaiting && !values.isWaiting)
          await tx.update(tools).set({ isActive: true, updatedAt: at }).where(eq(tools.id, tool.id));
      });
      return { name: tool.name, slug: tool.slug, launchAt: launchAt.toISOString() };
    },

    /** Forgets the launch day of a tool still in the queue: it goes live when it is verified. */
    async removeLaunchDay(user: SessionUser | null, slug: string) {
      const tool = await editableTool(user, slug);
      if (!tool.isQueued) throw new AppError("aborted", MESSAGES.launch.alreadyLive);
      await db.delete(launches).where(eq(launches.toolId, tool.id));
      return { name: tool.name, slug: tool.slug };
    },

    /** The minute's job: the held tools whose moment has come go live. Runs whatever the switch says. */
    async launchDueTools(at = now()): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ toolId: launches.toolId })
          .from(launches)
          .where(and(sql`${launches.isWaiting}`, lte(launches.launchAt, at)))
          .orderBy(asc(launches.launchAt), asc(launches.toolId))
          .limit(LAUNCH_BATCH)
          .for("update", { skipLocked: true });
        if (due.length === 0) return 0;
        const ids = due.map((row) => row.toolId);
        // The tool's trigger (migration 0061) marks each launch as no longer waiting.
        await tx.update(tools).set({ isActive: true, updatedAt: at }).where(inArray(tools.id, ids));
        return ids.length;
      });
    },

    /** One page of the held tools, the soonest to launch first; kept until the first of them launches. */
    async listComingSoon({ cursor, limit = PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {}) {
      requireOn();
      dependsOn(pageTags.comingSoon);
      const rows = await comingSoonQuery(db, { cursor, limit: limit + 1 });
      if (rows[0]) expiresWithin(Math.max(1000, rows[0].launchAt.getTime() - now().getTime()));
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.launchAt.getTime(), id: last.id }));
      return {
        tools: items.map(
          ({ launchAt, ...card }): ComingCard => ({ ...toCard(card), launchAt: launchAt.toISOString() }),
        ),
        nextCursor,
      };
    },

    listLaunchBoard,

    /** Today's launches as the home page shows them, the most liked first: a page showing them is kept until midnight, UTC. */
    async listTodaysLaunches({ limit = HOME_LAUNCHES }: { limit?: number } = {}): Promise<ComingCard[]> {
      const at = now();
      const today = launchPeriod(todayKey(at))!;
      expiresWithin(Math.max(1000, today.to.getTime() - at.getTime()));
      return listLaunchBoard(today, { limit });
    },

    /**
     * The daily jobs' part: the last ended week's top three, fixed once (a second run, or another process, finds them
     * fixed and writes nothing), each winner's submitter e-mailed the winner's badge. Runs whatever the switch says.
     */
    async fixWeekWinners(at = now()): Promise<number> {
      const thisWeek = launchPeriod(weekKeyOf(at))!;
      const week = launchPeriod(thisWeek.previous)!;
      const weekDay = week.from.toISOString().slice(0, 10);
      const fixed = await db.transaction(async (tx) => {
        const top = await launchBoardQuery(tx, { kind: "week", from: week.from, limit: WEEK_WINNERS });
        if (top.length === 0) return [];
        const winners = await tx
          .insert(launchWinners)
          .values(top.map((tool, index) => ({ week: weekDay, rank: index + 1, toolId: tool.id, likes: tool.likes })))
          .onConflictDoNothing()
          .returning();
        for (const winner of winners) {
          const tool = top[winner.rank - 1]!;
          const [submitter] = await tx
            .select({ submittedBy: tools.submittedBy })
            .from(tools)
            .where(eq(tools.id, tool.id));
          const { html } = badgeSnippets({
            siteUrl,
            siteName: siteName(),
            name: tool.name,
            slug: tool.slug,
            week: week.key,
          });
          await outbox.enqueue(
            tx,
            await readers.mailTo(
              tx,
              submitter?.submittedBy ?? null,
              `week-winner:${week.key}:${winner.rank}`,
              ({ t, url, longDate }) => ({
                subject: t("mail.weekWinnerSubject", { tool: tool.name, rank: winner.rank, date: longDate(weekDay) }),
                text: t("mail.weekWinnerBody", {
                  tool: tool.name,
                  rank: winner.rank,
                  date: longDate(weekDay),
                  code: html,
                  url: url(launchesPath(week.key)),
                }),
              }),
            ),
          );
        }
        return winners;
      });
      if (fixed.length > 0) outbox.poke();
      return fixed.length;
    },

    /** The week a tool won, and its rank, for its badge (`week`: YYYY-Www); null when it did not win it. */
    async findWin(toolId: string, weekKey: string): Promise<{ rank: number; week: string } | null> {
      const week = launchPeriod(weekKey);
      if (!week || week.kind !== "week") return null;
      const [row] = await db
        .select({ rank: launchWinners.rank })
        .from(launchWinners)
        .where(and(eq(launchWinners.toolId, toolId), eq(launchWinners.week, week.from.toISOString().slice(0, 10))))
        .limit(1);
      return row ? { rank: row.rank, week: week.from.toISOString().slice(0, 10) } : null;
    },

    /** Whether a tool is held (the sitemap lists /coming-soon then): one row of launches_waiting_idx. */
    async hasComingTools(): Promise<boolean> {
      dependsOn(pageTags.comingSoon);
      const [row] = await db.select({ id: launches.toolId }).from(launches).where(sql`${launches.isWaiting}`).limit(1);
      return Boolean(row);
    },

    /** A held tool by its slug, for its page, which says when it launches: kept until then. */
    async findComingTool(slug: string): Promise<{ tool: ToolDetail; launchAt: string } | undefined> {
      const [row] = await db
        .select({ ...toolDetailColumns, launchAt: launches.launchAt })
        .from(tools)
        .innerJoin(launches, eq(launches.toolId, tools.id))
        .where(and(eq(tools.slug, slug), sql`${launches.isWaiting}`))
        .limit(1);
      if (!row) return undefined;
      expiresWithin(Math.max(1000, row.launchAt.getTime() - now().getTime()));
      const { launchAt, ...detail } = row;
      return { tool: toToolDetail(detail as ToolDetailRow), launchAt: launchAt.toISOString() };
    },
  };
}

export type LaunchService = ReturnType<typeof launchService>;
