/**
 * The free way in (decision 062): a maker whose own website shows the directory's badge, linking back, skips the
 * waiting line for free, as the operator chooses in the site's settings: to the front of the queue, or listed at once.
 * The site reads the maker's page through the safe fetcher and looks for a link to itself. Every day for
 * LINK_BACK_WATCH_DAYS after, the daily jobs look again; the second look in a row that finds the page without the link
 * takes back what it earned (the tool goes back to the queue, its submitter is told by e-mail), once and for all.
 * A look that cannot reach the page says nothing: our own network may be down (decision 054).
 */
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { type FreeWayIn, LINK_BACK_WATCH_DAYS } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { invalidInput } from "#common/input-errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { MY_TOOLS_PATH } from "#common/page-paths.ts";
import { linkBackInput } from "#common/schemas/link-backs.ts";
import { requireToolEditor } from "../access.ts";
import { LIMITS, type RateLimiter } from "../auth/rate-limit.ts";
import type { Database, Transaction } from "../db/client.ts";
import { seekAfter } from "../db/keyset.ts";
import { linkBacks, tools } from "../db/schema.ts";
import { htmlText, linksTo } from "../fetch/page-details.ts";
import { FetchRefusal, type SafeFetcher } from "../fetch/safe-fetch.ts";
import type { Readers } from "../mail/readers.ts";
import type { Outbox } from "../outbox/effects.ts";
import { isQueuedTool } from "../tools/lifecycle/queue.ts";
import type { ToolLifecycle } from "../tools/lifecycle/lifecycle.ts";

const DAY_MS = 86_400_000;
/** Two looks closer than this are one day's: the second look in a row that takes back is the next day's. */
const NEXT_LOOK_MS = 12 * 3_600_000;
/** Link backs looked at per read of the table. */
const BATCH = 100;

/** What one look at a maker's page saw: the link, a page without it, or nothing we can trust. */
type Look = { seen: "link" } | { seen: "no-link"; message: string } | { seen: "nothing"; message: string };

/**
 * The part of the web a tool's own pages are in: its website's host (with or without "www.") and its path. A page of
 * the same registrable domain is not enough: on a shared platform (a blog host, a site builder), any page there could
 * link to the directory. Its label names it in messages: "example.com", "example.com/tools/counter".
 */
export function websiteScope(website: string): { host: string; path: string; label: string } | null {
  if (!URL.canParse(website)) return null;
  const url = new URL(website);
  const host = url.host.toLowerCase().replace(/^www\./, "");
  const path = url.pathname.replace(/\/+$/, "");
  return { host, path, label: `${host}${path}` };
}

/** Whether `pageUrl` is the website `scope` names or a page under it. */
export function isUnderWebsite(pageUrl: string, scope: { host: string; path: string } | null): boolean {
  if (!scope || !URL.canParse(pageUrl)) return false;
  const url = new URL(pageUrl);
  if (url.host.toLowerCase().replace(/^www\./, "") !== scope.host) return false;
  return url.pathname === scope.path || url.pathname.startsWith(`${scope.path}/`) || scope.path === "";
}

/** A tool's link back as its form shows it. */
export type LinkBackState = {
  pageUrl: string;
  earned: FreeWayIn;
  foundAt: string;
  checkedAt: string;
  missingSince: string | null;
  takenBackAt: string | null;
  /** The last day it is looked at. */
  watchedUntil: string;
};

export type LinkBackRun = { looked: number; seen: number; missing: number; takenBack: number; unreachable: number };

/**
 * The link backs still watched (found after `since`, not taken back), after `cursor`, the first found first: a range
 * of link_backs_watched_idx. Exported for the query-plan test.
 */
export function watchedLinkBacksQuery(db: Database, since: Date, cursor: Cursor | null, limit: number) {
  return db
    .select({
      toolId: linkBacks.toolId,
      pageUrl: linkBacks.pageUrl,
      foundAt: linkBacks.foundAt,
      missingSince: linkBacks.missingSince,
      website: tools.website,
    })
    .from(linkBacks)
    .innerJoin(tools, eq(tools.id, linkBacks.toolId))
    .where(
      and(
        isNull(linkBacks.takenBackAt),
        gt(linkBacks.foundAt, since),
        seekAfter(cursor, [linkBacks.foundAt, linkBacks.toolId], { ascending: true }),
      ),
    )
    .orderBy(asc(linkBacks.foundAt), asc(linkBacks.toolId))
    .limit(limit);
}

