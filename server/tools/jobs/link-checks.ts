/**
 * The link checker: once a day (server/jobs.ts) every live tool's website is read through the safe fetcher, HEAD
 * first and GET when HEAD is refused, a few hosts at a time and one request at a time per host, with a pause between
 * a host's requests that grows while the host struggles (429, 503, no answer), until it is left for the next run. It records what it found (`link_checks`). A redirect to another registrable domain, or failures
 * in a row, flag the tool for the admins (/admin/links); after LINK_CHECK_HIDE_AFTER failures in a row the tool is
 * switched off, as an admin would, until an admin says the link is fixed (docs/decisions/021).
 * A failure of the site's own network counts against no tool (decisions 045 and 054): the run first reads a reference
 * address, and keeps the failures to reach a host aside (no answer, no connection, or a name that does not resolve)
 * until the run ends; when the reference does not answer, or most hosts cannot be reached at once, the run pauses,
 * records none of them, and tells the admins. Whatever it sees, a run hides at most a small share of the live tools:
 * the hides are made together at the end, in one statement, or not at all when they are too many (the breaker).
 * Every run's outcome is kept for /admin/links.
 */
import { setTimeout as delay } from "node:timers/promises";
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { ADMIN_PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { LinkResolveInput } from "#common/schemas/website-fill.ts";
import { describePause, type LinkCheckPause } from "#common/link-check-pause.ts";
import { registrableDomain } from "#common/tool-input.ts";
import { requireAdmin } from "../../access.ts";
import { recordAudit } from "../../audit/audit.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { linkCheckRuns, linkChecks, tools } from "../../db/schema.ts";
import { FetchRefusal, type SafeFetcher } from "../../fetch/safe-fetch.ts";
import type { Outbox } from "../../outbox/effects.ts";
import type { WebhookEvents } from "../../webhooks/events.ts";
import { isQueuedTool } from "../lifecycle/queue.ts";
import type { Readers } from "../../mail/readers.ts";
import { keysetPage, seekAfter } from "../../db/keyset.ts";

/** A website's answer: its status (null when none came), where the redirects ended, why it failed. */
export type LinkProbe = { status: number | null; finalUrl: string | null; error: string | null };

/** HEAD answers that mean "ask with GET": the method is refused or mishandled, not the page missing. */
const HEAD_REFUSED = new Set([400, 403, 405, 501]);
/** Failed checks in a row that flag a tool for the admins. */
export const FLAG_AFTER_FAILURES = 2;
/** Tools read from the database at a time. */
const BATCH = 1000;
/** Tools read ahead at most, waiting for their hosts: what a run holds in memory, however many tools there are. */
const MAX_WAITING = 10 * BATCH;
/** A host's pause grows (doubling from hostPauseMs) after each answer in a row that says it is struggling, up to this. */
export const HOST_PAUSE_CAP_MS = 60_000;
/** Struggling answers in a row (429, 503, none) after which a host is left alone until the next run. */
export const HOST_GIVE_UP_AFTER = 4;
/** The longest Retry-After waited for; a host asking for longer is left alone until the next run. */
export const HOST_WAIT_CAP_MS = 5 * 60_000;

/** The time the checker paces hosts by: the wall clock, or a faster one in tests. */
export type Clock = { now: () => number; sleep: (ms: number, signal?: AbortSignal) => Promise<void> };

const wallClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined),
};

/** `paused`: why the run stopped without counting against any tool, or without hiding the tools it found dead, in the default language. */
export type LinkCheckCounts = {
  checked: number;
  moved: number;
  failed: number;
  hidden: number;
  skipped: number;
  paused?: string;
};

/** A run as /admin/links shows it. */
export type LinkCheckRun = {
  ranAt: string;
  checked: number;
  moved: number;
  failed: number;
  hidden: number;
  skipped: number;
  pause: LinkCheckPause | null;
};

