/**
 * Who a request to /api/v1 is: the user of its API key when it sends `Authorization` (any such header must hold a
 * valid key: no silent fall back to a visitor), otherwise the session's user for a write and nobody for a read. Every
 * keyed answer says where the key stands in its rate limit (IETF draft RateLimit-* headers, Retry-After on a 429), and
 * a key that may only read is refused any write (docs/decisions/028-personal-api-keys.md).
 */
import type { MiddlewareHandler } from "hono";
import type { SessionUser } from "#common/access.ts";
import { AppError, isAppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { LimitState } from "../auth/rate-limit.ts";
import { errorBody } from "./errors.ts";
import type { ApiKeyService, KeyedRequester } from "../api-keys/keys.ts";

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type KeyedVariables = { user?: SessionUser | null; apiKey?: KeyedRequester["key"] };

function rateLimitHeaders(state: LimitState, now: Date): Record<string, string> {
  const resetSeconds = Math.max(0, Math.ceil((state.resetAt.getTime() - now.getTime()) / 1000));
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(resetSeconds),
  };
}

/**
 * The /api/v1 middleware: a keyed request is authenticated, counted and scoped here; any other goes on to `session`
 * when it writes (the site's own cookie requests, which keep the cross-origin rule of server/http/app.ts).
 */
export function withApiKeyOrSession<Variables extends KeyedVariables>(
  apiKeys: Pick<ApiKeyService, "authenticateApiKey" | "countKeyedRequest">,
  session: MiddlewareHandler<{ Variables: Variables }>,
  clock: () => Date,
): MiddlewareHandler<{ Variables: Variables }> {
  return async (c, next) => {
    const header = c.req.header("authorization");
    // A browser's preflight carries no credentials; cors.ts answers it.
    if (header === undefined || c.req.method === "OPTIONS")
      return READ_ONLY_METHODS.has(c.req.method) ? next() : session(c, next);
    const now = clock();
    let requester: KeyedRequester;
    try {
      requester = await apiKeys.authenticateApiKey(header, now);
    } catch (error) {
      if (!isAppError(error) || error.code !== "unauthenticated") throw error;
      return c.json(errorBody(error), 401, { "WWW-Authenticate": 'Bearer realm="api"' });
    }
    const state = await apiKeys.countKeyedRequest(requester.key.id, now);
    const headers = rateLimitHeaders(state, now);
    if (!state.allowed) {
      const refusal = new AppError(
        "resource-exhausted",
        MESSAGES.apiKey.tooManyRequests(Number(headers["RateLimit-Reset"])),
      );
      return c.json(errorBody(refusal), 429, { ...headers, "Retry-After": headers["RateLimit-Reset"]! });
    }
    if (!READ_ONLY_METHODS.has(c.req.method) && requester.key.scope !== "write") {
      return c.json(errorBody(new AppError("permission-denied", MESSAGES.apiKey.readOnly)), 403, headers);
    }
    c.set("user", requester.user);
    c.set("apiKey", requester.key);
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
