/**
 * POST /reviews/{id}/helpful: a "Helpful" vote (decision 043), one per person. Without JavaScript it goes back to the
 * page it came from; the button's script sets `stay` and gets the review's count as data. A visitor is sent to sign in.
 */
import { data, redirect } from "react-router";
import { AppError, isAppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { loginPath, safeRedirect } from "#common/page-paths.ts";
import { reviewIdParam } from "#common/schemas/reviews.ts";
import type { Route } from "./+types/review-helpful";

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"));
  const stay = form.get("stay") === "true";
  const id = reviewIdParam.safeParse(params.id);
  try {
    if (!id.success) throw new AppError("not-found", MESSAGES.review.notFound);
    const { helpful } = await context.services.reviews.voteHelpful(context.user, id.data);
    return stay ? { helpful } : redirect(back, 303);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "unauthenticated") return redirect(loginPath(back), 303);
    if (stay) return data({ message: error.message }, { status: error.status });
    throw data(error.message, { status: error.status });
  }
}

/** There is nothing to see here. */
export function loader() {
  return redirect("/");
}
