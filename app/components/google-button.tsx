/**
 * 'Continue with Google': a link to /auth/google, so it works without JavaScript (a full-page redirect). With JavaScript
 * it opens Google in a 500×600 popup (docs/product.md §9). The popup's last page tells the page that opened it how the
 * sign-in went over a BroadcastChannel, not window.opener: the site's Cross-Origin-Opener-Policy parts the popup from
 * its opener as soon as it goes to Google.
 */
import { useT } from "../i18n.tsx";
import type { MouseEvent } from "react";
import { useEffect, useState } from "react";
import { GOOGLE_POPUP_ANSWER_MS, GOOGLE_POPUP_SIZE } from "#common/constants.ts";
import { FormMessage } from "./form.tsx";
import { withRedirectTo } from "#common/page-paths.ts";

const CHANNEL = "indie-tools:google-sign-in";

/** How a popup sign-in ended: signed in, or the message of what went wrong. */
export type PopupOutcome = { signedIn: true } | { signedIn: false; message: string };

type ChannelMessage = { id: string; outcome: PopupOutcome } | { answer: string };

/** Tells the page that opened the popup how the sign-in went; true once that page answered, so the popup may close. */
export function tellOpener(outcome: PopupOutcome): Promise<boolean> {
  if (typeof BroadcastChannel === "undefined") return Promise.resolve(false);
  const channel = new BroadcastChannel(CHANNEL);
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      channel.close();
      resolve(false);
    }, GOOGLE_POPUP_ANSWER_MS);
    channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
      if (!("answer" in event.data) || event.data.answer !== id) return;
      clearTimeout(timer);
      channel.close();
      resolve(true);
    };
    channel.postMessage({ id, outcome } satisfies ChannelMessage);
  });
}

export function GoogleButton({ redirectTo }: { redirectTo?: string }) {
  const [failure, setFailure] = useState<string>();
  const t = useT();
  const href = withRedirectTo("/auth/google", redirectTo);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
      if (!("outcome" in event.data)) return;
      channel.postMessage({ answer: event.data.id } satisfies ChannelMessage);
      // A full load after signing in: the session cookie is new, and every part of the page (and the idt_d cache) follows it.
      if (event.data.outcome.signedIn) window.location.assign(redirectTo ?? "/");
      else setFailure(event.data.outcome.message);
    };
    return () => channel.close();
  }, [redirectTo]);

  function openPopup(event: MouseEvent<HTMLAnchorElement>) {
    // A click that asks for a new tab or window gets the plain link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const { width, height } = GOOGLE_POPUP_SIZE;
    const left = Math.round(window.screenX + (window.outerWidth - width) / 2);
    const top = Math.round(window.screenY + (window.outerHeight - height) / 2);
    const popup = window.open(
      "/auth/google?popup=1",
      "google-sign-in",
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    );
    // A blocked popup leaves the plain link to do its work.
    if (popup) {
      event.preventDefault();
      setFailure(undefined);
    }
  }

  return (
    <div className="space-y-2">
      <FormMessage message={failure} />
      <a
        href={href}
        onClick={openPopup}
        data-testid="google-sign-in"
        className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
          <path
            fill="#FFC107"
            d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
          />
          <path
            fill="#FF3D00"
            d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
          />
          <path
            fill="#4CAF50"
            d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
          />
          <path
            fill="#1976D2"
            d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
          />
        </svg>
        {t("google.continue")}
      </a>
    </div>
  );
}
