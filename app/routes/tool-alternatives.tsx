/**
 * /tool/{slug}/alternatives: the live tools closest to one tool (decisions 032 and 059), ranked by what they share with
 * it, each saying what, with an introduction made from those figures and links to compare each.
 * /tool/{slug}/alternatives/open-source: the same among the open-source tools alone (decision 060).
 */
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { data } from "react-router";
import { Link } from "../components/link.tsx";
import { MESSAGES } from "#common/messages.ts";
import { TOOL_PAGE_ALTERNATIVES } from "#common/constants.ts";
import type { Words } from "#common/i18n/translate.ts";
import { useWords } from "../i18n.tsx";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { alternativesPath, categoryPath, comparePath, toolPath } from "#common/page-paths.ts";
import type { Alternatives } from "#server/tools/read/alternatives.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { alternativeReason } from "../components/alternative-reason.ts";
import { breadcrumbLd, itemListLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/tool-alternatives";
import { publicToolOrAnswer } from "../tool-address.ts";

/** Visitors get this page from the page cache: it depends on the tool, its categories' and tags' tools, and the counters. */
export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

/** Which alternatives the address asks for: every licence, or open source alone; null for any other word. */
function licenceOf(segment: string | undefined): "open-source" | undefined | null {
  if (segment === undefined) return undefined;
  return segment === "open-source" ? segment : null;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { tools } = context.services;
  const licence = licenceOf(params.licence);
  if (licence === null) throw data(MESSAGES.tool.notFoundBySlug, { status: 404 });
  const tool = publicToolOrAnswer(await tools.findPublicToolByAddress(params.slug), (slug) =>
    alternativesPath(slug, licence),
  );
  const found = await tools.listAlternatives(tool, { scope: licence ?? "any" });
  return {
    tool: { id: tool.id, name: tool.name, slug: tool.slug, categories: tool.categories, tags: tool.tags },
    licence,
    ...found,
  };
}

/**
 * The page's introduction, from the figures only: how many tools share a category with the tool (at least so many, when
 * its categories hold more than the alternatives are ranked among), the most viewed of those listed when it has been
 * viewed, and why there are few when there are.
 */
export function alternativesIntro(
  { t, list }: Words,
  tool: { name: string; categories: { label: string }[] },
  { alternatives, total, isTotalExact, licence }: Alternatives & { licence?: "open-source" },
): string {
  const isOpenSource = licence === "open-source";
  if (total === 0 || alternatives.length === 0)
    return t(isOpenSource ? "alternatives.openSourceNone" : "alternatives.none", { name: tool.name });
  const labels = tool.categories.map((category) => category.label);
  const mostViewed = alternatives.reduce((best, tool) => (tool.views > best.views ? tool : best), alternatives[0]!);
  const intro = t(isOpenSource ? "alternatives.openSourceIntro" : "alternatives.intro", {
    exact: isTotalExact ? "yes" : "no",
    total,
    name: tool.name,
    categoryCount: labels.length,
    categories: list(labels),
    // A most viewed tool with no view says nothing.
    hasViews: mostViewed.views > 0 ? "yes" : "no",
    mostViewed: mostViewed.name,
    views: mostViewed.views,
  });
  return alternatives.length < FEW_ALTERNATIVES ? `${intro} ${t("alternatives.few", { name: tool.name })}` : intro;
}

/** Fewer alternatives than a tool page's row of them: the page says why there are so few. */
const FEW_ALTERNATIVES = TOOL_PAGE_ALTERNATIVES;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, (site) => {
    const { pageUrl, t } = site;
    if (!loaderData) return undefined;
    const { tool, alternatives, licence } = loaderData;
    const path = alternativesPath(tool.slug, licence);
    const title = titleOf(t, tool.name, licence);
    return {
      title,
      description: alternativesIntro(site, tool, loaderData),
      path,
      noindex: alternatives.length === 0,
      extra: [
        breadcrumbLd(pageUrl, [
          { name: t("tool.home"), path: "/" },
          { name: tool.name, path: toolPath(tool.slug) },
          { name: t("alternatives.crumb"), path: alternativesPath(tool.slug) },
          ...(licence ? [{ name: t("alternatives.openSourceCrumb"), path }] : []),
        ]),
        itemListLd(
          pageUrl,
          title,
          alternatives.map((alternative) => ({ name: alternative.name, path: toolPath(alternative.slug) })),
        ),
      ],
    };
  });

/** The page's title: the best alternatives to the tool, or its open-source alternatives. */
const titleOf = (t: Words["t"], name: string, licence: "open-source" | undefined) =>
  t(licence ? "alternatives.openSourceTitle" : "alternatives.title", { name });

export default function ToolAlternatives({ loaderData }: Route.ComponentProps) {
  const { tool, alternatives, licence } = loaderData;
  const words = useWords();
  const { t } = words;
  const toToolPage = { to: toolPath(tool.slug), label: tool.name };
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <Breadcrumb
        trail={
          licence ? [toToolPage, { to: alternativesPath(tool.slug), label: t("alternatives.crumb") }] : [toToolPage]
        }
        current={t(licence ? "alternatives.openSourceCrumb" : "alternatives.crumb")}
      />
      <header className="mb-8">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{titleOf(t, tool.name, licence)}</h1>
        <p data-testid="alternatives-intro" className="mt-3 max-w-3xl text-lg text-slate-600">
          {alternativesIntro(words, tool, loaderData)}
        </p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <Link
            to={licence ? alternativesPath(tool.slug) : alternativesPath(tool.slug, "open-source")}
            className="font-medium text-brand-700 hover:underline"
            data-testid="alternatives-licence-switch"
          >
            {t(licence ? "alternatives.everyLicence" : "alternatives.onlyOpenSource", { name: tool.name })}
          </Link>
          {tool.categories.map((category) => (
            <Link key={category.id} to={categoryPath(category.slug)} className="text-brand-700 hover:underline">
              {t("alternatives.moreIn", { category: category.label })}
            </Link>
          ))}
        </p>
      </header>
      {alternatives.length > 0 ? (
        <>
          {/* The cards' names are h3: a heading of their own keeps the outline whole for screen readers. */}
          <h2 className="sr-only">{t("tool.alternativesTo", { name: tool.name })}</h2>
          <ToolGrid tools={alternatives} noteOf={(other) => alternativeReason(words, tool.categories, other)} />
          <section aria-labelledby="compare-heading" className="mt-12">
            <h2 id="compare-heading" className="mb-4 text-2xl font-bold tracking-tight">
              {t("alternatives.compareWith", { name: tool.name })}
            </h2>
            <ul className="flex flex-wrap gap-2" data-testid="alternatives-comparisons">
              {alternatives.map((alternative) => (
                <li key={alternative.id}>
                  <Link
                    to={comparePath(tool.slug, alternative.slug)}
                    className="inline-block rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:bg-slate-50"
                  >
                    {t("tool.versus", { name: tool.name, other: alternative.name })}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : (
        <EmptyState title={t(licence ? "alternatives.openSourceEmpty" : "alternatives.empty")}>
          <Link to="/tools" className="text-brand-700 hover:underline">
            {t("alternatives.browseAll")}
          </Link>
        </EmptyState>
      )}
    </main>
  );
}
