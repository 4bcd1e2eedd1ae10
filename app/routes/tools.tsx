/** /tools: every live tool, sorted and filtered by category, tag and pricing from the URL, one keyset page at a time. */
import { wordsFor } from "#common/i18n/words.ts";
import { useT } from "../i18n.tsx";
import { data } from "react-router";
import { Link } from "../components/link.tsx";
import { facetQuery } from "#common/schemas/lists.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import {
  facetValuesOf,
  FacetFilters,
  type FacetValues,
  isNarrowed,
  narrowingOf,
  toolsPath,
} from "../components/facets.tsx";
import type { Translate } from "#common/i18n/translate.ts";
import { SponsorSlot } from "../components/sponsored.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { useRootData } from "../root-data.ts";
import { itemListLd, pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/tools";
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import { toolPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: QUERY_PARAMS.tools } } satisfies PageCacheHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(facetQuery, url);
  const { cursor, limit, sort } = query;
  const category = query.category ? await context.services.categories.findCategoryBySlug(query.category) : undefined;
  if (query.category && !category)
    throw data(wordsFor(context.locale).t("tools.unknownCategory", { slug: query.category }), { status: 400 });
  const narrowing = narrowingOf(query, category);
  const { tools } = context.services;
  const [page, facets, scored] = await Promise.all([
    tools.listTools({ ...narrowing, sort, cursor, limit }),
    tools.countToolFacets(narrowing),
    // Sorted by a score nothing has yet, the list is the newest: the page says so (one index read, a row at most).
    sort === "rising"
      ? tools.listRisingTools({ limit: 1 })
      : sort === "trending"
        ? tools.listTrendingTools({ limit: 1 })
        : null,
  ]);
  const filters = facetValuesOf(query, category);
  const nothingScored = scored !== null && scored.length === 0;
  return { page, facets, filters, categoryLabel: category?.label ?? null, nothingScored };
}

/** The page's title and a sentence for it, from the filters: "Free tools in Design tagged #seo", "most viewed first". */
function describe(t: Translate, { filters, categoryLabel }: { filters: FacetValues; categoryLabel: string | null }) {
  const isFiltered = isNarrowed({ ...filters, sort: "newest" });
  const subject = t("tools.subject", {
    featured: filters.featured ? "yes" : "no",
    // A select's choices are words: "open-source" is said openSource.
    payment: filters.payment === "open-source" ? "openSource" : (filters.payment ?? "none"),
    hasCategory: categoryLabel ? "yes" : "no",
    category: categoryLabel ?? "",
    hasTag: filters.tag ? "yes" : "no",
    tag: filters.tag ?? "",
    hasVerified: filters.verified ? "yes" : "no",
    days: filters.verified ?? 0,
  });
  const order = t("sort.order", { sort: filters.sort ?? "newest" });
  const title = isFiltered ? subject : t("tools.title");
  return {
    title: filters.sort === "newest" ? title : t("tools.titleSorted", { title, order }),
    summary: t("tools.summary", { subject: isFiltered ? subject : t("tools.everyTool"), order }),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, t, pageUrl }) => {
    if (!loaderData) return undefined;
    const { title, summary } = describe(t, loaderData);
    return {
      title,
      description: t("tools.description", { summary, siteName }),
      // A filtered or sorted view is a near-duplicate of /tools: not indexed, and /tools is its canonical address (decision 034).
      path: "/tools",
      noindex: isNarrowed(loaderData.filters),
      extra: [
        itemListLd(
          pageUrl,
          title,
          loaderData.page.tools.map((tool) => ({ name: tool.name, path: toolPath(tool.slug) })),
        ),
      ],
    };
  });

export default function Tools({ loaderData }: Route.ComponentProps) {
  const { categories } = useRootData();
  const { page, facets, filters } = loaderData;
  const isFiltered = isNarrowed({ ...filters, sort: "newest" });
  const t = useT();

  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{t("tools.title")}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">{describe(t, loaderData).summary}</p>
        {loaderData.nothingScored && (
          <p data-testid="nothing-scored" className="mt-2 max-w-2xl text-sm text-slate-600">
            {t("tools.nothingScored", { sort: filters.sort === "rising" ? "rising" : "trending" })}
          </p>
        )}
      </header>

      {/* Remounted when the filters change, so its selects show the URL's values after any navigation. */}
      <FacetFilters key={toolsPath(filters)} action="/tools" values={filters} facets={facets} categories={categories} />

      <section aria-labelledby="tools-heading" className="mt-8">
        {/* The cards' names are h3: a heading of their own keeps the outline whole for screen readers. */}
        <h2 id="tools-heading" className="sr-only">
          {t("tools.heading")}
        </h2>
        {page.tools.length > 0 ? (
          <ToolGrid tools={page.tools} extra={<SponsorSlot placement="list-slot" testId="sponsored-slot" />} />
        ) : isFiltered ? (
          <EmptyState title={t("lists.noMatch")}>
            <Link to="/tools" className="font-medium text-brand-700 hover:underline">
              {t("facets.clear")}
            </Link>{" "}
            {t("tools.clearToSeeAll")}
          </EmptyState>
        ) : (
          <EmptyState title={t("latest.empty")}>
            {t("latest.emptyHint")}{" "}
            <Link to="/add-tool" className="font-medium text-brand-700 hover:underline">
              {t("latest.addIt")}
            </Link>
          </EmptyState>
        )}
        <Pager nextCursor={page.nextCursor} />
      </section>
    </main>
  );
}
