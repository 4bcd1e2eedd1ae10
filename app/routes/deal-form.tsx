/**
 * /tool/{slug}/deal: a tool's deal (decision 061), as those who may edit the tool give it, change it or take it away:
 * its submitter, its linked maker, a verifier or an admin. A visitor is sent to sign in; anyone else is refused.
 * Rendered for the person, never cached.
 */
import { Form, redirect } from "react-router";
import { DEAL_CODE_MAX, DEAL_OFFER_MAX } from "#common/constants.ts";
import { dealFormPath, loginPath, toolPath } from "#common/page-paths.ts";
import { dealInput } from "#common/schemas/deals.ts";
import { Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { formFailure, keptValues, orRefusalPage } from "../forms.ts";
import { useWords } from "../i18n.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/deal-form";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(dealFormPath(params.slug)));
  const form = await orRefusalPage(context.services.deals.findDealForm(context.user, params.slug));
  // Back from a save or a removal: the page says it took.
  const done = url.searchParams.get("done");
  return { ...form, done: done === "saved" || done === "removed" ? done : null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(loginPath(dealFormPath(params.slug)));
  const form = await request.formData();
  const { deals } = context.services;
  try {
    const isRemoval = form.get("intent") === "remove";
    const { slug } = isRemoval
      ? await deals.removeDeal(context.user, params.slug)
      : await deals.saveDeal(context.user, params.slug, dealInput.parse(Object.fromEntries(form)));
    return redirect(`${dealFormPath(slug)}?done=${isRemoval ? "removed" : "saved"}`, 303);
  } catch (error) {
    return formFailure(error, keptValues(form, ["code", "offer", "endsOn"]));
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("dealForm.title", { name: loaderData?.tool.name ?? "" }),
    description: t("dealForm.description"),
    path: loaderData ? dealFormPath(loaderData.tool.slug) : "/deals",
    noindex: true,
  }));

export default function DealForm({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, deal, done } = loaderData;
  const { t, longDate } = useWords();
  const fields = actionData?.fields ?? {};
  const values = actionData?.values ?? {};
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      {/* A whole page: the tool may not be public yet, and only the server shows its editor a preview. */}
      <Link to={toolPath(tool.slug)} reloadDocument className="text-sm text-brand-700 hover:underline">
        {t("dealForm.back", { name: tool.name })}
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">
        {t("dealForm.heading", { name: tool.name })}
      </h1>
      <p className="mt-2 text-slate-600">{t("dealForm.intro")}</p>
      {done && !actionData && (
        <div className="mt-4" data-testid="deal-done">
          <FormMessage tone="success" message={t(done === "saved" ? "dealForm.saved" : "dealForm.removed")} />
        </div>
      )}
      {deal?.hasEnded && (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="deal-ended">
          {t("dealForm.ended", { date: longDate(deal.endsAt.slice(0, 10)) })}
        </p>
      )}
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <FormMessage message={actionData && !Object.keys(fields).length ? actionData.message : undefined} />
        <Field
          label={t("dealForm.code")}
          name="code"
          required
          maxLength={DEAL_CODE_MAX}
          autoComplete="off"
          hint={t("dealForm.codeHint")}
          defaultValue={values.code ?? deal?.code ?? ""}
          error={fields.code}
        />
        <Field
          label={t("dealForm.offer")}
          name="offer"
          required
          maxLength={DEAL_OFFER_MAX}
          hint={t("dealForm.offerHint")}
          defaultValue={values.offer ?? deal?.offer ?? ""}
          error={fields.offer}
        />
        <Field
          label={t("dealForm.endsOn")}
          name="endsOn"
          type="date"
          required
          defaultValue={values.endsOn ?? deal?.endsAt.slice(0, 10) ?? ""}
          error={fields.endsOn}
        />
        <SubmitButton pendingText={t("dealForm.saving")}>{t("dealForm.save")}</SubmitButton>
      </Form>
      {deal && (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="text-sm font-medium text-rose-700 hover:underline">
            {t("dealForm.remove")}
          </button>
        </Form>
      )}
    </main>
  );
}
