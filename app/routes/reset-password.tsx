/** Choosing a new password from the e-mailed link; then the person logs in with it. */
import { useT } from "../i18n.tsx";
import { MIN_PASSWORD_LENGTH } from "#common/constants.ts";
import { Form, redirect } from "react-router";
import { Link } from "../components/link.tsx";
import { resetPasswordInput } from "#common/schemas/accounts.ts";
import { MESSAGES } from "#common/messages.ts";
import { AuthCard, Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { formFailure } from "../forms.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/reset-password";

export function loader({ url }: Route.LoaderArgs) {
  // Better Auth sends an expired or used link here with ?error=INVALID_TOKEN.
  return {
    token: url.searchParams.get("token") ?? "",
    isExpired: url.searchParams.has("error") || !url.searchParams.get("token"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await context.services.accounts.resetPassword(resetPasswordInput.parse(Object.fromEntries(form)));
    return redirect("/login?reset=1");
  } catch (error) {
    return formFailure(error, {});
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("reset.title"),
    description: t("reset.description"),
    path: "/reset-password",
    noindex: true,
  }));

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, isExpired } = loaderData;
  const t = useT();
  if (isExpired) {
    return (
      <AuthCard title={t("reset.title")}>
        <FormMessage message={MESSAGES.auth.linkExpired} />
        <Link to="/forgot-password" className="block text-center text-sm font-medium text-brand-700 hover:underline">
          {t("reset.newLink")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset.title")}>
      <Form method="post" className="space-y-4" noValidate>
        <FormMessage message={actionData && !actionData.fields.password ? actionData.message : undefined} />
        <input type="hidden" name="token" value={token} />
        <Field
          label={t("form.newPassword")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          error={actionData?.fields.password}
          hint={t("form.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        />
        <SubmitButton pendingText={t("reset.pending")}>{t("reset.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
