/**
 * A tool's reviews (decision 043): its rating (average, count, how many gave each star), and the reviews themselves,
 * each with its author, its words as plain text, the maker's reply, a "Helpful" vote and a way to report it. The same
 * markup for every visitor, so it sits in cached pages; the maker's "Reply" link is filled in from their session cache.
 */
import { type FormEvent, type ReactNode, useEffect } from "react";
import { useFetcher, useHref, useLocation, useNavigate } from "react-router";
import { useT, useWords } from "../i18n.tsx";
import {
  loginPath,
  profilePath,
  reviewHelpfulPath,
  reviewReplyPath,
  reviewReportPath,
  toolPath,
  writeReviewPath,
} from "#common/page-paths.ts";
import type { PublicReview } from "#server/reviews/reviews.ts";
import type { ToolRating } from "#server/tools/read/queries.ts";
import { Link } from "./link.tsx";
import { useToolRelation } from "./own-tool.tsx";
import { useViewer } from "../session-cache.ts";
import { LongDate } from "./long-date.tsx";
import { useToast } from "./toast.tsx";

/** The frame of the pages about one review or the person's own (write, reply, report): the way back to the tool above. */
export function ReviewPage({ tool, children }: { tool: { name: string; slug: string }; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:py-12">
      <p className="text-sm">
        <Link to={toolPath(tool.slug)} className="text-brand-700 hover:underline">
          ← {tool.name}
        </Link>
      </p>
      {children}
    </main>
  );
}

/** Five stars, the first `rating` filled; read as "4 out of 5 stars". */
export function Stars({ rating, className = "" }: { rating: number; className?: string }) {
  const t = useT();
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={t("review.stars", { rating })} className={`stars ${className}`}>
      <span aria-hidden="true">{"★".repeat(filled)}</span>
      <span aria-hidden="true" className="stars-empty">
        {"★".repeat(5 - filled)}
      </span>
    </span>
  );
}

/** The average, the count, and a bar per star from 5 to 1. */
export function RatingSummary({ rating }: { rating: ToolRating }) {
  const { t, number } = useWords();
  if (rating.count === 0 || rating.average === null) return null;
  const most = Math.max(...rating.counts, 1);
  return (
    <div className="flex flex-wrap items-center gap-6" data-testid="rating-summary">
      <div className="text-center">
        <p className="text-4xl font-extrabold" data-testid="rating-average">
          {rating.average.toFixed(1)}
        </p>
        <Stars rating={rating.average} />
        <p className="text-sm text-slate-500" data-testid="rating-count">
          {t("review.count", { count: rating.count })}
        </p>
      </div>
      <ul className="min-w-48 flex-1 space-y-1 text-sm" aria-label={t("review.byRating")}>
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = rating.counts[stars - 1] ?? 0;
          return (
            <li key={stars} className="flex items-center gap-2">
              <span className="w-14 shrink-0 text-slate-600">{t("review.starCount", { count: stars })}</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-amber-400"
                  style={{ width: `${(count / most) * 100}%` }}
                />
              </span>
              <span className="w-10 shrink-0 text-right text-slate-600" data-testid={`rating-${stars}`}>
                {number(count)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ReviewList({ reviews, toolId }: { reviews: PublicReview[]; toolId: string }) {
  return (
    <ul className="space-y-4" data-testid="reviews">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewItem review={review} toolId={toolId} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Whether the signed-in person made the tool (their tools, from the session's cache): they reply to reviews, and write
 * none. A tool they only submitted, or claimed without an answer yet, is not theirs to answer for.
 */
export function useIsMakerOf(toolId: string): boolean {
  return useToolRelation(toolId) === "maker";
}

/** "Write a review", for anyone but the tool's maker, who may not review their own tool (the server refuses it too). */
export function WriteReviewLink({ tool }: { tool: { id: string; slug: string } }) {
  const t = useT();
  if (useIsMakerOf(tool.id)) return null;
  return (
    <Link
      to={writeReviewPath(tool.slug)}
      rel="nofollow"
      className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      data-testid="write-review"
    >
      {t("tool.writeReview")}
    </Link>
  );
}

function ReviewItem({ review, toolId }: { review: PublicReview; toolId: string }) {
  const isMaker = useIsMakerOf(toolId);
  const t = useT();
  return (
    <article id={review.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="review">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Stars rating={review.rating} />
        <Link to={profilePath(review.author.slug)} className="font-semibold hover:underline">
          {review.author.username}
        </Link>
        <LongDate isoDate={review.createdAt.slice(0, 10)} className="text-slate-500" />
        {review.editedAt && <span className="text-slate-500">{t("review.edited")}</span>}
      </header>
      {review.body && <p className="mt-2 whitespace-pre-line text-slate-800">{review.body}</p>}
      {review.reply && (
        <div className="mt-3 rounded-lg border-l-4 border-brand-300 bg-slate-50 p-3 text-sm" data-testid="review-reply">
          <p className="font-semibold text-slate-700">{t("review.makerReplied")}</p>
          <p className="mt-1 whitespace-pre-line text-slate-800">{review.reply.text}</p>
        </div>
      )}
      <footer className="mt-3 flex flex-wrap items-center gap-4 text-sm">
        <HelpfulButton review={review} />
        <Link to={reviewReportPath(review.id)} className="text-slate-500 hover:underline" rel="nofollow">
          {t("review.report")}
        </Link>
        {isMaker && !review.reply && (
          <Link
            to={reviewReplyPath(review.id)}
            className="font-semibold text-brand-700 hover:underline"
            data-testid="reply-link"
          >
            {t("review.replyAsMaker")}
          </Link>
        )}
      </footer>
    </article>
  );
}

type HelpfulAnswer = { helpful?: number; message?: string };

/**
 * "Helpful (n)": one vote per person. With JavaScript the vote is sent in the background and the count follows;
 * without, the form posts and comes back to the page. A visitor is sent to sign in first.
 */
function HelpfulButton({ review }: { review: PublicReview }) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const viewer = useViewer();
  const navigate = useNavigate();
  const toast = useToast();
  const fetcher = useFetcher<HelpfulAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const count = answer?.helpful ?? review.helpful;
  const t = useT();
  const action = useHref(reviewHelpfulPath(review.id));

  function submitInBackground(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!viewer) {
      void navigate(loginPath(here));
      return;
    }
    void fetcher.submit(
      { redirectTo: here, stay: "true" },
      { method: "post", action: reviewHelpfulPath(review.id), defaultShouldRevalidate: false },
    );
  }

  // A refused vote (one's own review, too many votes) is told.
  useEffect(() => {
    if (answer?.message) toast(answer.message);
    // Only a new answer is told.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return (
    <form method="post" action={action} onSubmit={submitInBackground}>
      <input type="hidden" name="redirectTo" value={here} />
      <button
        type="submit"
        className="rounded-md border border-slate-300 px-2 py-0.5 text-slate-600 hover:bg-slate-50"
        data-testid="helpful-button"
        disabled={fetcher.state !== "idle"}
      >
        {t("review.helpful", { count })}
      </button>
    </form>
  );
}
