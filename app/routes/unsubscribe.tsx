/**
 * /unsubscribe: the link at the foot of the weekly e-mail of follows and of the newsletter (decision 044). It works
 * without signing in: the link is signed for one person and one list. Opening it only asks (a mail scanner that follows
 * links unsubscribes nobody); the button, or a mail client's one-click POST (RFC 8058), does it.
 */
import { useT } from "../i18n.tsx";
import { data, Form } from "react-router";
import { isAppError } from "#common/errors.ts";
import { invalidInput } from "#common/input-errors.ts";
import { unsubscribeInput } from "#common/schemas/follows.ts";
import { FormMessage, SubmitButton } from "../components/form.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/unsubscribe";

function parseLink(url: URL) {
  const parsed = unsubscribeInput.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data(invalidInput(parsed.error).message, { status: 400 });
  return parsed.data;
}

export function loader({ url }: Route.LoaderArgs) {
  const link = parseLink(url);
  return { list: link.list };
}

export async function action({ url, context }: Route.ActionArgs) {
  const link = parseLink(url);
  try {
    await context.services.follows.unsubscribe(link);
    return { done: true as const };
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("unsubscribe.title"),
    description: t("unsubscribe.description"),
    path: "/unsubscribe",
    noindex: true,
  }));

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const what = t("unsubscribe.list", { list: loaderData.list });
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t("unsubscribe.title")}</h1>
      {actionData?.done ? (
        <div className="mt-6" data-testid="unsubscribed">
          <FormMessage tone="success" message={t("unsubscribe.done", { what })} />
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-slate-700">{t("unsubscribe.ask", { what })}</p>
          <SubmitButton pendingText={t("unsubscribe.pending")}>{t("unsubscribe.title")}</SubmitButton>
        </Form>
      )}
    </main>
  );
}
