/**
 * How the site is doing, for its operator: /admin/system shows it, and /metrics serves the same figures and the request
 * latencies in Prometheus' text format (prom-client). The database's figures are the whole site's (its outbox, its
 * jobs, its last backup, its size, its processes); the page cache, the latencies and the memory are this process's:
 * with several processes, scrape each.
 *
 * Each process writes its row in `app_processes` when it starts and every minute, and removes it when it stops; the
 * processes seen in the last three minutes are those running.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { hostname } from "node:os";
import { desc, eq, gt, lt, sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { SessionUser } from "#common/access.ts";
import { requireAdmin } from "../access.ts";
import type { PageCache } from "../cache/page-cache.ts";
import { type Database, rowsOf } from "../db/client.ts";
import type { ForgeStatus } from "../tools/jobs/repository-facts.ts";
import { appProcesses, backupRuns, outbox, scheduledRuns } from "../db/schema.ts";
import { JOB_PERIODS_MS } from "../job-periods.ts";
import { PROJECT_ROOT } from "../paths.ts";

/** A process not seen for this long has stopped (crashed: one that stops cleanly removes its row). */
const PROCESS_SEEN_WITHIN_MS = 3 * 60 * 1000;
/** How many of the largest tables the page lists. */
const LARGEST_TABLES = 8;
/** The latency histogram's buckets, in seconds: a cached page takes a millisecond, a render tens of them. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export type SystemStatus = Awaited<ReturnType<ReturnType<typeof systemMonitor>["statusFor"]>>;

/** What a request was, for the latency histogram: a handful of kinds, never the path itself. */
export function requestKind(pathname: string): string {
  if (pathname.startsWith("/api/")) return "api";
  if (pathname.startsWith("/assets/")) return "asset";
  if (pathname.startsWith("/files/")) return "file";
  if (pathname.startsWith("/og/")) return "image";
  if (pathname === "/healthz" || pathname === "/readyz" || pathname === "/metrics") return "health";
  if (pathname.endsWith(".data")) return "data";
  if (/\.(xml|txt|json|gz|ico|png|svg|webmanifest)$/.test(pathname)) return "file";
  return "page";
}

