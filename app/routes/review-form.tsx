/**
 * /tool/{slug}/review: the signed-in person's review of a tool (decision 043): a rating from 1 to 5 and optional words,
 * written once, then edited or deleted here. It carries the forms' anti-spam check. A visitor is sent to sign in first;
 * the tool's maker is told they cannot review their own tool. Rendered for the person, never cached.
 */
import { useT } from "../i18n.tsx";
import { Form, redirect } from "react-router";
import { MAX_REVIEW_LENGTH } from "#common/constants.ts";
import { loginPath, toolPath, toolReviewsPath } from "#common/page-paths.ts";
import { reviewInput } from "#common/schemas/reviews.ts";
import { FormMessage, SubmitButton, TextAreaField } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { ReviewPage } from "../components/reviews.tsx";
import { SpamCheck } from "../components/spam-check.tsx";
import { formFailure, keptValues, orRefusalPage } from "../forms.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/review-form";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(url.pathname));
  const form = await orRefusalPage(context.services.reviews.findReviewForm(context.user, params.slug));
  return { ...form, saved: url.searchParams.get("saved") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(loginPath(`/tool/${params.slug}/review`));
  const form = await request.formData();
  try {
    if (form.get("intent") === "delete") {
      await context.services.reviews.deleteReview(context.user, params.slug);
      return redirect(`${toolPath(params.slug)}#reviews-heading`, 303);
    }
    const input = reviewInput.parse(Object.fromEntries(form));
    const user = context.user;
    const saved = await context.services.spam.guard(form, () =>
      context.services.reviews.saveReview(user, params.slug, input),
    );
    return redirect(`/tool/${params.slug}/review?saved=${saved.status}`, 303);
  } catch (error) {
    return formFailure(error, keptValues(form, ["rating", "body"]));
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t }) => ({
    title: loaderData ? t("reviewForm.title", { name: loaderData.tool.name }) : t("tool.writeReview"),
    description: t("reviewForm.description"),
    path: loaderData ? `/tool/${loaderData.tool.slug}/review` : "/",
    noindex: true,
  }));

export default function ReviewForm({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, own, saved } = loaderData;
  const values = actionData?.values ?? {};
  const fields = actionData?.fields ?? {};
  const rating = values.rating || (own ? String(own.rating) : "");
  const isHidden = own?.status === "hidden";
  const t = useT();
  return (
    <ReviewPage tool={tool}>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">
        {own ? t("reviewForm.own", { name: tool.name }) : t("reviewForm.title", { name: tool.name })}
      </h1>

      {saved === "live" && <FormMessage tone="success" message={t("reviewForm.live")} />}
      {saved === "waiting" && <FormMessage tone="success" message={t("reviewForm.waiting")} />}
      {!saved && own?.status === "waiting" && (
        <p className="mt-4 text-sm text-slate-600">{t("reviewForm.stillWaiting")}</p>
      )}
      {isHidden && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {t("reviewForm.hidden", {
            hasReason: own?.moderationReason ? "yes" : "no",
            reason: own?.moderationReason ?? "",
          })}
        </p>
      )}

      {!isHidden && (
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <FormMessage message={actionData && !Object.keys(fields).length ? actionData.message : undefined} />
          <fieldset aria-describedby={fields.rating ? "rating-error" : undefined}>
            <legend className="text-sm font-medium text-slate-800">{t("reviewForm.rating")}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((stars) => (
                <label key={stars} className="rating-choice">
                  <input
                    type="radio"
                    name="rating"
                    value={stars}
                    defaultChecked={rating === String(stars)}
                    required
                    className="sr-only"
                  />
                  <span aria-hidden="true">{"★".repeat(stars)}</span>
                  <span className="sr-only">{t("review.stars", { rating: stars })}</span>
                </label>
              ))}
            </div>
            {fields.rating && (
              <p id="rating-error" role="alert" className="mt-1 text-sm text-rose-700">
                {fields.rating}
              </p>
            )}
          </fieldset>
          <TextAreaField
            label={t("reviewForm.body")}
            name="body"
            rows={6}
            maxLength={MAX_REVIEW_LENGTH}
            defaultValue={values.body ?? own?.body ?? ""}
            error={fields.body}
            placeholder={t("reviewForm.placeholder")}
          />
          <p className="text-sm text-slate-500">{t("reviewForm.linksHint")}</p>
          <SpamCheck refusal={actionData?.message} />
          <SubmitButton pendingText={t("reviewForm.saving")}>
            {own ? t("reviewForm.save") : t("reviewForm.publish")}
          </SubmitButton>
        </Form>
      )}

      {own && (
        <Form method="post" className="mt-6">
          <SubmitButton name="intent" value="delete" pendingText={t("reviewForm.deleting")}>
            {t("reviewForm.delete")}
          </SubmitButton>
        </Form>
      )}

      <p className="mt-8 text-sm">
        <Link to={toolReviewsPath(tool.slug)} className="text-brand-700 hover:underline">
          {t("reviewForm.readAll", { name: tool.name })}
        </Link>
      </p>
    </ReviewPage>
  );
}
