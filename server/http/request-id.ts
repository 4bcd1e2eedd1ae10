/**
 * Every request gets an id, sent back in X-Request-Id and named by every log line written while it is served (so a
 * person who reports an error page's id leads straight to its lines). Behind a trusted proxy (TRUST_PROXY) the proxy's
 * own X-Request-Id is kept when it looks like one, so the proxy's log and ours agree; anyone else's is ignored: an id
 * a visitor chose could pass their request off as another's in the log.
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { type Logger, withRequestId } from "../logger.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";
/** What a proxy's id may look like: short, and nothing that could break a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The probes answer 503 on purpose, and log why themselves (throttled): a balancer asks every few seconds. */
const PROBES = new Set(["/healthz", "/readyz"]);

/**
 * Gives each request its id, and logs every answer of 500 or more at error level under it, whatever answered it (the
 * API's error mapper, React Router's error page, a handler's own 5xx), so the log holds one line per failed request.
 */
export function requestIds({ trustProxy, logger }: { trustProxy: boolean; logger: Logger }): MiddlewareHandler {
  return async (c, next) => {
    const incoming = trustProxy ? c.req.header(REQUEST_ID_HEADER) : undefined;
    const requestId = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.header(REQUEST_ID_HEADER, requestId);
    await withRequestId(requestId, () => next());
    // A handler may have replaced the response (an error page, a cached page): the header goes on the final one.
    if (c.res.headers.get(REQUEST_ID_HEADER) !== requestId) c.res.headers.set(REQUEST_ID_HEADER, requestId);
    if (c.res.status >= 500 && !PROBES.has(c.req.path)) {
      withRequestId(requestId, () =>
        logger.error(`${c.req.method} ${c.req.path} answered ${c.res.status}`, { status: c.res.status }),
      );
    }
  };
}
