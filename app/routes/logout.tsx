/** Log out (docs/product.md §4): ends the session and goes home; the browser's cache is cleared once no one is signed in. */
import { redirect } from "react-router";
import type { Route } from "./+types/logout";

export async function action({ context }: Route.ActionArgs) {
  const headers = await context.services.accounts.logout(context.requester);
  return redirect("/", { headers });
}

export function loader() {
  // Logging out changes state, so it takes a POST (the Logout button); a visit here just goes home.
  return redirect("/");
}
