/** A technology top-list (docs/product.md §2: /top-react-tools and the others): its own words, then the tools its search finds. */
import { useT } from "../i18n.tsx";
import { data } from "react-router";
import { Link } from "../components/link.tsx";
import { TOP_LIST_TOOLS } from "#common/constants.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { ogImagePath, ogTopListImage } from "#common/og-image.ts";
import { breadcrumbLd, itemListLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/top-list";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { searchPath, toolPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  // The route's own word, whatever the language's prefix: /fr/top-react-tools is /top-react-tools in French.
  const page = await context.services.topLists.findTopList(`/${params.page}`);
  // Any address of one word reaches this page: one that is no top-list is the site's ordinary 404.
  if (!page) throw data(null, { status: 404 });
  // A top-list stays on topic: only tools named or tagged with its words. The wider search is one link away.
  const { tools } = await context.services.search.searchTools(page.search, { limit: TOP_LIST_TOOLS, exact: true });
  return { page, tools };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, t, pageUrl }) => {
    if (!loaderData) return undefined;
    const { page, tools } = loaderData;
    return {
      title: page.seo.title,
      description: page.seo.description,
      path: page.path,
      image: ogImagePath(ogTopListImage(page, tools.length), siteName),
      extra: [
        breadcrumbLd(pageUrl, [
          { name: t("tool.home"), path: "/" },
          { name: page.label, path: page.path },
        ]),
        itemListLd(
          pageUrl,
          page.title,
          tools.map((tool) => ({ name: tool.name, path: toolPath(tool.slug) })),
        ),
      ],
    };
  });

export default function TopList({ loaderData }: Route.ComponentProps) {
  const { page, tools } = loaderData;
  const [intro, ...rest] = page.sections;
  const t = useT();
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">{page.title}</h1>
        <p className="mt-3 text-lg text-slate-600">{page.subtitle}</p>
        {page.image && <img src={page.image} alt="" className="mx-auto mt-6 max-h-64 rounded-xl" />}
      </header>

      {intro && <Section heading={intro.heading} html={intro.html} />}

      <section aria-labelledby="list-heading" className="mt-10">
        <h2 id="list-heading" className="mb-4 text-2xl font-bold tracking-tight">
          {t("topList.tools")}
        </h2>
        {tools.length > 0 ? (
          <ToolGrid tools={tools} />
        ) : (
          <EmptyState title={t("topList.empty")}>
            <Link to="/add-tool" className="font-medium text-brand-700 hover:underline">
              {t("topList.addYours")}
            </Link>
          </EmptyState>
        )}
        <p className="mt-6 text-center">
          <Link to={searchPath(page.search)} className="font-medium text-brand-700 hover:underline">
            {t("topList.searchAll", { words: page.search.replaceAll("-", " ") })}
          </Link>
        </p>
      </section>

      {rest.map((section) => (
        <Section key={section.heading} heading={section.heading} html={section.html} />
      ))}
    </main>
  );
}

function Section({ heading, html }: { heading: string; html: string }) {
  return (
    <section className="mx-auto mt-10 max-w-3xl">
      <h2 className="mb-3 text-2xl font-bold tracking-tight">{heading}</h2>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
