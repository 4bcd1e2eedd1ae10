/** /tag/{slug}: the live tools carrying one tag, newest first, keyset-paged. */
import { FollowButton } from "../components/follow-button.tsx";
import { data } from "react-router";
import { Link } from "../components/link.tsx";
import { slugParam } from "#common/schemas/fields.ts";
import { tagFacetQuery } from "#common/schemas/lists.ts";
import { facetPath, facetValuesOf, FacetFilters, isNarrowed, narrowingOf } from "../components/facets.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { countOf } from "#common/plural.ts";
import { useRootData } from "../root-data.ts";
import { breadcrumbLd, itemListLd, pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/tag";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { tagPath, toolPath } from "#common/page-paths.ts";

const NOT_FOUND = "No tool carries this tag";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: ["sort", "category", "payment", "featured", "verified", "cursor", "limit"] } } satisfies PageCacheHandle;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const slug = slugParam.safeParse(params.slug);
  if (!slug.success) throw data(NOT_FOUND, { status: 404 });
  const query = parseSearchParams(tagFacetQuery, url);
  const category = query.category ? await context.services.categories.findCategoryBySlug(query.category) : undefined;
  if (query.category && !category) throw data(`There is no category with the address "${query.category}"`, { status: 400 });
  const narrowing = narrowingOf(query, category, slug.data);
  const [tag, page, facets] = await Promise.all([
    context.services.tags.findTag(slug.data),
    context.services.tools.listTools({ ...narrowing, sort: query.sort, cursor: query.cursor, limit: query.limit }),
    context.services.tools.countToolFacets(narrowing, { fixed: "tag" }),
  ]);
  if (!tag) throw data(NOT_FOUND, { status: 404 });
  return { tag, page, facets, filters: facetValuesOf(query, category, slug.data) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, siteUrl }) => {
    if (!loaderData) return undefined;
    const { tag, page, filters } = loaderData;
    const path = tagPath(tag.tag);
    const title = `Tools tagged #${tag.tag}`;
    return {
      title,
      description: `${countOf(tag.count, "hand-picked tool")} for indie developers and solopreneurs tagged #${tag.tag}, on ${siteName}.`,
      path,
      // A filtered or sorted view is not indexed; the tag is its canonical address (decision 034).
      noindex: isNarrowed(filters, "tag"),
      extra: [
        { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `#${tag.tag} on ${siteName}`, href: `${path}/rss.xml` },
        { tagName: "link", rel: "alternate", type: "application/feed+json", title: `#${tag.tag} on ${siteName}`, href: `${path}/feed.json` },
        breadcrumbLd(siteUrl, [
          { name: "Home", path: "/" },
          { name: "Tags", path: "/tags" },
          { name: `#${tag.tag}`, path },
        ]),
        itemListLd(
          siteUrl,
          title,
          page.tools.map((tool) => ({ name: tool.name, path: toolPath(tool.slug) })),
        ),
      ],
    };
  });

export default function Tag({ loaderData }: Route.ComponentProps) {
  const { categories } = useRootData();
  const { tag, page, facets, filters } = loaderData;
  const path = tagPath(tag.tag);
  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
          <Link to="/tags" className="hover:text-slate-900 hover:underline">
            Tags
          </Link>{" "}
          <span aria-hidden="true">›</span> {`#${tag.tag}`}
        </nav>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900">{`#${tag.tag}`}</h1>
        <p className="mt-3 text-lg text-slate-600">
          {countOf(tag.count, "tool")}.
        </p>
        <div className="mt-4">
          <FollowButton kind="tag" value={tag.tag} name={`#${tag.tag}`} />
        </div>
      </header>

      {/* Remounted when the filters change, so its fields show the URL's values after any navigation. */}
      <div className="mb-6">
        <FacetFilters key={facetPath(path, filters, "tag")} action={path} values={filters} facets={facets} categories={categories} fixed="tag" />
      </div>
      {page.tools.length > 0 ? (
        <>
          {/* The cards' names are h3: a heading of their own keeps the outline whole for screen readers. */}
          <h2 className="sr-only">{`Tools tagged #${tag.tag}`}</h2>
          <ToolGrid tools={page.tools} />
        </>
      ) : isNarrowed(filters, "tag") ? (
        <EmptyState title="No tool matches these filters">
          <Link to={path} className="font-medium text-brand-700 hover:underline">
            Clear the filters
          </Link>{" "}
          to see every tool with this tag.
        </EmptyState>
      ) : (
        <EmptyState title="No more tools with this tag." />
      )}
      <Pager nextCursor={page.nextCursor} />
    </main>
  );
}
