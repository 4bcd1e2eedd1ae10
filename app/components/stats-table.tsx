/** The dashboards' tables: a ranked list of things and their counts, and where visitors came from, said for people. */
import { withoutLocalePrefix } from "#common/locales.ts";
import { useT, useWords } from "../i18n.tsx";
import type { ReactNode } from "react";
import { BADGE_SOURCE } from "#common/badges.ts";
import { safeRedirect } from "#common/page-paths.ts";

export type StatsRow = { key: string; label: ReactNode; count: number };

/** A titled table of labels and counts, the largest first as the rows come; `empty` is said when there is no row. */
export function StatsTable({
  title,
  heading,
  countHeading,
  rows,
  empty,
  testId,
}: {
  title: string;
  /** The first column's heading (Page, Tool, Source...). */
  heading: string;
  countHeading: string;
  rows: StatsRow[];
  empty: string;
  testId?: string;
}) {
  const { number } = useWords();
  return (
    <section data-testid={testId} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      {rows.length > 0 ? (
        <table className="w-full text-left text-sm [&_td]:py-1.5 [&_th]:py-1.5">
          <caption className="mb-2 text-left text-base font-semibold text-slate-900">{title}</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="pr-4 font-medium">
                {heading}
              </th>
              <th scope="col" className="text-right font-medium">
                {countHeading}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="max-w-0 truncate pr-4 font-normal">
                  {row.label}
                </th>
                <td className="text-right tabular-nums">{number(row.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <>
          <h3 className="mb-2 font-semibold text-slate-900">{title}</h3>
          <p data-testid="stats-empty" className="text-sm text-slate-600">
            {empty}
          </p>
        </>
      )}
    </section>
  );
}

/** A count with its thousands separated, the same on the server and in every browser. */

/**
 * A referrer as a person reads it: '' is a visit with no referrer (typed, bookmarked); BADGE_SOURCE a visit from a tool's
 * badge; a path is one of our own pages, linked, and named when it is the home page or a search; anything else is
 * another site's host, shown as text.
 */
export function ReferrerSource({ source }: { source: string }) {
  const t = useT();
  if (!source) return <span className="text-slate-600">{t("source.direct")}</span>;
  if (source === BADGE_SOURCE) return <span>{t("source.badge")}</span>;
  // A path that is not safely one of ours ('//host...') is shown, never linked.
  if (source.startsWith("/") && safeRedirect(source, "") === source) {
    // A page of another language is named as its page is; it is linked as it was visited, with a page load.
    const page = withoutLocalePrefix(source);
    const searched = /^\/search\/([^/]+)$/.exec(page)?.[1];
    const name =
      page === "/" ? t("source.home") : searched ? t("source.search", { words: decodedOr(searched) }) : source;
    return (
      <>
        <a href={source} className="text-brand-700 hover:underline">
          {name}
        </a>{" "}
        <span className="text-slate-500">{t("source.thisSite")}</span>
      </>
    );
  }
  return <>{source}</>;
}

/** A path segment decoded, or as it is when it does not decode. */
function decodedOr(segment: string): string {
  try {
    return decodeURIComponent(segment).replaceAll("-", " ");
  } catch {
    return segment;
  }
}

/**
 * A path of the site as it was visited, linked when it is safely one of ours: with a page load, since it may be another
 * language's page (/fr/...), which this page's router does not serve.
 */
export function SitePath({ path }: { path: string }) {
  return safeRedirect(path, "") === path ? (
    <a href={path} className="text-brand-700 hover:underline">
      {path}
    </a>
  ) : (
    <>{path}</>
  );
}
