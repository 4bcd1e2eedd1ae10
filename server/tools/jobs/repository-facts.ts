/**
 * The repositories' facts (decision 060): every hour (server/jobs.ts, one process at a time) the tools' repositories
 * whose facts are older than REFRESH_AFTER_HOURS are read again from their forge, the most viewed live tools' first,
 * then the stalest, within what is left of the forge's hourly budget (a reserve kept for the tool form's "fill from
 * website"). Each read is conditional on the last one's ETags, so an unchanged repository costs nothing with a token.
 * A read writes the facts, the tool's licence (unless an admin set it by hand) and, once a week, the history's record.
 * A forge that asks to wait stops the run until when it says, an hour at most; a repository the forge refuses alone
 * (blocked, disabled, gone) is marked missing and the run goes on.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  REFRESH_AFTER_HOURS,
  type RepositoryHealth,
  repositoryHealth,
  type RepositoryRun,
  risingScore,
  STALE_AFTER_DAYS,
} from "#common/repository.ts";
import type { Outbox } from "../../outbox/effects.ts";
import type { WebhookEvents } from "../../webhooks/events.ts";
import { pageTags } from "../../cache/page-tags.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { forgeStatus } from "../../db/schema.ts";
import { type Forge, MAX_WAIT_MS, type RepositoryFacts, type Validators } from "../../fetch/forge.ts";
import type { Logger } from "../../logger.ts";
import { licenceColumns } from "../licences.ts";

/** The live tools, most viewed first, whose repositories are read before the stalest. */
export const MOST_VIEWED_FIRST = 1000;
/** The requests one read makes at most: the repository, its latest release, its newest commit. */
const REQUESTS_PER_READ = 3;
/** The share of the hourly budget left for the tool form's "fill from website". */
const RESERVE_SHARE = 0.1;
/** Repositories read in one run at most, whatever the budget: a run stays within its lease. */
const MAX_READS_PER_RUN = 2000;

/** What the site knows of a forge's budget, as the console shows it. */
export type ForgeStatus = {
  forge: string;
  hasToken: boolean;
  hourlyBudget: number;
  remaining: number | null;
  resetAt: string | null;
  limitedUntil: string | null;
  lastRunAt: string | null;
  lastRun: RepositoryRun | null;
};

export type RepositoryRow = {
  tool_id: string;
  url: string;
  state: "pending" | "read" | "missing";
  stars: number | null;
  forks: number | null;
  is_archived: boolean | null;
  licence: string | null;
  last_commit_at: Date | string | null;
  latest_release_tag: string | null;
  latest_release_at: Date | string | null;
  checked_at: Date | string | null;
  validators: Validators;
};

export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The repository's health as its last read left it, at that read's time: a repository that went quiet since is told
 * "slowing" by the read that finds it so. None before a first read, or when it was missing.
 */
function healthAtLastRead(row: RepositoryRow): RepositoryHealth | null {
  if (row.state !== "read" || !row.checked_at) return null;
  return repositoryHealth({ isArchived: row.is_archived, lastCommitAt: row.last_commit_at }, new Date(row.checked_at));
}

/** The last read's facts, which make the next read conditional; none before a first read. */
function previousOf(row: RepositoryRow): { facts: RepositoryFacts; validators: Validators } | undefined {
  if (row.state !== "read") return undefined;
  return {
    facts: {
      stars: row.stars ?? 0,
      forks: row.forks ?? 0,
      isArchived: row.is_archived ?? false,
      licence: row.licence,
      lastCommitAt: iso(row.last_commit_at),
      latestRelease:
        row.latest_release_tag && row.latest_release_at
          ? { tag: row.latest_release_tag, publishedAt: iso(row.latest_release_at)! }
          : null,
    },
    validators: row.validators,
  };
}

const dueColumns = sql.raw(`r.tool_id, r.url, r.state, r.stars, r.forks, r.is_archived, r.licence, r.last_commit_at,
  r.latest_release_tag, r.latest_release_at, r.checked_at, r.validators`);
const isDue = (now: Date) =>
  sql`(r.checked_at is null or r.checked_at < ${new Date(now.getTime() - REFRESH_AFTER_HOURS * 3_600_000).toISOString()}::timestamptz)`;

/**
 * The due repositories of the MOST_VIEWED_FIRST most viewed live tools (tools_public_views_idx, then one key lookup
 * each), the most viewed first. Exported for the query-plan test.
 */
export function mostViewedDueQuery(now: Date, limit: number): SQL {
  return sql`select ${dueColumns} from (
      select id, views from tools where is_active and is_verified order by views desc, id desc limit ${MOST_VIEWED_FIRST}
    ) t join repository_facts r on r.tool_id = t.id
    where ${isDue(now)} order by t.views desc, t.id desc limit ${limit}`;
}

/**
 * The stalest due repositories of tools not switched off, never read first (repository_facts_checked_idx, which stops
 * at the first fresh one), but those of `except`. Exported for the query-plan test.
 */
