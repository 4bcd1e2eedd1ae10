/**
 * The link checker: once a day (server/jobs.ts) every live tool's website is read through the safe fetcher, HEAD
 * first and GET when HEAD is refused, a few hosts at a time and one request at a time per host, with a pause between
 * a host's requests. It records what it found (`link_checks`). A redirect to another registrable domain, or failures
 * in a row, flag the tool for the admins (/admin/links); after LINK_CHECK_HIDE_AFTER failures in a row the tool is
 * switched off, as an admin would, until an admin says the link is fixed (docs/decisions/021).
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { ADMIN_PAGE_SIZE } from "#common/constants.ts";
import { type Cursor, keysetPage } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { LinkResolveInput } from "#common/schemas/website-fill.ts";
import { registrableDomain } from "#common/tool-input.ts";
import { requireAdmin } from "../access.ts";
import type { Database } from "../db/client.ts";
import { linkChecks, tools } from "../db/schema.ts";
import { FetchRefusal, type SafeFetcher } from "../fetch/safe-fetch.ts";
import type { Outbox } from "../outbox/effects.ts";
import type { WebhookEvents } from "../webhooks/events.ts";
import { isQueuedTool } from "./queue.ts";

/** A website's answer: its status (null when none came), where the redirects ended, why it failed. */
export type LinkProbe = { status: number | null; finalUrl: string | null; error: string | null };

/** HEAD answers that mean "ask with GET": the method is refused or mishandled, not the page missing. */
const HEAD_REFUSED = new Set([400, 403, 405, 501]);
/** Failed checks in a row that flag a tool for the admins. */
export const FLAG_AFTER_FAILURES = 2;
/** Tools read from the database at a time. */
const BATCH = 1000;

