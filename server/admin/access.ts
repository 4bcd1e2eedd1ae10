/**
 * Who may use the moderation console (docs/decisions/008-moderation-roles.md): verifiers and admins run the queue and
 * the claims; only admins change what is featured or live, the categories, the users and the featuring requests.
 */
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { SessionUser } from "../context.ts";

export type Moderator = SessionUser & { role: "verifier" | "admin" };
export type Admin = SessionUser & { role: "admin" };

export function isModerator(user: SessionUser | null): user is Moderator {
  return user?.role === "verifier" || user?.role === "admin";
}

/** The signed-in verifier or admin; anyone else is refused (a visitor as unauthenticated, so they are asked to sign in). */
export function requireModerator(user: SessionUser | null): Moderator {
  if (!user) throw new AppError("unauthenticated", MESSAGES.access.signInFirst);
  if (!isModerator(user)) throw new AppError("permission-denied", MESSAGES.access.moderatorsOnly);
  return user;
}

/** The signed-in admin; a verifier is refused too. */
export function requireAdmin(user: SessionUser | null): Admin {
  const moderator = requireModerator(user);
  if (moderator.role !== "admin") throw new AppError("permission-denied", MESSAGES.access.adminsOnly);
  return moderator as Admin;
}
