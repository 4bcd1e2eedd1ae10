/**
 * /compare/{a}-vs-{b}: two live tools side by side (decision 032). The pair has one address, its slugs in alphabetical
 * order: the other order, or an old slug of a renamed tool, is redirected to it (301). The same tool twice leads to its
 * alternatives; an unknown or hidden tool is a 404. The rows are what helps choose: pricing, rating and likes, categories
 * and tags, pros and cons, and the links; the two heads are laid out alike, logo above name, whatever the logo is.
 */
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { ToolLogo } from "../components/tool-logo.tsx";
import { data, redirect } from "react-router";
import type { ReactNode } from "react";
import { Link } from "../components/link.tsx";
import { comparedToolIds } from "#common/ids.ts";
import { MESSAGES } from "#common/messages.ts";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { alternativesPath, categoryPath, comparePath, tagPath, toolPath, toolReviewsPath } from "#common/page-paths.ts";
import type { ToolDetail } from "#server/tools/read/queries.ts";
import { OutboundLink } from "../components/outbound-link.tsx";
import { breadcrumbLd, itemListLd, pageMeta } from "../seo.ts";
import { paymentKey } from "#common/i18n/labels.ts";
import type { PlainKey, Words } from "#common/i18n/translate.ts";
import { useT, useWords } from "../i18n.tsx";
import { Stars } from "../components/reviews.tsx";
import type { Route } from "./+types/compare";

/** Visitors get this page from the page cache: it depends on both tools, and shows their counters. */
export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  const ids = comparedToolIds(params.pair);
  if (!ids) throw data(MESSAGES.tool.notFoundBySlug, { status: 404 });
  const { tools } = context.services;
  const [a, b] = await Promise.all([tools.findPublicToolById(ids.a), tools.findPublicToolById(ids.b)]);
  if (!a || !b) throw data(MESSAGES.tool.notFoundBySlug, { status: 404 });
  if (a.id === b.id) throw redirect(alternativesPath(a.slug), 301);
  const canonical = comparePath(a.slug, b.slug);
  if (`/compare/${params.pair}` !== canonical) throw redirect(canonical, 301);
  return { tools: a.slug < b.slug ? [a, b] : [b, a] };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t, pageUrl }) => {
    if (!loaderData) return undefined;
    const [a, b] = loaderData.tools as [ToolDetail, ToolDetail];
    const path = comparePath(a.slug, b.slug);
    const title = t("compare.title", { a: a.name, b: b.name });
    return {
      title: t("compare.metaTitle", { a: a.name, b: b.name }),
      description: t("compare.description", { a: a.name, aDesc: a.shortDesc, b: b.name, bDesc: b.shortDesc }).slice(
        0,
        300,
      ),
      path,
      extra: [
        breadcrumbLd(pageUrl, [
          { name: t("tool.home"), path: "/" },
          { name: a.name, path: toolPath(a.slug) },
          { name: title, path },
        ]),
        itemListLd(pageUrl, title, [
          { name: a.name, path: toolPath(a.slug) },
          { name: b.name, path: toolPath(b.slug) },
        ]),
      ],
    };
  });

/** What a cell says when the tool has nothing to show there. */
const noneClass = "text-slate-600 italic";

