/** The terms of service and the privacy policy: one module for both addresses (/terms-of-service.html, /privacy-policy.html). */
import { data } from "react-router";
import { LongDate } from "../components/long-date.tsx";
import { useT } from "../i18n.tsx";
import { jsonLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/legal-page";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { MESSAGES } from "#common/messages.ts";
import { withoutLocalePrefix } from "#common/locales.ts";

// Only the name between the leading slash and '.html' is passed on; the service knows the two pages that exist.
const PAGE_PATH = /^\/([a-z-]+)\.html\/?$/;

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  // The address without its language's prefix: /fr/terms-of-service.html is the same page in French.
  const name = PAGE_PATH.exec(withoutLocalePrefix(url.pathname).toLowerCase())?.[1];
  const page = name ? await context.services.legalPages.findPage(name) : undefined;
  if (!page) throw data(MESSAGES.page.notFound, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, siteUrl, pageUrl }) => {
    if (!loaderData) return undefined;
    const { title, description, name } = loaderData.page;
    const path = `/${name}.html`;
    return {
      title,
      description,
      path,
      extra: [
        jsonLd({
          "@type": "WebPage",
          name: title,
          description,
          url: pageUrl(path),
          isPartOf: { "@type": "WebSite", name: siteName, url: siteUrl },
        }),
      ],
    };
  });

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
        <p className="mt-3 text-sm text-slate-500">
          {t("legal.lastUpdated")} <LongDate isoDate={page.updated} />
        </p>
      </header>
      {/* Rendered by renderMarkdown on the server, which escapes raw HTML and unsafe links. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
    </main>
  );
}
