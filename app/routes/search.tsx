/**
 * Search results (SPEC section 2: /search/{text}): the spec's matches, ranked with full-text search. The search is
 * recorded from the page view the browser sends, with how many tools the page found, as a tool's view is.
 */
import { redirect } from "react-router";
import { Link } from "../components/link.tsx";
import { MAX_SEARCH_LENGTH } from "#common/constants.ts";
import { pageQuery } from "#common/schemas/lists.ts";
import { slugify } from "#common/slugify.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { useRootData } from "../root-data.ts";
import { itemListLd, pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/search";
import type { PageCacheHandle } from "#common/page-cache.ts";
import type { PageviewHandle } from "../analytics.ts";
import { categoryPath, searchPath, toolPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = {
  pageCache: { params: ["cursor"] },
  pageviewProps: (data: unknown) => ({ results: (data as Route.ComponentProps["loaderData"]).page.tools.length }),
} satisfies PageCacheHandle & PageviewHandle;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  // Only slugs are searched: any other text is sent to its slug, as the search box does.
  const slug = slugify(params.text).slice(0, MAX_SEARCH_LENGTH).replace(/-+$/, "");
  if (!slug) throw redirect("/");
  if (slug !== params.text) throw redirect(searchPath(slug));

  const query = parseSearchParams(pageQuery, url);
  const page = await context.services.search.searchTools(slug, { cursor: query.cursor });
  return { text: slug, phrase: slug.replaceAll("-", " "), page };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteUrl }) => {
    if (!loaderData) return undefined;
    const { text, phrase, page } = loaderData;
    return {
      title: `${phrase}: tools for indie makers`,
      description: `The best tools for indie developers and solopreneurs matching “${phrase}”, hand-curated and ranked by relevance.`,
      path: searchPath(text),
      noindex: page.tools.length === 0,
      extra: [itemListLd(siteUrl, `Tools matching “${phrase}”`, page.tools.map((tool) => ({ name: tool.name, path: toolPath(tool.slug) })))],
    };
  });

export default function Search({ loaderData }: Route.ComponentProps) {
  const { phrase, page } = loaderData;
  const { user, categories } = useRootData();
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">
        Tools for “<span className="text-brand-700">{phrase}</span>”
      </h1>
      {page.tools.length > 0 ? (
        <section aria-labelledby="results-heading" className="mt-8">
          {/* The cards' names are h3: a heading of their own keeps the outline whole for screen readers. */}
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <ToolGrid tools={page.tools} user={user} />
          <Pager nextCursor={page.nextCursor} />
        </section>
      ) : (
        <div className="mt-8">
          <EmptyState title={`No tool matches “${phrase}”.`}>Try another word, or browse a category:</EmptyState>
          <ul className="mt-6 flex flex-wrap justify-center gap-2" aria-label="Categories">
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={categoryPath(category.slug)} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:border-slate-400">
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
