/**
 * /admin/analytics (admins): how the site does over the last 7, 30 or 90 days. Page views and unique visitors,
 * sign-ups and submissions per day; the top pages, tools, referrers and named events; what people search, and what
 * they searched and did not find.
 */
import { Form } from "react-router";
import { Link } from "../components/link.tsx";
import { analyticsQuery } from "#common/schemas/analytics.ts";
import type { SearchCount, TopTool } from "#server/analytics/queries.ts";
import { Chart } from "../components/chart.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { RangeSwitch } from "../components/range-switch.tsx";
import { ReferrerSource, SitePath, type StatsRow, StatsTable } from "../components/stats-table.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { searchTextInput } from "#common/schemas/analytics.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-analytics";
import { searchPath, toolPath } from "#common/page-paths.ts";
import { say } from "#common/i18n/say.ts";
import type { Translate } from "#common/i18n/translate.ts";
import { useT, useWords } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { days } = parseSearchParams(analyticsQuery, url);
  return {
    dashboard: await moderated(
      context.services.stats.getSiteDashboard(context.user, { days, now: context.services.now() }),
      url,
    ),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("admin.analytics"),
    description: t("adminAnalytics.description"),
    path: "/admin/analytics",
    noindex: true,
  }));

function toolRows(tools: TopTool[]): StatsRow[] {
  return tools.map((tool) => ({
    key: tool.id,
    label: (
      <Link to={toolPath(tool.slug)} className="text-brand-700 hover:underline">
        {tool.name}
      </Link>
    ),
    count: tool.count,
  }));
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "text"]);
  try {
    const { text } = searchTextInput.parse(Object.fromEntries(form));
    switch (values.intent) {
      case "hide-search":
        await context.services.search.setSearchHidden(context.user, text, true);
        return { done: say("adminAnalytics.hidden", { search: text.replaceAll("-", " ") }) };
      case "show-search":
        await context.services.search.setSearchHidden(context.user, text, false);
        return { done: say("adminAnalytics.shown", { search: text.replaceAll("-", " ") }) };
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

function searchRows(t: Translate, searches: SearchCount[], canHide = false): StatsRow[] {
  return searches.map((search) => ({
    key: search.text,
    label: (
      <span className="flex flex-wrap items-center gap-2">
        <Link to={searchPath(search.text)} className="text-brand-700 hover:underline">
          {search.text.replaceAll("-", " ")}
        </Link>
        {canHide && (
          // Anyone can make a search: an admin keeps the ones that should never be a public link off the lists.
          <Form method="post" className="inline">
            <input type="hidden" name="text" value={search.text} />
            {search.isHidden && <Badge>{t("adminAnalytics.hiddenBadge")}</Badge>}{" "}
            <ActionButton intent={search.isHidden ? "show-search" : "hide-search"} subject={search.text}>
              {search.isHidden ? t("adminAnalytics.show") : t("adminAnalytics.hide")}
            </ActionButton>
          </Form>
        )}
      </span>
    ),
    count: search.count,
  }));
}

export default function AdminAnalytics({ loaderData, actionData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  const { days, series, totals } = dashboard;
  const dayList = series.map((day) => day.day);
  const t = useT();
  return (
    <>
      <SectionHeader title={t("admin.analytics")}>{t("adminAnalytics.intro")}</SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <RangeSwitch days={days} />
        <dl className="flex flex-wrap gap-6 text-sm" data-testid="site-totals">
          <Total label={t("adminAnalytics.pageviews")} value={totals.pageviews} testId="total-pageviews" />
          <Total label={t("adminAnalytics.signups")} value={totals.signups} testId="total-signups" />
          <Total label={t("adminAnalytics.submissions")} value={totals.submissions} testId="total-submissions" />
        </dl>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Chart
          title={t("adminAnalytics.viewsAndVisitors")}
          days={dayList}
          series={[
            { label: t("adminAnalytics.pageviews"), values: series.map((day) => day.pageviews) },
            { label: t("adminAnalytics.visitors"), values: series.map((day) => day.visitors) },
          ]}
          empty={t("adminAnalytics.noViews", { days })}
        />
        <Chart
          title={t("adminAnalytics.signupsAndSubmissions")}
          days={dayList}
          series={[
            { label: t("adminAnalytics.signups"), values: series.map((day) => day.signups) },
            { label: t("adminAnalytics.submissions"), values: series.map((day) => day.submissions) },
          ]}
          empty={t("adminAnalytics.noSignups", { days })}
        />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <StatsTable
          testId="top-pages"
          title={t("adminAnalytics.topPages")}
          heading={t("adminAnalytics.page")}
          countHeading={t("adminAnalytics.views")}
          rows={dashboard.topPages.map((page) => ({
            key: page.path,
            label: <SitePath path={page.path} />,
            count: page.views,
          }))}
          empty={t("adminAnalytics.noViews", { days })}
        />
        <StatsTable
          testId="top-referrers"
          title={t("adminAnalytics.topReferrers")}
          heading={t("adminAnalytics.source")}
          countHeading={t("adminAnalytics.views")}
          rows={dashboard.topReferrers.map((referrer) => ({
            key: referrer.source,
            label: <ReferrerSource source={referrer.source} />,
            count: referrer.views,
          }))}
          empty={t("adminAnalytics.noVisits", { days })}
        />
        <StatsTable
          testId="top-tools-views"
          title={t("adminAnalytics.topToolsViews")}
          heading={t("adminAnalytics.tool")}
          countHeading={t("adminAnalytics.views")}
          rows={toolRows(dashboard.topToolsByViews)}
          empty={t("adminAnalytics.noToolViews", { days })}
        />
        <StatsTable
          testId="top-tools-clicks"
          title={t("adminAnalytics.topToolsClicks")}
          heading={t("adminAnalytics.tool")}
          countHeading={t("adminAnalytics.clicks")}
          rows={toolRows(dashboard.topToolsByClicks)}
          empty={t("adminAnalytics.noClicks", { days })}
        />
        <StatsTable
          testId="events"
          title={t("adminAnalytics.events")}
          heading={t("adminAnalytics.event")}
          countHeading={t("adminAnalytics.times")}
          rows={dashboard.events.map((event) => ({ key: event.name, label: event.name, count: event.count }))}
          empty={t("adminAnalytics.noEvents", { days })}
        />
        <StatsTable
          testId="top-searches"
          title={t("adminAnalytics.topSearches")}
          heading={t("adminAnalytics.search")}
          countHeading={t("adminAnalytics.times")}
          rows={searchRows(t, dashboard.topSearches, true)}
          empty={t("adminAnalytics.noSearch")}
        />
        <StatsTable
          testId="searches-found-nothing"
          title={t("adminAnalytics.foundNothing")}
          heading={t("adminAnalytics.search")}
          countHeading={t("adminAnalytics.times")}
          rows={searchRows(t, dashboard.searchesFoundNothing)}
          empty={t("adminAnalytics.allFound")}
        />
      </div>
    </>
  );
}

function Total({ label, value, testId }: { label: string; value: number; testId: string }) {
  const { number } = useWords();
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd data-testid={testId} className="text-xl font-bold tabular-nums">
        {number(value)}
      </dd>
    </div>
  );
}
