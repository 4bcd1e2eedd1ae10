/** Where a failed Google sign-in or a bad e-mailed link lands: the catalogue's message; the admin is told of Google failures. */
import { useT } from "../i18n.tsx";
import { useEffect } from "react";
import { Link } from "../components/link.tsx";
import { AuthCard, FormMessage } from "../components/form.tsx";
import { tellOpener } from "../components/google-button.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/auth-failed";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { message } = await context.services.accounts.reportSignInFailure(context.requester, {
    error: url.searchParams.get("error") || "unknown",
    description: url.searchParams.get("error_description") ?? undefined,
  });
  return { message, popup: url.searchParams.get("popup") === "1" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("authFailed.title"),
    description: t("authFailed.description"),
    path: "/auth/failed",
    noindex: true,
  }));

export default function SignInFailed({ loaderData }: Route.ComponentProps) {
  const { message, popup } = loaderData;
  const t = useT();
  useEffect(() => {
    // In the popup, the page that opened it shows the message; alone, the popup shows it itself.
    if (popup) void tellOpener({ signedIn: false, message }).then((heard) => heard && window.close());
  }, [popup, message]);
  return (
    <AuthCard title={t("authFailed.title")}>
      <FormMessage message={message} />
      <Link to="/login" className="block text-center text-sm font-medium text-brand-700 hover:underline">
        {t("authFailed.back")}
      </Link>
    </AuthCard>
  );
}
