/** The root layout (docs/product.md §2): promo banner, navigation bar, the page, footer; and the error page for the whole app. */
import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useHref,
} from "react-router";
import type { Route } from "./+types/root";
import { usePageviews } from "./analytics.ts";
import stylesheet from "./app.css?url";
import { ErrorPage } from "./components/error-page.tsx";
import { Footer } from "./components/footer.tsx";
import { useLinkNavigation } from "./components/link.tsx";
import { NavBar } from "./components/nav-bar.tsx";
import { NavigationProgress } from "./components/navigation-progress.tsx";
import { PromoBanner } from "./components/promo-banner.tsx";
import { SponsoredBanner } from "./components/sponsored.tsx";
import { ToastProvider } from "./components/toast.tsx";
import { useT, useWords } from "./i18n.tsx";
import { useNonce } from "./nonce.tsx";
import { useViewerSync, VIEWER_SCRIPT } from "./session-cache.ts";
import { type RootData, useOptionalRootData } from "./root-data.ts";
import { NOINDEX, pageTitle } from "./seo.ts";
import { THEME_SCRIPT } from "./theme.ts";
import { accentStylesheet } from "#common/colors.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const { services, publicConfig, user } = context;
  const [categories, userTools, ownLikes, follows, topLists, ads, placementsOnSale] = await Promise.all([
    services.categories.listCategories(),
    user ? services.accounts.listUserToolLinks(user) : [],
    user ? services.favorites.listOwnLikes(user) : { favoriteToolIds: [], waitingLikeIds: [], likesCountFrom: null },
    user ? services.follows.listFollowKeys(user) : [],
    services.topLists.listTopListLinks(),
    services.sponsors.listRunningAds(),
    services.sponsors.listPlacementsOnSale(),
  ]);
  return {
    config: publicConfig,
    user,
    userTools,
    ...ownLikes,
    follows,
    categories: categories.map(({ id, label, slug }) => ({ id, label, slug })),
    topLists,
    ads,
    placementsOnSale,
    locale: context.locale,
  };
}

// The layout's data changes only with the session or the catalogue's categories: after a form that changes something,
// never with a search, a filter or a page of results (its person is the browser's to know: app/session-cache.ts).
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod.toUpperCase() !== "GET" ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useOptionalRootData();
  const nonce = useNonce();
  const { locale, t } = useWords();
  // The site's feeds in the page's language (its basename's).
  const rssHref = useHref("/rss.xml");
  const jsonFeedHref = useHref("/feed.json");
  usePageviews();
  return (
    // data-theme is written by THEME_SCRIPT before React hydrates, data-viewer and data-role by VIEWER_SCRIPT on the pages
    // every visitor gets: neither is React's to compare. A page rendered for a person says who it is for itself.
    <html
      lang={locale}
      data-silence-console={data?.config.silenceConsole ? "true" : undefined}
      data-files-url={data?.config.filesUrl}
      data-viewer={data?.user ? "member" : undefined}
      data-role={data?.user?.role}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the stylesheet: the kept theme is on <html> by the first paint. Allowed by the response's nonce, or on a cached page by its hash. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: VIEWER_SCRIPT }} />
        <meta name="theme-color" content="#0f172a" />
        <Meta />
        <Links />
        <link rel="alternate" type="application/rss+xml" title={t("feeds.newTools")} href={rssHref} />
        <link rel="alternate" type="application/feed+json" title={t("feeds.newTools")} href={jsonFeedHref} />
        {/* The site's own favicon and accent colour, when an admin set them (decision 048). */}
        {data?.config.faviconUrl ? (
          <link rel="icon" href={data.config.faviconUrl} type="image/webp" />
        ) : (
          <>
            <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
            <link rel="icon" href="/favicon.ico" sizes="32x32" />
          </>
        )}
        {data?.config.accentColor && <style>{accentStylesheet(data.config.accentColor)}</style>}
      </head>
      <body>
        <div id="app" className="flex min-h-screen flex-col">
          {children}
        </div>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ data, children }: { data: RootData | undefined; children: ReactNode }) {
  const t = useT();
  return (
    <ToastProvider>
      <a href="#content" className="skip-link">
        {t("layout.skipToContent")}
      </a>
      <NavigationProgress />
      {/* The banner and the navigation bar stick together, at every width: no more than 3.2rem above the bar. */}
      {data && (
        <div className="sticky top-0 z-40">
          {data.ads.banner ? (
            <SponsoredBanner ad={data.ads.banner} />
          ) : (
            <PromoBanner text={data.config.promoText} url={data.config.promoUrl} />
          )}
          <NavBar siteName={data.config.siteName} logoUrl={data.config.logoUrl} />
        </div>
      )}
      <div id="content" className="flex-1">
        {children}
      </div>
      {data && <Footer categories={data.categories} topLists={data.topLists} config={data.config} />}
    </ToastProvider>
  );
}

/** Marks the page as interactive: browser tests (and scripts) wait for it instead of guessing. */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useHydratedMark();
  useViewerSync();
  useLinkNavigation();
  return (
    <Shell data={loaderData}>
      <Outlet />
    </Shell>
  );
}

/** React Router's own words for an address no route matches, which it puts in the 404 it throws. */
const isRouterText = (text: string) => /^Error: No route matches URL/.test(text);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useHydratedMark();
  const data = useOptionalRootData();
  const t = useT();
  const isResponse = isRouteErrorResponse(error);
  const status = isResponse ? error.status : 500;
  // A refusal's own words, but never the router's ("Error: No route matches URL ..."), which are not for people.
  const message =
    isResponse && typeof error.data === "string" && error.data && status < 500 && !isRouterText(error.data)
      ? error.data
      : status === 404
        ? t("error.notFoundText")
        : t("error.serverText");
  const siteName = data?.config.siteName ?? "Indie Tools";
  return (
    <Shell data={data}>
      {/* An error page has no meta of its route: its title and robots tag are written here, as pageMeta writes them. */}
      <title>{pageTitle(status === 404 ? t("error.notFoundTitle") : t("error.title"), siteName)}</title>
      <meta name={NOINDEX.name} content={NOINDEX.content} />
      <ErrorPage status={status} message={message} />
    </Shell>
  );
}
