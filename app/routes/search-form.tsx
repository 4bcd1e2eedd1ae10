/** Where the search form lands without JavaScript (/search?q=...): redirects to /search/{slugified text}, as the browser would. */
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
  throw redirect(searchPath(slug));
}
