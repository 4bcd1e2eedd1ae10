/**
 * /reviews/{id}/report: anyone may report a public review to the moderators (decision 043), with optional words.
 * Limited per address, as problem reports are. The thanks is the answer to the post.
 */
import { useT } from "../i18n.tsx";
import { data, Form } from "react-router";
import { MAX_REVIEW_REPORT_LENGTH } from "#common/constants.ts";
import { MESSAGES } from "#common/messages.ts";
import { toolReviewsPath } from "#common/page-paths.ts";
import { reviewIdParam, reviewReportInput } from "#common/schemas/reviews.ts";
import { FormMessage, SubmitButton, TextAreaField } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { ReviewList, ReviewPage } from "../components/reviews.tsx";
import { formFailure, keptValues, orRefusalPage } from "../forms.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/review-report";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = reviewIdParam.safeParse(params.id);
  if (!id.success) throw data(MESSAGES.review.notFound, { status: 404 });
  const { review, tool } = await orRefusalPage(context.services.reviews.findPublicReview(id.data));
  return { review, tool };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await context.services.reviews.reportReview(
      { user: context.user, address: context.requester.address },
      reviewIdParam.parse(params.id),
      reviewReportInput.parse(Object.fromEntries(form)),
    );
    return { sent: true as const };
  } catch (error) {
    return formFailure(error, keptValues(form, ["reason"]));
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(matches, ({ t }) => ({
    title: loaderData ? t("reviewReport.title", { name: loaderData.tool.name }) : t("reviewReport.heading"),
    description: t("reviewReport.description"),
    path: `/reviews/${params.id}/report`,
    noindex: true,
  }));

export default function ReviewReport({ loaderData, actionData }: Route.ComponentProps) {
  const { review, tool } = loaderData;
  const failure = actionData && "message" in actionData ? actionData : undefined;
  const t = useT();
  return (
    <ReviewPage tool={tool}>
      <h1 className="mt-2 mb-6 text-3xl font-extrabold tracking-tight text-slate-900">{t("reviewReport.heading")}</h1>
      <ReviewList reviews={[review]} toolId={tool.id} />
      {actionData && "sent" in actionData ? (
        <p
          role="status"
          data-testid="review-report-sent"
          className="mt-6 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          {t("reviewReport.sent")}{" "}
          <Link to={toolReviewsPath(tool.slug)} className="font-semibold underline">
            {t("reviewReport.back")}
          </Link>
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <FormMessage message={failure && !Object.keys(failure.fields).length ? failure.message : undefined} />
          <TextAreaField
            label={t("reviewReport.label")}
            name="reason"
            rows={4}
            maxLength={MAX_REVIEW_REPORT_LENGTH}
            defaultValue={failure?.values.reason ?? ""}
            error={failure?.fields.reason}
            placeholder={t("reviewReport.placeholder")}
          />
          <SubmitButton pendingText={t("tool.sending")}>{t("reviewReport.send")}</SubmitButton>
        </Form>
      )}
    </ReviewPage>
  );
}