export function systemMonitor({
  db,
  pageCache,
  version,
  readForgeStatus,
  now = () => new Date(),
}: {
  db: Database;
  pageCache?: PageCache;
  version: string;
  /** The repositories' refresh: the forge's budget and the last run (decision 060). */
  readForgeStatus?: () => Promise<ForgeStatus>;
  now?: () => Date;
}) {
  const processId = randomUUID();
  const startedAt = now();
  const registry = new Registry();
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "How long this process took to answer requests, by method, kind of request and status class",
    labelNames: ["method", "kind", "status"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  async function status() {
    const at = now();
    const [outboxRows, jobRows, [backup], databaseSize, tables, processes, forge] = await Promise.all([
      db.execute(outboxStatusQuery(at)),
      db.select().from(scheduledRuns).orderBy(scheduledRuns.job),
      db.select().from(backupRuns).orderBy(desc(backupRuns.id)).limit(1),
      db.execute(sql`select pg_database_size(current_database())::bigint as bytes`),
      db.execute(sql`
        select c.relname as name, pg_total_relation_size(c.oid)::bigint as bytes
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
        order by pg_total_relation_size(c.oid) desc limit ${LARGEST_TABLES}`),
      db
        .select()
        .from(appProcesses)
        .where(gt(appProcesses.seenAt, new Date(at.getTime() - PROCESS_SEEN_WITHIN_MS)))
        .orderBy(appProcesses.startedAt),
      readForgeStatus ? readForgeStatus() : null,
    ]);
    return {
      at,
      outbox: rowsOf<{ channel: string; due: number; failing: number; failed: number }>(outboxRows),
      jobs: jobRows.map((run) => {
        const periodMs = JOB_PERIODS_MS[run.job as keyof typeof JOB_PERIODS_MS] ?? null;
        return {
          job: run.job,
          startedAt: run.startedAt,
          finishedAt: run.finishedAt,
          nextAt: periodMs === null ? null : new Date(run.startedAt.getTime() + periodMs),
        };
      }),
      backup: backup ?? null,
      forge,
      pageCache: pageCache ? pageCache.stats() : null,
      database: {
        bytes: Number(rowsOf<{ bytes: string | number }>(databaseSize)[0]?.bytes ?? 0),
        tables: rowsOf<{ name: string; bytes: string | number }>(tables).map((table) => ({
          name: table.name,
          bytes: Number(table.bytes),
        })),
      },
      version,
      startedAt,
      processes: processes.map((row) => ({ ...row, isThis: row.id === processId })),
    };
  }

  /** The figures as gauges, set from one status read at each scrape; the defaults (memory, CPU, event loop) beside them. */
  function prepareMetrics() {
    collectDefaultMetrics({ register: registry });
    const gauge = (name: string, help: string, labelNames: string[] = []) =>
      new Gauge({ name, help, labelNames, registers: [registry] });
    const counter = (name: string, help: string) => new Counter({ name, help, registers: [registry] });
    return {
      info: gauge("indie_tools_info", "The running version", ["version"]),
      outbox: gauge(
        "indie_outbox_messages",
        "Outbox messages by channel: due now, failing (due again after a failed attempt) and failed",
        ["channel", "state"],
      ),
      jobStarted: gauge("indie_job_last_start_timestamp_seconds", "When each scheduled job last started", ["job"]),
      jobFinished: gauge("indie_job_last_finish_timestamp_seconds", "When each scheduled job last finished", ["job"]),
      backup: gauge("indie_backup_last_timestamp_seconds", "When npm run backup last made an archive"),
      cachePages: gauge("indie_page_cache_pages", "Pages kept in this process's page cache"),
      cacheBytes: gauge("indie_page_cache_bytes", "Bytes kept in this process's page cache"),
      cacheHits: counter("indie_page_cache_hits_total", "Pages asked for and found in this process's page cache"),
      cacheMisses: counter(
        "indie_page_cache_misses_total",
        "Pages asked for and not found in this process's page cache",
      ),
      databaseBytes: gauge("indie_database_bytes", "The database's size"),
      tableBytes: gauge("indie_table_bytes", "The largest tables' size, indexes included", ["table"]),
      processes: gauge("indie_app_processes", "App processes running on this database"),
    };
  }
  let metrics: ReturnType<typeof prepareMetrics> | undefined;
  const counted = { hits: 0, misses: 0 };

  return {
    /** The figures for /admin/system: admins only. */
    async statusFor(user: SessionUser | null) {
      requireAdmin(user);
      return status();
    },

    /** Counts one answered request in the latency histogram. */
    observeRequest(method: string, pathname: string, status: number, seconds: number) {
      latency.observe({ method, kind: requestKind(pathname), status: `${Math.floor(status / 100)}xx` }, seconds);
    },

    /** Everything in Prometheus' text format. */
    async metricsText(): Promise<{ contentType: string; text: string }> {
      metrics ??= prepareMetrics();
      const current = await status();
      metrics.info.reset();
      metrics.info.set({ version }, 1);
      metrics.outbox.reset();
      for (const row of current.outbox) {
        for (const state of ["due", "failing", "failed"] as const)
          metrics.outbox.set({ channel: row.channel, state }, row[state]);
      }
      for (const job of current.jobs) {
        metrics.jobStarted.set({ job: job.job }, job.startedAt.getTime() / 1000);
        if (job.finishedAt) metrics.jobFinished.set({ job: job.job }, job.finishedAt.getTime() / 1000);
      }
      if (current.backup) metrics.backup.set(current.backup.finishedAt.getTime() / 1000);
      if (current.pageCache) {
        metrics.cachePages.set(current.pageCache.pages);
        metrics.cacheBytes.set(current.pageCache.bytes);
        metrics.cacheHits.inc(current.pageCache.hits - counted.hits);
        metrics.cacheMisses.inc(current.pageCache.misses - counted.misses);
        counted.hits = current.pageCache.hits;
        counted.misses = current.pageCache.misses;
      }
      metrics.databaseBytes.set(current.database.bytes);
      metrics.tableBytes.reset();
      for (const table of current.database.tables) metrics.tableBytes.set({ table: table.name }, table.bytes);
      metrics.processes.set(current.processes.length);
      return { contentType: registry.contentType, text: await registry.metrics() };
    },

    /** Writes this process's row: at the start, then every minute. */
    async heartbeat() {
      const at = now();
      await db
        .insert(appProcesses)
        .values({ id: processId, host: hostname(), pid: process.pid, version, startedAt, seenAt: at })
        .onConflictDoUpdate({ target: appProcesses.id, set: { seenAt: at } });
      // Crashed processes' rows go after a day: the page shows only those seen lately anyway.
      await db.delete(appProcesses).where(lt(appProcesses.seenAt, new Date(at.getTime() - 24 * 60 * 60 * 1000)));
    },

    /** Removes this process's row as it stops. */
    async forget() {
      await db.delete(appProcesses).where(eq(appProcesses.id, processId));
    },
  };
}

/** The version package.json names. */
export function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * The outbox's waiting and failed messages by channel. Each state is read through its own partial index
 * (outbox_due_idx, outbox_failed_idx): the delivered rows, the most, are never read.
 */
export function outboxStatusQuery(at: Date) {
  return sql`
    select channel,
      (count(*) filter (where state = 'due' and due_at <= ${at.toISOString()}::timestamptz))::int as due,
      (count(*) filter (where state = 'due' and attempts > 0))::int as failing,
      (count(*) filter (where state = 'failed'))::int as failed
    from (
      select channel, state, due_at, attempts from ${outbox} where state = 'due'
      union all
      select channel, state, due_at, attempts from ${outbox} where state = 'failed'
    ) waiting
    group by channel order by channel`;
}

/** Records a backup `npm run backup` made, for the system page. */
export async function recordBackup(db: Database, backup: { archive: string; databaseBytes: number; files: number }) {
  await db.insert(backupRuns).values(backup);
}
