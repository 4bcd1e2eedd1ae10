/**
 * /my-tools: the tools the signed-in user submitted or is linked to, live or not, each with where it stands; then how
 * the linked ones do over the last 7, 30 or 90 days (views, clicks, click-through rate, where visitors came from).
 */
import { useT, useWords } from "../i18n.tsx";
import { redirect } from "react-router";
import { Link } from "../components/link.tsx";
import { ToolLogo } from "../components/tool-logo.tsx";
import { MAKER_DASHBOARD_TOOLS } from "#common/constants.ts";
import { describeQueuePlace } from "#common/queue-place.ts";
import { myToolsQuery } from "#common/schemas/lists.ts";
import type { MakerDashboard, MakerToolStats } from "#server/analytics/queries.ts";
import type { UserTool, UserToolState } from "#server/tools/read/user-tools.ts";
import { BadgeSnippets } from "../components/badge-snippets.tsx";
import { HEALTH_KEYS, LICENCE_KIND_KEYS } from "../components/fact-words.ts";
import { Chart } from "../components/chart.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { LongDate } from "../components/long-date.tsx";
import { Pager } from "../components/pager.tsx";
import { RangeSwitch } from "../components/range-switch.tsx";
import { ReferrerSource, StatsTable } from "../components/stats-table.tsx";
import { pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/my-tools";
import {
  dealFormPath,
  editToolPath,
  featureToolPath,
  launchFormPath,
  linkBackPath,
  loginPath,
  toolPath,
} from "#common/page-paths.ts";
import { useRootData } from "../root-data.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  // `url` is the page's address (request.url of a client-side navigation ends in .data).
  if (!context.user) throw redirect(loginPath(`${url.pathname}${url.search}`));
  const query = parseSearchParams(myToolsQuery, url);
  const [page, stats] = await Promise.all([
    context.services.tools.listUserTools(context.user, query),
    context.services.stats.getMakerDashboard(context.user, { days: query.days, now: context.services.now() }),
  ]);
  return { page, stats };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName, t }) => ({
    title: t("myTools.title"),
    description: t("myTools.description", { siteName }),
    path: "/my-tools",
    noindex: true,
  }));

/** Each state's word in the catalogue's select (myTools.state) and its colours. */
const STATES: Record<UserToolState, { word: string; className: string }> = {
  "waiting-for-verification": { word: "waiting", className: "bg-amber-100 text-amber-900" },
  live: { word: "live", className: "bg-emerald-100 text-emerald-900" },
  scheduled: { word: "scheduled", className: "bg-brand-100 text-brand-900" },
  "switched-off": { word: "switchedOff", className: "bg-slate-200 text-slate-700" },
  rejected: { word: "rejected", className: "bg-rose-100 text-rose-900" },
  "changes-requested": { word: "changesRequested", className: "bg-orange-100 text-orange-900" },
  "claim-pending": { word: "claimPending", className: "bg-sky-100 text-sky-900" },
};

export default function MyTools({ loaderData }: Route.ComponentProps) {
  const { page, stats } = loaderData;
  const t = useT();
  return (
    <main className="mx-auto max-w-4xl px-4">
      <header className="flex flex-wrap items-end justify-between gap-4 py-10 sm:py-12">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{t("myTools.title")}</h1>
          <p className="mt-3 text-lg text-slate-600">{t("myTools.intro")}</p>
        </div>
        <Link
          to="/add-tool"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("myTools.add")}
        </Link>
      </header>
      {page.submitted?.queue && (
        <div
          role="status"
          data-testid="submitted-message"
          className="mb-6 rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900"
        >
          <p className="font-semibold">{t("myTools.thanks")}</p>
          <p className="text-sm">
            {t("myTools.submitted", { name: page.submitted.name, place: describeQueuePlace(t, page.submitted.queue) })}
          </p>
        </div>
      )}
      <section aria-label={t("myTools.yours")} className="pb-12">
        {page.tools.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {page.tools.map((tool) => (
              <UserToolRow key={tool.id} tool={tool} />
            ))}
          </ul>
        ) : (
          <EmptyState title={t("myTools.empty")}>
            {t("myTools.emptyHint")}{" "}
            <Link to="/add-tool" className="font-medium text-brand-700 hover:underline">
              {t("profile.addYourTool")}
            </Link>
          </EmptyState>
        )}
        <Pager nextCursor={page.nextCursor} />
      </section>
      <ToolStatsSection stats={stats} />
    </main>
  );
}

