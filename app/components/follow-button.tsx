/**
 * "Follow" on a category's or a tag's page (decision 044). The same form for everyone, so it sits in the cached page:
 * the person's state comes from their session cache. With JavaScript it changes without a reload; without, the form
 * posts and comes back; a visitor is sent to sign in first.
 */
import { type FormEvent, useEffect } from "react";
import { useFetcher, useHref, useLocation, useNavigate } from "react-router";
import { useT } from "../i18n.tsx";
import { loginPath } from "#common/page-paths.ts";
import { setViewer, useViewer } from "../session-cache.ts";
import { Link } from "./link.tsx";
import { useToast } from "./toast.tsx";

/** The resource route the button posts to (app/routes/follows.tsx). */
export const FOLLOWS_ACTION = "/follows";

type FollowAnswer = { following: boolean; follows?: string[]; message?: string };

export function FollowButton({ kind, value, name }: { kind: "category" | "tag"; value: string; name: string }) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const viewer = useViewer();
  const navigate = useNavigate();
  const toast = useToast();
  const fetcher = useFetcher<FollowAnswer>();
  const key = `${kind}:${value}`;
  const t = useT();
  const formAction = useHref(FOLLOWS_ACTION);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.message) toast(answer.message);
    else toast(answer.following ? t("follow.followed", { name }) : t("follow.unfollowed", { name }));
    if (viewer && answer.follows) setViewer({ ...viewer, follows: answer.follows });
    // Only a new answer changes the button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const pending = fetcher.formData?.get("intent");
  // The server's answer holds until the session cache has it too: no render between them shows the old state.
  const isFollowing = pending ? pending === "follow" : (answer?.following ?? Boolean(viewer?.follows.includes(key)));
  const intent = isFollowing ? "unfollow" : "follow";

  function submitInBackground(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!viewer) {
      void navigate(loginPath(here));
      return;
    }
    void fetcher.submit(
      { kind, value, intent, redirectTo: here, stay: "true" },
      { method: "post", action: FOLLOWS_ACTION, defaultShouldRevalidate: false },
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <form method="post" action={formAction} onSubmit={submitInBackground}>
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="value" value={value} />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="redirectTo" value={here} />
        <button
          type="submit"
          aria-pressed={isFollowing}
          data-testid="follow-button"
          className={`rounded-lg border px-4 py-2 text-sm font-semibold ${isFollowing ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
        >
          {isFollowing ? t("follow.following") : t("follow.follow")}
        </button>
      </form>
      {isFollowing && (
        <Link to="/following" className="text-sm text-slate-600 hover:underline">
          {t("follow.yourFollows")}
        </Link>
      )}
    </div>
  );
}
