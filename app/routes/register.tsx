/**
 * Sign-up (docs/product.md §4): username, e-mail, password and the newsletter opt-in; then the new user is signed in and
 * goes on where they were going, welcomed by a toast, or, from no page in particular, to the welcome step.
 */
import { useT } from "../i18n.tsx";
import { MIN_PASSWORD_LENGTH } from "#common/constants.ts";
import { Form, redirect } from "react-router";
import { Link } from "../components/link.tsx";
import { registerInput } from "#common/schemas/accounts.ts";
import { AuthCard, Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { GoogleButton } from "../components/google-button.tsx";
import { ScriptNeeded, SpamCheck } from "../components/spam-check.tsx";
import { formFailure, keptValues } from "../forms.ts";
import { useRootData } from "../root-data.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/register";
import { flashCookie } from "#common/flash.ts";
import { safeRedirect, signInPagePath, WELCOME_PATH } from "#common/page-paths.ts";

export function loader({ url, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (context.user) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["username", "email", "newsletter"]);
  try {
    const input = registerInput.parse(Object.fromEntries(form));
    const headers = await context.services.spam.guard(form, () =>
      context.services.accounts.register(input, context.requester),
    );
    const target = safeRedirect(form.get("redirectTo"));
    if (target !== "/") headers.append("set-cookie", flashCookie("signed-up"));
    return redirect(target === "/" ? WELCOME_PATH : target, { headers });
  } catch (error) {
    return formFailure(error, values);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName, t }) => ({
    title: t("register.title"),
    description: t("register.description", { siteName }),
    path: "/register",
  }));

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { config } = useRootData();
  const t = useT();
  const { redirectTo } = loaderData;
  const values = actionData?.values ?? {};
  const fields = actionData?.fields ?? {};
  return (
    <AuthCard
      title={t("register.heading")}
      footer={
        <>
          {t("register.haveAccount")}{" "}
          <Link to={signInPagePath("/login", redirectTo)} className="font-medium text-brand-700 hover:underline">
            {t("nav.logIn")}
          </Link>
        </>
      }
    >
      {config.isGoogleEnabled && <GoogleButton redirectTo={redirectTo} />}
      <Form method="post" className="space-y-4" noValidate>
        <ScriptNeeded what={t("register.scriptWhat")} />
        <FormMessage message={actionData && !Object.keys(fields).length ? actionData.message : undefined} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("form.username")}
          name="username"
          autoComplete="username"
          required
          maxLength={40}
          defaultValue={values.username}
          error={fields.username}
        />
        <Field
          label={t("form.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={fields.email}
        />
        <Field
          label={t("form.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          error={fields.password}
          hint={t("form.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        />
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" name="newsletter" defaultChecked={values.newsletter === "on"} className="mt-0.5" />
          {t("register.newsletter")}
        </label>
        <SpamCheck refusal={actionData?.message} />
        <SubmitButton pendingText={t("register.pending")}>{t("register.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
