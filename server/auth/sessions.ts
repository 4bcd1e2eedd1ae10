/** Who a request is: the signed-in user behind a session cookie, and what the browser's cache keeps of them. */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Role, SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { authSessions, tools, users } from "../db/schema.ts";
import { type CookieHeaders, type Requester, toSessionUser } from "./account-shared.ts";
import type { AuthLoader } from "./auth-loader.ts";
import { SESSION_LIFETIME_SECONDS, SESSION_RENEW_AFTER_SECONDS } from "./session-lifetime.ts";

/**
 * A tool of the user's, as the browser's `idt_d` cache keeps them (docs/product.md §3: uTools), with what it is to them:
 * they made it (a claim was accepted, or a verifier linked them), they submitted it, or their claim of it waits.
 */
export type UserToolLink = { id: string; slug: string; name: string; relation: ToolRelation };
export type ToolRelation = "maker" | "submitter" | "claim-waiting";

/** Whether a request carries a session cookie (Better Auth's session_token, with or without its __Secure- prefix). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return /session_token=/.test(cookieHeader ?? "");
}

/** Better Auth's session cookie, as it names it on http and on https. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/**
 * The session token a cookie header carries, when its signature is ours: Better Auth writes `token.signature`, the
 * signature the base64 HMAC-SHA256 of the token under the auth secret (better-call's signed cookies). A made-up or
 * altered cookie is null here, without a read of the database.
 */
