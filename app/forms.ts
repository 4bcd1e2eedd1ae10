/** What a form shows after a failed submit: one message, one message per field, and what was typed (never a password). */
import { data } from "react-router";
import type { ZodError } from "zod";
import { isAppError } from "#common/errors.ts";
import { invalidInput, isZodError } from "#common/input-errors.ts";

export type FormFailure = { message: string; fields: Record<string, string>; values: Record<string, string> };

/** The values to give back to the form: what the person typed, without secrets. */
export function keptValues(form: FormData, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
}

/**
 * A failed submit as the action's answer, with the failure's status; anything that is not a known failure is rethrown.
 * A Zod failure is told as the API tells it (common/input-errors.ts): a field inside a list is keyed by its full path,
 * which `messageFor` finds from the list's name.
 */
export function formFailure(error: unknown, values: Record<string, string>) {
  const failure = isZodError(error) ? invalidInput(error) : error;
  if (isAppError(failure)) {
    return data<FormFailure>(
      { message: failure.message, fields: failure.fields ?? {}, values },
      { status: failure.status },
    );
  }
  throw error;
}

/** A loader's service call whose refusal (not found, not allowed...) is the page's answer: its message, with its status. */
export async function orRefusalPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

/** A page's query string read with its schema; an invalid one is a 400 page saying what is wrong with it. */
export function parseSearchParams<T>(
  schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  url: URL,
): T {
  const query = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw data(invalidInput(query.error).message, { status: 400 });
  return query.data;
}
