/** The most searched texts (docs/product.md §2: /searches), each linking to its results. */
import { Link } from "../components/link.tsx";
import { searchesQuery } from "#common/schemas/lists.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { itemListLd, pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import { useT } from "../i18n.tsx";
import type { Route } from "./+types/searches";
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import { searchPath } from "#common/page-paths.ts";

/** The page of searches reads its cursor, a page of fixed size. */

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: QUERY_PARAMS.searches } } satisfies PageCacheHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(searchesQuery, url);
  return context.services.search.listSearches({ cursor: query.cursor });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t, pageUrl }) => ({
    title: t("searches.title"),
    description: t("searches.description"),
    path: "/searches",
    extra: [
      itemListLd(
        pageUrl,
        t("searches.heading"),
        (loaderData?.searches ?? []).map((search) => ({
          name: search.text.replaceAll("-", " "),
          path: searchPath(search.text),
        })),
      ),
    ],
  }));

export default function Searches({ loaderData }: Route.ComponentProps) {
  const { searches, nextCursor } = loaderData;
  const t = useT();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("searches.heading")}</h1>
      <p className="mt-2 text-slate-600">{t("searches.intro")}</p>
      {searches.length === 0 ? (
        <div className="mt-8">
          <EmptyState title={t("searches.empty")}>{t("searches.emptyHint")}</EmptyState>
        </div>
      ) : (
        <ol className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {searches.map((search) => (
            <li key={search.text} className="flex items-center justify-between gap-4 px-4 py-3">
              <Link to={searchPath(search.text)} className="font-medium text-brand-700 hover:underline">
                {search.text.replaceAll("-", " ")}
              </Link>
              <span className="text-sm text-slate-500">{t("searches.people", { count: search.visitors })}</span>
            </li>
          ))}
        </ol>
      )}
      <Pager nextCursor={nextCursor} />
    </main>
  );
}