function List({ items }: { items: readonly ReactNode[] }) {
  const t = useT();
  if (items.length === 0) return <span className={noneClass}>{t("compare.noneListed")}</span>;
  return (
    <ul className="list-disc space-y-1 pl-5">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** The rows of the comparison, each a label and what each tool has. */
const ROWS: { label: PlainKey; cell: (tool: ToolDetail, words: Words) => ReactNode }[] = [
  {
    label: "compare.pricing",
    cell: (tool, { t }) => {
      const pricing = paymentKey(tool.paymentType);
      return pricing ? t(pricing) : tool.paymentType;
    },
  },
  {
    label: "compare.rating",
    cell: (tool, { t, number }) =>
      tool.rating.average === null ? (
        <span className={noneClass}>{t("compare.noReview")}</span>
      ) : (
        <Link
          to={toolReviewsPath(tool.slug)}
          data-testid="compare-rating"
          className="inline-flex flex-wrap items-center gap-2 hover:underline"
        >
          <Stars rating={tool.rating.average} />
          <span>{t("compare.ratingFrom", { average: number(tool.rating.average), count: tool.rating.count })}</span>
        </Link>
      ),
  },
  {
    label: "compare.likes",
    cell: (tool, { t }) => <span data-testid="compare-likes">{t("compare.likeCount", { count: tool.likes })}</span>,
  },
  {
    label: "tool.categories",
    cell: (tool) => (
      <List
        items={tool.categories.map((category) => (
          <Link key={category.id} to={categoryPath(category.slug)} className="text-brand-700 hover:underline">
            {category.label}
          </Link>
        ))}
      />
    ),
  },
  {
    label: "tool.tags",
    cell: (tool, { t }) => (
      <p className="flex flex-wrap gap-2">
        {tool.tags.length === 0 && <span className={noneClass}>{t("compare.none")}</span>}
        {tool.tags.map((tag) => (
          <Link
            key={tag}
            to={tagPath(tag)}
            className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-200"
          >
            {`#${tag}`}
          </Link>
        ))}
      </p>
    ),
  },
  { label: "tool.pros", cell: (tool) => <List items={tool.pros ?? []} /> },
  { label: "tool.cons", cell: (tool) => <List items={tool.cons ?? []} /> },
  {
    label: "compare.links",
    cell: (tool, { t }) => (
      <p className="flex flex-col gap-1">
        <OutboundLink toolId={tool.id} website={tool.website} className="text-brand-700 hover:underline">
          {t("compare.website")} <span aria-hidden="true">↗</span>
        </OutboundLink>
        <Link to={toolPath(tool.slug)} className="text-brand-700 hover:underline">
          {t("compare.onThisSite", { name: tool.name })}
        </Link>
        <Link to={alternativesPath(tool.slug)} className="text-brand-700 hover:underline">
          {t("tool.alternativesTo", { name: tool.name })}
        </Link>
      </p>
    ),
  },
];

export default function Compare({ loaderData }: Route.ComponentProps) {
  const [a, b] = loaderData.tools as [ToolDetail, ToolDetail];
  const words = useWords();
  const { t } = words;
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <Breadcrumb trail={[{ to: toolPath(a.slug), label: a.name }]} current={t("compare.crumb")} />
      <h1 className="mb-8 text-4xl font-extrabold tracking-tight text-slate-900">
        {t("compare.title", { a: a.name, b: b.name })}
      </h1>
      <div className="overflow-x-auto">
        <table data-testid="comparison" className="w-full min-w-[36rem] table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">{t("compare.caption", { a: a.name, b: b.name })}</caption>
          <thead>
            <tr>
              <td className="w-28" />
              {[a, b].map((tool) => (
                <th
                  key={tool.id}
                  scope="col"
                  data-testid="compare-head"
                  className="border-b border-slate-200 p-3 align-top"
                >
                  <div className="flex flex-col items-start gap-2">
                    <ToolLogo
                      name={tool.name}
                      logo={tool.logo}
                      color={tool.categories[0]?.color}
                      size={40}
                      className="h-10 w-10 rounded-lg border border-slate-200 bg-white object-cover"
                    />
                    <Link to={toolPath(tool.slug)} className="text-lg font-bold text-slate-900 hover:underline">
                      {tool.name}
                    </Link>
                    <p className="font-normal text-slate-600">{tool.shortDesc}</p>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label} className="border-b border-slate-100">
                <th scope="row" className="p-3 align-top font-medium text-slate-600">
                  {t(row.label)}
                </th>
                {[a, b].map((tool) => (
                  <td key={tool.id} className="p-3 align-top text-slate-800">
                    {row.cell(tool, words)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
