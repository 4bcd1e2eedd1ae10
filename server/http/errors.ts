/** Turns any thrown error into the API's one error shape, and never leaks internals. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, type ErrorBody, isAppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { Logger } from "../logger.ts";

export function errorBody(error: AppError): ErrorBody {
  return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
}

export function respondWithError(c: Context, error: unknown, logger: Logger): Response {
  if (isAppError(error)) {
    // A refusal is the visitor's doing; a 5xx (the database or a host unavailable) is ours, and is logged as an error.
    if (error.status >= 500) logger.error(`${c.req.method} ${c.req.path} failed: ${error.message}`, error);
    return c.json(errorBody(error), error.status as ContentfulStatusCode);
  }
  logger.error(`${c.req.method} ${c.req.path} failed`, error);
  return c.json(errorBody(new AppError("internal", MESSAGES.general.unknown)), 500);
}
