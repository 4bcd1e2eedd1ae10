/**
 * /admin/system: how the site is doing (server/system/monitor.ts): the outbox by channel, the scheduled jobs, the last
 * backup, this process's page cache, the database's size and largest tables, the version and the running processes.
 * /metrics serves the same figures to Prometheus. Admins only.
 */
import type { SystemStatus } from "#server/system/monitor.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { formatUtcMinute } from "../components/long-date.tsx";
import { SectionHeader } from "../components/moderation.tsx";
import { moderated } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-system";
import type { Translate } from "#common/i18n/translate.ts";
import { useT, useWords } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  return { status: await moderated(context.services.system.statusFor(context.user), url) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("admin.system"),
    description: t("adminSystem.description"),
    path: "/admin/system",
    noindex: true,
  }));

/** A date and time the same on the server and in the browser: UTC, to the minute. */
function when(t: Translate, date: Date | string | null): string {
  return date ? formatUtcMinute(date) : t("adminSystem.never");
}

function bytes(count: number): string {
  if (count < 1024) return `${count} B`;
  const units = ["kB", "MB", "GB", "TB"];
  let value = count / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function duration(t: Translate, ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return t("adminSystem.minutes", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t("adminSystem.hoursMinutes", { hours, minutes: minutes % 60 });
  return t("adminSystem.days", { count: Math.floor(hours / 24) });
}

export default function AdminSystem({ loaderData }: Route.ComponentProps) {
  const { status } = loaderData;
  const { t, number } = useWords();
  return (
    <>
      <SectionHeader title={t("admin.system")}>{t("adminSystem.intro", { at: when(t, status.at) })}</SectionHeader>
      <div className="grid gap-6 lg:grid-cols-2">
        <Outbox status={status} />
        <Jobs status={status} />
        <RepositoryFacts status={status} />
        <Panel title={t("adminSystem.backup")} testId="system-backup">
          {status.backup ? (
            <p>
              {t("adminSystem.lastArchive", {
                at: when(t, status.backup.finishedAt),
                archive: status.backup.archive,
                size: bytes(status.backup.databaseBytes),
                files: status.backup.files,
              })}
            </p>
          ) : (
            <p>{t("adminSystem.noArchive")}</p>
          )}
        </Panel>
        <Panel title={t("adminSystem.pageCache")} testId="system-cache">
          {status.pageCache ? (
            <dl className="grid grid-cols-2 gap-2">
              <dt>{t("adminSystem.pagesKept")}</dt>
              <dd>{number(status.pageCache.pages)}</dd>
              <dt>{t("adminSystem.size")}</dt>
              <dd>{bytes(status.pageCache.bytes)}</dd>
              <dt>{t("adminSystem.hitRate")}</dt>
              <dd data-testid="system-hit-rate">
                {status.pageCache.hits + status.pageCache.misses > 0
                  ? t("adminSystem.hits", {
                      rate: ((100 * status.pageCache.hits) / (status.pageCache.hits + status.pageCache.misses)).toFixed(
                        1,
                      ),
                      asked: number(status.pageCache.hits + status.pageCache.misses),
                    })
                  : t("adminSystem.nothingAsked")}
              </dd>
            </dl>
          ) : (
            <p>{t("adminSystem.cacheOff")}</p>
          )}
        </Panel>
        <Panel title={t("adminSystem.database")} testId="system-database">
          <p>{t("adminSystem.databaseSize", { size: bytes(status.database.bytes) })}</p>
          <table className="mt-2 w-full text-left">
            <tbody>
              {status.database.tables.map((table) => (
                <tr key={table.name} className="border-t border-slate-100">
                  <td className="py-1 font-mono text-xs">{table.name}</td>
                  <td className="py-1 text-right">{bytes(table.bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
        <Panel title={t("adminSystem.processes")} testId="system-processes">
          <p>{t("adminSystem.version", { version: status.version, count: status.processes.length })}</p>
          <ul className="mt-2 space-y-1">
            {status.processes.map((process) => (
              <li key={process.id}>
                {t("adminSystem.process", {
                  host: process.host,
                  pid: String(process.pid),
                  version: process.version,
                  uptime: duration(t, new Date(status.at).getTime() - new Date(process.startedAt).getTime()),
                  isThis: process.isThis ? "yes" : "no",
                })}
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </>
  );
}

function Panel({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby={`${testId}-heading`}
      data-testid={testId}
      className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700"
    >
      <h2 id={`${testId}-heading`} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Outbox({ status }: { status: SystemStatus }) {
  const t = useT();
  return (
    <Panel title={t("adminSystem.outbox")} testId="system-outbox">
      {status.outbox.length > 0 ? (
        <table className="w-full text-left">
          <thead>
            <tr className="text-xs text-slate-500 uppercase">
              <th className="py-1 font-medium">{t("adminSystem.channel")}</th>
              <th className="py-1 text-right font-medium">{t("adminSystem.due")}</th>
              <th className="py-1 text-right font-medium">{t("adminSystem.failing")}</th>
              <th className="py-1 text-right font-medium">{t("adminSystem.failed")}</th>
            </tr>
          </thead>
          <tbody>
            {status.outbox.map((row) => (
              <tr key={row.channel} className="border-t border-slate-100">
                <td className="py-1">{row.channel}</td>
                <td className="py-1 text-right">{row.due}</td>
                <td className="py-1 text-right">{row.failing}</td>
                <td className="py-1 text-right">
                  {row.failed > 0 ? (
                    <Link to="/admin/deliveries" className="font-semibold text-rose-700 underline">
                      {row.failed}
                    </Link>
                  ) : (
                    0
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState title={t("adminSystem.nothingWaits")}>{t("adminSystem.nothingWaitsHint")}</EmptyState>
      )}
    </Panel>
  );
}

/** The repositories' hourly refresh (decision 060): the forge's budget, and what the last run did. */
function RepositoryFacts({ status }: { status: SystemStatus }) {
  const t = useT();
  const { forge } = status;
  if (!forge) return null;
  const run = forge.lastRun;
  return (
    <Panel title={t("adminSystem.repositories")} testId="system-repositories">
      <dl className="grid grid-cols-2 gap-2">
        <dt>{t("adminSystem.lastRefresh")}</dt>
        <dd>{when(t, forge.lastRunAt)}</dd>
        {run && (
          <>
            <dt>{t("adminSystem.refreshRead")}</dt>
            <dd data-testid="system-repositories-run">
              {t("adminSystem.refreshCounts", {
                read: run.read,
                unchanged: run.unchanged,
                missing: run.missing,
                failed: run.failed,
              })}
            </dd>
            <dt>{t("adminSystem.stale")}</dt>
            <dd data-testid="system-repositories-stale">
              {t("adminSystem.staleOf", { stale: run.stale, repositories: run.repositories })}
            </dd>
          </>
        )}
        <dt>{t("adminSystem.budget")}</dt>
        <dd data-testid="system-repositories-budget">
          {t("adminSystem.budgetLeft", {
            remaining: forge.remaining ?? forge.hourlyBudget,
            hourly: forge.hourlyBudget,
            token: forge.hasToken ? "yes" : "no",
          })}
          {forge.resetAt && ` ${t("adminSystem.budgetReset", { at: when(t, forge.resetAt) })}`}
        </dd>
        {forge.limitedUntil && (
          <>
            <dt>{t("adminSystem.limited")}</dt>
            <dd>{when(t, forge.limitedUntil)}</dd>
          </>
        )}
      </dl>
    </Panel>
  );
}

function Jobs({ status }: { status: SystemStatus }) {
  const t = useT();
  return (
    <Panel title={t("adminSystem.jobs")} testId="system-jobs">
      {status.jobs.length > 0 ? (
        <table className="w-full text-left">
          <thead>
            <tr className="text-xs text-slate-500 uppercase">
              <th className="py-1 font-medium">{t("adminSystem.job")}</th>
              <th className="py-1 font-medium">{t("adminSystem.lastRun")}</th>
              <th className="py-1 font-medium">{t("adminSystem.nextFrom")}</th>
            </tr>
          </thead>
          <tbody>
            {status.jobs.map((job) => (
              <tr key={job.job} className="border-t border-slate-100">
                <td className="py-1">{job.job}</td>
                <td className="py-1">
                  {when(t, job.startedAt)}
                  {job.finishedAt ? "" : t("adminSystem.running")}
                </td>
                <td className="py-1">{when(t, job.nextAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t("adminSystem.noJob")}</p>
      )}
    </Panel>
  );
}
