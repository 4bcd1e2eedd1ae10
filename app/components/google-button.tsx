/**
 * 'Continue with Google': a link to /auth/google, so it works without JavaScript (a full-page redirect). With JavaScript
 * it opens Google in a 500×600 popup (SPEC section 9) and reloads the page once the popup says the sign-in is done.
 */
import type { MouseEvent } from "react";
import { useEffect } from "react";
import { useRevalidator, useNavigate } from "react-router";

export const GOOGLE_POPUP = { width: 500, height: 600 };
export const SIGNED_IN_MESSAGE = "indie-tools:signed-in";

export function GoogleButton({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const href = `/auth/google${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== SIGNED_IN_MESSAGE) return;
      if (event.data.error) navigate(`/auth/failed?error=${encodeURIComponent(event.data.error)}`);
      else {
        void revalidator.revalidate();
        navigate(redirectTo ?? "/");
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [navigate, revalidator, redirectTo]);

  function openPopup(event: MouseEvent<HTMLAnchorElement>) {
    const left = window.screenX + (window.outerWidth - GOOGLE_POPUP.width) / 2;
    const top = window.screenY + (window.outerHeight - GOOGLE_POPUP.height) / 2;
    const popup = window.open(`/auth/google?popup=1`, "google-sign-in", `width=${GOOGLE_POPUP.width},height=${GOOGLE_POPUP.height},left=${left},top=${top}`);
    // A blocked popup leaves the plain link to do its work.
    if (popup) event.preventDefault();
  }

  return (
    <a
      href={href}
      onClick={openPopup}
      className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
        <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
        <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
        <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
        <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
      </svg>
      Continue with Google
    </a>
  );
}
