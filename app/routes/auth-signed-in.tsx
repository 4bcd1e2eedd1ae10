/**
 * Where Google and e-mailed sign-in links land once the session exists: the person goes on where they were going or,
 * in the Google popup, the page that opened it is told and the popup closes.
 */
import { useT } from "../i18n.tsx";
import { useEffect, useState } from "react";
import { data, redirect } from "react-router";
import { AuthCard } from "../components/form.tsx";
import { tellOpener } from "../components/google-button.tsx";
import { flashCookie } from "#common/flash.ts";
import { safeRedirect } from "#common/page-paths.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/auth-signed-in";

export async function loader({ url, context }: Route.LoaderArgs) {
  const popup = url.searchParams.get("popup") === "1";
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const user = await context.services.accounts.completeExternalSignIn(context.requester);
  if (!user)
    throw redirect(`/auth/failed?${new URLSearchParams({ error: "no_session", ...(popup ? { popup: "1" } : {}) })}`);
  // The page the person goes on to (or, from the popup, the page that opened it) says they are signed in.
  const headers = { "set-cookie": flashCookie("signed-in") };
  if (!popup) throw redirect(redirectTo, { headers });
  return data({ redirectTo }, { headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName, t }) => ({
    title: t("signedIn.title"),
    description: t("signedIn.description", { siteName }),
    path: "/auth/signed-in",
    noindex: true,
  }));

export default function SignedIn({ loaderData }: Route.ComponentProps) {
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
      <a href={loaderData.redirectTo} className="block text-center text-sm font-medium text-brand-700 hover:underline">
        {t("signedIn.continue")}
      </a>
    </AuthCard>
  );
}
