/**
 * Log in (docs/product.md §4 and §8): e-mail and password, or a one-time sign-in link by e-mail, or Google.
 * Each failure shows the catalogue's message; a visitor sent here from a page goes back to it afterwards.
 */
import { useT } from "../i18n.tsx";
import { Form, redirect } from "react-router";
import { Link } from "../components/link.tsx";
import { flashCookie } from "#common/flash.ts";
import { MESSAGES } from "#common/messages.ts";
import { emailInput, loginInput } from "#common/schemas/accounts.ts";
import { AuthCard, Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { GoogleButton } from "../components/google-button.tsx";
import { formFailure, keptValues } from "../forms.ts";
import { safeRedirect, signInPagePath } from "#common/page-paths.ts";
import { useRootData } from "../root-data.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/login";

export function loader({ url, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (context.user) throw redirect(redirectTo);
  // A password reset ends here: the page says it worked.
  return { redirectTo, isReset: url.searchParams.get("reset") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["email"]);
  const { accounts } = context.services;
  try {
    if (form.get("intent") === "link") {
      const { email } = emailInput.parse(Object.fromEntries(form));
      return {
        sent: email,
        isRecent: (await accounts.requestSignInLink(email, context.requester)) === "sent-recently",
      };
    }
    const input = loginInput.parse(Object.fromEntries(form));
    const headers = await accounts.login(input, context.requester);
    headers.append("set-cookie", flashCookie("signed-in"));
    return redirect(safeRedirect(form.get("redirectTo")), { headers });
  } catch (error) {
    return formFailure(error, values);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName, t }) => ({
    title: t("login.title"),
    description: t("login.description", { siteName }),
    path: "/login",
  }));

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { config } = useRootData();
  const t = useT();
  const { redirectTo, isReset } = loaderData;
  const failure = actionData && "message" in actionData ? actionData : undefined;
  const sent = actionData && "sent" in actionData ? actionData.sent : undefined;
  const isRecent = actionData && "isRecent" in actionData && actionData.isRecent;
  const fields = failure?.fields ?? {};
  return (
    <AuthCard
      title={t("login.title")}
      footer={
        <>
          {t("login.noAccount")}{" "}
          <Link to={signInPagePath("/register", redirectTo)} className="font-medium text-brand-700 hover:underline">
            {t("nav.signUp")}
          </Link>
        </>
      }
    >
      {config.isGoogleEnabled && <GoogleButton redirectTo={redirectTo} />}
      <Form method="post" className="space-y-4" noValidate>
        <FormMessage message={failure && !fields.email && !fields.password ? failure.message : undefined} />
        <FormMessage
          tone="success"
          message={
            sent
              ? isRecent
                ? MESSAGES.auth.signInLinkSentRecently(sent)
                : t("login.linkSent", { email: sent })
              : isReset && !failure
                ? t("login.passwordChanged")
                : undefined
          }
        />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("form.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values.email ?? sent}
          error={fields.email}
        />
        <Field
          label={t("form.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          error={fields.password}
        />
        <SubmitButton name="intent" value="password" pendingText={t("login.pending")}>
          {t("login.submit")}
        </SubmitButton>
        <div className="flex items-center justify-between gap-4 text-sm">
          <Link to="/forgot-password" className="text-brand-700 hover:underline">
            {t("login.forgot")}
          </Link>
          <button type="submit" name="intent" value="link" formNoValidate className="text-brand-700 hover:underline">
            {t("login.byLink")}
          </button>
        </div>
      </Form>
    </AuthCard>
  );
}