/** The facts visitors read of the tool (decision 060): its licence's kind, self-hosting, and its repository's figures. */
function ToolFactsLine({ tool }: { tool: UserTool }) {
  const { t, number, longDate } = useWords();
  const { repository } = tool;
  const parts = [
    tool.licenceKind && t(LICENCE_KIND_KEYS[tool.licenceKind]),
    tool.selfHostable === "confirmed" && t("card.selfHostable"),
    tool.selfHostable === "declared" && t("myTools.selfHostableDeclared"),
    repository?.state === "pending" && t("myTools.repositoryPending"),
    repository?.state === "missing" && t("myTools.repositoryMissing"),
    repository?.state === "read" && t("myTools.stars", { count: number(repository.stars ?? 0) }),
    repository?.health && t(HEALTH_KEYS[repository.health]),
    repository?.checkedAt && t("facts.checked", { date: longDate(repository.checkedAt.slice(0, 10)) }),
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return null;
  return (
    <p data-testid="user-tool-facts" className="text-xs text-slate-600">
      {parts.join(" · ")}
    </p>
  );
}

function UserToolRow({ tool }: { tool: UserTool }) {
  const state = STATES[tool.state];
  const { isPaymentEnabled, dealsOn, freeWayIn, launchDaysOn } = useRootData().config;
  const t = useT();
  return (
    <li data-testid="user-tool" className="flex flex-wrap items-center gap-4 p-4">
      <ToolLogo
        name={tool.name}
        logo={tool.logo}
        size={40}
        className="h-10 w-10 shrink-0 rounded-lg border border-slate-100 bg-slate-50 object-cover"
        lazy
      />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">
          {/* Only a live tool has a public page. */}
          {tool.state === "live" ? (
            <Link to={toolPath(tool.slug)} className="hover:text-brand-700 hover:underline">
              {tool.name}
            </Link>
          ) : (
            tool.name
          )}
        </h2>
        <p className="truncate text-sm text-slate-600">{tool.shortDesc}</p>
        {tool.state === "rejected" && tool.rejectionReason && (
          <p className="text-sm text-rose-800">{t("myTools.reason", { reason: tool.rejectionReason })}</p>
        )}
        {tool.state === "changes-requested" && (
          <p data-testid="changes-requested" className="whitespace-pre-line text-sm text-orange-900">
            {`${t("myTools.verifierAsks", { message: tool.changesRequestedMessage ?? "" })} `}
            <Link to={editToolPath(tool.id)} className="font-medium text-brand-700 hover:underline">
              {t("myTools.editIt")}
            </Link>
            {t("myTools.backInQueue")}
          </p>
        )}
        <ToolFactsLine tool={tool} />
        {tool.canEdit && launchDaysOn && (tool.state === "waiting-for-verification" || tool.state === "scheduled") && (
          <p className="text-sm">
            <Link
              to={launchFormPath(tool.slug)}
              className="font-medium text-brand-700 hover:underline"
              data-testid="launch-link"
            >
              {t(tool.state === "scheduled" ? "myTools.changeLaunch" : "myTools.chooseLaunch")}
            </Link>
          </p>
        )}
        {tool.canEdit && tool.state === "waiting-for-verification" && freeWayIn !== "off" && (
          <p className="text-sm">
            <Link
              to={linkBackPath(tool.slug)}
              className="font-medium text-brand-700 hover:underline"
              data-testid="link-back-link"
            >
              {t("myTools.freeWayIn")}
            </Link>
          </p>
        )}
        {tool.canEdit && dealsOn && (
          <p className="text-sm">
            <Link
              to={dealFormPath(tool.slug)}
              className="font-medium text-brand-700 hover:underline"
              data-testid="deal-link"
            >
              {t(tool.hasDeal ? "myTools.editDeal" : "myTools.addDeal")}
            </Link>
          </p>
        )}
        <p className="text-xs text-slate-500">
          {t("myTools.addedOn")} <LongDate isoDate={tool.createdAt.slice(0, 10)} />
          {tool.queue && <span data-testid="queue-place">{` · ${describeQueuePlace(t, tool.queue)}`}</span>}
        </p>
      </div>
      <span
        data-testid="tool-state"
        className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${state.className}`}
      >
        {t("myTools.state", { state: state.word })}
      </span>
      {tool.canEdit && tool.state !== "claim-pending" && (
        <Link
          to={editToolPath(tool.id)}
          data-testid="edit-link"
          className="shrink-0 rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          {t("myTools.edit")}
        </Link>
      )}
      {isPaymentEnabled && tool.canEdit && (tool.state === "live" || tool.state === "waiting-for-verification") && (
        <Link
          to={featureToolPath(tool.id)}
          data-testid="feature-link"
          className="shrink-0 rounded-lg border border-amber-300 px-3 py-1 text-sm font-semibold text-amber-900 hover:bg-amber-100"
        >
          {tool.state === "live" ? t("featured.getFeatured") : t("profile.skipLine")}
        </Link>
      )}
      {tool.state === "live" && <BadgeSnippets tool={tool} />}
    </li>
  );
}

/** The click-through rate as a percentage with one decimal; a dash without a view. */
function formatCtr(ctr: number | null): string {
  return ctr === null ? "—" : `${(ctr * 100).toFixed(1)}%`;
}

function ToolStatsSection({ stats }: { stats: MakerDashboard }) {
  const t = useT();
  return (
    <section aria-labelledby="tool-stats-heading" className="border-t border-slate-200 py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h2 id="tool-stats-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {t("myTools.stats")}
        </h2>
        <RangeSwitch days={stats.days} />
      </div>
      {stats.tools.length > 0 ? (
        <>
          {stats.hasMoreTools && (
            <p data-testid="more-tools" className="mb-4 text-sm text-slate-600">
              {t("myTools.showing", { count: MAKER_DASHBOARD_TOOLS })}
            </p>
          )}
          <div className="space-y-8">
            {stats.tools.map((tool) => (
              <ToolStats key={tool.id} tool={tool} days={stats.days} />
            ))}
          </div>
        </>
      ) : (
        <EmptyState title={t("myTools.noLinked")}>{t("myTools.noLinkedHint")}</EmptyState>
      )}
    </section>
  );
}

function ToolStats({ tool, days }: { tool: MakerToolStats; days: number }) {
  const { t, number } = useWords();
  return (
    <article data-testid="tool-stats" data-tool-id={tool.id} aria-labelledby={`stats-${tool.id}`} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`stats-${tool.id}`} className="text-lg font-semibold">
          {tool.isLive ? (
            <Link to={toolPath(tool.slug)} className="hover:text-brand-700 hover:underline">
              {tool.name}
            </Link>
          ) : (
            tool.name
          )}
          {!tool.isLive && (
            <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {t("myTools.notLive")}
            </span>
          )}
        </h3>
        <p className="text-sm text-slate-600">
          {t("myTools.sinceListed", { views: tool.allTime.views, clicks: tool.allTime.clicks })}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-4 rounded-xl border border-slate-200 bg-white p-4 text-center">
        <Stat label={t("myTools.views", { days })} value={number(tool.totals.views)} testId="stat-views" />
        <Stat label={t("myTools.clicks", { days })} value={number(tool.totals.clicks)} testId="stat-clicks" />
        <Stat label={t("myTools.ctr")} value={formatCtr(tool.totals.ctr)} testId="stat-ctr" />
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <Chart
          title={t("myTools.chart", { name: tool.name })}
          days={tool.series.map((day) => day.day)}
          series={[
            { label: t("myTools.chartViews"), values: tool.series.map((day) => day.views) },
            { label: t("myTools.chartClicks"), values: tool.series.map((day) => day.clicks) },
          ]}
          empty={t("myTools.chartEmpty", { days })}
        />
        <StatsTable
          testId="tool-referrers"
          title={t("myTools.sources")}
          heading={t("myTools.source")}
          countHeading={t("myTools.chartViews")}
          rows={tool.referrers.map((referrer) => ({
            key: referrer.source,
            label: <ReferrerSource source={referrer.source} />,
            count: referrer.views,
          }))}
          empty={t("myTools.noVisits", { days })}
        />
      </div>
    </article>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd data-testid={testId} className="mt-1 text-2xl font-bold tabular-nums">
        {value}
      </dd>
    </div>
  );
}
