/**
 * The heart on a tool card and on the tool page (docs/product.md §2), with the tool's public likes (decision 042). It is
 * the same form for everyone, so it can sit in a
 * page every visitor gets (decision 037): a signed-in person adds or removes the tool without a page reload (the script
 * posts in the background and shows the new state at once), or with a plain form post without JavaScript; a visitor's
 * post leads to the login page, which brings them back here, and with JavaScript they go there at once.
 */
import { type FormEvent, useEffect } from "react";
import { useFetcher, useHref, useLocation, useNavigate } from "react-router";
import { useToast } from "./toast.tsx";
import { loginPath } from "#common/page-paths.ts";
import { useWords } from "../i18n.tsx";
import { setViewer, useViewer } from "../session-cache.ts";

/** The resource route the heart posts to (app/routes/favorites.tsx). */
export const FAVORITES_ACTION = "/favorites";

/** A square icon beside a card's Visit link, or the icon and its words beside the tool page's 'Visit website' (app.css). */
const VARIANTS = { icon: "heart heart-icon", labelled: "heart heart-labelled" } as const;

type FavoriteAnswer = {
  favorited: boolean;
  likes?: number;
  isCounted?: boolean;
  likesCountFrom?: string | null;
  message?: string;
};

/**
 * `likes` is the count the page was rendered with (it may lag a little behind, decision 042); once the person presses
 * the heart, it shows the change at once, then the count the server answers. A like that does not count for everyone
 * yet (a young account's) counts in its maker's own view, which says when it will count for everyone.
 */
export function FavoriteButton({
  toolId,
  likes,
  variant = "icon",
}: {
  toolId: string;
  likes: number;
  variant?: keyof typeof VARIANTS;
}) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const viewer = useViewer();
  const navigate = useNavigate();
  const fetcher = useFetcher<FavoriteAnswer>();
  const toast = useToast();
  const { t, number } = useWords();
  // Without JavaScript the form posts to the page's language's address, which comes back to the page in it.
  const formAction = useHref(FAVORITES_ACTION);

  // The server's answer is what the heart shows from then on; a refused change (the tool was just taken down) is told.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer || !viewer) return;
    const isWaiting = answer.favorited && answer.isCounted === false;
    const waitingReason = answer.likesCountFrom ? "new" : "soon";
    toast(
      answer.message ??
        (answer.favorited
          ? `${t("favorite.saved")}${isWaiting ? ` ${t("favorite.waiting", { reason: waitingReason })}` : ""}`
          : t("favorite.removed")),
    );
    const without = (ids: string[]) => ids.filter((id) => id !== toolId);
    const favoriteToolIds = answer.favorited
      ? [toolId, ...without(viewer.favoriteToolIds)]
      : without(viewer.favoriteToolIds);
    const waitingLikeIds = isWaiting ? [toolId, ...without(viewer.waitingLikeIds)] : without(viewer.waitingLikeIds);
    const likesCountFrom = answer.likesCountFrom ?? viewer.likesCountFrom;
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => id === b[index]);
    if (
      !same(favoriteToolIds, viewer.favoriteToolIds) ||
      !same(waitingLikeIds, viewer.waitingLikeIds) ||
      likesCountFrom !== viewer.likesCountFrom
    ) {
      setViewer({ ...viewer, favoriteToolIds, waitingLikeIds, likesCountFrom });
    }
    // Only a new answer moves the heart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  // While the change is on its way, the heart shows what it will be.
  const pending = fetcher.formData?.get("intent");
  // The server's answer holds until the session cache has it too: no render between them shows the old state.
  const wasFavorite = answer?.favorited ?? Boolean(viewer?.favoriteToolIds.includes(toolId));
  const isFavorite = pending ? pending === "add" : wasFavorite;
  const intent = isFavorite ? "remove" : "add";
  // Whether the person's like is theirs alone for now: not among the public likes the page and the server count.
  const wasWaiting =
    wasFavorite &&
    (answer?.isCounted !== undefined ? !answer.isCounted : Boolean(viewer?.waitingLikeIds.includes(toolId)));
  const knownLikes = fetcher.data?.likes ?? likes;
  // Their own like counts in their view at once; removing one that never counted takes nothing from the public's.
  const shownLikes =
    pending === "add"
      ? knownLikes + 1
      : pending === "remove"
        ? Math.max(0, knownLikes - (wasWaiting ? 0 : 1))
        : knownLikes + (wasWaiting ? 1 : 0);
  const isWaiting = !pending && wasWaiting;

  function submitInBackground(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!viewer) {
      void navigate(loginPath(here));
      return;
    }
    // Nothing else reloads: the page's own data, and its view counter, stay as they are.
    void fetcher.submit(
      { toolId, intent, redirectTo: here, stay: "true" },
      { method: "post", action: FAVORITES_ACTION, defaultShouldRevalidate: false },
    );
  }

  const form = (
    <form method="post" action={formAction} onSubmit={submitInBackground} className="shrink-0">
      <input type="hidden" name="toolId" value={toolId} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={here} />
      <button
        type="submit"
        aria-pressed={isFavorite}
        title={intent === "add" ? t("favorite.add") : t("favorite.remove")}
        aria-label={t("favorite.label", { action: intent, count: shownLikes })}
        data-tool-id={toolId}
        data-testid="favorite-button"
        className={VARIANTS[variant]}
      >
        {variant === "labelled" && (intent === "add" ? t("favorite.add") : t("favorite.remove"))}
        {shownLikes > 0 && (
          <span className="heart-count" data-testid="like-count">
            {number(shownLikes)}
          </span>
        )}
      </button>
    </form>
  );
  // Beside the tool page's heart, the person is told that their like is theirs alone for now.
  if (variant !== "labelled" || !isWaiting) return form;
  return (
    <div className="flex flex-col items-start gap-1">
      {form}
      <p className="max-w-xs text-xs text-slate-600" data-testid="like-waiting">
        {t("favorite.waiting", { reason: viewer?.likesCountFrom ? "new" : "soon" })}
      </p>
    </div>
  );
}
