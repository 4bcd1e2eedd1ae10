/**
 * /admin/reviews (verifiers and admins): the reviews to look at (decision 043). Those that wait for a moderator (a new
 * account, a disposable address, a link), oldest first, are approved or hidden; reported ones are kept (their reports
 * closed) or hidden; hidden ones may be restored. Hiding and restoring take a reason, which the author is told.
 */
import { Form } from "react-router";
import { MAX_MODERATION_REASON_LENGTH } from "#common/constants.ts";
import { profilePath, toolPath } from "#common/page-paths.ts";
import { REVIEW_QUEUES, reviewModerationInput, reviewQueueQuery } from "#common/schemas/reviews.ts";
import type { ModeratedReview } from "#server/reviews/reviews.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { LongDate } from "../components/long-date.tsx";
import { ActionButton, ActionResult, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { Stars } from "../components/reviews.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-reviews";
import { say } from "#common/i18n/say.ts";
import { Message, part, useT } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { list, cursor } = parseSearchParams(reviewQueueQuery, url);
  const page = await moderated(context.services.reviews.listReviewsToModerate(context.user, list, { cursor }), url);
  return { page, list };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "reviewId", "reason"]);
  try {
    const input = reviewModerationInput.parse({
      reviewId: values.reviewId,
      action: values.intent,
      reason: values.reason,
    });
    const { toolName } = await context.services.reviews.moderateReview(context.user, input);
    return { done: say("adminReviews.done", { tool: toolName, action: input.action }) };
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("admin.reviews"),
    description: t("adminReviews.description"),
    path: "/admin/reviews",
    noindex: true,
  }));

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { page, list } = loaderData;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("admin.reviews")}>{t("adminReviews.intro")}</SectionHeader>
      <nav aria-label={t("adminReviews.lists")} className="mb-4 flex gap-2 text-sm">
        {REVIEW_QUEUES.map((queue) => (
          <Link
            key={queue}
            to={queue === "waiting" ? "/admin/reviews" : `/admin/reviews?list=${queue}`}
            aria-current={queue === list ? "page" : undefined}
            className={`rounded-full border px-3 py-1 ${queue === list ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
          >
            {t("adminReviews.list", { list: queue })}
          </Link>
        ))}
      </nav>
      <ActionResult result={actionData as ModerationResult | undefined} />
      {page.reviews.length > 0 ? (
        <ul className="space-y-4" data-testid="moderated-reviews">
          {page.reviews.map((review) => (
            <ModeratedReviewRow key={review.id} review={review} />
          ))}
        </ul>
      ) : (
        <EmptyState title={t("adminReviews.empty", { list })} />
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}

function ModeratedReviewRow({ review }: { review: ModeratedReview }) {
  const t = useT();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="moderated-review">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Link to={toolPath(review.tool.slug)} className="font-semibold text-brand-700 hover:underline">
          {review.tool.name}
        </Link>
        <Stars rating={review.rating} />
        <span>
          <Message
            text={t("adminReviews.by", { user: part("user") })}
            parts={{
              user: (
                <Link to={profilePath(review.author.slug)} className="hover:underline">
                  {review.author.username}
                </Link>
              ),
            }}
          />
        </span>
        <LongDate isoDate={review.createdAt.slice(0, 10)} className="text-slate-500" />
        {review.reports > 0 && (
          <span className="rounded-full bg-rose-100 px-2 text-xs font-semibold text-rose-800">
            {t("adminReviews.reports", { count: review.reports })}
          </span>
        )}
      </p>
      {review.body && <p className="mt-2 whitespace-pre-line text-slate-800">{review.body}</p>}
      {review.reportReasons.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm text-rose-800" aria-label={t("adminReviews.reportsSay")}>
          {review.reportReasons.map((reason, index) => (
            <li key={index}>{reason}</li>
          ))}
        </ul>
      )}
      {review.moderationReason && (
        <p className="mt-2 text-sm text-slate-600">
          {t("adminReviews.lastModerated", { reason: review.moderationReason })}
        </p>
      )}
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
        <input type="hidden" name="reviewId" value={review.id} />
        <label className="min-w-64 flex-1 text-sm">
          <span className="block text-slate-700">
            {review.status === "hidden" ? t("adminReviews.whyRestore") : t("adminReviews.whyHide")}
          </span>
          <input
            name="reason"
            maxLength={MAX_MODERATION_REASON_LENGTH}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-1.5"
          />
        </label>
        {review.status === "waiting" && (
          <ActionButton intent="approve" subject={review.id} tone="primary" pendingText={t("adminReviews.approving")}>
            {t("adminReviews.approve")}
          </ActionButton>
        )}
        {review.status !== "hidden" && (
          <ActionButton intent="hide" subject={review.id} tone="danger" pendingText={t("adminReviews.hiding")}>
            {t("adminReviews.hide")}
          </ActionButton>
        )}
        {review.status === "live" && review.reports > 0 && (
          <ActionButton intent="keep" subject={review.id} pendingText={t("adminReviews.keeping")}>
            {t("adminReviews.keep")}
          </ActionButton>
        )}
        {review.status === "hidden" && (
          <ActionButton intent="restore" subject={review.id} tone="primary" pendingText={t("adminReviews.restoring")}>
            {t("adminReviews.restore")}
          </ActionButton>
        )}
      </Form>
    </li>
  );
}