/** Hosts probed before their share of unreachable ones may pause the run. */
export const OUTAGE_SAMPLE = 20;
/** The share of probed hosts unreachable at once that means the site's own network is down: most of them. */
export const OUTAGE_SHARE = 0.5;
/** The share of the live tools one run may hide; past it, the run hides none and tells the admins (the breaker). */
export const HIDE_SHARE = 0.02;
/** A small catalogue may always lose this many dead links in one run, whatever its share. */
export const HIDE_AT_LEAST = 5;
/** The runs /admin/links can show; older ones are deleted. */
const RUNS_KEPT = 60;

type WaitingTool = { id: string; website: string; isLive: boolean };

/** What a run knows of one host: its tools still to check, and when it may be asked again. */
type HostState = {
  key: string;
  line: WaitingTool[];
  busy: boolean;
  nextAt: number;
  pauseMs: number;
  troubles: number;
  givenUp: boolean;
};

/** The host a website is paced by: its name without "www." and its port (two servers on one name are told apart by it). */
function hostOf(website: string): string {
  try {
    const url = new URL(website);
    return `${url.hostname.replace(/^www\./, "")}${url.port ? `:${url.port}` : ""}`;
  } catch {
    return website;
  }
}

/** Retry-After in milliseconds (seconds, or an HTTP date), or null when absent or unreadable. */
function retryAfterMs(value: string | string[] | undefined, now: number): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export type LinkCheckerDependencies = {
  db: Database;
  /** The operator's notices' language. */
  readers: Readers;
  fetcher: SafeFetcher;
  /** LINK_CHECK_HIDE_AFTER. */
  hideAfter: number;
  /** LINK_CHECK_REFERENCE_URL: read before a run; when it does not answer, the run pauses. */
  referenceUrl?: string;
  /** Hosts checked at once. */
  concurrency?: number;
  /** The breaker: a run hides at most this share of the live tools (HIDE_SHARE), or `hideAtLeast` (HIDE_AT_LEAST) when more. */
  hideShare?: number;
  hideAtLeast?: number;
  /** The pause between two requests to one host. */
  hostPauseMs?: number;
  /** How long one website may take, redirects included (the fetcher's 5 s by default). */
  timeoutMs?: number;
  /** What the pauses between a host's requests are measured and waited by (the wall clock by default). */
  clock?: Clock;
  writeToolSnapshot: (id: string) => Promise<void>;
  /** `tool.updated` when a live tool is hidden or an admin brings it back, written with the change (decision 029). */
  webhooks: WebhookEvents;
  outbox: Pick<Outbox, "poke" | "enqueue">;
};

export type FlaggedLink = {
  toolId: string;
  name: string;
  slug: string;
  website: string;
  status: number | null;
  finalUrl: string | null;
  error: string | null;
  failures: number;
  isMoved: boolean;
  isHidden: boolean;
  checkedAt: string;
  flaggedAt: string;
  /** Since when its checks fail in a row; null for a link that works but moved. */
  failingSince: string | null;
};

/** The domain that says whose site it is; a bare host name (localhost, an intranet name) stands for itself. */
function domainOf(address: string): string {
  return registrableDomain(address) ?? new URL(address).hostname;
}

/** One page of the flagged links, most recently flagged first, after `cursor`: read through link_checks_flagged_idx. */
export function flaggedLinksQuery(db: Database, cursor: Cursor | null | undefined, limit: number) {
  return db
    .select({ check: linkChecks, name: tools.name, slug: tools.slug, website: tools.website })
    .from(linkChecks)
    .innerJoin(tools, eq(tools.id, linkChecks.toolId))
    .where(and(isNotNull(linkChecks.flaggedAt), seekAfter(cursor, [linkChecks.flaggedAt, linkChecks.toolId])))
    .orderBy(desc(linkChecks.flaggedAt), desc(linkChecks.toolId))
    .limit(limit);
}

const isOk = (probe: LinkProbe) => probe.status !== null && probe.status >= 200 && probe.status < 400;

