/**
 * Who may do what, written once for the server and the browser (docs/decisions/008-moderation-roles.md). The server
 * enforces these rules through server/access.ts; the browser reads them only to choose which links and buttons to
 * show, so the two cannot disagree.
 */

export type Role = "guest" | "verifier" | "admin";

/** The signed-in user as the server knows them; null for a visitor. */
export type SessionUser = { id: string; slug: string; username: string; role: Role };

type WithRole = { role: Role };

/** Verifiers and admins run the queue and the claims of the moderation console. */
export function isModerator<U extends WithRole>(
  user: U | null | undefined,
): user is U & { role: "verifier" | "admin" } {
  return user?.role === "verifier" || user?.role === "admin";
}

/**
 * Only admins change what is featured or live, the categories, the users and the featuring requests, let a tool skip
 * the waiting line, read the whole site's analytics and send the newsletter.
 */
export function isAdmin<U extends WithRole>(user: U | null | undefined): user is U & { role: "admin" } {
  return user?.role === "admin";
}

export type Moderator = SessionUser & { role: "verifier" | "admin" };
export type Admin = SessionUser & { role: "admin" };

/** What the rules need to know of a tool's people. */
export type ToolPeople = { submittedBy: string | null; isLinkedToCreator: boolean; creatorUsername: string | null };

/** Whether `user` made `tool`: its creator, linked by an accepted claim. */
export function isLinkedCreator(user: SessionUser, tool: ToolPeople): boolean {
  return tool.isLinkedToCreator && tool.creatorUsername === user.slug;
}

/** Whether `user` may edit `tool`: its submitter, its linked creator, a verifier or an admin. */
export function canEditTool(user: SessionUser | null, tool: ToolPeople): boolean {
  if (!user) return false;
  return isModerator(user) || tool.submittedBy === user.id || isLinkedCreator(user, tool);
}

/** Whether `user` may rate and review `tool` (decision 043): anyone signed in but its maker. */
export function canReviewTool(user: SessionUser | null, tool: ToolPeople): boolean {
  return user !== null && !isLinkedCreator(user, tool);
}

/** Whether `user` may reply to the reviews of `tool`: its maker, linked by an accepted claim, once per review. */
export function canReplyToReviews(user: SessionUser | null, tool: ToolPeople): boolean {
  return user !== null && isLinkedCreator(user, tool);
}

/** A change of a live tool's name or website by its maker waits for a verifier's look; a verifier's own does not. */
export function needsIdentityReview(editor: SessionUser): boolean {
  return !isModerator(editor);
}

/** Whether the profile `slug` is `user`'s own (only its owner asks for its tools to be featured). */
export function isOwnProfile(user: SessionUser | null, slug: string): boolean {
  return user?.slug === slug;
}
