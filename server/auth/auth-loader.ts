/**
 * Better Auth, loaded when first needed: by a request that carries a session, a sign-in or sign-up, or one of its own
 * endpoints. A server busy with visitors' pages never loads it (about 35 MB that would stay resident).
 */
import type { Auth, AuthDependencies } from "./better-auth.ts";

/** Resolves Better Auth, built once, the first time it is asked for. */
export type AuthLoader = () => Promise<Auth>;

export function loadAuthWhenNeeded(dependencies: AuthDependencies): AuthLoader {
  let auth: Promise<Auth> | undefined;
  return () => (auth ??= import("./better-auth.ts").then(({ createAuth }) => createAuth(dependencies)));
}

/** A failure Better Auth reports (its APIError): told apart by name, so that checking one does not load Better Auth. */
export type AuthApiError = Error & { status: string; statusCode: number; body?: { code?: string; message?: string } };

export function isAuthApiError(error: unknown): error is AuthApiError {
  return error instanceof Error && error.name === "APIError" && "statusCode" in error;
}
