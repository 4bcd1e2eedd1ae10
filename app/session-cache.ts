/**
 * Who is looking, in the browser (decision 037). The public pages are the same for everyone; the signed-in person's own
 * state (their menu, their hearts, their tools) is filled in here, from the browser's session cache (docs/product.md §3:
 * localStorage key idt_d with uid, uslug, urole and uTools, to which this adds uname, uFavorites and uFollows) before the first
 * paint, then from the server's private answer (/api/me). A page rendered for the person brings the same state in its
 * layout's data, which wins. The cache only shapes the UI; every rule is checked on the server.
 */
import { useEffect, useSyncExternalStore } from "react";
import { useNavigation } from "react-router";
import type { SessionUser } from "#common/access.ts";
import { SCRIPT_MARKER_COOKIE } from "#common/page-cache.ts";
import type { UserToolLink } from "#server/auth/sessions.ts";
import { useOptionalRootData } from "./root-data.ts";

export const SESSION_CACHE_KEY = "idt_d";

export type SessionCache = {
  uid: string;
  uslug: string;
  uname: string;
  urole: string;
  uTools: UserToolLink[];
  uFavorites: string[];
  /** The favourites whose like does not count yet, and from when a young account's likes count (decision 042). */
  uWaiting?: string[];
  uLikesFrom?: string | null;
  uFollows: string[];
};

/** The signed-in person as the page shows them. */
export type Viewer = {
  user: SessionUser;
  tools: UserToolLink[];
  favoriteToolIds: string[];
  waitingLikeIds: string[];
  likesCountFrom: string | null;
  follows: string[];
};

/** What the server says of the person (/api/me, or a page rendered for them). */
type ViewerAnswer = {
  user: SessionUser | null;
  tools: UserToolLink[];
  favoriteToolIds: string[];
  waitingLikeIds?: string[];
  likesCountFrom?: string | null;
  follows?: string[];
};

/** The viewer an answer names, or null for nobody. */
function viewerOf(answer: ViewerAnswer): Viewer | null {
  if (!answer.user) return null;
  return {
    user: answer.user,
    tools: answer.tools ?? [],
    favoriteToolIds: answer.favoriteToolIds ?? [],
    waitingLikeIds: answer.waitingLikeIds ?? [],
    likesCountFrom: answer.likesCountFrom ?? null,
    follows: answer.follows ?? [],
  };
}

/** Where the person's own state is read: GET /api/me (server/http/app.ts), answered `private, no-store`. */
export const VIEWER_PATH = "/api/me";

/**
 * Runs inline in <head>, before anything paints: a signed-in person's cache marks <html> (data-viewer, data-role), which
 * app.css reads to show their menu and not the visitor's, and marks their hearts as the parser adds them
 * (data-favorite-hint), so nothing of the visitor's page flashes before the scripts run. It also sets the marker cookie
 * that tells the server this browser runs the site's scripts, and takes it back when the cache is gone (so the server
 * renders the next page for the person, which writes the cache again). Its text never changes, so a cached page's policy
 * allows it by one hash, and a page rendered per request by its nonce.
 */
export const VIEWER_SCRIPT = `(function(){try{var d=JSON.parse(localStorage.getItem("${SESSION_CACHE_KEY}")||"null");if(!d||!d.uid){if(document.cookie.indexOf("${SCRIPT_MARKER_COOKIE}=1")>=0)document.cookie="${SCRIPT_MARKER_COOKIE}=; path=/; max-age=0";return}var h=document.documentElement;h.dataset.viewer="member";h.dataset.role=String(d.urole);document.cookie="${SCRIPT_MARKER_COOKIE}=1; path=/; samesite=lax";var f=new Set(d.uFavorites||[]);if(!f.size)return;var o=new MutationObserver(function(r){r.forEach(function(m){m.addedNodes.forEach(function(n){if(n.nodeType===1&&n.matches(".heart[data-tool-id]")&&f.has(n.getAttribute("data-tool-id")))n.setAttribute("data-favorite-hint","")})})});o.observe(h,{childList:true,subtree:true});document.addEventListener("DOMContentLoaded",function(){o.disconnect()})}catch(e){}})()`;

/* ---------------------------------------------------------------- the store */

let current: Viewer | null = null;
let isLoaded = false;
const listeners = new Set<() => void>();

