/** Choosing a new password from the e-mailed link; then the person logs in with it. */
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
  return { token: url.searchParams.get("token") ?? "", isExpired: url.searchParams.has("error") || !url.searchParams.get("token") };
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
  pageMeta(matches, { title: "Choose a new password", description: "Set a new password for your account.", path: "/reset-password", noindex: true });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, isExpired } = loaderData;
  if (isExpired) {
    return (
      <AuthCard title="Choose a new password">
        <FormMessage message={MESSAGES.auth.linkExpired} />
        <Link to="/forgot-password" className="block text-center text-sm font-medium text-brand-700 hover:underline">
          Send me a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <Form method="post" className="space-y-4" noValidate>
        <FormMessage message={actionData && !actionData.fields.password ? actionData.message : undefined} />
        <input type="hidden" name="token" value={token} />
        <Field label="New password" name="password" type="password" autoComplete="new-password" required minLength={6} error={actionData?.fields.password} hint="At least 6 characters." />
        <SubmitButton pendingText="Saving…">Save my new password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
