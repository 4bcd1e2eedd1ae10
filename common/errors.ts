/** The one error type of the product, its codes (docs/product.md §8) and the messages a person reads. */

/** Error codes and the HTTP status each maps to (docs/product.md §8, server-function statuses). */
export const ERROR_STATUS = {
  "invalid-argument": 400,
  unauthenticated: 401,
  "permission-denied": 403,
  "not-found": 404,
  aborted: 409,
  "resource-exhausted": 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  "deadline-exceeded": 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS | "unknown";

/** The code for an HTTP status; anything unlisted is 'unknown'. */
export function codeForStatus(status: number): ErrorCode {
  for (const [code, value] of Object.entries(ERROR_STATUS)) {
    if (value === status) return code as ErrorCode;
  }
  return "unknown";
}

export function statusForCode(code: ErrorCode): number {
  return code === "unknown" ? 500 : ERROR_STATUS[code];
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Field-level messages for a form, keyed by field name. */
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = statusForCode(code);
    this.fields = fields;
  }
}

/** The JSON body of every API error. */
export type ErrorBody = { error: { code: ErrorCode; message: string; fields?: Record<string, string> } };

/**
 * Whether `error` is an AppError. Checked by shape, not with instanceof: the page bundle and the server each load their
 * own copy of this module, and an error thrown by a service must be recognised by a route all the same.
 */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof AppError ||
    (error instanceof Error &&
      error.name === "AppError" &&
      typeof (error as AppError).code === "string" &&
      typeof (error as AppError).status === "number")
  );
}
