/**
 * /licence/{id}: the live tools under one licence (decision 060), by its SPDX id in lowercase, newest first,
 * keyset-paged, with the licence's kind and what it means. Open-source and source-available licences have a page; an
 * older id SPDX renamed (gpl-3.0) leads to the current one.
 */
import { data, redirect } from "react-router";
import { MESSAGES } from "#common/messages.ts";
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import { licencePath, toolPath } from "#common/page-paths.ts";
import { licenceToolsQuery } from "#common/schemas/lists.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { KIND_HINT_KEYS, LICENCE_KIND_KEYS } from "../components/fact-words.ts";
import { Link } from "../components/link.tsx";
import { Pager } from "../components/pager.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { parseSearchParams } from "../forms.ts";
import { useT } from "../i18n.tsx";
import { breadcrumbLd, itemListLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/licence";

/** Visitors get this page from the page cache: it depends on the licence's tools. */
export const handle = { pageCache: { params: QUERY_PARAMS.licence } } satisfies PageCacheHandle;

/** The list of every tool of a licence's kind: where the breadcrumb leads back. */
const kindListPath = (kind: string) => `/tools?licence=${kind}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { cursor } = parseSearchParams(licenceToolsQuery, url);
  const found = await context.services.tools.findLicencePage(params.id, { cursor });
  if (!found) throw data(MESSAGES.licence.notFound, { status: 404 });
  // Another case, or an older id: to the licence's own address (in the visitor's language, as every redirect).
  if (params.id !== found.licence.id.toLowerCase())
    throw redirect(`${licencePath(found.licence.id)}${url.search}`, 301);
  return { ...found, isLaterPage: cursor !== null && cursor !== undefined };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, pageUrl, t }) => {
    if (!loaderData) return undefined;
    const { licence, page, count, isLaterPage } = loaderData;
    const path = licencePath(licence.id);
    const title = t("licence.title", { name: licence.name });
    return {
      title,
      description: t("licence.description", { count, name: licence.name, id: licence.id, siteName }),
      path,
      // A later page, or a licence no tool has yet, is not indexed.
      noindex: isLaterPage || count === 0,
      extra: [
        breadcrumbLd(pageUrl, [
          { name: t("tool.home"), path: "/" },
          { name: t(LICENCE_KIND_KEYS[licence.kind]), path: kindListPath(licence.kind) },
          { name: licence.id, path },
        ]),
        itemListLd(
          pageUrl,
          title,
          page.tools.map((tool) => ({ name: tool.name, path: toolPath(tool.slug) })),
        ),
      ],
    };
  });

export default function LicencePage({ loaderData }: Route.ComponentProps) {
  const { licence, page, count } = loaderData;
  const t = useT();
  return (
    <main className="mx-auto max-w-7xl px-4">
      <header className="py-10 sm:py-12">
        <nav aria-label={t("tool.breadcrumb")} className="text-sm text-slate-500">
          <Link to={kindListPath(licence.kind)} className="hover:text-slate-900 hover:underline">
            {t(LICENCE_KIND_KEYS[licence.kind])}
          </Link>{" "}
          <span aria-hidden="true">›</span> {licence.id}
        </nav>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900">
          {t("licence.title", { name: licence.name })}
        </h1>
        <p className="mt-3 text-lg text-slate-600" data-testid="licence-summary">
          {t("licence.summary", { id: licence.id, count })}
        </p>
        <p className="mt-1 text-sm text-slate-500">{t(KIND_HINT_KEYS[licence.kind])}</p>
      </header>
      {page.tools.length > 0 ? (
        <>
          {/* The cards' names are h3: a heading of their own keeps the outline whole for screen readers. */}
          <h2 className="sr-only">{t("licence.title", { name: licence.name })}</h2>
          <ToolGrid tools={page.tools} />
        </>
      ) : (
        <EmptyState title={t("licence.empty")}>
          <Link to={kindListPath(licence.kind)} className="font-medium text-brand-700 hover:underline">
            {t("licence.browseKind", { kind: t(LICENCE_KIND_KEYS[licence.kind]) })}
          </Link>
        </EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </main>
  );
}