export function signedSessionToken(cookieHeader: string | null | undefined, secret: string): string | null {
  const raw = SESSION_COOKIE.exec(cookieHeader ?? "")?.[1];
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** How long a process keeps who a session names without reading it again, should a change's message be lost. */
const KEPT_SESSION_MS = 60_000;
/** How many sessions a process keeps: past it, the oldest kept is read again when next asked. */
const KEPT_SESSIONS = 10_000;
/** The tag a change of a session or of its user is sent under (migration 0071): 'session:' and the auth user's id. */
const SESSION_TAG = "session:";

type KeptSession = { viewer: SessionUser; authId: string; expiresAt: number; keptUntil: number };

/**
 * Who each session token named when last read, kept a minute, so that a signed-in person's cached page and their
 * /api/me cost no read of the database (on PGlite every read waits its turn in the one process). A session that ends
 * or is renewed, and a user whose name, role or standing changes, are dropped at once: the database tells every
 * process (migration 0071, on page_cache, as pages are dropped), and a lost connection drops them all.
 */
export function keptSessions(now: () => number = Date.now) {
  const byToken = new Map<string, KeptSession>();
  // Counts the changes heard: a read that began before one may hold what it changed, and is not kept (as pages are not).
  let generation = 0;
  return {
    get(token: string): KeptSession | null {
      const kept = byToken.get(token);
      if (!kept) return null;
      if (kept.keptUntil > now() && kept.expiresAt > now()) return kept;
      byToken.delete(token);
      return null;
    },
    /** Call before reading a session to keep: `keep` needs it to tell whether a change came during the read. */
    beginRead(): number {
      return generation;
    },
    keep(token: string, session: Omit<KeptSession, "keptUntil">, since: number) {
      if (since !== generation) return;
      if (byToken.size >= KEPT_SESSIONS) byToken.delete(byToken.keys().next().value!);
      byToken.set(token, { ...session, keptUntil: now() + KEPT_SESSION_MS });
    },
    invalidate(tags: string[] | "*") {
      if (tags === "*") {
        generation++;
        return byToken.clear();
      }
      const changed = new Set(
        tags.flatMap((tag) => (tag.startsWith(SESSION_TAG) ? [tag.slice(SESSION_TAG.length)] : [])),
      );
      if (changed.size === 0) return;
      generation++;
      for (const [token, kept] of byToken) if (changed.has(kept.authId)) byToken.delete(token);
    },
  };
}

export type KeptSessions = ReturnType<typeof keptSessions>;

export function sessionQueries({
  db,
  auth,
  secret,
  kept = keptSessions(),
}: {
  db: Database;
  auth: AuthLoader;
  secret: string;
  kept?: KeptSessions;
}) {
  /**
   * The live session a cookie names and its user, with whether Better Auth would renew it now (it is older than
   * SESSION_RENEW_AFTER_SECONDS): its signature checked here, then one indexed read, or what the last read kept
   * (keptSessions). A disabled user's sessions end.
   */
  async function findCookieSession(
    cookieHeader: string | null | undefined,
  ): Promise<{ viewer: SessionUser; isDueForRenewal: boolean } | null> {
    const token = signedSessionToken(cookieHeader, secret);
    if (!token) return null;
    const known = kept.get(token);
    if (known) return { viewer: known.viewer, isDueForRenewal: isDueForRenewal(known.expiresAt) };
    const since = kept.beginRead();
    const [record] = await db
      .select({
        id: users.id,
        slug: users.slug,
        username: users.username,
        role: users.role,
        isDisabled: users.isDisabled,
        authId: authSessions.userId,
        expiresAt: authSessions.expiresAt,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.authId, authSessions.userId))
      .where(and(eq(authSessions.token, token), gt(authSessions.expiresAt, sql`now()`)))
      .limit(1);
    if (!record) return null;
    // A disabled user is signed out on their next request, whichever page it is for.
    if (record.isDisabled) {
      await db.delete(authSessions).where(eq(authSessions.userId, record.authId));
      return null;
    }
    const viewer = { id: record.id, slug: record.slug, username: record.username, role: record.role as Role };
    kept.keep(token, { viewer, authId: record.authId, expiresAt: record.expiresAt.getTime() }, since);
    return { viewer, isDueForRenewal: isDueForRenewal(record.expiresAt.getTime()) };
  }

  return {
    /** What the database's messages drop (server/cache/invalidation.ts). */
    keptSessions: kept,

    /**
     * Who a session cookie names, read cheaply, to choose between the page every visitor gets and one rendered for a
     * person (server/http/page-cache.ts): the signature checked here, then the session and its user in one indexed
     * read (findCookieSession). Null for a forged, expired or ended session, or a disabled user. What a person is
     * allowed to do is never decided by this: a page rendered for them reads the session through Better Auth.
     */
    async findCookieViewer(cookieHeader: string | null | undefined): Promise<SessionUser | null> {
      return (await findCookieSession(cookieHeader))?.viewer ?? null;
    },

    /**
     * The signed-in person of a request, read as findCookieViewer reads them, unless their session is due for renewal:
     * then through Better Auth (findSessionUser), which renews it and passes the new cookie on. What /api/me answers.
     */
    async findRequestViewer(
      requester: Requester,
    ): Promise<{ user: SessionUser | null; headers: CookieHeaders | null }> {
      const session = await findCookieSession(requester.headers.get("cookie"));
      if (session && !session.isDueForRenewal) return { user: session.viewer, headers: null };
      return this.findSessionUser(requester);
    },

    /**
     * The signed-in user of a request, or null. Ends the session (and clears its cookie) of a user who has been disabled
     * or who has no user record; passes on a renewed session cookie.
     */
    async findSessionUser(requester: Requester): Promise<{ user: SessionUser | null; headers: CookieHeaders | null }> {
      if (!hasSessionCookie(requester.headers.get("cookie"))) return { user: null, headers: null };
      const { headers, response } = await (await auth()).api.getSession({
        headers: requester.headers,
        returnHeaders: true,
      });
      if (!response) return { user: null, headers };
      const [record] = await db.select().from(users).where(eq(users.authId, response.user.id)).limit(1);
      if (record && !record.isDisabled) return { user: toSessionUser(record), headers };
      await db.delete(authSessions).where(eq(authSessions.userId, response.user.id));
      const { headers: cleared } = await (await auth()).api
        .signOut({ headers: requester.headers, returnHeaders: true })
        .catch(() => ({ headers: new Headers() }));
      return { user: null, headers: cleared };
    },

    /**
     * The tools a user made, submitted or claims (docs/product.md §3: uTools), for the browser's cache: a page every
     * visitor gets shows its maker "Edit" and "Get featured!", and the claimer that their claim waits. A claim sets the
     * tool's creator before a verifier accepts it; only an accepted one makes them its maker.
     */
    async listUserToolLinks(user: SessionUser): Promise<UserToolLink[]> {
      const relation = sql<ToolRelation | null>`case
        when ${tools.isLinkedToCreator} and ${tools.creatorUsername} = ${user.slug} then 'maker'
        when ${tools.submittedBy} = ${user.id} and not ${tools.isLinkedToCreator} then 'submitter'
        when ${tools.hasBeenClaimed} and not ${tools.wasClaimedAccepted} and ${tools.creatorUsername} = ${user.slug}
          then 'claim-waiting'
        end`;
      const rows = await db
        .select({ id: tools.id, slug: tools.slug, name: tools.name, relation })
        .from(tools)
        .where(or(eq(tools.creatorUsername, user.slug), eq(tools.submittedBy, user.id)))
        .orderBy(tools.name);
      return rows.flatMap(({ relation, ...tool }) => (relation ? [{ ...tool, relation }] : []));
    },
  };
}

/** Whether Better Auth would renew a session expiring at `expiresAt` now: it was last renewed over a day ago. */
function isDueForRenewal(expiresAt: number): boolean {
  const renewedAt = expiresAt - SESSION_LIFETIME_SECONDS * 1000;
  return Date.now() - renewedAt > SESSION_RENEW_AFTER_SECONDS * 1000;
}
