/**
 * How a refused input is told, the same way by forms and by the API: Zod's issues become one message for the whole and
 * one message per field, keyed by the field's full path ("website", "faq.0.answer").
 */
import type { ZodError } from "zod";
import { AppError } from "./errors.ts";
import { MESSAGES } from "./messages.ts";

type Issue = Pick<ZodError["issues"][number], "path" | "message">;

/**
 * The first message of each field, under its full path. An issue about the input as a whole (an empty path: a body
 * that is not an object) belongs to no field.
 */
export function fieldMessages(issues: readonly Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.path.length > 0) fields[issue.path.map(String).join(".")] ??= issue.message;
  }
  return fields;
}

/**
 * A Zod failure as the one error type: its message is the first issue about the input as a whole, or else the first
 * issue; its fields are fieldMessages (none when no issue names a field).
 */
export function invalidInput(error: Pick<ZodError, "issues">): AppError {
  const fields = fieldMessages(error.issues);
  const whole = error.issues.find((issue) => issue.path.length === 0) ?? error.issues[0];
  return new AppError(
    "invalid-argument",
    whole?.message ?? MESSAGES.general.unknown,
    Object.keys(fields).length ? fields : undefined,
  );
}

/** The message for a field or for anything inside it: `faq` finds the message of "faq.0.answer". */
export function messageFor(fields: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  // The first issue found inside the field, as issues come in the order of the input.
  return Object.entries(fields ?? {}).find(([path]) => path === name || path.startsWith(`${name}.`))?.[1];
}

/** Whether `error` is a Zod failure. Checked by shape: the page bundle and the server may load their own copy of Zod. */
export function isZodError(error: unknown): error is ZodError {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: string }).name === "ZodError" &&
    Array.isArray((error as ZodError).issues)
  );
}
