/** Who a request is: the signed-in user behind a session cookie, and what the browser's cache keeps of them. */
import { eq } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { authSessions, tools, users } from "../db/schema.ts";
import { type CookieHeaders, type Requester, toSessionUser } from "./account-shared.ts";
import type { AuthLoader } from "./auth-loader.ts";

/** The tools a user created, as the browser's `idt_d` cache keeps them (SPEC section 3). */
export type UserToolLink = { id: string; slug: string; name: string };

/** Whether a request carries a session cookie (Better Auth's session_token, with or without its __Secure- prefix). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return /session_token=/.test(cookieHeader ?? "");
}

export function sessionQueries({ db, auth }: { db: Database; auth: AuthLoader }) {
  return {
    /**
     * The signed-in user of a request, or null. Ends the session (and clears its cookie) of a user who has been disabled
     * or who has no user record; passes on a renewed session cookie.
     */
    async findSessionUser(requester: Requester): Promise<{ user: SessionUser | null; headers: CookieHeaders | null }> {
      if (!hasSessionCookie(requester.headers.get("cookie"))) return { user: null, headers: null };
      const { headers, response } = await (await auth()).api.getSession({ headers: requester.headers, returnHeaders: true });
      if (!response) return { user: null, headers };
      const [record] = await db.select().from(users).where(eq(users.authId, response.user.id)).limit(1);
      if (record && !record.isDisabled) return { user: toSessionUser(record), headers };
      await db.delete(authSessions).where(eq(authSessions.userId, response.user.id));
      const { headers: cleared } = await (await auth()).api.signOut({ headers: requester.headers, returnHeaders: true }).catch(() => ({ headers: new Headers() }));
      return { user: null, headers: cleared };
    },

    /** The tools a user created (SPEC section 3: uTools), for the browser's cache. */
    async listUserToolLinks(user: SessionUser): Promise<UserToolLink[]> {
      return db.select({ id: tools.id, slug: tools.slug, name: tools.name }).from(tools).where(eq(tools.creatorUsername, user.slug)).orderBy(tools.name);
    },
  };
}
