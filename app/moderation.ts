/**
 * How the moderation console's loaders and actions answer a refusal from a service: a visitor is sent to sign in and
 * comes back, anyone else who may not gets the error page with a 403. Other failures of a form are shown in the form.
 */
import { data, redirect } from "react-router";
import { isAppError } from "#common/errors.ts";
import { type FormFailure, formFailure } from "./forms.ts";
import { loginPath } from "#common/page-paths.ts";

/** The page a form or a page was on, without React Router's `index` marker: where to come back after signing in. */
function pageOf(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("index");
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** The response that answers a refusal, or undefined when `error` is not one. */
function refusal(error: unknown, url: URL) {
  if (!isAppError(error)) return undefined;
  if (error.code === "unauthenticated") return redirect(loginPath(pageOf(url)));
  if (error.code === "permission-denied") return data(error.message, { status: 403 });
  return undefined;
}

/** Waits for a loader's service call; a refusal becomes the sign-in redirect or the 403 page. */
export async function moderated<T>(work: Promise<T>, url: URL): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw refusal(error, url) ?? error;
  }
}

/** An action's failure: a refusal as for a page, anything else shown in the form that was sent. */
export function moderationFailure(error: unknown, values: Record<string, string>, url: URL) {
  const refused = refusal(error, url);
  if (refused) throw refused;
  return formFailure(error, values);
}

/** The answer to a post whose intent is none of the page's actions. */
export function unknownAction(values: Record<string, string>) {
  return data<FormFailure>({ message: "Choose one of the actions of this page", fields: {}, values }, { status: 400 });
}
