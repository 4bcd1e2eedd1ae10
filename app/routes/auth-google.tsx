/** Starts 'Sign in with Google': off to the provider, with the cookie that keeps the sign-in's state. */
import { redirect } from "react-router";
import { isAppError } from "#common/errors.ts";
import { safeRedirect } from "#common/page-paths.ts";
import type { Route } from "./+types/auth-google";

export async function loader({ url, context }: Route.LoaderArgs) {
  if (!context.config.isGoogleEnabled) throw redirect("/login");
  const popup = url.searchParams.get("popup") === "1";
  try {
    const { url: providerUrl, headers } = await context.services.accounts.startGoogleSignIn(context.requester, {
      popup,
      redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    });
    return redirect(providerUrl, { headers });
  } catch (error) {
    // The failure page tells the person (and, when Google cannot be reached, the admin).
    const code = isAppError(error) && error.code === "resource-exhausted" ? "TOO_MANY_REQUESTS" : "google_unavailable";
    throw redirect(`/auth/failed?${new URLSearchParams({ error: code, ...(popup ? { popup: "1" } : {}) })}`);
  }
}
