/** /category/{slug}: a category's heading and description, its featured tools first, then all of its tools, newest first. */
import { wordsFor } from "#common/i18n/words.ts";
import { useT } from "../i18n.tsx";
import { FollowButton } from "../components/follow-button.tsx";
import { data, redirect } from "react-router";
import { Link } from "../components/link.tsx";
import { slugParam } from "#common/schemas/fields.ts";
import { categoryFacetQuery } from "#common/schemas/lists.ts";
import { facetPath, facetValuesOf, FacetFilters, isNarrowed, narrowingOf } from "../components/facets.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { SponsorSlot } from "../components/sponsored.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { useRootData } from "../root-data.ts";
import { ogCategoryImage, ogImagePath } from "#common/og-image.ts";
import { breadcrumbLd, itemListLd, pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/category";
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import { categoryPath, toolPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: QUERY_PARAMS.category } } satisfies PageCacheHandle;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const slug = slugParam.safeParse(params.slug);
  const notFound = () => data(wordsFor(context.locale).t("category.notFound"), { status: 404 });
  if (!slug.success) throw notFound();
  const query = parseSearchParams(categoryFacetQuery, url);
  const category = await context.services.categories.findCategoryPage(slug.data);
  if (!category) {
    // A category whose slug an admin changed: its old links lead to its new address.
    const moved = await context.services.categories.findMovedCategorySlug(slug.data);
    if (moved) throw redirect(`${categoryPath(moved)}${url.search}`, 301);
    throw notFound();
  }
  const { cursor, limit, sort } = query;
  const filters = facetValuesOf(query, category);
  const narrowing = narrowingOf(query, category);
  const [featured, page, facets] = await Promise.all([
    // Featured tools top the plain first page; later pages and filtered views list the tools only.
    cursor || isNarrowed(filters, "category")
      ? Promise.resolve([])
      : context.services.tools.listCategoryFeaturedTools(category.id),
    context.services.tools.listTools({ ...narrowing, sort, cursor, limit }),
    context.services.tools.countToolFacets(narrowing, { fixed: "category" }),
  ]);
  return { category, featured, page, facets, filters };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, t, pageUrl }) => {
    if (!loaderData) return undefined;
    const { category, featured, page, filters } = loaderData;
    const path = categoryPath(category.slug);
    const title = t("category.title", { category: category.label });
    const feed = t("category.feed", { name: category.label, siteName });
    return {
      title,
      description: category.description || t("category.description", { category: category.label, siteName }),
      path,
      image: ogImagePath(ogCategoryImage(category), siteName),
      // A filtered or sorted view is not indexed; the category is its canonical address (decision 034).
      noindex: isNarrowed(filters, "category"),
      extra: [
        {
          tagName: "link",
          rel: "alternate",
          type: "application/rss+xml",
          title: feed,
          href: pageUrl(`${path}/rss.xml`),
        },
        {
          tagName: "link",
          rel: "alternate",
          type: "application/feed+json",
          title: feed,
          href: pageUrl(`${path}/feed.json`),
        },
        breadcrumbLd(pageUrl, [
          { name: t("tool.home"), path: "/" },
          { name: t("categories.title"), path: "/categories" },
          { name: category.label, path },
        ]),
        itemListLd(
          pageUrl,
          title,
          [...featured, ...page.tools.filter((tool) => !featured.some((shown) => shown.id === tool.id))].map(
            (tool) => ({
              name: tool.name,
              path: toolPath(tool.slug),
            }),
          ),
        ),
      ],
    };
  });

export default function Category({ loaderData }: Route.ComponentProps) {
  const { categories } = useRootData();
  const { category, featured, page, facets, filters } = loaderData;
  const path = categoryPath(category.slug);
  const t = useT();

  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <nav aria-label={t("tool.breadcrumb")} className="text-sm text-slate-500">
          <Link to="/categories" className="hover:text-slate-900 hover:underline">
            {t("categories.title")}
          </Link>{" "}
          <span aria-hidden="true">›</span> {category.label}
        </nav>
        <h1 className="mt-2 flex items-center gap-3 text-4xl font-extrabold tracking-tight text-slate-900">
          <span
            aria-hidden="true"
            className="h-5 w-5 shrink-0 rounded-full border border-black/10"
            style={{ backgroundColor: category.color }}
          />
          {category.label}
        </h1>
        {category.description && <p className="mt-3 max-w-2xl text-lg text-slate-600">{category.description}</p>}
        <p className="mt-2 text-sm text-slate-500">{t("lists.toolCount", { count: category.toolCount })}</p>
        <div className="mt-4">
          <FollowButton kind="category" value={category.id} name={category.label} />
        </div>
        {category.longDescriptionHtml && (
          <div className="prose mt-6 max-w-3xl" dangerouslySetInnerHTML={{ __html: category.longDescriptionHtml }} />
        )}
      </header>

      {featured.length > 0 && (
        <section aria-labelledby="featured-heading" className="mb-12">
          <h2 id="featured-heading" className="mb-4 text-2xl font-bold tracking-tight">
            {t("category.featured", { category: category.label })}
          </h2>
          <ToolGrid tools={featured} />
        </section>
      )}

      <section aria-labelledby="all-heading">
        <h2 id="all-heading" className="mb-4 text-2xl font-bold tracking-tight">
          {t("category.all", { category: category.label })}
        </h2>
        {/* Remounted when the filters change, so its fields show the URL's values after any navigation. */}
        <div className="mb-6">
          <FacetFilters
            key={facetPath(path, filters, "category")}
            action={path}
            values={filters}
            facets={facets}
            categories={categories}
            fixed="category"
          />
        </div>
        {page.tools.length > 0 ? (
          <ToolGrid tools={page.tools} extra={<SponsorSlot placement="list-slot" testId="sponsored-slot" />} />
        ) : isNarrowed(filters, "category") ? (
          <EmptyState title={t("lists.noMatch")}>
            <Link to={path} className="font-medium text-brand-700 hover:underline">
              {t("facets.clear")}
            </Link>{" "}
            {t("category.clearToSeeAll")}
          </EmptyState>
        ) : (
          <EmptyState title={t("category.empty")}>
            {t("category.knowOne")}{" "}
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
