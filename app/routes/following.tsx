/**
 * /following: what the signed-in person follows (decision 044), each with a way to stop, and the switch of the weekly
 * e-mail of their new tools. Rendered for the person, never cached.
 */
import { useT } from "../i18n.tsx";
import { wordsFor } from "#common/i18n/words.ts";
import { Form, redirect, useHref } from "react-router";
import { categoryPath, loginPath, tagPath } from "#common/page-paths.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { FormMessage, SubmitButton } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { FOLLOWS_ACTION } from "../components/follow-button.tsx";
import { CONFIRM_EMAIL_INTENT, ConfirmEmailNote } from "../components/confirm-email-note.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/following";

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath("/following"));
  return { following: await context.services.follows.listFollowing(context.user) };
}

/** The weekly e-mail's switch. */
export async function action({ request, context }: Route.ActionArgs) {
  const { t } = wordsFor(context.locale);
  if (!context.user) throw redirect(loginPath("/following"));
  const form = await request.formData();
  if (form.get("intent") === CONFIRM_EMAIL_INTENT) {
    await context.services.confirmations.requestEmailConfirmation(context.user);
    return { confirmationSent: true };
  }
  const on = form.get("digest") === "on";
  await context.services.follows.setFollowDigest(context.user, on);
  return { saved: on ? t("following.digestOn") : t("following.digestOff") };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("following.title"),
    description: t("following.description"),
    path: "/following",
    noindex: true,
  }));

function Unfollow({ kind, value, name }: { kind: "category" | "tag"; value: string; name: string }) {
  const t = useT();
  const action = useHref(FOLLOWS_ACTION);
  return (
    <form method="post" action={action}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="value" value={value} />
      <input type="hidden" name="intent" value="unfollow" />
      <input type="hidden" name="redirectTo" value="/following" />
      <button
        type="submit"
        className="text-sm text-slate-600 hover:underline"
        aria-label={t("following.stopLabel", { name })}
      >
        {t("following.stop")}
      </button>
    </form>
  );
}

export default function Following({ loaderData, actionData }: Route.ComponentProps) {
  const { following } = loaderData;
  const isEmpty = following.categories.length === 0 && following.tags.length === 0;
  const t = useT();
  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t("following.title")}</h1>
      <p className="mt-2 text-slate-600">{t("following.intro")}</p>
      {isEmpty ? (
        <div className="mt-6">
          <EmptyState title={t("following.empty")}>
            <Link to="/categories" className="font-medium text-brand-700 hover:underline">
              {t("welcome.followAction")}
            </Link>
          </EmptyState>
        </div>
      ) : (
        <ul
          className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          data-testid="following"
        >
          {following.categories.map((category) => (
            <li key={category.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <Link to={categoryPath(category.slug)} className="font-medium hover:underline">
                {category.label}
              </Link>
              <Unfollow kind="category" value={category.id} name={category.label} />
            </li>
          ))}
          {following.tags.map((tag) => (
            <li key={tag} className="flex items-center justify-between gap-3 px-4 py-3">
              <Link to={tagPath(tag)} className="font-medium hover:underline">{`#${tag}`}</Link>
              <Unfollow kind="tag" value={tag} name={`#${tag}`} />
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="mt-8 space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <FormMessage tone="success" message={actionData && "saved" in actionData ? actionData.saved : undefined} />
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name="digest" defaultChecked={following.followDigest} className="mt-0.5" />
          {t("following.digest")}
        </label>
        <SubmitButton pendingText={t("reset.pending")}>{t("following.save")}</SubmitButton>
      </Form>
      {following.followDigest && !isEmpty && !following.isEmailConfirmed && (
        <div className="mt-4">
          <ConfirmEmailNote email={following.email} sent={Boolean(actionData && "confirmationSent" in actionData)} />
        </div>
      )}
    </main>
  );
}
