import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages.ts";

/** Every sentence of the catalogue, with where it sits. */
function sentences(): [string, string][] {
  return Object.entries(MESSAGES).flatMap(([domain, messages]) =>
    Object.entries(messages).map(([key, message]): [string, string] => [
      `${domain}.${key}`,
      typeof message === "function" ? message(5_000_000) : message,
    ]),
  );
}

describe("messages", () => {
  it("says docs/product.md §8's catalogue word for word", () => {
    expect(MESSAGES.tool.notFoundById).toBe("No tool found with this ID");
    expect(MESSAGES.tool.notFoundBySlug).toBe("No tool found with this slug");
    expect(MESSAGES.auth).toMatchObject({
      invalidEmail: "Email format incorrect",
      userNotFound: "User doesn't exist",
      wrongPassword: "Incorrect password",
      userDisabled: "The user has been disabled",
      tooManyRequests: "Too many requests, try again later",
      emailInUse: "Email already in use",
      weakPassword: "Password must contain at least 6 characters",
      recordNotFound: "User not found",
      noEmail: "An error occurred during authentication. The admin has been informed",
    });
    // The spec's 'Uknown error', with its typo fixed.
    expect(MESSAGES.general.unknown).toBe("Unknown error");
  });

  it("writes each sentence once", () => {
    const seen = new Map<string, string>();
    const repeated = sentences().flatMap(([where, message]) => {
      const first = seen.get(message);
      seen.set(message, first ?? where);
      return first ? [`${where} repeats ${first}`] : [];
    });
    expect(repeated).toEqual([]);
  });

  it("has no empty message", () => {
    expect(sentences().filter(([, message]) => !message.trim())).toEqual([]);
  });

  it("says an upload's limit in megabytes", () => {
    expect(MESSAGES.image.tooLarge(5_000_000)).toBe("The image is too large: at most 5 MB");
  });
});
