/** What a form shows after a failed submit: one message, one message per field, and what was typed (never a password). */
import { data } from "react-router";
import type { ZodError } from "zod";
import { isAppError } from "#common/errors.ts";

export type FormFailure = { message: string; fields: Record<string, string>; values: Record<string, string> };

/** The values to give back to the form: what the person typed, without secrets. */
export function keptValues(form: FormData, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
}

/** A failed submit as the action's answer, with the failure's status; anything that is not a known failure is rethrown. */
export function formFailure(error: unknown, values: Record<string, string>) {
  if (isZodError(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) fields[String(issue.path[0] ?? "_")] ??= issue.message;
    return data<FormFailure>({ message: error.issues[0]?.message ?? "Check the form", fields, values }, { status: 400 });
  }
  if (isAppError(error)) {
    return data<FormFailure>({ message: error.message, fields: error.fields ?? {}, values }, { status: error.status });
  }
  throw error;
}

function isZodError(error: unknown): error is ZodError {
  return typeof error === "object" && error !== null && (error as { name?: string }).name === "ZodError";
}

/** A page's query string read with its schema; an invalid one is a 400 page saying what is wrong with it. */
export function parseSearchParams<T>(schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: ZodError } }, url: URL): T {
  const query = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw data(query.error.issues[0]?.message ?? "This address is not valid", { status: 400 });
  return query.data;
}
