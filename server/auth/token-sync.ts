/**
 * Optional token sync (SPEC section 7): when TOKEN_SYNC_URL is set, a sign-in POSTs and a sign-out DELETEs to it with
 * the session token as Bearer. It runs in the background: a failure is logged and never blocks the person.
 */
import type { Logger } from "../logger.ts";

export type TokenSync = {
  signedIn(token: string | undefined): void;
  signedOut(token: string | undefined): void;
};

const SYNC_TIMEOUT_MS = 5000;

export function createTokenSync({ url, logger }: { url: string | undefined; logger: Logger }): TokenSync {
  const send = (method: "POST" | "DELETE", token: string | undefined) => {
    if (!url || !token) return;
    fetch(url, { method, headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(SYNC_TIMEOUT_MS) })
      .then((response) => {
        if (!response.ok) logger.warn(`token sync: ${method} answered ${response.status}`);
      })
      .catch((error: Error) => logger.warn(`token sync: ${method} failed: ${error.message}`));
  };
  return { signedIn: (token) => send("POST", token), signedOut: (token) => send("DELETE", token) };
}
