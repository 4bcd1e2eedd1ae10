/**
 * /sponsorships/{id}: one ad as its sponsor (or an admin) follows it (decision 064): its text, link, placement and
 * weeks, where it stands (waiting for review, approved, running, rejected and refunded...), and how often it was shown
 * and followed, day by day. Stripe's Checkout comes back here. Rendered for the person, never cached.
 */
import { redirect } from "react-router";
import { MESSAGES } from "#common/messages.ts";
import { loginPath, sponsorshipPath } from "#common/page-paths.ts";
import { sponsorshipIdParam } from "#common/schemas/sponsors.ts";
import type { SponsorshipView } from "#server/payments/sponsors.ts";
import { Link } from "../components/link.tsx";
import { orRefusalPage } from "../forms.ts";
import { useT, useWords } from "../i18n.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/sponsorship";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(sponsorshipPath(params.id)));
  const id = sponsorshipIdParam.safeParse(params.id);
  if (!id.success) throw new Response(MESSAGES.sponsor.notFound, { status: 404 });
  return orRefusalPage(context.services.sponsors.getSponsorship(context.user, id.data));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("sponsorship.title", { text: loaderData?.ad.text ?? "" }),
    description: t("advertise.intro"),
    path: sponsorshipPath(loaderData?.ad.id),
    noindex: true,
  }));

/** Where an ad stands, in a few words. */
export function AdState({ ad }: { ad: SponsorshipView }) {
  const t = useT();
  const state = ad.isRunning ? "running" : ad.state;
  return (
    <span
      data-testid="ad-state"
      className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700"
    >
      {t("sponsorship.state", { state })}
    </span>
  );
}

export default function Sponsorship({ loaderData }: Route.ComponentProps) {
  const { ad, stats } = loaderData;
  const { t, longDate, number } = useWords();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Link to={sponsorshipPath()} className="text-sm text-brand-700 hover:underline">
        {t("sponsorship.back")}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{ad.text}</h1>
        <AdState ad={ad} />
      </div>
      <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">{t("sponsorship.placement")}</dt>
          <dd className="font-medium">{ad.placementName}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("sponsorship.link")}</dt>
          <dd className="font-medium break-all">{ad.url}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("sponsorship.weeks")}</dt>
          <dd className="font-medium">
            {ad.weeks.map((week) => t("advertise.weekOf", { date: longDate(week) })).join(", ")}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("sponsorship.paid")}</dt>
          <dd className="font-medium">{ad.price}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-slate-600">{t("sponsorship.explain", { state: ad.state })}</p>
      <section aria-labelledby="stats-heading" className="mt-8">
        <h2 id="stats-heading" className="text-xl font-bold">
          {t("sponsorship.stats")}
        </h2>
        <p className="mt-2 text-sm" data-testid="ad-totals">
          {t("sponsorship.totals", { views: number(stats.views), clicks: number(stats.clicks) })}
        </p>
        {stats.days.length > 0 && (
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-500">
                <th scope="col" className="py-1.5 font-medium">
                  {t("sponsorship.day")}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t("sponsorship.views")}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t("sponsorship.clicks")}
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.days.map((day) => (
                <tr key={day.day} className="border-b border-slate-100">
                  <td className="py-1.5">{longDate(day.day)}</td>
                  <td className="py-1.5 text-right">{number(day.views)}</td>
                  <td className="py-1.5 text-right">{number(day.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
