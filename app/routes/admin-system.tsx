/**
 * /admin/system: how the site is doing (server/system/monitor.ts): the outbox by channel, the scheduled jobs, the last
 * backup, this process's page cache, the database's size and largest tables, the version and the running processes.
 * /metrics serves the same figures to Prometheus. Admins only.
 */
import { countOf } from "#common/plural.ts";
import type { SystemStatus } from "#server/system/monitor.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { formatUtcMinute } from "../components/long-date.tsx";
import { SectionHeader } from "../components/moderation.tsx";
import { moderated } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-system";

export async function loader({ url, context }: Route.LoaderArgs) {
  return { status: await moderated(context.services.system.statusFor(context.user), url) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "System", description: "How the site is doing: deliveries, jobs, backups, cache and database.", path: "/admin/system", noindex: true });

/** A date and time the same on the server and in the browser: UTC, to the minute. */
function when(date: Date | string | null): string {
  return date ? formatUtcMinute(date) : "never";
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

function duration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return countOf(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${countOf(hours, "hour")} ${countOf(minutes % 60, "minute")}`;
  return countOf(Math.floor(hours / 24), "day");
}

export default function AdminSystem({ loaderData }: Route.ComponentProps) {
  const { status } = loaderData;
  return (
    <>
      <SectionHeader title="System">
        How the site is doing, as of {when(status.at)}. The page cache and the uptime are this process&apos;s; the rest is the whole site&apos;s. With METRICS_TOKEN set, /metrics serves the
        same figures to Prometheus.
      </SectionHeader>
      <div className="grid gap-6 lg:grid-cols-2">
        <Outbox status={status} />
        <Jobs status={status} />
        <Panel title="Backup" testId="system-backup">
          {status.backup ? (
            <p>
              Last archive made {when(status.backup.finishedAt)}: {status.backup.archive} (database {bytes(status.backup.databaseBytes)}, {countOf(status.backup.files, "stored file")}).
            </p>
          ) : (
            <p>No archive made yet with npm run backup. On PostgreSQL, back up with pg_dump: it is not seen here.</p>
          )}
        </Panel>
        <Panel title="Page cache" testId="system-cache">
          {status.pageCache ? (
            <dl className="grid grid-cols-2 gap-2">
              <dt>Pages kept</dt>
              <dd>{status.pageCache.pages.toLocaleString("en")}</dd>
              <dt>Size</dt>
              <dd>{bytes(status.pageCache.bytes)}</dd>
              <dt>Hit rate</dt>
              <dd data-testid="system-hit-rate">
                {status.pageCache.hits + status.pageCache.misses > 0
                  ? `${((100 * status.pageCache.hits) / (status.pageCache.hits + status.pageCache.misses)).toFixed(1)} % of ${(status.pageCache.hits + status.pageCache.misses).toLocaleString("en")} asked`
                  : "nothing asked yet"}
              </dd>
            </dl>
          ) : (
            <p>The page cache is off (PAGE_CACHE_MB=0, or development).</p>
          )}
        </Panel>
        <Panel title="Database" testId="system-database">
          <p>{bytes(status.database.bytes)} in all. The largest tables, indexes included:</p>
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
        <Panel title="Processes" testId="system-processes">
          <p>
            Version {status.version}. {countOf(status.processes.length, "process", "processes")} running on this database:
          </p>
          <ul className="mt-2 space-y-1">
            {status.processes.map((process) => (
              <li key={process.id}>
                {process.host}, pid {process.pid}, version {process.version}, up {duration(new Date(status.at).getTime() - new Date(process.startedAt).getTime())}
                {process.isThis ? " (this one)" : ""}
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
    <section aria-labelledby={`${testId}-heading`} data-testid={testId} className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
      <h2 id={`${testId}-heading`} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Outbox({ status }: { status: SystemStatus }) {
  return (
    <Panel title="Outbox" testId="system-outbox">
      {status.outbox.length > 0 ? (
        <table className="w-full text-left">
          <thead>
            <tr className="text-xs text-slate-500 uppercase">
              <th className="py-1 font-medium">Channel</th>
              <th className="py-1 text-right font-medium">Due</th>
              <th className="py-1 text-right font-medium">Failing</th>
              <th className="py-1 text-right font-medium">Failed</th>
            </tr>
          </thead>
          <tbody>
            {status.outbox.map((row) => (
              <tr key={row.channel} className="border-t border-slate-100">
                <td className="py-1">{row.channel}</td>
                <td className="py-1 text-right">{row.due}</td>
                <td className="py-1 text-right">{row.failing}</td>
                <td className="py-1 text-right">{row.failed > 0 ? <Link to="/admin/deliveries" className="font-semibold text-rose-700 underline">{row.failed}</Link> : 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState title="Nothing waits to be sent">Mails, bot notices, token syncs and webhooks appear here while they wait or fail.</EmptyState>
      )}
    </Panel>
  );
}

function Jobs({ status }: { status: SystemStatus }) {
  return (
    <Panel title="Scheduled jobs" testId="system-jobs">
      {status.jobs.length > 0 ? (
        <table className="w-full text-left">
          <thead>
            <tr className="text-xs text-slate-500 uppercase">
              <th className="py-1 font-medium">Job</th>
              <th className="py-1 font-medium">Last run</th>
              <th className="py-1 font-medium">Next from</th>
            </tr>
          </thead>
          <tbody>
            {status.jobs.map((job) => (
              <tr key={job.job} className="border-t border-slate-100">
                <td className="py-1">{job.job}</td>
                <td className="py-1">
                  {when(job.startedAt)}
                  {job.finishedAt ? "" : " (running)"}
                </td>
                <td className="py-1">{when(job.nextAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>No job has run yet: the first runs come a minute after the start.</p>
      )}
    </Panel>
  );
}
