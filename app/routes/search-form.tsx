/**
 * Where the search form lands without JavaScript (/search?q=...): redirects to /search/{slugified text}, as the browser
 * would, keeping any other parameter (the facets).
 */
import { redirect } from "react-router";
import { slugify } from "#common/slugify.ts";
import type { Route } from "./+types/search-form";
import { searchPath } from "#common/page-paths.ts";

export function loader({ url, request }: Route.LoaderArgs) {
  const slug = slugify(url.searchParams.get("q") ?? "");
  if (!slug) {
    const referer = request.headers.get("referer");
    const back = referer && new URL(referer).origin === url.origin ? new URL(referer).pathname : "/";
    throw redirect(back === "/search" ? "/" : back);
  }
  // The facets a form sent along with its text (decision 034) stay in the address; the search page reads them.
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("q");
  const query = rest.toString();
  throw redirect(query ? `${searchPath(slug)}?${query}` : searchPath(slug));
}
