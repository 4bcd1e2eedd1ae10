/** Starts 'Sign in with Google': off to the provider, with the cookie that keeps the sign-in's state. */
import { redirect } from "react-router";
import { safeRedirect } from "../forms.ts";
import type { Route } from "./+types/auth-google";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.config.isGoogleEnabled) throw redirect("/login");
  const url = new URL(request.url);
  const { url: providerUrl, headers } = await context.services.accounts.startGoogleSignIn(context.requester, {
    popup: url.searchParams.get("popup") === "1",
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
  });
  return redirect(providerUrl, { headers });
}