export type LinkCheckerDependencies = {
  db: Database;
  fetcher: SafeFetcher;
  /** LINK_CHECK_HIDE_AFTER. */
  hideAfter: number;
  /** Hosts checked at once. */
  concurrency?: number;
  /** The pause between two requests to one host. */
  hostPauseMs?: number;
  /** How long one website may take, redirects included (the fetcher's 5 s by default). */
  timeoutMs?: number;
  writeToolSnapshot: (id: string) => Promise<void>;
  /** `tool.updated` when a live tool is hidden or an admin brings it back, written with the change (decision 029). */
  webhooks: WebhookEvents;
  outbox: Pick<Outbox, "poke">;
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
    .where(
      and(
        isNotNull(linkChecks.flaggedAt),
        cursor ? sql`(${linkChecks.flaggedAt}, ${linkChecks.toolId}) < (${new Date(cursor.key).toISOString()}::timestamptz, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(desc(linkChecks.flaggedAt), desc(linkChecks.toolId))
    .limit(limit);
}

const isOk = (probe: LinkProbe) => probe.status !== null && probe.status >= 200 && probe.status < 400;

export function linkChecker({ db, fetcher, hideAfter, concurrency = 16, hostPauseMs = 1000, timeoutMs, writeToolSnapshot, webhooks, outbox }: LinkCheckerDependencies) {
  /** Reads `website`: HEAD, then GET when HEAD is refused. Never throws for what the website does. */
  async function probe(website: string): Promise<LinkProbe> {
    try {
      let answer = await fetcher.fetch(website, { method: "HEAD", readBody: false, timeoutMs });
      if (HEAD_REFUSED.has(answer.status)) answer = await fetcher.fetch(website, { method: "GET", readBody: false, timeoutMs });
      return { status: answer.status, finalUrl: answer.url, error: null };
    } catch (error) {
      if (error instanceof FetchRefusal) return { status: null, finalUrl: null, error: error.message };
      throw error;
    }
  }

  /**
   * Records one check of a tool, and flags or hides it; in one transaction. A tool that is not live (`isLive` false: a
   * submission checked for the queue) is only recorded: the queue shows its failure as a risk, a verifier decides.
   */
  async function record(toolId: string, website: string, result: LinkProbe, now: Date, isLive = true): Promise<"ok" | "moved" | "failed" | "hidden"> {
    return db.transaction(async (tx) => {
      const [previous] = await tx.select().from(linkChecks).where(eq(linkChecks.toolId, toolId)).for("update");
      const ok = isOk(result);
      const isMoved = ok && result.finalUrl !== null && domainOf(result.finalUrl) !== domainOf(website);
      const failures = ok ? 0 : (previous?.failures ?? 0) + 1;
      const shouldHide = isLive && failures >= hideAfter;
      const isFlagged = isLive && (isMoved || failures >= FLAG_AFTER_FAILURES || shouldHide || Boolean(previous?.hiddenAt));
      const row = {
        toolId,
        checkedAt: now,
        status: result.status,
        finalUrl: result.finalUrl,
        error: result.error ?? (ok ? null : MESSAGES.fetch.httpError(result.status ?? 0)),
        failures,
        isMoved,
        flaggedAt: isFlagged ? (previous?.flaggedAt ?? now) : null,
        hiddenAt: previous?.hiddenAt ?? (shouldHide ? now : null),
      };
      await tx.insert(linkChecks).values(row).onConflictDoUpdate({ target: linkChecks.toolId, set: row });
      if (shouldHide && !previous?.hiddenAt) {
        // Switched off as an admin would: it leaves every list and page (the triggers on tools drop the cached pages).
        const [hidden] = await tx.update(tools).set({ isActive: false, updatedAt: now }).where(eq(tools.id, toolId)).returning();
        if (hidden) await webhooks.enqueue(tx, "tool.updated", { tool: hidden });
        return "hidden";
      }
      return ok ? (isMoved ? "moved" : "ok") : "failed";
    });
  }

  return {
    probe,

    /**
     * Checks every live tool's website once, and every queued tool's (only recorded: the queue shows a dead one as a
     * risk); `now` is the time recorded (tests set it). Hosts are checked `concurrency` at a time, each host's tools one
     * after the other with a pause between them.
     */
    async checkAllLinks(now = new Date()): Promise<{ checked: number; moved: number; failed: number; hidden: number }> {
      const counts = { checked: 0, moved: 0, failed: 0, hidden: 0 };
      let after = "";
      for (;;) {
        const batch = await db
          .select({ id: tools.id, website: tools.website, isLive: tools.isVerified })
          .from(tools)
          .where(and(or(and(eq(tools.isActive, true), eq(tools.isVerified, true)), isQueuedTool), gt(tools.id, after)))
          .orderBy(asc(tools.id))
          .limit(BATCH);
        if (batch.length === 0) break;
        after = batch[batch.length - 1]!.id;
        const byHost = new Map<string, { id: string; website: string; isLive: boolean }[]>();
        for (const tool of batch) {
          let host: string;
          try {
            host = new URL(tool.website).host;
          } catch {
            host = tool.website;
          }
          byHost.set(host, [...(byHost.get(host) ?? []), tool]);
        }
        const hosts = [...byHost.values()];
        const worker = async () => {
          for (let queue = hosts.shift(); queue; queue = hosts.shift()) {
            for (const [index, tool] of queue.entries()) {
              if (index > 0) await new Promise((resolve) => setTimeout(resolve, hostPauseMs));
              const outcome = await record(tool.id, tool.website, await probe(tool.website), now, tool.isLive);
              counts.checked++;
              if (outcome !== "ok") counts[outcome]++;
              if (outcome === "hidden") {
                outbox.poke();
                await writeToolSnapshot(tool.id);
              }
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, hosts.length) }, worker));
        if (batch.length < BATCH) break;
      }
      return counts;
    },

    /** Which of the tools `toolIds` had a website that did not answer at its last check. */
    async findDeadLinks(toolIds: string[]): Promise<Set<string>> {
      if (toolIds.length === 0) return new Set();
      const rows = await db.select({ toolId: linkChecks.toolId }).from(linkChecks).where(and(inArray(linkChecks.toolId, toolIds), gt(linkChecks.failures, 0)));
      return new Set(rows.map((row) => row.toolId));
    },

    /** When a tool's website was last checked (the tool page's "Link checked N days ago"), or null. */
    async findLinkCheckedAt(toolId: string): Promise<Date | null> {
      const [row] = await db.select({ checkedAt: linkChecks.checkedAt }).from(linkChecks).where(eq(linkChecks.toolId, toolId)).limit(1);
      return row?.checkedAt ?? null;
    },

    /** The broken and moved links, most recently flagged first, one keyset page after `cursor` (/admin/links). */
    async listFlaggedLinks(user: SessionUser | null, { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {}): Promise<{ links: FlaggedLink[]; nextCursor: string | null }> {
      requireAdmin(user);
      const rows = await flaggedLinksQuery(db, cursor, limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.check.flaggedAt!.getTime(), id: last.check.toolId }));
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
        })),
        nextCursor,
      };
    },

    /** How many links wait for an admin, for the console's navigation (link_checks_flagged_idx). */
    async countFlaggedLinks(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(linkChecks).where(isNotNull(linkChecks.flaggedAt));
      return row?.count ?? 0;
    },

    /**
     * An admin's answer to a flagged link: it is fixed, or fine as it is. The flag and the failures are cleared, and a
     * tool the checker hid is live again. Admins only.
     */
    async resolveLink(user: SessionUser | null, { toolId }: LinkResolveInput): Promise<{ name: string; wasHidden: boolean }> {
      requireAdmin(user);
      const resolved = await db.transaction(async (tx) => {
        const [check] = await tx
          .select({ hiddenAt: linkChecks.hiddenAt, name: tools.name })
          .from(linkChecks)
          .innerJoin(tools, eq(tools.id, linkChecks.toolId))
          .where(and(eq(linkChecks.toolId, toolId), isNotNull(linkChecks.flaggedAt)))
          .for("update");
        if (!check) throw new AppError("not-found", MESSAGES.links.noCheck);
        await tx.update(linkChecks).set({ flaggedAt: null, hiddenAt: null, failures: 0, isMoved: false }).where(eq(linkChecks.toolId, toolId));
        if (check.hiddenAt) {
          const [shown] = await tx.update(tools).set({ isActive: true, updatedAt: new Date() }).where(eq(tools.id, toolId)).returning();
          if (shown?.isVerified) await webhooks.enqueue(tx, "tool.updated", { tool: shown });
        }
        return { name: check.name, wasHidden: check.hiddenAt !== null };
      });
      if (resolved.wasHidden) {
        outbox.poke();
        await writeToolSnapshot(toolId);
      }
      return resolved;
    },
  };
}

export type LinkChecker = ReturnType<typeof linkChecker>;
