/** Turns any thrown error into the API's one error shape, and never leaks internals. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { AppError, type ErrorBody, isAppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { Logger } from "../logger.ts";

export function errorBody(error: AppError): ErrorBody {
  return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
}

/** A Zod failure as an AppError: the first message for the whole, and one message per field. */
export function invalidInput(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return new AppError("invalid-argument", error.issues[0]?.message ?? MESSAGES.general.unknown, fields);
}

export function respondWithError(c: Context, error: unknown, logger: Logger): Response {
  if (isAppError(error)) {
    return c.json(errorBody(error), error.status as ContentfulStatusCode);
  }
  logger.error(`${c.req.method} ${c.req.path} failed`, error);
  return c.json(errorBody(new AppError("internal", MESSAGES.general.unknown)), 500);
}
