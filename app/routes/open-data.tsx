/**
 * What the directory gives away (decision 033): the nightly dumps of the catalogue, the API, the feeds and the badges,
 * each with its address. The dumps, the API and the feeds are served by the server, not by routes of the app: their
 * links load a document.
 */
import { Link } from "../components/link.tsx";
import { jsonLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/open-data";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { openDataPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

const DESCRIPTION = "The whole catalogue of the directory as nightly JSON and CSV files, a documented API, RSS and JSON feeds, and badges.";

/** The dumps as a schema.org Dataset, so that dataset search engines find them with their formats. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName, siteUrl }) => ({
    title: "Open data",
    description: DESCRIPTION,
    path: "/open-data",
    extra: [
      jsonLd({
        "@type": "Dataset",
        name: `${siteName} catalogue`,
        description: `Every live tool of ${siteName}: name, website, descriptions, categories, tags, pricing, pros and cons, rewritten every night.`,
        url: `${siteUrl}/open-data`,
        isAccessibleForFree: true,
        creator: { "@type": "Organization", name: siteName, url: siteUrl },
        distribution: [
          { "@type": "DataDownload", encodingFormat: "application/json", contentUrl: `${siteUrl}${openDataPath("json")}` },
          { "@type": "DataDownload", encodingFormat: "text/csv", contentUrl: `${siteUrl}${openDataPath("csv")}` },
        ],
      }),
    ],
  }));

const FIELDS = "name, website, short and long description, categories, tags, pricing, pros, cons, questions and answers, whether it is featured, when it was added and verified";

export default function OpenData() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Open data</h1>
      <p className="mt-2 text-slate-600">The catalogue is meant to be reused: every live tool, in files, through an API and in feeds.</p>

      <section className="mt-8" aria-labelledby="dumps">
        <h2 id="dumps" className="text-xl font-bold">
          The whole catalogue, every night
        </h2>
        <p className="mt-2 text-slate-700">Two gzipped files, rewritten every night, at addresses that do not change:</p>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          <li>
            <a href={openDataPath("json")} className="font-medium text-brand-700 underline">
              catalogue.json.gz
            </a>
            : the categories and every live tool, in the file a directory like this one imports back.
          </li>
          <li>
            <a href={openDataPath("csv")} className="font-medium text-brand-700 underline">
              catalogue.csv.gz
            </a>
            : one row a tool, for spreadsheets. A value that a spreadsheet would take for a formula (one that starts with =, +, - or @) starts with a &apos; instead, so that it shows as text.
          </li>
        </ul>
        <p className="mt-3 text-slate-700">Each tool has its {FIELDS}. They hold nothing about people: no maker, e-mail, view or click.</p>
        <p className="mt-3 text-slate-700">
          To load them into your own copy of this directory, unpack one and import it: <code className="rounded bg-slate-100 px-1">gunzip catalogue.json.gz && npm run import -- catalogue.json</code>.
        </p>
      </section>

      <section className="mt-8" aria-labelledby="api">
        <h2 id="api" className="text-xl font-bold">
          The API
        </h2>
        <p className="mt-2 text-slate-700">
          Tools, categories, tags, top-lists and search as JSON, with an OpenAPI document:{" "}
          <a href="/api/docs" className="font-medium text-brand-700 underline">
            read the API reference
          </a>
          .
        </p>
      </section>

      <section className="mt-8" aria-labelledby="feeds">
        <h2 id="feeds" className="text-xl font-bold">
          Feeds
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
          <li>
            The newest tools: <FeedLink href="/rss.xml">RSS</FeedLink> or <FeedLink href="/feed.json">JSON Feed</FeedLink>.
          </li>
          <li>
            A category&apos;s or a tag&apos;s newest tools: add <code className="rounded bg-slate-100 px-1">rss.xml</code> or{" "}
            <code className="rounded bg-slate-100 px-1">feed.json</code> to its address, as in <code className="rounded bg-slate-100 px-1">/category/{"{slug}"}/rss.xml</code>.
          </li>
          <li>
            For language models: <FeedLink href="/llms.txt">llms.txt</FeedLink>.
          </li>
        </ul>
      </section>

      <section className="mt-8" aria-labelledby="badges">
        <h2 id="badges" className="text-xl font-bold">
          Badges
        </h2>
        <p className="mt-2 text-slate-700">
          Makers find a badge for their website, with its HTML and Markdown, on <Link to="/my-tools" className="font-medium text-brand-700 underline">My tools</Link>.
        </p>
      </section>
    </main>
  );
}

function FeedLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} className="font-medium text-brand-700 underline">
      {children}
    </a>
  );
}
