/**
 * /confirm-email: the link that confirms a person's address, so that the newsletter and the weekly e-mail of follows
 * may be sent to it (decision 057). It works without signing in: the link is signed for one person and their address.
 * Opening it only asks (a mail scanner that follows links confirms nothing); the button does it.
 */
import { useT } from "../i18n.tsx";
import { data, Form } from "react-router";
import { isAppError } from "#common/errors.ts";
import { invalidInput } from "#common/input-errors.ts";
import { emailConfirmationInput } from "#common/schemas/profiles.ts";
import { FormMessage, SubmitButton } from "../components/form.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/confirm-email";

function parseLink(url: URL) {
  const parsed = emailConfirmationInput.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data(invalidInput(parsed.error).message, { status: 400 });
  return parsed.data;
}

export function loader({ url }: Route.LoaderArgs) {
  parseLink(url);
  return null;
}

export async function action({ url, context }: Route.ActionArgs) {
  const link = parseLink(url);
  try {
    await context.services.confirmations.confirmEmail(link);
    return { done: true as const };
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("confirmEmail.title"),
    description: t("confirmEmail.description"),
    path: "/confirm-email",
    noindex: true,
  }));

export default function ConfirmEmail({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t("confirmEmail.title")}</h1>
      {actionData?.done ? (
        <div className="mt-6" data-testid="email-confirmed">
          <FormMessage tone="success" message={t("confirmEmail.done")} />
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-slate-700">{t("confirmEmail.ask")}</p>
          <SubmitButton pendingText={t("confirmEmail.pending")}>{t("confirmEmail.title")}</SubmitButton>
        </Form>
      )}
    </main>
  );
}
