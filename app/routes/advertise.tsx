/**
 * /advertise: what a sponsor may book (decision 064), each placement with its weekly price and its calendar of the
 * weeks on sale, sold or free, and a link to book it. The same for everyone: kept until a week is sold or freed, a
 * price changes, or a new week begins.
 */
import type { PageCacheHandle } from "#common/page-cache.ts";
import { advertisePath, sponsorshipPath } from "#common/page-paths.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { useWords } from "../i18n.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/advertise";

export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return context.services.sponsors.getAdvertisePage();
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName, t }) => ({
    title: t("advertise.title", { siteName }),
    description: t("advertise.description", { siteName }),
    path: advertisePath(),
  }));

export default function Advertise({ loaderData }: Route.ComponentProps) {
  const { placements } = loaderData;
  const { t, longDate } = useWords();
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{t("advertise.heading")}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">{t("advertise.intro")}</p>
      <p className="mt-2 text-sm">
        <Link to={sponsorshipPath()} className="font-medium text-brand-700 hover:underline">
          {t("advertise.yourAds")}
        </Link>
      </p>
      {placements.length === 0 ? (
        <div className="mt-8">
          <EmptyState title={t("advertise.nothingForSale")} />
        </div>
      ) : (
        <div className="mt-8 space-y-8">
          {placements.map((placement) => {
            const free = placement.weeks.filter((week) => !week.isTaken).length;
            return (
              <section
                key={placement.kind}
                aria-labelledby={`placement-${placement.kind}`}
                data-testid={`placement-${placement.kind}`}
                className="rounded-xl border border-slate-200 bg-white p-5"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`placement-${placement.kind}`} className="text-xl font-bold">
                    {placement.name}
                  </h2>
                  <p className="font-semibold text-slate-900">{t("advertise.perWeek", { price: placement.price })}</p>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {t("advertise.about", {
                    kind: placement.kind.replace(/-(\w)/g, (_, first: string) => first.toUpperCase()),
                  })}
                </p>
                <h3 className="mt-4 text-sm font-semibold text-slate-700">
                  {t("advertise.freeWeeks", { count: free })}
                </h3>
                <ul className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                  {placement.weeks.map((week) => (
                    <li
                      key={week.week}
                      data-week={week.week}
                      data-taken={week.isTaken ? "true" : undefined}
                      className={`rounded-lg border px-2 py-1.5 ${week.isTaken ? "border-slate-200 bg-slate-100 text-slate-600 line-through" : "border-brand-200 text-slate-800"}`}
                    >
                      {t("advertise.weekOf", { date: longDate(week.week) })}
                      <span className="sr-only">{week.isTaken ? t("advertise.sold") : t("advertise.free")}</span>
                    </li>
                  ))}
                </ul>
                {free > 0 && (
                  <Link
                    to={advertisePath(placement.kind)}
                    className="mt-4 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    {t("advertise.book", { placement: placement.name })}
                  </Link>
                )}
              </section>
            );
          })}
        </div>
      )}
    </main>
  );
}
