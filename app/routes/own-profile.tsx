/**
 * /profile: the signed-in person's own profile, whoever they are, so that the menu of a page every visitor gets can
 * link to it before its scripts know who is looking (decision 037). A visitor signs in first, then comes back.
 */
import { redirect } from "react-router";
import { loginPath, OWN_PROFILE_PATH, profilePath } from "#common/page-paths.ts";
import type { Route } from "./+types/own-profile";

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(context.user ? profilePath(context.user.slug) : loginPath(OWN_PROFILE_PATH));
}
