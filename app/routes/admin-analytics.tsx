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
import { formatCount, ReferrerSource, SitePath, type StatsRow, StatsTable } from "../components/stats-table.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { searchTextInput } from "#common/schemas/analytics.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-analytics";
import { searchPath, toolPath } from "#common/page-paths.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { days } = parseSearchParams(analyticsQuery, url);
  return { dashboard: await moderated(context.services.stats.getSiteDashboard(context.user, { days, now: new Date() }), url) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Analytics", description: "Page views, visitors, sign-ups, submissions and searches.", path: "/admin/analytics", noindex: true });

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
        return { done: `“${text.replaceAll("-", " ")}” is hidden from /searches and the sitemap for good.` };
      case "show-search":
        await context.services.search.setSearchHidden(context.user, text, false);
        return { done: `“${text.replaceAll("-", " ")}” may be listed again once enough people make it.` };
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

function searchRows(searches: SearchCount[], canHide = false): StatsRow[] {
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
            {search.isHidden && <Badge>Hidden</Badge>}{" "}
            <ActionButton intent={search.isHidden ? "show-search" : "hide-search"} subject={search.text}>
              {search.isHidden ? "Show" : "Hide"}
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
  const inRange = `in the last ${days} days`;
  const dayList = series.map((day) => day.day);
  return (
    <>
      <SectionHeader title="Analytics">Counted without cookies; days are UTC days, today included.</SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <RangeSwitch days={days} />
        <dl className="flex flex-wrap gap-6 text-sm" data-testid="site-totals">
          <Total label="Page views" value={totals.pageviews} testId="total-pageviews" />
          <Total label="Sign-ups" value={totals.signups} testId="total-signups" />
          <Total label="Submissions" value={totals.submissions} testId="total-submissions" />
        </dl>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Chart
          title="Page views and unique visitors"
          days={dayList}
          series={[
            { label: "Page views", values: series.map((day) => day.pageviews) },
            { label: "Unique visitors", values: series.map((day) => day.visitors) },
          ]}
          empty={`No page views yet ${inRange}.`}
        />
        <Chart
          title="Sign-ups and submissions"
          days={dayList}
          series={[
            { label: "Sign-ups", values: series.map((day) => day.signups) },
            { label: "Submissions", values: series.map((day) => day.submissions) },
          ]}
          empty={`No sign-up and no submission ${inRange}.`}
        />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <StatsTable
          testId="top-pages"
          title="Top pages"
          heading="Page"
          countHeading="Views"
          rows={dashboard.topPages.map((page) => ({ key: page.path, label: <SitePath path={page.path} />, count: page.views }))}
          empty={`No page views yet ${inRange}.`}
        />
        <StatsTable
          testId="top-referrers"
          title="Top referrers"
          heading="Source"
          countHeading="Views"
          rows={dashboard.topReferrers.map((referrer) => ({ key: referrer.source, label: <ReferrerSource source={referrer.source} />, count: referrer.views }))}
          empty={`No visits yet ${inRange}.`}
        />
        <StatsTable testId="top-tools-views" title="Top tools by views" heading="Tool" countHeading="Views" rows={toolRows(dashboard.topToolsByViews)} empty={`No tool page was viewed ${inRange}.`} />
        <StatsTable
          testId="top-tools-clicks"
          title="Top tools by clicks"
          heading="Tool"
          countHeading="Clicks"
          rows={toolRows(dashboard.topToolsByClicks)}
          empty={`No click on a tool's website ${inRange}.`}
        />
        <StatsTable
          testId="events"
          title="Named events"
          heading="Event"
          countHeading="Times"
          rows={dashboard.events.map((event) => ({ key: event.name, label: event.name, count: event.count }))}
          empty={`No named event ${inRange}.`}
        />
        <StatsTable testId="top-searches" title="Top searches (all time)" heading="Search" countHeading="Times" rows={searchRows(dashboard.topSearches, true)} empty="Nobody has searched yet." />
        <StatsTable
          testId="searches-found-nothing"
          title="Searches that found nothing (all time)"
          heading="Search"
          countHeading="Times"
          rows={searchRows(dashboard.searchesFoundNothing)}
          empty="Every search found at least one tool."
        />
      </div>
    </>
  );
}

function Total({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd data-testid={testId} className="text-xl font-bold tabular-nums">
        {formatCount(value)}
      </dd>
    </div>
  );
}
