/** /tag/{slug}: the live tools carrying one tag, newest first, keyset-paged. */
import { MESSAGES } from "#common/messages.ts";
import { wordsFor } from "#common/i18n/words.ts";
import { useT } from "../i18n.tsx";
import { FollowButton } from "../components/follow-button.tsx";
import { data } from "react-router";
import { Link } from "../components/link.tsx";
import { slugParam } from "#common/schemas/fields.ts";
import { tagFacetQuery } from "#common/schemas/lists.ts";
import { facetPath, facetValuesOf, FacetFilters, isNarrowed, narrowingOf } from "../components/facets.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { useRootData } from "../root-data.ts";
import { breadcrumbLd, itemListLd, pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/tag";
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import { tagPath, toolPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: QUERY_PARAMS.tag } } satisfies PageCacheHandle;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const slug = slugParam.safeParse(params.slug);
  const { t } = wordsFor(context.locale);
  if (!slug.success) throw data(MESSAGES.feeds.noSuchTag, { status: 404 });
  const query = parseSearchParams(tagFacetQuery, url);
  const category = query.category ? await context.services.categories.findCategoryBySlug(query.category) : undefined;
  if (query.category && !category) throw data(t("tools.unknownCategory", { slug: query.category }), { status: 400 });
  const narrowing = narrowingOf(query, category, slug.data);
  const [tag, page, facets] = await Promise.all([
    context.services.tags.findTag(slug.data),
    context.services.tools.listTools({ ...narrowing, sort: query.sort, cursor: query.cursor, limit: query.limit }),
    context.services.tools.countToolFacets(narrowing, { fixed: "tag" }),
  ]);
  if (!tag) throw data(MESSAGES.feeds.noSuchTag, { status: 404 });
  return { tag, page, facets, filters: facetValuesOf(query, category, slug.data) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, pageUrl, t }) => {
    if (!loaderData) return undefined;
    const { tag, page, filters } = loaderData;
    const path = tagPath(tag.tag);
    const title = t("tag.title", { tag: tag.tag });
    const feed = t("category.feed", { name: `#${tag.tag}`, siteName });
    return {
      title,
      description: t("tag.description", { count: tag.count, tag: tag.tag, siteName }),
      path,
      // A filtered or sorted view is not indexed; the tag is its canonical address (decision 034).
      noindex: isNarrowed(filters, "tag"),
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
          { name: t("tags.title"), path: "/tags" },
          { name: `#${tag.tag}`, path },
        ]),
        itemListLd(
          pageUrl,
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
  const t = useT();
  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <nav aria-label={t("tool.breadcrumb")} className="text-sm text-slate-500">
          <Link to="/tags" className="hover:text-slate-900 hover:underline">
            {t("tags.title")}
          </Link>{" "}
          <span aria-hidden="true">›</span> {`#${tag.tag}`}
        </nav>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900">{`#${tag.tag}`}</h1>
        <p className="mt-3 text-lg text-slate-600">{t("tag.count", { count: tag.count })}</p>
        <div className="mt-4">
          <FollowButton kind="tag" value={tag.tag} name={`#${tag.tag}`} />
        </div>
      </header>

      {/* Remounted when the filters change, so its fields show the URL's values after any navigation. */}
      <div className="mb-6">
        <FacetFilters
          key={facetPath(path, filters, "tag")}
          action={path}
          values={filters}
          facets={facets}
          categories={categories}
          fixed="tag"
        />
      </div>
      {page.tools.length > 0 ? (
        <>
          {/* The cards' names are h3: a heading of their own keeps the outline whole for screen readers. */}
          <h2 className="sr-only">{t("tag.title", { tag: tag.tag })}</h2>
          <ToolGrid tools={page.tools} />
        </>
      ) : isNarrowed(filters, "tag") ? (
        <EmptyState title={t("lists.noMatch")}>
          <Link to={path} className="font-medium text-brand-700 hover:underline">
            {t("facets.clear")}
          </Link>{" "}
          {t("tag.clearToSeeAll")}
        </EmptyState>
      ) : (
        <EmptyState title={t("tag.empty")} />
      )}
      <Pager nextCursor={page.nextCursor} />
    </main>
  );
}
