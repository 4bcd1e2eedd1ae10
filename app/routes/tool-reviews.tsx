/**
 * /tool/{slug}/reviews: every public review of one tool (decision 043), newest first or most helpful first, a page at a
 * time, under the tool's rating. The same page for everyone, kept in the page cache and dropped when a review of the
 * tool changes; the helpful counts lag a minute at most, as views do.
 */
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import { toolPath, toolReviewsPath } from "#common/page-paths.ts";
import type { PlainKey } from "#common/i18n/translate.ts";
import { useT } from "../i18n.tsx";
import { reviewListQuery } from "#common/schemas/reviews.ts";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { Pager } from "../components/pager.tsx";
import { RatingSummary, ReviewList, WriteReviewLink } from "../components/reviews.tsx";
import { parseSearchParams } from "../forms.ts";
import { breadcrumbLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/tool-reviews";
import { publicToolOrAnswer } from "../tool-address.ts";

export const handle = { pageCache: { params: QUERY_PARAMS.reviews } } satisfies PageCacheHandle;

const SORT_LABELS = { newest: "reviews.newest", helpful: "reviews.helpful" } as const satisfies Record<
  string,
  PlainKey
>;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { tools } = context.services;
  const { sort, cursor } = parseSearchParams(reviewListQuery, url);
  const tool = publicToolOrAnswer(await tools.findPublicToolByAddress(params.slug), toolReviewsPath);
  const page = await context.services.reviews.listToolReviews(tool.id, { sort, cursor });
  return {
    tool: { id: tool.id, name: tool.name, slug: tool.slug },
    rating: tool.rating,
    page,
    sort,
    isFirstPage: !cursor,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, t, pageUrl }) => {
    if (!loaderData) return undefined;
    const { tool, rating, sort, isFirstPage } = loaderData;
    const path = toolReviewsPath(tool.slug);
    const summary =
      rating.average === null
        ? t("reviews.noReview")
        : t("reviews.summary", { average: rating.average.toFixed(1), count: rating.count });
    return {
      title: t("reviews.title", { name: tool.name }),
      description: t("reviews.description", { summary, name: tool.name }),
      path,
      // Another order or a later page is the same reviews again: only the first page is indexed.
      noindex: sort !== "newest" || !isFirstPage,
      extra: [
        breadcrumbLd(pageUrl, [
          { name: t("tool.home"), path: "/" },
          { name: tool.name, path: toolPath(tool.slug) },
          { name: t("tool.reviews"), path },
        ]),
        {
          tagName: "link",
          rel: "alternate",
          type: "application/rss+xml",
          title: t("reviews.feed", { name: tool.name, siteName }),
          href: pageUrl(`${path}/rss.xml`),
        },
      ],
    };
  });

export default function ToolReviews({ loaderData }: Route.ComponentProps) {
  const { tool, rating, page, sort } = loaderData;
  const t = useT();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Breadcrumb trail={[{ to: toolPath(tool.slug), label: tool.name }]} current={t("tool.reviews")} />
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">
          {t("reviews.title", { name: tool.name })}
        </h1>
        <WriteReviewLink tool={tool} />
      </div>
      {rating.count === 0 ? (
        <EmptyState title={t("reviews.noReview")}>{t("reviews.beFirst", { name: tool.name })}</EmptyState>
      ) : (
        <>
          <RatingSummary rating={rating} />
          <nav aria-label={t("reviews.order")} className="mt-8 mb-4 flex gap-2 text-sm">
            {(Object.keys(SORT_LABELS) as (keyof typeof SORT_LABELS)[]).map((order) => (
              <Link
                key={order}
                to={order === "newest" ? toolReviewsPath(tool.slug) : `${toolReviewsPath(tool.slug)}?sort=${order}`}
                aria-current={order === sort ? "page" : undefined}
                className={`rounded-full border px-3 py-1 ${order === sort ? "border-brand-600 bg-brand-50 font-semibold text-brand-800" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
              >
                {t(SORT_LABELS[order])}
              </Link>
            ))}
          </nav>
          <ReviewList reviews={page.reviews} toolId={tool.id} />
          <Pager nextCursor={page.nextCursor} />
        </>
      )}
    </main>
  );
}
