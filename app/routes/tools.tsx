/** /tools: every live tool, sorted and filtered by category, tag and pricing from the URL, one keyset page at a time. */
import { data } from "react-router";
import { Link } from "../components/link.tsx";
import { facetQuery } from "#common/schemas/lists.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { facetValuesOf, FacetFilters, type FacetValues, isNarrowed, narrowingOf, PAYMENT_LABELS, toolsPath } from "../components/facets.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { useRootData } from "../root-data.ts";
import { itemListLd, pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/tools";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { toolPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: ["sort", "category", "tag", "payment", "featured", "verified", "cursor", "limit"] } } satisfies PageCacheHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(facetQuery, url);
  const { cursor, limit, sort } = query;
  const category = query.category ? await context.services.categories.findCategoryBySlug(query.category) : undefined;
  if (query.category && !category) throw data(`There is no category with the address "${query.category}"`, { status: 400 });
  const narrowing = narrowingOf(query, category);
  const [page, facets] = await Promise.all([
    context.services.tools.listTools({ ...narrowing, sort, cursor, limit }),
    context.services.tools.countToolFacets(narrowing),
  ]);
  const filters = facetValuesOf(query, category);
  return { page, facets, filters, categoryLabel: category?.label ?? null };
}

const SORT_PHRASES = { newest: "newest first", views: "most viewed first", clicks: "most clicked first", verified: "recently verified first", name: "by name, A to Z", likes: "most liked first", trending: "trending first" } as const;

/** The page's title and a sentence for it, from the filters: "Free tools in Design tagged #seo", "most viewed first". */
function describe({ filters, categoryLabel }: { filters: FacetValues; categoryLabel: string | null }) {
  const isFiltered = isNarrowed({ ...filters, sort: "newest" });
  const subject = [
    filters.featured ? "Featured " : "",
    filters.payment ? `${filters.featured ? PAYMENT_LABELS[filters.payment].toLowerCase() : PAYMENT_LABELS[filters.payment]} tools` : filters.featured ? "tools" : "Tools",
    categoryLabel ? ` in ${categoryLabel}` : "",
    filters.tag ? ` tagged #${filters.tag}` : "",
    filters.verified ? `, verified in the last ${filters.verified} days` : "",
  ].join("");
  const order = SORT_PHRASES[filters.sort ?? "newest"];
  const title = isFiltered ? subject : "All tools";
  return {
    title: filters.sort === "newest" ? title : `${title}, ${order}`,
    summary: `${isFiltered ? subject : "Every tool in the directory"}, ${order}.`,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, siteUrl }) => {
    if (!loaderData) return undefined;
    const { title, summary } = describe(loaderData);
    return {
      title,
      description: `${summary} Hand-picked tools for indie developers and solopreneurs, on ${siteName}.`,
      // A filtered or sorted view is a near-duplicate of /tools: not indexed, and /tools is its canonical address (decision 034).
      path: "/tools",
      noindex: isNarrowed(loaderData.filters),
      extra: [
        itemListLd(
          siteUrl,
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

  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">All tools</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">{describe(loaderData).summary}</p>
      </header>

      {/* Remounted when the filters change, so its selects show the URL's values after any navigation. */}
      <FacetFilters key={toolsPath(filters)} action="/tools" values={filters} facets={facets} categories={categories} />

      <section aria-labelledby="tools-heading" className="mt-8">
        {/* The cards' names are h3: a heading of their own keeps the outline whole for screen readers. */}
        <h2 id="tools-heading" className="sr-only">
          Tools
        </h2>
        {page.tools.length > 0 ? (
          <ToolGrid tools={page.tools} />
        ) : isFiltered ? (
          <EmptyState title="No tool matches these filters">
            <Link to="/tools" className="font-medium text-brand-700 hover:underline">
              Clear the filters
            </Link>{" "}
            to see every tool.
          </EmptyState>
        ) : (
          <EmptyState title="No tools here yet.">
            Know a tool indie makers would love?{" "}
            <Link to="/add-tool" className="font-medium text-brand-700 hover:underline">
              Add it
            </Link>
            .
          </EmptyState>
        )}
        <Pager nextCursor={page.nextCursor} />
      </section>
    </main>
  );
}
