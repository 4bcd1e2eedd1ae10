/**
 * Who may do what, enforced: every service calls these before it reads or changes what only some people may. The rules
 * themselves live in common/access.ts, which the browser also reads to choose which buttons to show. A refusal is an
 * AppError: a visitor's is 'unauthenticated' (the page asks them to sign in), anyone else's 'permission-denied'.
 */
import {
  type Admin,
  canEditTool,
  canReplyToReviews,
  canReviewTool,
  isAdmin,
  isModerator,
  isOwnProfile,
  type Moderator,
  type SessionUser,
  type ToolPeople,
} from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";

/** The signed-in user; a visitor is asked to sign in, with `message` when the page says why. */
export function requireSignedIn(user: SessionUser | null, message: string = MESSAGES.access.signInFirst): SessionUser {
  if (!user) throw new AppError("unauthenticated", message);
  return user;
}

/** The signed-in verifier or admin; anyone else is refused with `refusal`. */
export function requireModerator(
  user: SessionUser | null,
  refusal: string = MESSAGES.access.moderatorsOnly,
): Moderator {
  const signedIn = requireSignedIn(user);
  if (!isModerator(signedIn)) throw new AppError("permission-denied", refusal);
  return signedIn;
}

/** The signed-in admin; a verifier is refused too (by default with the console's own words for each). */
export function requireAdmin(user: SessionUser | null, refusal?: string): Admin {
  const moderator = requireModerator(user, refusal);
  if (!isAdmin(moderator)) throw new AppError("permission-denied", refusal ?? MESSAGES.access.adminsOnly);
  return moderator;
}

/** The signed-in user who may edit `tool` (common/access.ts canEditTool). */
export function requireToolEditor(user: SessionUser | null, tool: ToolPeople): SessionUser {
  const editor = requireSignedIn(user);
  if (!canEditTool(editor, tool)) throw new AppError("permission-denied", MESSAGES.access.notAllowed);
  return editor;
}

/** The signed-in owner of the profile `slug`; anyone else is refused with `refusal`. */
export function requireOwnProfile(user: SessionUser | null, slug: string, refusal: string): SessionUser {
  const owner = requireSignedIn(user);
  if (!isOwnProfile(owner, slug)) throw new AppError("permission-denied", refusal);
  return owner;
}

/** The signed-in user who may review `tool` (common/access.ts canReviewTool): its maker is refused. */
export function requireReviewer(user: SessionUser | null, tool: ToolPeople): SessionUser {
  const reviewer = requireSignedIn(user, MESSAGES.review.needsAccount);
  if (!canReviewTool(reviewer, tool)) throw new AppError("permission-denied", MESSAGES.review.ownTool);
  return reviewer;
}

/** The signed-in maker of `tool`, who may reply to its reviews (common/access.ts canReplyToReviews). */
export function requireReviewReplier(user: SessionUser | null, tool: ToolPeople): SessionUser {
  const maker = requireSignedIn(user);
  if (!canReplyToReviews(maker, tool)) throw new AppError("permission-denied", MESSAGES.review.replyMakersOnly);
  return maker;
}
