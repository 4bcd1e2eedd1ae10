/**
 * What the directory gives away (decision 033): the nightly dumps of the catalogue, the API, the feeds and the badges,
 * each with its address. The dumps, the API and the feeds are served by the server, not by routes of the app: their
 * links load a document.
 */
import { useHref } from "react-router";
import { useT } from "../i18n.tsx";
import { Link } from "../components/link.tsx";
import { jsonLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/open-data";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { openDataPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

/** The dumps as a schema.org Dataset, so that dataset search engines find them with their formats. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName, siteUrl, t, pageUrl }) => ({
    title: t("openData.title"),
    description: t("openData.description"),
    path: "/open-data",
    extra: [
      jsonLd({
        "@type": "Dataset",
        name: t("openData.datasetName", { siteName }),
        description: t("openData.datasetDescription", { siteName }),
        url: pageUrl("/open-data"),
        isAccessibleForFree: true,
        creator: { "@type": "Organization", name: siteName, url: siteUrl },
        distribution: [
          {
            "@type": "DataDownload",
            encodingFormat: "application/json",
            contentUrl: `${siteUrl}${openDataPath("json")}`,
          },
          { "@type": "DataDownload", encodingFormat: "text/csv", contentUrl: `${siteUrl}${openDataPath("csv")}` },
        ],
      }),
    ],
  }));

export default function OpenData() {
  const t = useT();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("openData.title")}</h1>
      <p className="mt-2 text-slate-600">{t("openData.intro")}</p>

      <section className="mt-8" aria-labelledby="dumps">
        <h2 id="dumps" className="text-xl font-bold">
          {t("openData.dumps")}
        </h2>
        <p className="mt-2 text-slate-700">{t("openData.dumpsIntro")}</p>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          <li>
            <a href={openDataPath("json")} className="font-medium text-brand-700 underline">
              catalogue.json.gz
            </a>
            {t("openData.json")}
          </li>
          <li>
            <a href={openDataPath("csv")} className="font-medium text-brand-700 underline">
              catalogue.csv.gz
            </a>
            {t("openData.csv")}
          </li>
        </ul>
        <p className="mt-3 text-slate-700">{t("openData.fields")}</p>
        <p className="mt-3 text-slate-700">
          {t("openData.import")}{" "}
          <code className="rounded bg-slate-100 px-1">
            gunzip catalogue.json.gz && npm run import -- catalogue.json
          </code>
          .
        </p>
      </section>

      <section className="mt-8" aria-labelledby="api">
        <h2 id="api" className="text-xl font-bold">
          {t("openData.api")}
        </h2>
        <p className="mt-2 text-slate-700">
          {t("openData.apiIntro")}{" "}
          <a href="/api/docs" className="font-medium text-brand-700 underline">
            {t("openData.apiReference")}
          </a>
          .
        </p>
      </section>

      <section className="mt-8" aria-labelledby="feeds">
        <h2 id="feeds" className="text-xl font-bold">
          {t("openData.feeds")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
          <li>
            {t("openData.newest")} <FeedLink href="/rss.xml">RSS</FeedLink> {t("openData.or")}{" "}
            <FeedLink href="/feed.json">JSON Feed</FeedLink>.
          </li>
          <li>
            {t("openData.categoryFeeds")} <code className="rounded bg-slate-100 px-1">rss.xml</code> {t("openData.or")}{" "}
            <code className="rounded bg-slate-100 px-1">feed.json</code> {t("openData.toAddress")}{" "}
            <code className="rounded bg-slate-100 px-1">/category/{"{slug}"}/rss.xml</code>.
          </li>
          <li>
            {/* One file at the site's root, in the default language, as llms.txt asks (decision 053). */}
            {t("openData.llms")}{" "}
            <a href="/llms.txt" className="font-medium text-brand-700 underline">
              llms.txt
            </a>
            .
          </li>
        </ul>
      </section>

      <section className="mt-8" aria-labelledby="badges">
        <h2 id="badges" className="text-xl font-bold">
          {t("openData.badges")}
        </h2>
        <p className="mt-2 text-slate-700">
          {t("openData.badgesIntro")}{" "}
          <Link to="/my-tools" className="font-medium text-brand-700 underline">
            {t("nav.myTools")}
          </Link>
          .
        </p>
      </section>
    </main>
  );
}

/** A feed of the page's language: a file, not a page, so the browser loads it. */
function FeedLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={useHref(href)} className="font-medium text-brand-700 underline">
      {children}
    </a>
  );
}
