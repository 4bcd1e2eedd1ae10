/**
 * POST /follows: the follow button's form (decision 044). Without JavaScript it changes the follow and sends the
 * browser back to the page it came from; the button's script sets `stay` and gets the new state as data. A visitor is
 * sent to sign in, and comes back to the page afterwards.
 */
import { data, redirect } from "react-router";
import { isAppError } from "#common/errors.ts";
import { invalidInput } from "#common/input-errors.ts";
import { loginPath, safeRedirect } from "#common/page-paths.ts";
import { followFormInput, followInput } from "#common/schemas/follows.ts";
import type { Route } from "./+types/follows";

export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await request.formData());
  const form = followFormInput.safeParse(fields);
  const followed = followInput.safeParse(fields);
  if (!form.success) throw data(invalidInput(form.error).message, { status: 400 });
  const { intent, redirectTo, stay } = form.data;
  const back = safeRedirect(redirectTo);
  try {
    if (!followed.success) throw invalidInput(followed.error);
    const { follows } = context.services;
    const state =
      intent === "follow"
        ? await follows.follow(context.user, followed.data)
        : await follows.unfollow(context.user, followed.data);
    return stay ? state : redirect(back, 303);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "unauthenticated") return redirect(loginPath(back), 303);
    if (stay) return data({ following: intent === "unfollow", message: error.message }, { status: error.status });
    throw data(error.message, { status: error.status });
  }
}

/** There is nothing to see here: a visit lands on the list of follows. */
export function loader() {
  return redirect("/following");
}
