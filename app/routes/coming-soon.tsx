/**
 * /coming-soon: the verified tools held until the launch day their makers chose (decision 063), the soonest first,
 * keyset-paged. A tool leaves it when it launches, without a write: a page is kept until its first tool's moment.
 */
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import { COMING_SOON_PATH, toolPath } from "#common/page-paths.ts";
import { comingSoonQuery } from "#common/schemas/launches.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pager } from "../components/pager.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { orRefusalPage, parseSearchParams } from "../forms.ts";
import { useWords } from "../i18n.tsx";
import { breadcrumbLd, itemListLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/coming-soon";

/** Visitors get this page from the page cache until a launch changes or its first tool launches. */
export const handle = { pageCache: { params: QUERY_PARAMS.comingSoon } } satisfies PageCacheHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(comingSoonQuery, url);
  const page = await orRefusalPage(context.services.launches.listComingSoon({ cursor: query.cursor }));
  return { page, isLaterPage: Boolean(query.cursor) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ pageUrl, t }) => {
    if (!loaderData) return undefined;
    const title = t("comingSoon.title");
    return {
      title,
      description: t("comingSoon.description"),
      path: COMING_SOON_PATH,
      noindex: loaderData.isLaterPage || loaderData.page.tools.length === 0,
      extra: [
        breadcrumbLd(pageUrl, [
          { name: t("tool.home"), path: "/" },
          { name: title, path: COMING_SOON_PATH },
        ]),
        itemListLd(
          pageUrl,
          title,
          loaderData.page.tools.map((tool) => ({ name: tool.name, path: toolPath(tool.slug) })),
        ),
      ],
    };
  });

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { t, longDate } = useWords();
  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{t("comingSoon.title")}</h1>
        <p className="mt-3 text-lg text-slate-600">{t("comingSoon.description")}</p>
      </header>
      {page.tools.length > 0 ? (
        <>
          {/* The cards' names are h3: a heading of their own keeps the outline whole for screen readers. */}
          <h2 className="sr-only">{t("comingSoon.title")}</h2>
          <ToolGrid
            tools={page.tools}
            noteOf={(tool) => t("comingSoon.launches", { date: longDate(tool.launchAt.slice(0, 10)) })}
          />
        </>
      ) : (
        <EmptyState title={t("comingSoon.empty")} />
      )}
      <Pager nextCursor={page.nextCursor} />
    </main>
  );
}
