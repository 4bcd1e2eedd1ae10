/**
 * POST /favorites: the heart's form. Without JavaScript it changes the favourite and sends the browser back to the page
 * it came from; the heart's script sets `stay` and gets the new state as data, without leaving the page.
 * A visitor is sent to log in, and comes back to the page afterwards.
 */
import { data, redirect } from "react-router";
import { isAppError } from "#common/errors.ts";
import { invalidInput } from "#common/input-errors.ts";
import { favoriteFormInput } from "#common/schemas/favorites.ts";
import type { Route } from "./+types/favorites";
import { loginPath, safeRedirect } from "#common/page-paths.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = favoriteFormInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(invalidInput(parsed.error).message, { status: 400 });
  const { toolId, intent, redirectTo, stay } = parsed.data;
  const back = safeRedirect(redirectTo);
  const { favorites } = context.services;
  try {
    const state =
      intent === "add"
        ? await favorites.addFavorite(context.user, toolId)
        : await favorites.removeFavorite(context.user, toolId);
    // 303: the browser follows a form post's answer with a GET.
    return stay ? state : redirect(back, 303);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "unauthenticated") return redirect(loginPath(back), 303);
    if (stay) return data({ favorited: intent === "remove", message: error.message }, { status: error.status });
    throw data(error.message, { status: error.status });
  }
}

/** There is nothing to see here: a visit lands on the list of favourites. */
export function loader() {
  return redirect("/my-favorites");
}