export function stalestDueQuery(now: Date, limit: number, except: string[] = []): SQL {
  return sql`select ${dueColumns} from repository_facts r
    where ${isDue(now)} and r.tool_id <> all(${`{${except.join(",")}}`}::text[])
      and exists (select 1 from tools t where t.id = r.tool_id and t.is_active)
    order by r.checked_at asc nulls first, r.tool_id
    limit ${limit}`;
}

export function repositoryFacts({
  db,
  forge,
  forgeName = "github",
  hourlyBudget,
  hasToken,
  webhooks,
  outbox,
  logger,
}: {
  db: Database;
  forge: Forge;
  /** tool.health, written with the facts that change a repository's health, and delivered after. */
  webhooks: WebhookEvents;
  outbox: Outbox;
  forgeName?: string;
  /** The forge's requests an hour: GitHub's 5,000 with a token, 60 without. */
  hourlyBudget: number;
  hasToken: boolean;
  logger?: Logger;
}) {
  const reserve = Math.max(REQUESTS_PER_READ, Math.ceil(hourlyBudget * RESERVE_SHARE));

  /** The repositories due, the most viewed live tools' first, then the stalest; at most `limit`. */
  async function dueRepositories(now: Date, limit: number): Promise<RepositoryRow[]> {
    const mostViewed = rowsOf<RepositoryRow>(await db.execute(mostViewedDueQuery(now, Math.ceil(limit / 2))));
    const stalest = rowsOf<RepositoryRow>(
      await db.execute(
        stalestDueQuery(
          now,
          limit - mostViewed.length,
          mostViewed.map((row) => row.tool_id),
        ),
      ),
    );
    return [...mostViewed, ...stalest];
  }

  /**
   * Writes what the forge said of one repository: its facts, the tool's licence, this week's record, its rising score
   * and, when its health is not what it was at the last read (`before`), the webhook event tool.health. Answers
   * whether the tool's rising score moved, and whether an event was written.
   */
  async function writeFacts(
    row: RepositoryRow,
    facts: RepositoryFacts,
    validators: Validators,
    now: Date,
  ): Promise<{ risingMoved: boolean; healthChanged: boolean }> {
    const toolId = row.tool_id;
    const before = healthAtLastRead(row);
    const after = repositoryHealth(facts, now);
    // The licence by its SPDX id (GitHub still answers "AGPL-3.0" for AGPL-3.0-only), and its kind.
    const { licence, licenceKind: kind } = licenceColumns(facts.licence);
    return db.transaction(async (tx) => {
      await tx.execute(sql`update repository_facts set state = 'read', stars = ${facts.stars}, forks = ${facts.forks},
        is_archived = ${facts.isArchived}, licence = ${facts.licence},
        last_commit_at = ${facts.lastCommitAt}::timestamptz,
        latest_release_tag = ${facts.latestRelease?.tag ?? null},
        latest_release_at = ${facts.latestRelease?.publishedAt ?? null}::timestamptz,
        first_read_at = coalesce(first_read_at, ${now.toISOString()}::timestamptz),
        checked_at = ${now.toISOString()}::timestamptz, validators = ${JSON.stringify(validators)}::jsonb
        where tool_id = ${toolId}`);
      // The licence a visitor reads follows the repository's, unless an admin set it by hand; a repository without a
      // licence file leaves the maker's word as it is.
      await tx.execute(sql`update tools set licence = ${licence}, licence_kind = ${kind}
        where id = ${toolId} and not is_licence_set_by_admin and ${licence}::text is not null
          and (licence, licence_kind) is distinct from (${licence}::text, ${kind}::text)`);
      // The week's record, from its first read: the ISO year's row, the ISO week's place in each array.
      const at = sql`(${now.toISOString()}::timestamptz at time zone 'UTC')`;
      const day = (value: string | null | undefined) =>
        value ? sql`(((${value}::timestamptz at time zone 'UTC')::date - date '2000-01-01'))::smallint` : sql`null`;
      await tx.execute(sql`insert into repository_history (tool_id, year)
        values (${toolId}, extract(isoyear from ${at})::smallint) on conflict do nothing`);
      await tx.execute(sql`update repository_history set
          stars[extract(week from ${at})::int] = ${facts.stars},
          forks[extract(week from ${at})::int] = ${facts.forks},
          commit_days[extract(week from ${at})::int] = ${day(facts.lastCommitAt)},
          release_days[extract(week from ${at})::int] = ${day(facts.latestRelease?.publishedAt)}
        where tool_id = ${toolId} and year = extract(isoyear from ${at})::smallint
          and stars[extract(week from ${at})::int] is null`);
      // Rising: the stars gained since last week's record (the previous ISO week's, of this year or the last).
      const [lastWeek] = rowsOf<{ stars: number | null }>(
        await tx.execute(sql`select case when extract(week from ${at}) > 1
            then (select stars[extract(week from ${at})::int - 1] from repository_history
              where tool_id = ${toolId} and year = extract(isoyear from ${at})::smallint)
            else (select stars[array_upper(stars, 1)] from repository_history
              where tool_id = ${toolId} and year = extract(isoyear from ${at})::smallint - 1)
          end as stars`),
      );
      const rising = risingScore(facts.stars, lastWeek?.stars ?? null);
      const moved = rowsOf(
        await tx.execute(
          sql`update tools set rising = ${rising} where id = ${toolId} and rising <> ${rising} returning id`,
        ),
      );
      const healthChanged = before !== null && after !== null && before !== after;
      if (healthChanged)
        await webhooks.enqueue(tx, "tool.health", { tool: toolId, health: { repository: row.url, before, after } });
      return { risingMoved: moved.length > 0, healthChanged };
    });
  }

  async function markChecked(toolId: string, now: Date, state?: "missing") {
    await db.execute(sql`update repository_facts set checked_at = ${now.toISOString()}::timestamptz
      ${state ? sql`, state = ${state}, validators = '{}'::jsonb` : sql``} where tool_id = ${toolId}`);
  }

  return {
    /**
     * Reads the due repositories again, within the forge's budget, until the run's share is spent, the forge asks to
     * wait, or `signal` aborts (the process stops). Answers what it did.
     */
    async refreshRepositories(now = new Date(), signal?: AbortSignal): Promise<RepositoryRun> {
      const run: RepositoryRun = {
        read: 0,
        unchanged: 0,
        missing: 0,
        failed: 0,
        requests: 0,
        repositories: 0,
        stale: 0,
        limitedUntil: null,
      };
      const [status] = await db.select().from(forgeStatus).where(sql`${forgeStatus.forge} = ${forgeName}`);
      // What the last run was told holds until its time, an hour at most (a status kept from before that rule too).
      const holds = (at: Date | null | undefined): at is Date =>
        Boolean(at && at > now && at.getTime() <= now.getTime() + MAX_WAIT_MS);
      let remaining = status?.remaining != null && holds(status.resetAt) ? status.remaining : hourlyBudget;
      let resetAt = status?.resetAt ?? null;
      let limitedUntil = holds(status?.limitedUntil) ? status.limitedUntil : null;
      let risingMoved = false;
      if (!limitedUntil) {
        const reads = Math.min(MAX_READS_PER_RUN, Math.floor((remaining - reserve) / REQUESTS_PER_READ));
        const due = reads > 0 ? await dueRepositories(now, reads) : [];
        for (const row of due) {
          if (signal?.aborted || remaining - reserve < REQUESTS_PER_READ) break;
          const ref = forge.repositoryOf(row.url);
          if (!ref) {
            await markChecked(row.tool_id, now, "missing");
            run.missing++;
            continue;
          }
          try {
            const outcome = await forge.read(ref, previousOf(row));
            run.requests += outcome.requests;
            if (outcome.budget) {
              remaining = outcome.budget.remaining;
              resetAt = new Date(outcome.budget.resetAt);
            } else remaining -= outcome.requests - (hasToken ? outcome.unchanged : 0);
            if (outcome.kind === "limited") {
              limitedUntil = new Date(outcome.until);
              break;
            }
            if (outcome.kind === "missing") {
              await markChecked(row.tool_id, now, "missing");
              run.missing++;
            } else {
              const written = await writeFacts(row, outcome.facts, outcome.validators, now);
              if (written.risingMoved) risingMoved = true;
              if (written.healthChanged) outbox.poke();
              if (outcome.changed) run.read++;
              else run.unchanged++;
            }
          } catch (error) {
            // Tried again tomorrow, not first thing next hour.
            logger?.warn(`repository facts: could not read ${row.url}: ${(error as Error).message}`);
            await markChecked(row.tool_id, now);
            run.failed++;
          }
        }
      }
      run.limitedUntil = limitedUntil?.toISOString() ?? null;
      // The pages that show the rising tools, told once for the run.
      if (risingMoved) await db.execute(sql`select page_cache_notify(array[${pageTags.rising}]::text[])`);
      const staleBefore = new Date(now.getTime() - STALE_AFTER_DAYS * 86_400_000).toISOString();
      const [counts] = rowsOf<{ repositories: number; stale: number }>(
        await db.execute(sql`select count(*)::int as repositories,
          count(*) filter (where checked_at is null or checked_at < ${staleBefore}::timestamptz)::int as stale
          from repository_facts`),
      );
      run.repositories = counts?.repositories ?? 0;
      run.stale = counts?.stale ?? 0;
      const values = { remaining, resetAt, limitedUntil, lastRunAt: now, lastRun: run };
      await db
        .insert(forgeStatus)
        .values({ forge: forgeName, ...values })
        .onConflictDoUpdate({ target: forgeStatus.forge, set: values });
      return run;
    },

    /** The forge's budget and the last run, for /admin/system. */
    async readStatus(): Promise<ForgeStatus> {
      const [status] = await db.select().from(forgeStatus).where(sql`${forgeStatus.forge} = ${forgeName}`);
      return {
        forge: forgeName,
        hasToken,
        hourlyBudget,
        remaining: status?.remaining ?? null,
        resetAt: status?.resetAt?.toISOString() ?? null,
        limitedUntil: status?.limitedUntil?.toISOString() ?? null,
        lastRunAt: status?.lastRunAt?.toISOString() ?? null,
        lastRun: status?.lastRun ?? null,
      };
    },
  };
}

export type RepositoryFactsService = ReturnType<typeof repositoryFacts>;
