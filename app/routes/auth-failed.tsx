/** Where a failed Google sign-in or a bad e-mail link lands: the catalogue's message, and the admin is told about Google failures. */
import { useEffect } from "react";
import { Link } from "react-router";
import { AUTH_MESSAGES } from "#common/schemas.ts";
import { SIGNED_IN_MESSAGE } from "../components/google-button.tsx";
import { AuthCard, FormMessage } from "../components/form.tsx";
import type { Route } from "./+types/auth-failed";

/** Errors of e-mailed links (Better Auth's codes); anything else comes from Google. */
const LINK_ERRORS = new Set(["INVALID_TOKEN", "EXPIRED_TOKEN", "ATTEMPTS_EXCEEDED", "new_user_signup_disabled", "failed_to_create_session"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const error = url.searchParams.get("error") ?? "unknown";
  const popup = url.searchParams.get("popup") === "1";
  if (LINK_ERRORS.has(error)) return { message: error === "failed_to_create_session" ? AUTH_MESSAGES.userDisabled : AUTH_MESSAGES.linkExpired, error, popup };
  await context.services.accounts.reportSignInFailure(error);
  // SPEC section 8: the person is told the admin knows, whatever Google got wrong.
  return { message: AUTH_MESSAGES.noEmail, error, popup };
}

export default function SignInFailed({ loaderData }: Route.ComponentProps) {
  const { message, error, popup } = loaderData;
  useEffect(() => {
    if (!popup) return;
    window.opener?.postMessage({ type: SIGNED_IN_MESSAGE, error }, window.location.origin);
    window.close();
  }, [popup, error]);
  return (
    <AuthCard title="Sign-in did not work">
      <FormMessage message={message} />
      <Link to="/login" className="block text-center text-sm font-medium text-brand-700 hover:underline">
        Back to log in
      </Link>
    </AuthCard>
  );
}
