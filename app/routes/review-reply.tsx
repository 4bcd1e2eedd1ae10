/**
 * /reviews/{id}/reply: the maker's one reply to a public review of their tool (decision 043). Only the tool's maker
 * (linked by an accepted claim) gets the form; a visitor is sent to sign in. Rendered for the person, never cached.
 */
import { useT } from "../i18n.tsx";
import { data, Form, redirect } from "react-router";
import { MAX_REVIEW_REPLY_LENGTH } from "#common/constants.ts";
import { MESSAGES } from "#common/messages.ts";
import { loginPath, toolReviewsPath } from "#common/page-paths.ts";
import { reviewIdParam, reviewReplyInput } from "#common/schemas/reviews.ts";
import { FormMessage, SubmitButton, TextAreaField } from "../components/form.tsx";
import { ReviewList, ReviewPage } from "../components/reviews.tsx";
import { formFailure, keptValues, orRefusalPage } from "../forms.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/review-reply";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(url.pathname));
  const id = reviewIdParam.safeParse(params.id);
  if (!id.success) throw data(MESSAGES.review.notFound, { status: 404 });
  const { review, tool, canReply } = await orRefusalPage(context.services.reviews.findPublicReview(id.data));
  if (!canReply(context.user))
    throw data(review.reply ? MESSAGES.review.replyOnce : MESSAGES.review.replyMakersOnly, {
      status: review.reply ? 409 : 403,
    });
  return { review, tool };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(loginPath(`/reviews/${params.id}/reply`));
  const form = await request.formData();
  try {
    const { toolSlug } = await context.services.reviews.replyToReview(
      context.user,
      reviewIdParam.parse(params.id),
      reviewReplyInput.parse(Object.fromEntries(form)),
    );
    return redirect(toolReviewsPath(toolSlug), 303);
  } catch (error) {
    return formFailure(error, keptValues(form, ["reply"]));
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(matches, ({ t }) => ({
    title: loaderData ? t("reviewReply.title", { name: loaderData.tool.name }) : t("reviewReply.heading"),
    description: t("reviewReply.description"),
    path: `/reviews/${params.id}/reply`,
    noindex: true,
  }));

export default function ReviewReply({ loaderData, actionData }: Route.ComponentProps) {
  const { review, tool } = loaderData;
  const fields = actionData?.fields ?? {};
  const t = useT();
  return (
    <ReviewPage tool={tool}>
      <h1 className="mt-2 mb-6 text-3xl font-extrabold tracking-tight text-slate-900">{t("reviewReply.heading")}</h1>
      <ReviewList reviews={[review]} toolId={tool.id} />
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <FormMessage message={actionData && !Object.keys(fields).length ? actionData.message : undefined} />
        <TextAreaField
          label={t("reviewReply.label")}
          name="reply"
          rows={5}
          maxLength={MAX_REVIEW_REPLY_LENGTH}
          required
          defaultValue={actionData?.values.reply ?? ""}
          error={fields.reply}
        />
        <p className="text-sm text-slate-500">{t("reviewReply.hint")}</p>
        <SubmitButton pendingText={t("reviewReply.publishing")}>{t("reviewReply.publish")}</SubmitButton>
      </Form>
    </ReviewPage>
  );
}
