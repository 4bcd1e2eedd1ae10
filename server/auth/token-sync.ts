/**
 * Optional token sync (docs/product.md §7): when TOKEN_SYNC_URL is set, a sign-in POSTs and a sign-out DELETEs to it with
 * the session token as Bearer. Each call is an outbox row written with the sign-in or sign-out, delivered in the
 * background (server/outbox/): a failure is tried again and never blocks the person.
 */
import { type Effect, secretKey, type TokenSyncCall } from "../outbox/effects.ts";

export type TokenSync = {
  /** The effect that tells the sync server of a new session; none without a URL or a token. */
  signedIn(token: string | undefined): Effect[];
  /** The effects that tell the sync server these sessions ended. */
  signedOut(tokens: (string | undefined)[]): Effect[];
  /** Makes one call; throws when it did not succeed (the outbox tries again). */
  deliver(call: TokenSyncCall): Promise<void>;
};

const SYNC_TIMEOUT_MS = 5000;

export function createTokenSync({ url }: { url: string | undefined }): TokenSync {
  // A session token signs in once and out once: the pair names the call.
  const effect = (method: TokenSyncCall["method"], token: string): Effect => ({
    channel: "token-sync",
    key: `session-${method === "POST" ? "started" : "ended"}:${secretKey(token)}`,
    payload: { method, token },
    isSecret: true,
  });
  return {
    signedIn: (token) => (url && token ? [effect("POST", token)] : []),
    signedOut: (tokens) =>
      url ? tokens.filter((token): token is string => Boolean(token)).map((token) => effect("DELETE", token)) : [],
    async deliver({ method, token }) {
      if (!url) return;
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(SYNC_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`token sync: ${method} answered ${response.status}`);
    },
  };
}
