import { describe, expect, it } from "vitest";
import type { Role, SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { requireAdmin, requireModerator, requireOwnProfile, requireSignedIn, requireToolEditor } from "./access.ts";

const person = (role: Role, slug = `${role}-person`): SessionUser => ({ id: `${slug}-id`, slug, username: slug, role });

/** The refusal `run` throws, as code and message; "allowed" when it throws nothing. */
function refusalOf(run: () => unknown): string {
  try {
    run();
    return "allowed";
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return `${error.code}: ${error.message}`;
  }
}

describe("require*", () => {
  it("asks a visitor to sign in, with the page's own words when it has them", () => {
    expect(refusalOf(() => requireSignedIn(null))).toBe(`unauthenticated: ${MESSAGES.access.signInFirst}`);
    expect(refusalOf(() => requireSignedIn(null, "Sign in to keep favourites"))).toBe(
      "unauthenticated: Sign in to keep favourites",
    );
    expect(refusalOf(() => requireSignedIn(person("guest")))).toBe("allowed");
  });

  it("keeps the console to verifiers and admins, and its admin parts to admins", () => {
    expect(refusalOf(() => requireModerator(null))).toBe(`unauthenticated: ${MESSAGES.access.signInFirst}`);
    expect(refusalOf(() => requireModerator(person("guest")))).toBe(
      `permission-denied: ${MESSAGES.access.moderatorsOnly}`,
    );
    expect(refusalOf(() => requireModerator(person("verifier")))).toBe("allowed");
    expect(refusalOf(() => requireAdmin(person("guest")))).toBe(`permission-denied: ${MESSAGES.access.moderatorsOnly}`);
    expect(refusalOf(() => requireAdmin(person("verifier")))).toBe(`permission-denied: ${MESSAGES.access.adminsOnly}`);
    expect(refusalOf(() => requireAdmin(person("verifier"), MESSAGES.access.notAllowed))).toBe(
      `permission-denied: ${MESSAGES.access.notAllowed}`,
    );
    expect(refusalOf(() => requireAdmin(person("admin")))).toBe("allowed");
  });

  it("lets only a tool's editors edit it, and only a profile's owner act for it", () => {
    const maker = person("guest");
    const tool = { submittedBy: maker.id, isLinkedToCreator: false, creatorUsername: null };
    expect(refusalOf(() => requireToolEditor(null, tool))).toBe(`unauthenticated: ${MESSAGES.access.signInFirst}`);
    expect(refusalOf(() => requireToolEditor(person("guest", "other"), tool))).toBe(
      `permission-denied: ${MESSAGES.access.notAllowed}`,
    );
    expect(refusalOf(() => requireToolEditor(maker, tool))).toBe("allowed");
    expect(refusalOf(() => requireOwnProfile(person("guest", "other"), maker.slug, "Not yours"))).toBe(
      "permission-denied: Not yours",
    );
    expect(refusalOf(() => requireOwnProfile(maker, maker.slug, "Not yours"))).toBe("allowed");
  });
});
