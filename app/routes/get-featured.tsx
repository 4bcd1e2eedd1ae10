/**
 * /get-featured: where 'Get featured!' leads, so that it works without JavaScript and the same link can sit in a page
 * cached for everyone. A signed-in user goes to their profile's boost form; a visitor signs in first, then comes back.
 */
import { redirect } from "react-router";
import { boostToolPath, GET_FEATURED_PATH, loginPath } from "#common/page-paths.ts";
import type { Route } from "./+types/get-featured";

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(context.user ? boostToolPath(context.user.slug) : loginPath(GET_FEATURED_PATH));
}
