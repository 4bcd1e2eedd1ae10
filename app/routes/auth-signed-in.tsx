/**
 * Where Google and e-mailed sign-in links land once the session exists: the user record is kept as SPEC section 4 says,
 * then the person goes on (or, in the Google popup, the popup tells its opener and closes).
 */
import { useEffect } from "react";
import { redirect } from "react-router";
import { SIGNED_IN_MESSAGE } from "../components/google-button.tsx";
import { safeRedirect } from "../forms.ts";
import type { Route } from "./+types/auth-signed-in";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const via = url.searchParams.get("via") === "google" ? "google" : "link";
  const user = await context.services.accounts.completeExternalSignIn(context.requester, { via });
  if (!user) throw redirect("/auth/failed?error=no_session");
  if (url.searchParams.get("popup") === "1") return { popup: true };
  throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
}

export default function SignedIn() {
  useEffect(() => {
    window.opener?.postMessage({ type: SIGNED_IN_MESSAGE }, window.location.origin);
    window.close();
  }, []);
  return (
    <main className="mx-auto max-w-md px-4 py-12 text-center">
      <p>You are signed in. You can close this window.</p>
    </main>
  );
}
