/**
 * The heart on a tool card and on the tool page (SPEC section 2). A signed-in user adds or removes the tool without a
 * page reload (the script posts in the background and shows the new state at once), or with a plain form post
 * without JavaScript. A visitor's heart leads to the login page, which brings them back here.
 */
import { type FormEvent, useEffect } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { SessionUser } from "#server/context.ts";
import { useOptionalRootData } from "../root-data.ts";
import { useToast } from "./toast.tsx";

/** The resource route the heart posts to (app/routes/favorites.tsx). */
export const FAVORITES_ACTION = "/favorites";

/** The login page, with the way back to `path`. */
export function loginPath(path: string): string {
  return `/login?redirectTo=${encodeURIComponent(path)}`;
}

const LABELS = { add: "Add to favourites", remove: "Remove from favourites" } as const;

const VARIANTS = {
  /** A square icon button, beside a card's Visit link. */
  icon: {
    base: "inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg border transition",
    off: "border-slate-300 text-slate-500 hover:border-rose-300 hover:text-rose-600",
    on: "border-rose-200 bg-rose-50 text-rose-600 hover:bg-rose-100",
    icon: "h-4 w-4",
  },
  /** The icon and its words, beside the tool page's 'Visit website'. */
  labelled: {
    base: "inline-flex items-center gap-1.5 rounded-lg border px-4 py-2 text-sm font-semibold transition",
    off: "border-slate-300 text-slate-700 hover:border-rose-300 hover:text-rose-700",
    on: "border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100",
    icon: "h-5 w-5",
  },
} as const;

type FavoriteAnswer = { favorited: boolean; message?: string };

export function FavoriteButton({ toolId, user, variant = "icon" }: { toolId: string; user: SessionUser | null; variant?: keyof typeof VARIANTS }) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const favoriteIds: readonly string[] = useOptionalRootData()?.favoriteToolIds ?? [];
  const fetcher = useFetcher<FavoriteAnswer>();
  const toast = useToast();
  const style = VARIANTS[variant];

  // A failed change (the tool was just taken down) is told; the heart already shows the state the server keeps.
  const failure = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  useEffect(() => {
    if (failure) toast(failure);
  }, [failure, toast]);

  if (!user) {
    return (
      <Link to={loginPath(here)} aria-label={variant === "icon" ? LABELS.add : undefined} title={LABELS.add} className={`${style.base} ${style.off}`}>
        <HeartIcon filled={false} className={style.icon} />
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
        aria-label={variant === "icon" ? LABELS[intent] : undefined}
        title={LABELS[intent]}
        data-testid="favorite-button"
        className={`${style.base} ${isFavorite ? style.on : style.off}`}
      >
        <HeartIcon filled={isFavorite} className={style.icon} />
        {variant === "labelled" && LABELS[intent]}
      </button>
    </form>
  );
}

function HeartIcon({ filled, className }: { filled: boolean; className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth={1.5}>
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M21 8.25c0-2.485-2.099-4.5-4.688-4.5-1.935 0-3.597 1.126-4.312 2.733-.715-1.607-2.377-2.733-4.313-2.733C5.1 3.75 3 5.765 3 8.25c0 7.22 9 12 9 12s9-4.78 9-12Z"
      />
    </svg>
  );
}
