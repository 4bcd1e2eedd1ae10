/**
 * The browser's session cache (SPEC section 3: localStorage key idt_d with uid, uslug, urole and uTools). The server's
 * answer is the truth: the cache is rewritten from it on every load and removed when no one is signed in. It only
 * shapes the UI; every rule is checked on the server.
 */
import { useEffect } from "react";
import type { SessionUser } from "#common/access.ts";

export const SESSION_CACHE_KEY = "idt_d";

export type SessionCache = { uid: string; uslug: string; urole: string; uTools: { id: string; slug: string; name: string }[] };

export function useSessionCache(user: SessionUser | null, userTools: SessionCache["uTools"]) {
  useEffect(() => {
    try {
      if (!user) {
        localStorage.removeItem(SESSION_CACHE_KEY);
        return;
      }
      const cache: SessionCache = { uid: user.id, uslug: user.slug, urole: user.role, uTools: userTools };
      localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify(cache));
    } catch {
      // Storage may be off (private mode, quotas): the page works without the cache.
    }
  }, [user, userTools]);
}

/** The role the cache last heard from the server, or null for a visitor (or when storage is off). It only picks where a page reads its data. */
export function cachedRole(): SessionCache["urole"] | null {
  try {
    const cache = JSON.parse(localStorage.getItem(SESSION_CACHE_KEY) ?? "null") as Partial<SessionCache> | null;
    return typeof cache?.urole === "string" ? cache.urole : null;
  } catch {
    return null;
  }
}
