/**
 * The heart on a tool card and on the tool page (SPEC section 2). A signed-in user adds or removes the tool without a
 * page reload (the script posts in the background and shows the new state at once), or with a plain form post
 * without JavaScript. A visitor's heart leads to the login page, which brings them back here.
 */
import { type FormEvent, useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { Link } from "./link.tsx";
import type { SessionUser } from "#common/access.ts";
import { useOptionalRootData } from "../root-data.ts";
import { useToast } from "./toast.tsx";
import { loginPath } from "#common/page-paths.ts";

/** The resource route the heart posts to (app/routes/favorites.tsx). */
export const FAVORITES_ACTION = "/favorites";

const LABELS = { add: "Add to favourites", remove: "Remove from favourites" } as const;

/** A square icon beside a card's Visit link, or the icon and its words beside the tool page's 'Visit website' (app.css). */
const VARIANTS = { icon: "heart heart-icon", labelled: "heart heart-labelled" } as const;

type FavoriteAnswer = { favorited: boolean; message?: string };

export function FavoriteButton({ toolId, user, variant = "icon" }: { toolId: string; user: SessionUser | null; variant?: keyof typeof VARIANTS }) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const favoriteIds: readonly string[] = useOptionalRootData()?.favoriteToolIds ?? [];
  const fetcher = useFetcher<FavoriteAnswer>();
  const toast = useToast();
  const className = VARIANTS[variant];

  // A failed change (the tool was just taken down) is told; the heart already shows the state the server keeps.
  const failure = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  useEffect(() => {
    if (failure) toast(failure);
  }, [failure, toast]);

  if (!user) {
    return (
      // The title is the icon's accessible name too.
      <Link to={loginPath(here)} title={LABELS.add} className={className}>
        {variant === "labelled" && LABELS.add}
      </Link>
    );
  }

  // While the change is on its way, the heart shows what it will be; then the root loader's list (reloaded) says.
  const pending = fetcher.formData?.get("intent");
  const isFavorite = pending ? pending === "add" : favoriteIds.includes(toolId);
  const intent = isFavorite ? "remove" : "add";

  function submitInBackground(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Only the root loader (which holds the hearts) reloads: the page's own data, and its view counter, stay as they are.
    void fetcher.submit({ toolId, intent, redirectTo: here, stay: "true" }, { method: "post", action: FAVORITES_ACTION, defaultShouldRevalidate: false });
  }

  return (
    <form method="post" action={FAVORITES_ACTION} onSubmit={submitInBackground} className="shrink-0">
      <input type="hidden" name="toolId" value={toolId} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={here} />
      <button
        type="submit"
        aria-pressed={isFavorite}
        title={LABELS[intent]}
        data-testid="favorite-button"
        className={className}
      >
        {variant === "labelled" && LABELS[intent]}
      </button>
    </form>
  );
}
