/**
 * The links between the pages of a keyset-paged list: plain links that keep the URL's other parameters (filters,
 * sort), so paging works without JavaScript and React Router follows them client-side when it runs.
 */
import { useT } from "../i18n.tsx";
import { useLocation } from "react-router";
import { Link } from "./link.tsx";

/** The current path with its query string changed by `change`. */
export function withSearch(pathname: string, search: string, change: (params: URLSearchParams) => void): string {
  const params = new URLSearchParams(search);
  change(params);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function Pager({ nextCursor }: { nextCursor: string | null }) {
  const { pathname, search } = useLocation();
  const isLaterPage = new URLSearchParams(search).has("cursor");
  const t = useT();
  if (!nextCursor && !isLaterPage) return null;

  return (
    <nav aria-label={t("pager.pages")} className="mt-8 flex flex-wrap items-center justify-center gap-3 text-sm">
      {isLaterPage && (
        <Link
          to={withSearch(pathname, search, (params) => params.delete("cursor"))}
          className="rounded-lg px-4 py-2 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          {t("pager.first")}
        </Link>
      )}
      {nextCursor && (
        <Link
          to={withSearch(pathname, search, (params) => params.set("cursor", nextCursor))}
          rel="next"
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100"
        >
          {t("pager.next")} <span aria-hidden="true">→</span>
        </Link>
      )}
    </nav>
  );
}
