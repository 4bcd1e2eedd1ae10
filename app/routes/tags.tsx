/** /tags: every tag of a live tool with its number of tools, most used first, keyset-paged. */
import { useWords } from "../i18n.tsx";
import { Link } from "../components/link.tsx";
import { tagListQuery } from "#common/schemas/lists.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { itemListLd, pageMeta } from "../seo.ts";
import { parseSearchParams } from "../forms.ts";
import type { Route } from "./+types/tags";
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import { tagPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: QUERY_PARAMS.tags } } satisfies PageCacheHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(tagListQuery, url);
  return { page: await context.services.tags.listTags({ cursor: query.cursor }) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    ({ siteName, t, pageUrl }) =>
      loaderData && {
        title: t("tags.title"),
        description: t("tags.description", { siteName }),
        path: "/tags",
        extra: [
          itemListLd(
            pageUrl,
            t("tags.listName", { siteName }),
            loaderData.page.tags.map(({ tag }) => ({ name: `#${tag}`, path: tagPath(tag) })),
          ),
        ],
      },
  );

export default function Tags({ loaderData }: Route.ComponentProps) {
  const { tags, nextCursor } = loaderData.page;
  const { t, number } = useWords();
  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{t("tags.title")}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">{t("tags.intro")}</p>
      </header>

      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("tags.title")}>
          {tags.map(({ tag, count }) => (
            <li key={tag}>
              <Link
                to={tagPath(tag)}
                className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:border-slate-300 hover:bg-slate-50"
              >
                {`#${tag}`}
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                  {number(count)}
                  <span className="sr-only">{t("tags.toolsSuffix", { count })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t("tags.empty")}>{t("tags.emptyHint")}</EmptyState>
      )}
      <Pager nextCursor={nextCursor} />
    </main>
  );
}
