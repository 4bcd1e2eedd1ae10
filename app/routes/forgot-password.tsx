/** Forgotten password: an e-mail with a link to choose a new one. */
import { useT } from "../i18n.tsx";
import { Form } from "react-router";
import { Link } from "../components/link.tsx";
import { MESSAGES } from "#common/messages.ts";
import { emailInput } from "#common/schemas/accounts.ts";
import { AuthCard, Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { formFailure, keptValues } from "../forms.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { email } = emailInput.parse(Object.fromEntries(form));
    return {
      sent: email,
      isRecent: (await context.services.accounts.requestPasswordReset(email, context.requester)) === "sent-recently",
    };
  } catch (error) {
    return formFailure(error, keptValues(form, ["email"]));
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("forgot.title"),
    description: t("forgot.description"),
    path: "/forgot-password",
  }));

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const failure = actionData && "message" in actionData ? actionData : undefined;
  const sent = actionData && "sent" in actionData ? actionData.sent : undefined;
  const isRecent = actionData && "isRecent" in actionData && actionData.isRecent;
  const t = useT();
  return (
    <AuthCard
      title={t("forgot.title")}
      footer={
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          {t("forgot.backToLogin")}
        </Link>
      }
    >
      <p className="text-sm text-slate-600">{t("forgot.intro")}</p>
      <Form method="post" className="space-y-4" noValidate>
        <FormMessage
          tone="success"
          message={
            sent
              ? isRecent
                ? MESSAGES.auth.resetLinkSentRecently(sent)
                : t("forgot.linkSent", { email: sent })
              : undefined
          }
        />
        <Field
          label={t("form.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values.email ?? sent}
          error={failure?.fields.email ?? (failure && failure.message)}
        />
        <SubmitButton pendingText={t("forgot.pending")}>{t("forgot.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
