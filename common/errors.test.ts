import { describe, expect, it } from "vitest";
import { AppError, codeForStatus, ERROR_STATUS, type ErrorCode, isAppError, statusForCode } from "./errors.ts";

/** docs/product.md §8: the server-function statuses and their codes. */
const SPEC_STATUSES: [number, ErrorCode][] = [
  [400, "invalid-argument"],
  [401, "unauthenticated"],
  [403, "permission-denied"],
  [404, "not-found"],
  [409, "aborted"],
  [429, "resource-exhausted"],
  [499, "cancelled"],
  [500, "internal"],
  [501, "unimplemented"],
  [503, "unavailable"],
  [504, "deadline-exceeded"],
];

describe("error codes", () => {
  it.each(SPEC_STATUSES)("maps status %i to %s and back", (status, code) => {
    expect(codeForStatus(status)).toBe(code);
    expect(statusForCode(code)).toBe(status);
    expect(new AppError(code, "message").status).toBe(status);
  });

  it("lists exactly the statuses of the spec", () => {
    expect(Object.entries(ERROR_STATUS).map(([code, status]) => [status, code])).toEqual(SPEC_STATUSES);
  });

  it.each([200, 402, 405, 418, 502, 600])("calls the unlisted status %i unknown", (status) => {
    expect(codeForStatus(status)).toBe("unknown");
  });

  it("answers 500 for an unknown error", () => {
    expect(statusForCode("unknown")).toBe(500);
  });

  it("recognises an AppError by its shape, also one made by another copy of the module", () => {
    const foreign = Object.assign(new Error("Nope"), { name: "AppError", code: "not-found", status: 404 });
    expect(isAppError(foreign)).toBe(true);
    expect(isAppError(new AppError("aborted", "Nope"))).toBe(true);
    expect(isAppError(new Error("Nope"))).toBe(false);
    expect(isAppError({ name: "AppError", code: "not-found", status: 404 })).toBe(false);
  });
});
