/**
 * /tool/{slug}/review: the signed-in person's review of a tool (decision 043): a rating from 1 to 5 and optional words,
 * written once, then edited or deleted here. It carries the forms' anti-spam check. A visitor is sent to sign in first;
 * the tool's maker is told they cannot review their own tool. Rendered for the person, never cached.
 */
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
    const saved = await context.services.spam.guard(form, () => context.services.reviews.saveReview(user, params.slug, input));
    return redirect(`/tool/${params.slug}/review?saved=${saved.status}`, 303);
  } catch (error) {
    return formFailure(error, keptValues(form, ["rating", "body"]));
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, () => ({
    title: loaderData ? `Review ${loaderData.tool.name}` : "Write a review",
    description: "Rate a tool and tell others what you think of it.",
    path: loaderData ? `/tool/${loaderData.tool.slug}/review` : "/",
    noindex: true,
  }));

export default function ReviewForm({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, own, saved } = loaderData;
  const values = actionData?.values ?? {};
  const fields = actionData?.fields ?? {};
  const rating = values.rating || (own ? String(own.rating) : "");
  const isHidden = own?.status === "hidden";
  return (
    <ReviewPage tool={tool}>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">{own ? `Your review of ${tool.name}` : `Review ${tool.name}`}</h1>

      {saved === "live" && <FormMessage tone="success" message="Thanks! Your review is public." />}
      {saved === "waiting" && <FormMessage tone="success" message="Thanks! Your review is saved, and a moderator will read it before it is public." />}
      {!saved && own?.status === "waiting" && <p className="mt-4 text-sm text-slate-600">Your review waits for a moderator before it is public.</p>}
      {isHidden && (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {`A moderator hid your review${own?.moderationReason ? `: ${own.moderationReason}` : "."} You can delete it.`}
        </p>
      )}

      {!isHidden && (
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <FormMessage message={actionData && !Object.keys(fields).length ? actionData.message : undefined} />
          <fieldset aria-describedby={fields.rating ? "rating-error" : undefined}>
            <legend className="text-sm font-medium text-slate-800">Your rating</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((stars) => (
                <label key={stars} className="rating-choice">
                  <input type="radio" name="rating" value={stars} defaultChecked={rating === String(stars)} required className="sr-only" />
                  <span aria-hidden="true">{"★".repeat(stars)}</span>
                  <span className="sr-only">{`${stars} out of 5 stars`}</span>
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
            label="Your review (optional)"
            name="body"
            rows={6}
            maxLength={MAX_REVIEW_LENGTH}
            defaultValue={values.body ?? own?.body ?? ""}
            error={fields.body}
            placeholder="What do you use it for? What works well, and what does not?"
          />
          <p className="text-sm text-slate-500">Links stay plain text. A review with a link, or from a new account, is read by a moderator first.</p>
          <SpamCheck refusal={actionData?.message} />
          <SubmitButton pendingText="Saving…">{own ? "Save my review" : "Publish my review"}</SubmitButton>
        </Form>
      )}

      {own && (
        <Form method="post" className="mt-6">
          <SubmitButton name="intent" value="delete" pendingText="Deleting…">
            Delete my review
          </SubmitButton>
        </Form>
      )}

      <p className="mt-8 text-sm">
        <Link to={toolReviewsPath(tool.slug)} className="text-brand-700 hover:underline">
          {`Read the reviews of ${tool.name}`}
        </Link>
      </p>
    </ReviewPage>
  );
}
