/** The most searched texts (SPEC section 2: /searches), each linking to its results. */
import { Link } from "../components/link.tsx";
import { pageQuery } from "#common/schemas/lists.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { itemListLd, pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import { formatNumber } from "#common/plural.ts";
import type { Route } from "./+types/searches";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { searchPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: ["cursor"] } } satisfies PageCacheHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(pageQuery.omit({ limit: true }), url);
  return context.services.search.listSearches({ cursor: query.cursor });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteUrl }) => ({
    title: "Most searched tools",
    description: "What indie developers and solopreneurs search for most on the directory, with the tools for each.",
    path: "/searches",
    extra: [itemListLd(siteUrl, "Most searched", (loaderData?.searches ?? []).map((search) => ({ name: search.text.replaceAll("-", " "), path: searchPath(search.text) })))],
  }));

export default function Searches({ loaderData }: Route.ComponentProps) {
  const { searches, nextCursor } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Most searched</h1>
      <p className="mt-2 text-slate-600">What people look for most on the directory, and find.</p>
      {searches.length === 0 ? (
        <div className="mt-8">
          <EmptyState title="No search is listed yet.">A search shows here once several people have made it and found tools.</EmptyState>
        </div>
      ) : (
        <ol className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {searches.map((search) => (
            <li key={search.text} className="flex items-center justify-between gap-4 px-4 py-3">
              <Link to={searchPath(search.text)} className="font-medium text-brand-700 hover:underline">
                {search.text.replaceAll("-", " ")}
              </Link>
              <span className="text-sm text-slate-500">
                {`${formatNumber(search.visitors)} ${search.visitors === 1 ? "person" : "people"}`}
              </span>
            </li>
          ))}
        </ol>
      )}
      <Pager nextCursor={nextCursor} />
    </main>
  );
}