export function linkChecker({
  db,
  fetcher,
  hideAfter,
  referenceUrl,
  concurrency = 16,
  hideShare = HIDE_SHARE,
  hideAtLeast = HIDE_AT_LEAST,
  hostPauseMs = 1000,
  timeoutMs,
  clock = wallClock,
  writeToolSnapshot,
  webhooks,
  outbox,
  readers,
}: LinkCheckerDependencies) {
  /**
   * Reads `website`: HEAD, then GET when HEAD is refused. Never throws for what the website does. Says too whether the
   * host is struggling (429, 503, or no answer in time or at all) and how long it asked us to wait.
   */
  async function probeAnswer(
    website: string,
  ): Promise<{ result: LinkProbe; isTrouble: boolean; isUnreached: boolean; retryAfterMs: number | null }> {
    try {
      let answer = await fetcher.fetch(website, { method: "HEAD", readBody: false, timeoutMs });
      if (HEAD_REFUSED.has(answer.status))
        answer = await fetcher.fetch(website, { method: "GET", readBody: false, timeoutMs });
      const isTrouble = answer.status === 429 || answer.status === 503;
      return {
        result: { status: answer.status, finalUrl: answer.url, error: null },
        isTrouble,
        isUnreached: false,
        retryAfterMs: isTrouble ? retryAfterMs(answer.headers["retry-after"], clock.now()) : null,
      };
    } catch (error) {
      if (!(error instanceof FetchRefusal)) throw error;
      // No answer came at all: the host is down, its name does not resolve, or our own network or resolver is down. Which
      // of these it is, the share of such answers in the run tells.
      const isUnreached =
        error.reason === "timeout" || error.reason === "unreachable" || error.reason === "unknown-host";
      return {
        result: { status: null, finalUrl: null, error: error.message },
        isTrouble: isUnreached,
        isUnreached,
        retryAfterMs: null,
      };
    }
  }

  /** Tells the admins, once a day for each kind of pause, that a run paused and why; returns why, in the default language. */
  async function tellPaused(pause: LinkCheckPause, now: Date): Promise<string> {
    const text = readers.write(null, ({ t }) => describePause(t, pause));
    await outbox.enqueue(db, [
      readers.notice(`link-check-paused:${pause.kind}:${now.toISOString().slice(0, 10)}`, ({ t }) => ({
        title: t("notice.linkCheckPausedTitle"),
        text,
      })),
    ]);
    outbox.poke();
    return text;
  }

  /** Keeps a run's outcome for /admin/links, and forgets the oldest runs. */
  async function keepRun(now: Date, counts: LinkCheckCounts, pause: LinkCheckPause | null) {
    const { checked, moved, failed, hidden, skipped } = counts;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(linkCheckRuns)
        .values({ ranAt: now, checked, moved, failed, hidden, skipped, pause })
        .returning({ id: linkCheckRuns.id });
      await tx.delete(linkCheckRuns).where(sql`${linkCheckRuns.id} <= ${row!.id - RUNS_KEPT}`);
    });
  }

  /** Ends a run: says why it paused, if it did, and keeps its outcome. */
  async function finish(now: Date, counts: LinkCheckCounts, pause: LinkCheckPause | null): Promise<LinkCheckCounts> {
    if (pause) counts.paused = await tellPaused(pause, now);
    await keepRun(now, counts, pause);
    return counts;
  }

  /**
   * Hides the tools a run found dead too often, together: one statement switches them off (the triggers that keep the
   * counts and drop the cached pages run once, so no two hides wait on each other's counts), and their checks say
   * since when. Then each tool's snapshot and its `tool.updated` webhook.
   */
  async function hideTools(toolIds: string[], now: Date): Promise<number> {
    if (toolIds.length === 0) return 0;
    const hidden = await db.transaction(async (tx) => {
      const rows = await tx
        .update(tools)
        .set({ isActive: false, updatedAt: now })
        .where(and(inArray(tools.id, toolIds), eq(tools.isActive, true)))
        .returning();
      const ids = rows.map((row) => row.id);
      if (ids.length > 0) await tx.update(linkChecks).set({ hiddenAt: now }).where(inArray(linkChecks.toolId, ids));
      for (const row of rows) await webhooks.enqueue(tx, "tool.updated", { tool: row });
      return ids;
    });
    await announceChanged(hidden);
    return hidden.length;
  }

  const probe = async (website: string): Promise<LinkProbe> => (await probeAnswer(website)).result;

  /**
   * Records one check of a tool, and flags it; in one transaction. A tool that has failed LINK_CHECK_HIDE_AFTER times
   * in a row is due to be hidden ("hide"), which the run does at its end (`hideTools`). A tool that is not live
   * (`isLive` false: a submission checked for the queue) is only recorded: the queue shows its failure as a risk, a
   * verifier decides.
   */
  async function record(
    toolId: string,
    website: string,
    result: LinkProbe,
    now: Date,
    isLive = true,
  ): Promise<"ok" | "moved" | "failed" | "hide"> {
    return db.transaction(async (tx) => {
      const [previous] = await tx.select().from(linkChecks).where(eq(linkChecks.toolId, toolId)).for("update");
      const ok = isOk(result);
      const isMoved = ok && result.finalUrl !== null && domainOf(result.finalUrl) !== domainOf(website);
      const failures = ok ? 0 : (previous?.failures ?? 0) + 1;
      const shouldHide = isLive && failures >= hideAfter;
      const isFlagged =
        isLive && (isMoved || failures >= FLAG_AFTER_FAILURES || shouldHide || Boolean(previous?.hiddenAt));
      const row = {
        toolId,
        checkedAt: now,
        status: result.status,
        finalUrl: result.finalUrl,
        error: result.error ?? (ok ? null : MESSAGES.fetch.httpError(result.status ?? 0)),
        failures,
        isMoved,
        workingAt: ok ? now : (previous?.workingAt ?? null),
        failingSince: ok ? null : (previous?.failingSince ?? now),
        flaggedAt: isFlagged ? (previous?.flaggedAt ?? now) : null,
        hiddenAt: previous?.hiddenAt ?? null,
      };
      await tx.insert(linkChecks).values(row).onConflictDoUpdate({ target: linkChecks.toolId, set: row });
      if (shouldHide && !previous?.hiddenAt) return "hide";
      return ok ? (isMoved ? "moved" : "ok") : "failed";
    });
  }

  /**
   * An admin's "the link is fine" for each of `checks` (locked by the caller): the flags and failures go, a record each
   * goes to the audit trail, and the tools the checker hid are live again, in one statement, with their webhooks.
   * Answers the ids of the tools shown again.
   */
  async function resolveChecks(
    tx: Transaction,
    admin: SessionUser,
    checks: { toolId: string; name: string; hiddenAt: Date | null }[],
  ): Promise<string[]> {
    if (checks.length === 0) return [];
    const ids = checks.map((check) => check.toolId);
    await tx
      .update(linkChecks)
      .set({ flaggedAt: null, hiddenAt: null, failures: 0, isMoved: false, failingSince: null })
      .where(inArray(linkChecks.toolId, ids));
    await recordAudit(
      tx,
      admin,
      checks.map((check) => ({
        kind: "link.resolved" as const,
        toolId: check.toolId,
        subject: check.name,
        after: { shownAgain: check.hiddenAt !== null },
      })),
    );
    const hidden = checks.filter((check) => check.hiddenAt !== null).map((check) => check.toolId);
    if (hidden.length === 0) return [];
    const rows = await tx
      .update(tools)
      .set({ isActive: true, updatedAt: new Date() })
      .where(and(inArray(tools.id, hidden), eq(tools.isActive, false)))
      .returning();
    for (const row of rows) if (row.isVerified) await webhooks.enqueue(tx, "tool.updated", { tool: row });
    return rows.map((row) => row.id);
  }

  /** After tools were hidden or shown again: their webhooks go out, and their snapshots follow. */
  async function announceChanged(toolIds: string[]) {
    if (toolIds.length === 0) return;
    outbox.poke();
    for (const id of toolIds) await writeToolSnapshot(id);
  }

  /** How many tools one run may hide: a share of the live tools, or a few in a small catalogue. */
  async function hideLimit(): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(tools)
      .where(and(eq(tools.isActive, true), eq(tools.isVerified, true)));
    return Math.max(hideAtLeast, Math.floor((row?.count ?? 0) * hideShare));
  }

  return {
    probe,

    /**
     * Checks every live tool's website once, and every queued tool's (only recorded: the queue shows a dead one as a
     * risk); `now` is the time recorded (tests set it). Up to `concurrency` hosts are asked at once, each host one page
     * at a time with its pause between (grown by its backoff), for the whole run: the tools are read BATCH at a time,
     * but what is known of each host is kept until the run ends. A host that keeps failing, or asks us to come back
     * later than HOST_WAIT_CAP_MS, is left alone for the rest of the run: its unchecked tools are counted `skipped`.
     * Once `signal` aborts (the process stops), no new page is asked for: the pages under way are recorded, and the
     * tools still waiting are counted `skipped`, for the next run.
     */
    async checkAllLinks(now = new Date(), signal?: AbortSignal): Promise<LinkCheckCounts> {
      const counts: LinkCheckCounts = { checked: 0, moved: 0, failed: 0, hidden: 0, skipped: 0 };
      if (referenceUrl) {
        const reference = await probeAnswer(referenceUrl);
        if (reference.isUnreached)
          return finish(now, counts, { kind: "reference", url: referenceUrl, error: reference.result.error ?? "" });
      }
      // The tools found dead too often, hidden together when the run ends, if they are few enough.
      const due: string[] = [];
      /** Counts a recorded check. */
      const tally = (outcome: Awaited<ReturnType<typeof record>>, toolId: string) => {
        counts.checked++;
        if (outcome === "hide") due.push(toolId);
        else if (outcome !== "ok") counts[outcome]++;
      };
      const hosts = new Map<string, HostState>();
      // The websites that gave no answer at all, recorded only once the run shows that the site's own network works.
      const unreached: { tool: WaitingTool; result: LinkProbe }[] = [];
      let reachedCount = 0;
      const isOutage = () => {
        const probed = reachedCount + unreached.length;
        return probed >= OUTAGE_SAMPLE && unreached.length / probed >= OUTAGE_SHARE;
      };
      let pending = 0;
      let after = "";
      let exhausted = false;

      /** Reads the next tools, each into its host's line, least recently checked first (the ones a given-up host left wait least). */
      async function load() {
        const batch = await db
          .select({ id: tools.id, website: tools.website, isLive: tools.isVerified, checkedAt: linkChecks.checkedAt })
          .from(tools)
          .leftJoin(linkChecks, eq(linkChecks.toolId, tools.id))
          .where(and(or(and(eq(tools.isActive, true), eq(tools.isVerified, true)), isQueuedTool), gt(tools.id, after)))
          .orderBy(asc(tools.id))
          .limit(BATCH);
        if (batch.length < BATCH) exhausted = true;
        if (batch.length === 0) return;
        after = batch[batch.length - 1]!.id;
        batch.sort((a, b) => (a.checkedAt?.getTime() ?? 0) - (b.checkedAt?.getTime() ?? 0));
        for (const tool of batch) {
          const key = hostOf(tool.website);
          let host = hosts.get(key);
          if (!host)
            hosts.set(
              key,
              (host = { key, line: [], busy: false, nextAt: 0, pauseMs: hostPauseMs, troubles: 0, givenUp: false }),
            );
          if (host.givenUp) counts.skipped++;
          else {
            host.line.push(tool);
            pending++;
          }
        }
        // A host with nothing waiting, no backoff and its pause over is as good as a new one: only the others are kept.
        const at = clock.now();
        for (const [key, host] of hosts)
          if (!host.busy && host.line.length === 0 && !host.givenUp && host.troubles === 0 && host.nextAt <= at)
            hosts.delete(key);
      }

      /** The idle hosts with tools waiting, the one due first first. */
      const waiting = () =>
        [...hosts.values()].filter((host) => !host.busy && host.line.length > 0).sort((a, b) => a.nextAt - b.nextAt);

      function giveUp(host: HostState) {
        host.givenUp = true;
        counts.skipped += host.line.length;
        pending -= host.line.length;
        host.line = [];
      }

      /** One page of one host: probed, recorded (a 429 is not the tool's failure: it is asked again later), and the host's next pause set. */
      async function visit(host: HostState) {
        host.busy = true;
        const tool = host.line.shift()!;
        pending--;
        try {
          const { result, retryAfterMs, isTrouble, isUnreached } = await probeAnswer(tool.website);
          if (result.status === 429) {
            host.line.unshift(tool);
            pending++;
          } else if (isUnreached) {
            unreached.push({ tool, result });
          } else {
            reachedCount++;
            tally(await record(tool.id, tool.website, result, now, tool.isLive), tool.id);
          }
          if (!isTrouble) {
            host.troubles = 0;
            host.pauseMs = hostPauseMs;
          } else {
            host.troubles++;
            host.pauseMs = Math.max(Math.min(hostPauseMs * 2 ** host.troubles, HOST_PAUSE_CAP_MS), retryAfterMs ?? 0);
            if (host.troubles >= HOST_GIVE_UP_AFTER || (retryAfterMs ?? 0) > HOST_WAIT_CAP_MS) giveUp(host);
          }
          host.nextAt = clock.now() + host.pauseMs;
        } finally {
          host.busy = false;
        }
      }

      const running = new Set<Promise<void>>();
      for (;;) {
        if (isOutage()) {
          await Promise.all(running);
          counts.skipped += pending + unreached.length;
          return finish(now, counts, {
            kind: "outage",
            unreached: unreached.length,
            probed: reachedCount + unreached.length,
          });
        }
        if (signal?.aborted) {
          await Promise.all(running);
          counts.skipped += pending + unreached.length;
          break;
        }
        // Read ahead while few tools wait, or while a worker is free and no host is due; never more than MAX_WAITING tools.
        while (
          !exhausted &&
          pending < MAX_WAITING &&
          (pending < BATCH || (running.size < concurrency && !waiting().some((host) => host.nextAt <= clock.now())))
        )
          await load();
        const at = clock.now();
        const due = waiting();
        for (const host of due) {
          if (running.size >= concurrency || host.nextAt > at) break;
          const task = visit(host).finally(() => running.delete(task));
          running.add(task);
        }
        if (running.size === 0 && pending === 0 && exhausted) break;
        // Until a page is done, or the next host's pause is over when a worker is free for it.
        const next = running.size < concurrency ? waiting()[0] : undefined;
        const wake = new AbortController();
        const stopped = signal
          ? new Promise<void>((resolve) =>
              signal.addEventListener("abort", () => resolve(), { once: true, signal: wake.signal }),
            )
          : undefined;
        await Promise.race([
          ...running,
          ...(next ? [clock.sleep(Math.max(0, next.nextAt - clock.now()), wake.signal)] : []),
          ...(stopped ? [stopped] : []),
        ]);
        wake.abort();
      }
      // The network worked: the websites that gave no answer failed their check.
      if (!signal?.aborted)
        for (const { tool, result } of unreached)
          tally(await record(tool.id, tool.website, result, now, tool.isLive), tool.id);
      // The breaker: more dead tools than a run may hide is more likely a fault of ours than of theirs.
      const limit = await hideLimit();
      if (due.length > limit) {
        counts.failed += due.length;
        return finish(now, counts, { kind: "breaker", due: due.length, limit });
      }
      counts.hidden = await hideTools(due, now);
      counts.failed += due.length - counts.hidden;
      return finish(now, counts, null);
    },

    /** The last run's outcome, for /admin/links (admins only), or null before the first. */
    async findLastRun(user: SessionUser | null): Promise<LinkCheckRun | null> {
      requireAdmin(user);
      const [row] = await db.select().from(linkCheckRuns).orderBy(desc(linkCheckRuns.id)).limit(1);
      if (!row) return null;
      const { ranAt, checked, moved, failed, hidden, skipped, pause } = row;
      return { ranAt: ranAt.toISOString(), checked, moved, failed, hidden, skipped, pause };
    },

    /** How many tools the checker hid and no admin brought back (link_checks_hidden_idx); admins only. */
    async countHiddenLinks(user: SessionUser | null): Promise<number> {
      requireAdmin(user);
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(linkChecks)
        .where(isNotNull(linkChecks.hiddenAt));
      return row?.count ?? 0;
    },

    /**
     * Brings back every tool the checker hid, at once (a run that hid them by mistake): as "Link fixed: show again" on
     * each, in one transaction, one audit record each. Admins only. Returns how many are live again.
     */
    async showAllHidden(user: SessionUser | null): Promise<number> {
      const admin = requireAdmin(user);
      const shown = await db.transaction(async (tx) => {
        const checks = await tx
          .select({ toolId: linkChecks.toolId, name: tools.name, hiddenAt: linkChecks.hiddenAt })
          .from(linkChecks)
          .innerJoin(tools, eq(tools.id, linkChecks.toolId))
          .where(isNotNull(linkChecks.hiddenAt))
          .orderBy(asc(linkChecks.toolId))
          .for("update", { of: linkChecks });
        return resolveChecks(tx, admin, checks);
      });
      await announceChanged(shown);
      return shown.length;
    },

    /** Which of the tools `toolIds` had a website that did not answer at its last check. */
    async findDeadLinks(toolIds: string[]): Promise<Set<string>> {
      if (toolIds.length === 0) return new Set();
      const rows = await db
        .select({ toolId: linkChecks.toolId })
        .from(linkChecks)
        .where(and(inArray(linkChecks.toolId, toolIds), gt(linkChecks.failures, 0)));
      return new Set(rows.map((row) => row.toolId));
    },

    /** When a check last found a tool's website working (the tool page's "Link checked N days ago"), or null. */
    async findLinkCheckedAt(toolId: string): Promise<Date | null> {
      const [row] = await db
        .select({ workingAt: linkChecks.workingAt })
        .from(linkChecks)
        .where(eq(linkChecks.toolId, toolId))
        .limit(1);
      return row?.workingAt ?? null;
    },

    /** The broken and moved links, most recently flagged first, one keyset page after `cursor` (/admin/links). */
    async listFlaggedLinks(
      user: SessionUser | null,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ): Promise<{ links: FlaggedLink[]; nextCursor: string | null }> {
      requireAdmin(user);
      const rows = await flaggedLinksQuery(db, cursor, limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({
        key: last.check.flaggedAt!.getTime(),
        id: last.check.toolId,
      }));
      return {
        links: items.map(({ check, name, slug, website }) => ({
          toolId: check.toolId,
          name,
          slug,
          website,
          status: check.status,
          finalUrl: check.finalUrl,
          error: check.error,
          failures: check.failures,
          isMoved: check.isMoved,
          isHidden: check.hiddenAt !== null,
          checkedAt: check.checkedAt.toISOString(),
          flaggedAt: check.flaggedAt!.toISOString(),
          failingSince: check.failingSince?.toISOString() ?? null,
        })),
        nextCursor,
      };
    },

    /** How many links wait for an admin, for the console's navigation (link_checks_flagged_idx). */
    async countFlaggedLinks(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(linkChecks)
        .where(isNotNull(linkChecks.flaggedAt));
      return row?.count ?? 0;
    },

    /**
     * An admin's answer to a flagged link: it is fixed, or fine as it is. The flag and the failures are cleared, and a
     * tool the checker hid is live again. Admins only.
     */
    async resolveLink(
      user: SessionUser | null,
      { toolId }: LinkResolveInput,
    ): Promise<{ name: string; wasHidden: boolean }> {
      const admin = requireAdmin(user);
      const resolved = await db.transaction(async (tx) => {
        const [check] = await tx
          .select({ toolId: linkChecks.toolId, hiddenAt: linkChecks.hiddenAt, name: tools.name })
          .from(linkChecks)
          .innerJoin(tools, eq(tools.id, linkChecks.toolId))
          .where(and(eq(linkChecks.toolId, toolId), isNotNull(linkChecks.flaggedAt)))
          .for("update");
        if (!check) throw new AppError("not-found", MESSAGES.links.noCheck);
        await resolveChecks(tx, admin, [check]);
        return { name: check.name, wasHidden: check.hiddenAt !== null };
      });
      if (resolved.wasHidden) await announceChanged([toolId]);
      return resolved;
    },
  };
}

export type LinkChecker = ReturnType<typeof linkChecker>;
