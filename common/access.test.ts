import { describe, expect, it } from "vitest";
import {
  canEditTool,
  isAdmin,
  isLinkedCreator,
  isModerator,
  isOwnProfile,
  needsIdentityReview,
  type Role,
  type SessionUser,
} from "./access.ts";

const person = (role: Role, slug = `${role}-person`): SessionUser => ({ id: `${slug}-id`, slug, username: slug, role });
const guest = person("guest");
const other = person("guest", "someone-else");
const verifier = person("verifier");
const admin = person("admin");

describe("roles", () => {
  it("verifiers and admins moderate; only admins administer; visitors neither", () => {
    expect([null, guest, verifier, admin].map((user) => isModerator(user))).toEqual([false, false, true, true]);
    expect([null, guest, verifier, admin].map((user) => isAdmin(user))).toEqual([false, false, false, true]);
    // The console's summary carries the role alone.
    expect(isAdmin({ role: "admin" as const })).toBe(true);
  });
});

describe("canEditTool", () => {
  const submitted = { submittedBy: guest.id, isLinkedToCreator: false, creatorUsername: null };
  const linked = { submittedBy: other.id, isLinkedToCreator: true, creatorUsername: guest.slug };
  const claimedOnly = { submittedBy: other.id, isLinkedToCreator: false, creatorUsername: guest.slug };

  it("lets the submitter, the linked creator, verifiers and admins edit", () => {
    expect(canEditTool(guest, submitted)).toBe(true);
    expect(canEditTool(guest, linked)).toBe(true);
    expect(canEditTool(verifier, submitted)).toBe(true);
    expect(canEditTool(admin, linked)).toBe(true);
  });

  it("refuses a visitor, another user, and a claimer whose claim is not accepted", () => {
    expect(canEditTool(null, submitted)).toBe(false);
    expect(canEditTool(other, submitted)).toBe(false);
    expect(canEditTool(guest, claimedOnly)).toBe(false);
    expect(isLinkedCreator(guest, claimedOnly)).toBe(false);
  });
});

describe("the rest", () => {
  it("a maker's rename waits for a verifier; a verifier's own does not", () => {
    expect([guest, verifier, admin].map(needsIdentityReview)).toEqual([true, false, false]);
  });

  it("a profile is its owner's own only", () => {
    expect(isOwnProfile(guest, guest.slug)).toBe(true);
    expect(isOwnProfile(other, guest.slug)).toBe(false);
    expect(isOwnProfile(null, guest.slug)).toBe(false);
  });
});
