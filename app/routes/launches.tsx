/**
 * /launches/{period}: a day's (YYYY-MM-DD) or an ISO week's (YYYY-Www) leaderboard of launches (decision 063), UTC;
 * /launches is today's. The tools that launched on their chosen day, by their counted likes (as /tools?sort=likes
 * counts them, decision 042), then the first launched first. Kept at most a minute, as the counters are.
 */
import { data, redirect } from "react-router";
import { launchPeriod, todayKey, weekKeyOf } from "#common/launch-periods.ts";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { launchesPath, toolPath } from "#common/page-paths.ts";
import { wordsFor } from "#common/i18n/words.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { orRefusalPage } from "../forms.ts";
import { useWords } from "../i18n.tsx";
import { breadcrumbLd, itemListLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/launches";

export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params.period ?? todayKey(context.services.now());
  const period = launchPeriod(key);
  if (!period) {
    // Another spelling of a week (2026-w48) leads to its own address.
    const upper = key.toUpperCase();
    if (upper !== key && launchPeriod(upper)) throw redirect(launchesPath(upper), 301);
    throw data(wordsFor(context.locale).t("launches.badPeriod"), { status: 404 });
  }
  const tools = await orRefusalPage(context.services.launches.listLaunchBoard(period));
  return {
    period: {
      kind: period.kind,
      key: period.key,
      from: period.from.toISOString(),
      previous: period.previous,
      next: period.next,
    },
    week: period.kind === "day" ? weekKeyOf(period.from) : null,
    isToday: !params.period,
    tools,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ pageUrl, t, longDate }) => {
    if (!loaderData) return undefined;
    const { period } = loaderData;
    const title = t(period.kind === "day" ? "launches.titleDay" : "launches.titleWeek", {
      date: longDate(period.from.slice(0, 10)),
    });
    return {
      title,
      description: t("launches.description"),
      path: launchesPath(period.key),
      noindex: loaderData.tools.length === 0,
      extra: [
        breadcrumbLd(pageUrl, [
          { name: t("tool.home"), path: "/" },
          { name: title, path: launchesPath(period.key) },
        ]),
        itemListLd(
          pageUrl,
          title,
          loaderData.tools.map((tool) => ({ name: tool.name, path: toolPath(tool.slug) })),
        ),
      ],
    };
  });

export default function Launches({ loaderData }: Route.ComponentProps) {
  const { period, week, tools } = loaderData;
  const { t, longDate } = useWords();
  const date = longDate(period.from.slice(0, 10));
  const ranks = new Map(tools.map((tool, index) => [tool.id, index + 1]));
  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">
          {t(period.kind === "day" ? "launches.titleDay" : "launches.titleWeek", { date })}
        </h1>
        <p className="mt-3 text-lg text-slate-600">{t("launches.description")}</p>
        <nav aria-label={t("launches.periods")} className="mt-4 flex flex-wrap gap-4 text-sm font-medium">
          <Link to={launchesPath(period.previous)} className="text-brand-700 hover:underline" rel="prev">
            {t(period.kind === "day" ? "launches.previousDay" : "launches.previousWeek")}
          </Link>
          <Link to={launchesPath(period.next)} className="text-brand-700 hover:underline" rel="next">
            {t(period.kind === "day" ? "launches.nextDay" : "launches.nextWeek")}
          </Link>
          {week && (
            <Link to={launchesPath(week)} className="text-brand-700 hover:underline">
              {t("launches.theWeek")}
            </Link>
          )}
        </nav>
      </header>
      {tools.length > 0 ? (
        <>
          {/* The cards' names are h3: a heading of their own keeps the outline whole for screen readers. */}
          <h2 className="sr-only">{t("launches.board")}</h2>
          <ToolGrid tools={tools} noteOf={(tool) => t("launches.rank", { rank: ranks.get(tool.id) ?? 0 })} />
        </>
      ) : (
        <EmptyState title={t(period.kind === "day" ? "launches.emptyDay" : "launches.emptyWeek")} />
      )}
    </main>
  );
}
