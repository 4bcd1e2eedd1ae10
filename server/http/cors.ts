/**
 * Cross-origin reads of the public API: any site's script may GET it, without credentials (no cookie is read for a GET
 * of /api/v1, server/http/app.ts), with a personal API key in Authorization if it has one (a bearer key is no ambient
 * credential: a page must hold it to send it). Writes (the favourites, the uploads) get no CORS header at all, so a browser never
 * lets another site's page call them, and their preflight is refused.
 */
import type { MiddlewareHandler } from "hono";

const READS = new Set(["GET", "HEAD"]);
/** The request headers a cross-origin read may send besides the CORS-safelisted ones. */
const ALLOWED_HEADERS = "Authorization, If-None-Match, If-Modified-Since, Cache-Control";
/** The answer headers a cross-origin script may read besides the safelisted ones. */
const EXPOSED_HEADERS = "ETag, X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After";
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 86_400;

export function allowCrossOriginReads(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "OPTIONS") {
      // Only a preflight for a read is granted; any other OPTIONS goes on, and answers without CORS headers.
      const asked = c.req.header("access-control-request-method")?.toUpperCase();
      if (!asked || !READS.has(asked)) return next();
      return c.body(null, 204, {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET, HEAD",
        "Access-Control-Allow-Headers": ALLOWED_HEADERS,
        "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE),
      });
    }
    await next();
    if (READS.has(c.req.method)) {
      c.res.headers.set("Access-Control-Allow-Origin", "*");
      c.res.headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    }
  };
}
