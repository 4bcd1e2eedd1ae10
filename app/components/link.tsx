/**
 * The site's links. A link to an absolute path is a plain <a> marked `data-link`: one listener on the document
 * (`useLinkNavigation`, run once by the layout) turns a plain click on any of them into React Router's client-side
 * navigation, as React Router's Link does for each link with hooks of its own, which cost a page of a hundred links
 * a millisecond of its render. Any other `to` (a query on the current page), or a link asking for what only React
 * Router's navigation does (keeping the scroll, replacing the history entry, passing state), is React Router's Link.
 * Either way the link has no route-discovery attribute: the browser has every route's manifest from the first page
 * (routeDiscovery "initial", react-router.config.ts).
 */
import { type AnchorHTMLAttributes, useContext, useEffect } from "react";
import { type LinkProps, Link as RouterLink, UNSAFE_NavigationContext, useNavigate } from "react-router";
import { profilePath } from "#common/page-paths.ts";

/** What only React Router's navigation does: a link asking for one of them is React Router's Link. */
const ROUTER_OPTIONS = [
  "preventScrollReset",
  "replace",
  "state",
  "reloadDocument",
  "viewTransition",
  "prefetch",
  "relative",
  "discover",
] as const;

export function Link({ to, ...props }: LinkProps) {
  const base = useBase();
  const isPlain = ROUTER_OPTIONS.every((option) => props[option] === undefined);
  if (isPlain && typeof to === "string" && to.startsWith("/") && !to.startsWith("//"))
    return <a href={localHref(base, to)} data-link="" {...(props as AnchorHTMLAttributes<HTMLAnchorElement>)} />;
  return <RouterLink discover="none" to={to} {...props} />;
}

/** Navigates client-side on a plain left click of a `data-link` link that nothing else handled. */
export function useLinkNavigation() {
  const navigate = useNavigate();
  const base = useBase();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.("a[data-link]");
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== "_self") ||
        link.hasAttribute("download")
      )
        return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      // The router adds the page's language prefix (its basename) itself.
      if (base && !(url.pathname === base || url.pathname.startsWith(`${base}/`))) return;
      const path = `${url.pathname.slice(base.length) || "/"}${url.search}${url.hash}`;
      // As React Router's Link: a link to the page one is on replaces it in the history rather than adding it again.
      void navigate(path, { replace: link.href === window.location.href });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate, base]);
}

/** A person's name, linked to their profile: who sent, claimed, reported or asked, as the pages name them. */
export function ProfileLink({ user }: { user: { slug: string; username: string } }) {
  return (
    <Link to={profilePath(user.slug)} className="font-medium text-brand-700 hover:underline">
      {user.username}
    </Link>
  );
}

/** The page's language prefix, React Router's basename: "" for the default language, "/fr" for French (decision 053). */
function useBase(): string {
  const { basename } = useContext(UNSAFE_NavigationContext);
  return basename === "/" ? "" : basename;
}

/** An absolute path of the site under the page's language prefix, as React Router's own links write it. */
function localHref(base: string, to: string): string {
  if (!base) return to;
  return to === "/" ? base : /^\/[?#]/.test(to) ? `${base}${to.slice(1)}` : `${base}${to}`;
}
