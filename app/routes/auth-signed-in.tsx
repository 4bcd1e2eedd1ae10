/**
 * Where Google and e-mailed sign-in links land once the session exists: the person goes on where they were going or,
 * in the Google popup, the page that opened it is told and the popup closes. When the link removed the account's
 * unproven password, the page stays and says so first, with the way to choose it again.
 */
import { useT } from "../i18n.tsx";
import { useEffect, useState } from "react";
import { data, redirect } from "react-router";
import { AuthCard } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { tellOpener } from "../components/google-button.tsx";
import { flashCookie } from "#common/flash.ts";
import { safeRedirect } from "#common/page-paths.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/auth-signed-in";

export async function loader({ url, context }: Route.LoaderArgs) {
  const popup = url.searchParams.get("popup") === "1";
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const signedIn = await context.services.accounts.completeExternalSignIn(context.requester);
  if (!signedIn)
    throw redirect(`/auth/failed?${new URLSearchParams({ error: "no_session", ...(popup ? { popup: "1" } : {}) })}`);
  const { wasPasswordRemoved } = signedIn;
  if (wasPasswordRemoved) return { redirectTo, wasPasswordRemoved };
  // The page the person goes on to (or, from the popup, the page that opened it) says they are signed in.
  const headers = { "set-cookie": flashCookie("signed-in") };
  if (!popup) throw redirect(redirectTo, { headers });
  return data({ redirectTo, wasPasswordRemoved }, { headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName, t }) => ({
    title: t("signedIn.title"),
    description: t("signedIn.description", { siteName }),
    path: "/auth/signed-in",
    noindex: true,
  }));

export default function SignedIn({ loaderData }: Route.ComponentProps) {
  if (loaderData.wasPasswordRemoved) return <PasswordRemoved redirectTo={loaderData.redirectTo} />;
  return <PopupSignedIn redirectTo={loaderData.redirectTo} />;
}

/** A sign-in link that removed the account's unproven password: what happened, and the way to choose it again. */
function PasswordRemoved({ redirectTo }: { redirectTo: string }) {
  const t = useT();
  return (
    <AuthCard title={t("signedIn.heading")}>
      <p role="status" data-testid="password-removed" className="text-sm text-slate-700">
        {t("signedIn.passwordRemoved")}
      </p>
      <Link
        to="/forgot-password"
        className="block rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
      >
        {t("signedIn.setPassword")}
      </Link>
      <Link to={redirectTo} className="block text-center text-sm font-medium text-brand-700 hover:underline">
        {t("signedIn.continue")}
      </Link>
    </AuthCard>
  );
}

/** In Google's popup: the page that opened it is told, and the popup closes. */
function PopupSignedIn({ redirectTo }: { redirectTo: string }) {
  const [isAlone, setAlone] = useState(false);
  const t = useT();
  useEffect(() => {
    void tellOpener({ signedIn: true }).then((heard) => (heard ? window.close() : setAlone(true)));
  }, []);
  return (
    <AuthCard title={t("signedIn.heading")}>
      <p className="text-center text-sm text-slate-600" data-testid="popup-signed-in">
        {isAlone ? t("signedIn.alone") : t("signedIn.close")}
      </p>
      <a href={redirectTo} className="block text-center text-sm font-medium text-brand-700 hover:underline">
        {t("signedIn.continue")}
      </a>
    </AuthCard>
  );
}
