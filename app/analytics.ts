/**
 * The browser's side of our analytics: page views and clicks sent to POST /api/event in Plausible's format. No cookie,
 * nothing stored in the browser. An event is sent with navigator.sendBeacon, or fetch with keepalive: both outlive the
 * page, so a click on a link that leaves the site is never lost.
 */
import { type MouseEvent, useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { OUTBOUND_CLICK_EVENT, OUTBOUND_FALLBACK_DELAY_MS, PAGEVIEW_EVENT } from "#common/constants.ts";

const ENDPOINT = "/api/event";

type EventProps = Record<string, string | number | boolean>;

/** Sends one event; false when the browser has no way to send it that outlives the page. */
export function trackEvent(
  name: string,
  { props, referrer }: { props?: EventProps; referrer?: string | null } = {},
): boolean {
  const body = JSON.stringify({
    n: name,
    u: location.href,
    d: siteDomain(),
    r: referrer ?? null,
    ...(props ? { p: props } : {}),
  });
  // A text body: a "simple" request, sent as is, with no preflight.
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(ENDPOINT, body)) return true;
  if (typeof fetch === "function" && "keepalive" in Request.prototype) {
    void fetch(ENDPOINT, { method: "POST", body, keepalive: true, headers: { "content-type": "text/plain" } }).catch(
      () => {},
    );
    return true;
  }
  void fetch(ENDPOINT, { method: "POST", body }).catch(() => {});
  return false;
}

/** The site's domain as the server counts it: that of its canonical address. */
function siteDomain(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  try {
    return new URL(canonical ?? location.href).hostname;
  } catch {
    return location.hostname;
  }
}

/** What a route module may say in its `handle` to send more about the page with its page view. */
export type PageviewHandle = { pageviewProps: (loaderData: unknown) => EventProps };

/** The page the last page view was sent for, kept across remounts of the layout (an error page, and back). */
let lastPage: { pathname: string; href: string } | null = null;

/**
 * Sends a page view on the first load and on every client-side navigation to another path, error pages included. The
 * first view's referrer is the page the visitor came from; a navigation's is the page they were on.
 */
export function usePageviews(): void {
  const { pathname } = useLocation();
  const page = useMatches().at(-1);
  const pageviewProps = (page?.handle as Partial<PageviewHandle> | undefined)?.pageviewProps;
  const props = page?.data !== undefined && pageviewProps ? pageviewProps(page.data) : undefined;
  const propsKey = JSON.stringify(props ?? null);
  useEffect(() => {
    // The same page again: the layout mounted anew, or React ran the effect twice in development.
    if (lastPage?.pathname === pathname) return;
    const referrer = lastPage?.href ?? document.referrer;
    lastPage = { pathname, href: window.location.href };
    trackEvent(PAGEVIEW_EVENT, { referrer, props: (JSON.parse(propsKey) as EventProps | null) ?? undefined });
  }, [pathname, propsKey]);
}

/**
 * Counts a click on a link that leaves the site. Where the browser cannot send the event beyond the page (neither
 * sendBeacon nor keepalive), a link that opens in the same tab waits 150 ms before it goes (docs/product.md §9).
 */
export function trackOutboundClick(event: MouseEvent<HTMLAnchorElement>, props: EventProps = {}): void {
  const link = event.currentTarget;
  const sent = trackEvent(OUTBOUND_CLICK_EVENT, { props: { url: link.href, ...props } });
  const opensHere =
    link.target !== "_blank" &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey;
  if (!sent && opensHere) {
    event.preventDefault();
    setTimeout(() => window.location.assign(link.href), OUTBOUND_FALLBACK_DELAY_MS);
  }
}
