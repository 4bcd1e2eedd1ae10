/** Forgotten password: an e-mail with a link to choose a new one. */
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
    return { sent: email, isRecent: (await context.services.accounts.requestPasswordReset(email, context.requester)) === "sent-recently" };
  } catch (error) {
    return formFailure(error, keptValues(form, ["email"]));
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Forgot your password?", description: "Get an e-mail with a link to choose a new password.", path: "/forgot-password" });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const failure = actionData && "message" in actionData ? actionData : undefined;
  const sent = actionData && "sent" in actionData ? actionData.sent : undefined;
  const isRecent = actionData && "isRecent" in actionData && actionData.isRecent;
  return (
    <AuthCard title="Forgot your password?" footer={<Link to="/login" className="font-medium text-brand-700 hover:underline">Back to log in</Link>}>
      <p className="text-sm text-slate-600">Enter your account's e-mail address and we will send you a link to choose a new password.</p>
      <Form method="post" className="space-y-4" noValidate>
        <FormMessage tone="success" message={sent ? (isRecent ? MESSAGES.auth.resetLinkSentRecently(sent) : `A link is on its way to ${sent}. It works once, for one hour.`) : undefined} />
        <Field label="E-mail" name="email" type="email" autoComplete="email" required defaultValue={failure?.values.email ?? sent} error={failure?.fields.email ?? (failure && failure.message)} />
        <SubmitButton pendingText="Sending…">Send me a link</SubmitButton>
      </Form>
    </AuthCard>
  );
}
