/**
 * Search results (docs/product.md §2: /search/{text}): the spec's matches, ranked with full-text search, narrowed by the
 * lists' facets with their counts among the matches (decision 034). The search is recorded from the page view the
 * browser sends, with how many tools the page found, as a tool's view is.
 */
import { wordsFor } from "#common/i18n/words.ts";
import { useT } from "../i18n.tsx";
import { data, redirect } from "react-router";
import { Link } from "../components/link.tsx";
import { MAX_SEARCH_LENGTH } from "#common/constants.ts";
import { searchFacetQuery } from "#common/schemas/lists.ts";
import { slugify } from "#common/slugify.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { facetPath, facetValuesOf, FacetFilters, isNarrowed, narrowingOf } from "../components/facets.tsx";
import { Pager } from "../components/pager.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { useRootData } from "../root-data.ts";
import { itemListLd, pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/search";
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import type { PageviewHandle } from "../analytics.ts";
import { categoryPath, searchPath, toolPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = {
  pageCache: { params: QUERY_PARAMS.search },
  pageviewProps: (data: unknown) => ({ results: (data as Route.ComponentProps["loaderData"]).page.tools.length }),
} satisfies PageCacheHandle & PageviewHandle;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  // Only slugs are searched: any other text is sent to its slug, as the search box does.
  const slug = slugify(params.text).slice(0, MAX_SEARCH_LENGTH).replace(/-+$/, "");
  if (!slug) throw redirect("/");
  if (slug !== params.text) throw redirect(`${searchPath(slug)}${url.search}`);

  const query = parseSearchParams(searchFacetQuery, url);
  const category = query.category ? await context.services.categories.findCategoryBySlug(query.category) : undefined;
  if (query.category && !category)
    throw data(wordsFor(context.locale).t("tools.unknownCategory", { slug: query.category }), { status: 400 });
  const filters = narrowingOf(query, category);
  // A plain search's first page that found little may have been a typo.
  const isPlainFirstPage = !query.cursor && !isNarrowed(facetValuesOf(query, category));
  const [{ page, facets, closerSpelling }, isListed] = await Promise.all([
    context.services.search.searchToolsWithFacets(slug, {
      cursor: query.cursor,
      limit: query.limit,
      filters,
      spelling: isPlainFirstPage,
    }),
    context.services.search.isSearchListed(slug),
  ]);
  return {
    text: slug,
    phrase: slug.replaceAll("-", " "),
    page,
    facets,
    filters: facetValuesOf(query, category),
    isListed,
    closerSpelling,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t, pageUrl }) => {
    if (!loaderData) return undefined;
    const { text, phrase, page, filters, isListed } = loaderData;
    return {
      title: t("search.title", { phrase }),
      description: t("search.description", { phrase }),
      // A filtered view is a near-duplicate of the search: not indexed, and the plain search is its canonical address (decision 034).
      path: searchPath(text),
      // Anyone can make a search page: only one that several people made and that found tools is indexed (/searches lists it).
      noindex: page.tools.length === 0 || isNarrowed(filters) || !isListed,
      extra: [
        itemListLd(
          pageUrl,
          t("search.listName", { phrase }),
          page.tools.map((tool) => ({ name: tool.name, path: toolPath(tool.slug) })),
        ),
      ],
    };
  });

export default function Search({ loaderData }: Route.ComponentProps) {
  const { text, phrase, page, facets, filters, closerSpelling } = loaderData;
  const { categories } = useRootData();
  const path = searchPath(text);
  const isFiltered = isNarrowed(filters);
  const t = useT();
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("search.heading", { phrase })}</h1>
      {closerSpelling && (
        <p data-testid="did-you-mean" className="mt-3 text-lg text-slate-700">
          {t("search.didYouMean")}{" "}
          <Link to={searchPath(closerSpelling)} className="font-semibold text-brand-700 hover:underline">
            {closerSpelling.replaceAll("-", " ")}
          </Link>
          {t("search.didYouMeanEnd")}
        </p>
      )}
      {facets && (page.tools.length > 0 || isFiltered) && (
        <div className="mt-8">
          {/* Remounted when the filters change, so its fields show the URL's values after any navigation. */}
          <FacetFilters
            key={facetPath(path, filters)}
            action={path}
            values={filters}
            facets={facets}
            categories={categories}
          />
        </div>
      )}
      {page.tools.length > 0 ? (
        <section aria-labelledby="results-heading" className="mt-8">
          {/* The cards' names are h3: a heading of their own keeps the outline whole for screen readers. */}
          <h2 id="results-heading" className="sr-only">
            {t("search.results")}
          </h2>
          <ToolGrid tools={page.tools} />
          <Pager nextCursor={page.nextCursor} />
        </section>
      ) : isFiltered ? (
        <div className="mt-8">
          <EmptyState title={t("lists.noMatch")}>
            <Link to={path} className="font-medium text-brand-700 hover:underline">
              {t("facets.clear")}
            </Link>{" "}
            {t("search.clearToSeeAll", { phrase })}
          </EmptyState>
        </div>
      ) : (
        <div className="mt-8">
          <EmptyState title={t("search.noMatch", { phrase })}>
            {t("search.knowOne")}{" "}
            <Link to="/add-tool" className="font-medium text-brand-700 hover:underline">
              {t("search.submitIt")}
            </Link>
            {t("search.submitHint")}
          </EmptyState>
          <ul className="mt-6 flex flex-wrap justify-center gap-2" aria-label={t("tool.categories")}>
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={categoryPath(category.slug)}
                  className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:border-slate-400"
                >
                  {category.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </main>
  );
}
