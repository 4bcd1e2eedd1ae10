/** /sponsorships: the signed-in person's own ads (decision 064), newest first, each leading to its page. */
import { redirect } from "react-router";
import { advertisePath, loginPath, sponsorshipPath } from "#common/page-paths.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { useWords } from "../i18n.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/sponsorships";
import { AdState } from "./sponsorship.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(sponsorshipPath()));
  return { ads: await context.services.sponsors.listOwnSponsorships(context.user) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("sponsorship.listTitle"),
    description: t("advertise.intro"),
    path: sponsorshipPath(),
    noindex: true,
  }));

export default function Sponsorships({ loaderData }: Route.ComponentProps) {
  const { t, longDate } = useWords();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t("sponsorship.listTitle")}</h1>
      {loaderData.ads.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={t("sponsorship.none")}>
            <Link to={advertisePath()} className="font-medium text-brand-700 hover:underline">
              {t("sponsorship.bookOne")}
            </Link>
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {loaderData.ads.map((ad) => (
            <li key={ad.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <div className="min-w-0">
                <Link to={sponsorshipPath(ad.id)} className="font-medium text-brand-700 hover:underline">
                  {ad.text}
                </Link>
                <p className="text-sm text-slate-600">
                  {ad.placementName} · {t("advertise.weekOf", { date: longDate(ad.weeks[0]!) })}
                </p>
              </div>
              <AdState ad={ad} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