function readCache(): Viewer | null {
  try {
    const cache = JSON.parse(localStorage.getItem(SESSION_CACHE_KEY) ?? "null") as Partial<SessionCache> | null;
    if (!cache?.uid || !cache.uslug) return null;
    const role = cache.urole === "verifier" || cache.urole === "admin" ? cache.urole : "guest";
    return {
      user: { id: cache.uid, slug: cache.uslug, username: cache.uname ?? "", role },
      tools: Array.isArray(cache.uTools) ? cache.uTools : [],
      favoriteToolIds: Array.isArray(cache.uFavorites) ? cache.uFavorites : [],
      waitingLikeIds: Array.isArray(cache.uWaiting) ? cache.uWaiting : [],
      likesCountFrom: typeof cache.uLikesFrom === "string" ? cache.uLikesFrom : null,
      follows: Array.isArray(cache.uFollows) ? cache.uFollows : [],
    };
  } catch {
    // Storage may be off (private mode, quotas): the page works without the cache.
    return null;
  }
}

function load(): Viewer | null {
  if (!isLoaded && typeof window !== "undefined") {
    current = readCache();
    isLoaded = true;
  }
  return current;
}

/** Shows `viewer` (null: nobody signed in), keeps it in the cache, and marks <html> and the marker cookie to match. */
export function setViewer(viewer: Viewer | null) {
  load();
  current = viewer;
  const html = document.documentElement;
  try {
    if (viewer) {
      const cache: SessionCache = {
        uid: viewer.user.id,
        uslug: viewer.user.slug,
        uname: viewer.user.username,
        urole: viewer.user.role,
        uTools: viewer.tools,
        uFavorites: viewer.favoriteToolIds,
        uWaiting: viewer.waitingLikeIds,
        uLikesFrom: viewer.likesCountFrom,
        uFollows: viewer.follows,
      };
      localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify(cache));
    } else {
      localStorage.removeItem(SESSION_CACHE_KEY);
    }
  } catch {
    // Storage refused: the state holds for this page only.
  }
  if (viewer) {
    html.dataset.viewer = "member";
    html.dataset.role = viewer.user.role;
    document.cookie = `${SCRIPT_MARKER_COOKIE}=1; path=/; samesite=lax`;
  } else {
    delete html.dataset.viewer;
    delete html.dataset.role;
    document.cookie = `${SCRIPT_MARKER_COOKIE}=; path=/; samesite=lax; max-age=0`;
  }
  for (const listener of listeners) listener();
}

/** Asks the server who is signed in, and shows its answer. A failure (offline) keeps what is shown. */
export async function refreshViewer(): Promise<void> {
  try {
    const response = await fetch(VIEWER_PATH, { headers: { accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return;
    setViewer(viewerOf((await response.json()) as ViewerAnswer));
  } catch {
    // Offline or a server error: the cached state stays until the next answer.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The signed-in person, or null for a visitor. A page rendered for the person has them in its layout's data; the page
 * every visitor gets is rendered and hydrated with nobody, then shows the cache's person and the server's answer.
 */
export function useViewer(): Viewer | null {
  const root = useOptionalRootData();
  const stored = useSyncExternalStore(subscribe, load, () => null);
  const fromPage = root?.user ? viewerOf({ ...root, tools: root.userTools }) : null;
  // While the page hydrates, and until the store has heard of the page's person, the page says who they are.
  if (fromPage && stored?.user.id !== fromPage.user.id) return fromPage;
  return stored ?? fromPage;
}

/**
 * Keeps the store right (the layout runs it once): from the layout's data when the page was rendered for the person,
 * else from /api/me once the page is up when the cache says someone was signed in; and again after every form sent (a
 * sign-in, a sign-out, a favourite...), and when another tab changes the cache.
 */
export function useViewerSync() {
  const root = useOptionalRootData();
  const navigation = useNavigation();
  const user = root?.user ?? null;
  const tools = root?.userTools;
  const favoriteToolIds = root?.favoriteToolIds;
  const waitingLikeIds = root?.waitingLikeIds;
  const likesCountFrom = root?.likesCountFrom;
  const follows = root?.follows;

  useEffect(() => {
    if (user)
      setViewer(
        viewerOf({
          user,
          tools: tools ?? [],
          favoriteToolIds: favoriteToolIds ?? [],
          waitingLikeIds,
          likesCountFrom,
          follows,
        }),
      );
    else if (load()) void refreshViewer();
  }, [user, tools, favoriteToolIds, waitingLikeIds, likesCountFrom, follows]);

  const sent = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  useEffect(() => {
    if (!sent) return;
    return () => void refreshViewer();
  }, [sent]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_CACHE_KEY && event.key !== null) return;
      current = readCache();
      for (const listener of listeners) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);
}

/** The role the cache last heard from the server, or null for a visitor (or when storage is off). It only picks where a page reads its data. */
export function cachedRole(): SessionUser["role"] | null {
  return load()?.user.role ?? null;
}
