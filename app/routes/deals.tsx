/**
 * /deals: the live tools' current deals (decision 061), the soonest to end first, a category's or all, keyset-paged,
 * with their feeds. A deal past its last day is no longer here, without a write: a page is kept until its first ends.
 */
import { data, Form } from "react-router";
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import { toolPath } from "#common/page-paths.ts";
import { dealsQuery } from "#common/schemas/deals.ts";
import type { Words } from "#common/i18n/translate.ts";
import { wordsFor } from "#common/i18n/words.ts";
import type { DealCard } from "#server/deals/deals.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { orRefusalPage, parseSearchParams } from "../forms.ts";
import { useWords } from "../i18n.tsx";
import { useRootData } from "../root-data.ts";
import { breadcrumbLd, itemListLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/deals";

/** Visitors get this page from the page cache until a deal changes or its first ends. */
export const handle = { pageCache: { params: QUERY_PARAMS.deals } } satisfies PageCacheHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(dealsQuery, url);
  const category = query.category ? await context.services.categories.findCategoryBySlug(query.category) : undefined;
  if (query.category && !category)
    throw data(wordsFor(context.locale).t("tools.unknownCategory", { slug: query.category }), { status: 400 });
  const page = await orRefusalPage(
    context.services.deals.listDeals({ categoryId: category?.id, cursor: query.cursor }),
  );
  return {
    page,
    category: category ? { slug: category.slug, label: category.label } : null,
    isLaterPage: Boolean(query.cursor),
  };
}

/** A card's note: the code, what it gives, and its last day. */
export const dealNote = ({ t, longDate }: Words, { deal }: DealCard) =>
  `${deal.code} · ${deal.offer} · ${t("deal.until", { date: longDate(deal.endsAt.slice(0, 10)) })}`;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, pageUrl, t }) => {
    if (!loaderData) return undefined;
    const title = t("deals.title");
    const feed = t("deals.feed", { siteName });
    return {
      title,
      description: t("deals.description", { siteName }),
      path: "/deals",
      // A category's or a later page is not indexed: /deals is the canonical address.
      noindex: Boolean(loaderData.category) || loaderData.isLaterPage,
      extra: [
        {
          tagName: "link",
          rel: "alternate",
          type: "application/rss+xml",
          title: feed,
          href: pageUrl("/deals/rss.xml"),
        },
        {
          tagName: "link",
          rel: "alternate",
          type: "application/feed+json",
          title: feed,
          href: pageUrl("/deals/feed.json"),
        },
        breadcrumbLd(pageUrl, [
          { name: t("tool.home"), path: "/" },
          { name: title, path: "/deals" },
        ]),
        itemListLd(
          pageUrl,
          title,
          loaderData.page.deals.map((tool) => ({ name: tool.name, path: toolPath(tool.slug) })),
        ),
      ],
    };
  });

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { page, category } = loaderData;
  const { categories } = useRootData();
  const words = useWords();
  const { t } = words;
  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{t("deals.title")}</h1>
        <p className="mt-3 text-lg text-slate-600">{t("deals.intro")}</p>
        {/* A plain GET form: it works before JavaScript, and React Router submits it in place after. */}
        <Form method="get" action="/deals" className="mt-6 flex flex-wrap items-end gap-3" key={category?.slug ?? ""}>
          <label className="text-sm font-medium text-slate-700">
            {t("deals.category")}
            <select
              name="category"
              defaultValue={category?.slug ?? ""}
              className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              <option value="">{t("deals.everyCategory")}</option>
              {categories.map((option) => (
                <option key={option.id} value={option.slug}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
          >
            {t("deals.apply")}
          </button>
        </Form>
      </header>
      {page.deals.length > 0 ? (
        <>
          {/* The cards' names are h3: a heading of their own keeps the outline whole for screen readers. */}
          <h2 className="sr-only">{t("deals.title")}</h2>
          <ToolGrid tools={page.deals} noteOf={(tool) => dealNote(words, tool)} />
        </>
      ) : (
        <EmptyState title={t(category ? "deals.emptyCategory" : "deals.empty")} />
      )}
      <Pager nextCursor={page.nextCursor} />
    </main>
  );
}
