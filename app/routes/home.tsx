/**
 * The home page (docs/product.md §2): heading, featured tools, the tools trending this week, those whose repositories
 * rise on GitHub (decision 060), and the latest tools with infinite scroll.
 */

import { HOME_NEWSLETTER_EVENT } from "#common/constants.ts";
import { pageQuery } from "#common/schemas/lists.ts";
import { trackEvent } from "../analytics.ts";
import { GetFeaturedTag } from "../components/get-featured.tsx";
import { LatestTools } from "../components/latest-tools.tsx";
import { Link } from "../components/link.tsx";
import { SponsorSlot, useHasSponsorSlot } from "../components/sponsored.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import type { ToolCard } from "#server/tools/read/queries.ts";
import { useT } from "../i18n.tsx";
import { useRootData } from "../root-data.ts";
import { itemListLd, pageMeta, websiteLd } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/home";
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import { launchesPath, toolPath } from "#common/page-paths.ts";
import { taglineOf } from "#common/locales.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: QUERY_PARAMS.home } } satisfies PageCacheHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(pageQuery, url);
  const { cursor } = query;
  const { launches } = context.services;
  const [featured, launchesToday, trending, rising, latest] = await Promise.all([
    // The featured, trending and rising sections belong to the first page; later pages (without JavaScript) list the
    // next tools only.
    cursor ? Promise.resolve([]) : context.services.tools.listFeaturedTools(),
    // Today's launches (decision 063), when the operator offers launch days: the page changes with the day.
    cursor || !launches.isOn() ? Promise.resolve([]) : launches.listTodaysLaunches(),
    cursor ? Promise.resolve([]) : context.services.tools.listTrendingTools(),
    cursor ? Promise.resolve([]) : context.services.tools.listRisingTools(),
    context.services.tools.listLatestTools({ cursor }),
  ]);
  return {
    featured,
    launchesToday,
    trending,
    rising,
    latest,
    isFirstPage: !cursor,
    cursorParam: cursor ? url.searchParams.get("cursor") : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, siteUrl, tagline, t, pageUrl, locale }) => ({
    title: `${siteName}: ${tagline}`,
    description: t("home.description"),
    path: loaderData?.cursorParam ? `/?cursor=${loaderData.cursorParam}` : "/",
    extra: [
      ...websiteLd({ siteName, siteUrl, pageUrl, locale }),
      itemListLd(
        pageUrl,
        t("home.latest"),
        (loaderData?.latest.tools ?? []).map((tool) => ({ name: tool.name, path: toolPath(tool.slug) })),
      ),
    ],
  }));

export default function Home({ loaderData }: Route.ComponentProps) {
  const { config, locale } = useRootData();
  const hasSponsorCard = useHasSponsorSlot("home-card");
  const t = useT();
  const { featured, launchesToday, trending, rising, latest, isFirstPage } = loaderData;

  return (
    <main className="mx-auto max-w-7xl px-4">
      <section className="py-12 text-center sm:py-16">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {taglineOf(config.taglines, locale, t)}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{t("home.intro")}</p>
        {config.newsletterUrl && (
          <a
            href={config.newsletterUrl}
            target="_blank"
            rel="noopener"
            onClick={() => trackEvent(HOME_NEWSLETTER_EVENT)}
            className="mt-6 inline-flex items-center rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t("home.newsletter")}
          </a>
        )}
      </section>

      {isFirstPage && (
        <section aria-labelledby="featured-heading" className="mb-12">
          <div className="mb-4 flex items-center gap-3">
            <h2 id="featured-heading" className="text-2xl font-bold tracking-tight">
              {t("home.featured")}
            </h2>
            <GetFeaturedTag />
          </div>
          {featured.length > 0 || hasSponsorCard ? (
            <ToolGrid tools={featured} extra={<SponsorSlot placement="home-card" testId="sponsored-card" />} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
              {t("home.noFeatured")}
            </p>
          )}
        </section>
      )}

      <ListSection
        id="launches-today"
        tools={launchesToday}
        title={t("home.launchesToday")}
        more={{ to: launchesPath(), label: t("home.allLaunches") }}
      />
      <ListSection
        id="trending"
        tools={trending}
        title={t("home.trending")}
        more={{ to: "/tools?sort=trending", label: t("home.allTrending") }}
      />
      <ListSection
        id="rising"
        tools={rising}
        title={t("home.rising")}
        more={{ to: "/tools?sort=rising", label: t("home.allRising") }}
      />

      <section aria-labelledby="latest-heading" id="latest">
        <h2 id="latest-heading" className="mb-4 text-2xl font-bold tracking-tight">
          {t("home.latest")}
        </h2>
        <LatestTools key={loaderData.cursorParam ?? "first"} initial={latest} />
      </section>
    </main>
  );
}

/** A section of cards with its heading and a link to the whole list; nothing when there is no tool to show. */
function ListSection({
  id,
  tools,
  title,
  more,
}: {
  id: string;
  tools: ToolCard[];
  title: string;
  more: { to: string; label: string };
}) {
  if (tools.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-12" data-testid={id}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        <Link to={more.to} className="text-sm font-semibold text-brand-700 hover:underline">
          {more.label}
        </Link>
      </div>
      <ToolGrid tools={tools} />
    </section>
  );
}
