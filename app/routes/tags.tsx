/** /tags: every tag of a live tool with its number of tools, most used first, keyset-paged. */
import { Link } from "../components/link.tsx";
import { tagListQuery } from "#common/schemas/lists.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { itemListLd, pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/tags";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { tagPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: ["cursor"] } } satisfies PageCacheHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(tagListQuery, url);
  return { page: await context.services.tags.listTags({ cursor: query.cursor }) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    ({ siteName, siteUrl }) =>
      loaderData && {
        title: "Tags",
        description: `Every tag on ${siteName}, most used first: find tools for indie developers by what they do, from analytics to no-code.`,
        path: "/tags",
        extra: [
          itemListLd(
            siteUrl,
            `${siteName} tags`,
            loaderData.page.tags.map(({ tag }) => ({ name: `#${tag}`, path: tagPath(tag) })),
          ),
        ],
      },
  );

export default function Tags({ loaderData }: Route.ComponentProps) {
  const { tags, nextCursor } = loaderData.page;
  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Tags</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">Every tag of the directory's tools, most used first.</p>
      </header>

      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {tags.map(({ tag, count }) => (
            <li key={tag}>
              <Link
                to={tagPath(tag)}
                className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:border-slate-300 hover:bg-slate-50"
              >
                {`#${tag}`}
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                  {count}
                  <span className="sr-only">{count === 1 ? " tool" : " tools"}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No tags yet.">Tags appear here as soon as a published tool carries one.</EmptyState>
      )}
      <Pager nextCursor={nextCursor} />
    </main>
  );
}