export function linkBackService({
  db,
  fetcher,
  outbox,
  readers,
  lifecycle,
  limiter,
  siteUrl,
  earns,
  writeSnapshot,
  now = () => new Date(),
}: {
  db: Database;
  fetcher: SafeFetcher;
  outbox: Outbox;
  readers: Readers;
  lifecycle: Pick<ToolLifecycle, "verifyWithin">;
  limiter: RateLimiter;
  /** The directory's address: the link a maker's page must have leads under it. */
  siteUrl: string;
  /** What a link back earns now, as the site's settings say: "off" when there is no free way in. */
  earns: () => FreeWayIn;
  /** Writes or removes the tool's public snapshot after a change. */
  writeSnapshot: (id: string) => Promise<void>;
  now?: () => Date;
}) {
  function requireOn(): Exclude<FreeWayIn, "off"> {
    const earned = earns();
    if (earned === "off") throw new AppError("not-found", MESSAGES.linkBack.off);
    return earned;
  }

  /** The tool `slug` names, any state, for one who may edit it; refused for anyone else, 404 for no tool. */
  async function editableTool(user: SessionUser | null, slug: string) {
    const [tool] = await db.select().from(tools).where(eq(tools.slug, slug)).limit(1);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundBySlug);
    const editor = requireToolEditor(user, tool);
    const [isQueued] = await db
      .select({ id: tools.id })
      .from(tools)
      .where(and(eq(tools.id, tool.id), isQueuedTool));
    return { tool, editor, isQueued: Boolean(isQueued) };
  }

  async function readLinkBack(executor: Database | Transaction, toolId: string) {
    const [row] = await executor.select().from(linkBacks).where(eq(linkBacks.toolId, toolId)).limit(1);
    return row;
  }

  /** Reads `pageUrl` and looks for a link to the directory. A page that moved off the tool's website has no link of the tool's. */
  async function look(pageUrl: string, website: string): Promise<Look> {
    const scope = websiteScope(website);
    try {
      const page = await fetcher.fetch(pageUrl, { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1" });
      if (page.status >= 500) return { seen: "nothing", message: MESSAGES.fetch.httpError(page.status) };
      if (page.status >= 400) return { seen: "no-link", message: MESSAGES.fetch.httpError(page.status) };
      if (!isUnderWebsite(page.url, scope))
        return { seen: "no-link", message: MESSAGES.linkBack.otherSite(scope?.label ?? "") };
      const contentType = String(page.headers["content-type"] ?? "");
      if (contentType && !/html/i.test(contentType)) return { seen: "no-link", message: MESSAGES.fetch.notHtml };
      return linksTo(htmlText(page.body, contentType), page.url, siteUrl)
        ? { seen: "link" }
        : { seen: "no-link", message: MESSAGES.linkBack.notFound(siteUrl) };
    } catch (error) {
      if (error instanceof FetchRefusal) return { seen: "nothing", message: error.message };
      throw error;
    }
  }

  /** The tool goes back to the queue, its link back earns nothing more, and its submitter is told. */
  async function takeBack(tx: Transaction, toolId: string, pageUrl: string, at: Date): Promise<boolean> {
    const [taken] = await tx
      .update(linkBacks)
      .set({ takenBackAt: at, checkedAt: at })
      .where(and(eq(linkBacks.toolId, toolId), isNull(linkBacks.takenBackAt)))
      .returning({ toolId: linkBacks.toolId });
    if (!taken) return false;
    const [tool] = await tx
      .update(tools)
      .set({ isVerified: false, verifiedAt: null, hasSkippedLine: false, dateSkippedLine: null, updatedAt: at })
      .where(and(eq(tools.id, toolId), isNull(tools.rejectedAt)))
      .returning();
    if (tool)
      await outbox.enqueue(
        tx,
        await readers.mailTo(tx, tool.submittedBy, `link-back-gone:${toolId}:${at.getTime()}`, ({ t, url }) => ({
          subject: t("mail.linkBackGoneSubject", { tool: tool.name }),
          text: t("mail.linkBackGoneBody", { tool: tool.name, page: pageUrl, url: url(MY_TOOLS_PATH) }),
        })),
      );
    return true;
  }

  return {
    /** What the site offers now: the form and /my-tools show the free way in only when it is on. */
    earns,

    /** The form's tool, whether it waits in the queue, and its link back, for one who may edit the tool. */
    async findLinkBackForm(user: SessionUser | null, slug: string) {
      const earned = requireOn();
      const { tool, isQueued } = await editableTool(user, slug);
      const row = await readLinkBack(db, tool.id);
      const linkBack: LinkBackState | null = row
        ? {
            pageUrl: row.pageUrl,
            earned: row.earned as FreeWayIn,
            foundAt: row.foundAt.toISOString(),
            checkedAt: row.checkedAt.toISOString(),
            missingSince: row.missingSince?.toISOString() ?? null,
            takenBackAt: row.takenBackAt?.toISOString() ?? null,
            watchedUntil: new Date(row.foundAt.getTime() + LINK_BACK_WATCH_DAYS * DAY_MS).toISOString(),
          }
        : null;
      return {
        tool: { id: tool.id, name: tool.name, slug: tool.slug, website: tool.website },
        domain: websiteScope(tool.website)?.label ?? "",
        isQueued,
        earns: earned,
        linkBack,
      };
    },

    /**
     * Reads the page the maker gives, a page of the tool's own website, and when it links to the directory, gives the
     * tool what a link back earns now. Refusals say why, on the page's field; a page without the link changes nothing.
     */
    async checkLinkBack(user: SessionUser | null, slug: string, fields: unknown): Promise<{ message: string }> {
      const earned = requireOn();
      const { tool, editor, isQueued } = await editableTool(user, slug);
      const input = linkBackInput.safeParse(fields);
      if (!input.success) throw invalidInput(input.error);
      if ((await readLinkBack(db, tool.id))?.takenBackAt) throw new AppError("aborted", MESSAGES.linkBack.takenBack);
      if (!isQueued) throw new AppError("aborted", MESSAGES.linkBack.notQueued);
      const scope = websiteScope(tool.website);
      if (!isUnderWebsite(input.data.pageUrl, scope)) {
        const message = MESSAGES.linkBack.otherSite(scope?.label ?? "");
        throw new AppError("invalid-argument", message, { pageUrl: message });
      }
      if (!(await limiter.hit(`link-back:${editor.id}`, LIMITS.linkBackChecksPerUser)))
        throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
      const seen = await look(input.data.pageUrl, tool.website);
      if (seen.seen !== "link") throw new AppError("invalid-argument", seen.message, { pageUrl: seen.message });

      const at = now();
      const listed = await db.transaction(async (tx) => {
        // Still waiting, and never taken back, now that the page is read.
        const [waiting] = await tx
          .select()
          .from(tools)
          .where(and(eq(tools.id, tool.id), isQueuedTool))
          .for("update");
        if (!waiting) throw new AppError("aborted", MESSAGES.linkBack.notQueued);
        if ((await readLinkBack(tx, tool.id))?.takenBackAt) throw new AppError("aborted", MESSAGES.linkBack.takenBack);
        const values = { pageUrl: input.data.pageUrl, earned, foundAt: at, checkedAt: at, missingSince: null };
        await tx
          .insert(linkBacks)
          .values({ toolId: tool.id, ...values })
          .onConflictDoUpdate({ target: linkBacks.toolId, set: values });
        if (earned === "live") return lifecycle.verifyWithin(tx, waiting, at, null);
        if (!waiting.hasSkippedLine)
          await tx
            .update(tools)
            .set({ hasSkippedLine: true, dateSkippedLine: at, updatedAt: at })
            .where(eq(tools.id, tool.id));
        return null;
      });
      outbox.poke();
      if (listed) await writeSnapshot(tool.id);
      return {
        message:
          earned === "live" ? MESSAGES.linkBack.foundLive(tool.name) : MESSAGES.linkBack.foundSkipLine(tool.name),
      };
    },

    /**
     * The daily look at every link back found in the last LINK_BACK_WATCH_DAYS and not taken back, those found first
     * first, a batch at a time: a page with the link is seen again, the second look in a row at a page without it
     * takes back what it earned, and a page we cannot reach counts for nothing.
     */
    async recheckLinkBacks(at = now(), signal?: AbortSignal): Promise<LinkBackRun> {
      const run: LinkBackRun = { looked: 0, seen: 0, missing: 0, takenBack: 0, unreachable: 0 };
      const since = new Date(at.getTime() - LINK_BACK_WATCH_DAYS * DAY_MS);
      let cursor: Cursor | null = null;
      while (!signal?.aborted) {
        const rows = await watchedLinkBacksQuery(db, since, cursor, BATCH);
        for (const row of rows) {
          if (signal?.aborted) break;
          run.looked += 1;
          const seen = await look(row.pageUrl, row.website);
          if (seen.seen === "nothing") {
            run.unreachable += 1;
            continue;
          }
          if (seen.seen === "link") {
            run.seen += 1;
            await db
              .update(linkBacks)
              .set({ checkedAt: at, missingSince: null })
              .where(eq(linkBacks.toolId, row.toolId));
            continue;
          }
          if (row.missingSince && at.getTime() - row.missingSince.getTime() >= NEXT_LOOK_MS) {
            const taken = await db.transaction((tx) => takeBack(tx, row.toolId, row.pageUrl, at));
            if (taken) {
              run.takenBack += 1;
              await writeSnapshot(row.toolId);
            }
            continue;
          }
          run.missing += 1;
          await db
            .update(linkBacks)
            .set({ checkedAt: at, missingSince: row.missingSince ?? at })
            .where(eq(linkBacks.toolId, row.toolId));
        }
        if (rows.length < BATCH) break;
        const last = rows[rows.length - 1]!;
        cursor = { key: last.foundAt.getTime(), id: last.toolId };
      }
      if (run.takenBack > 0) outbox.poke();
      return run;
    },
  };
}

export type LinkBackService = ReturnType<typeof linkBackService>;
