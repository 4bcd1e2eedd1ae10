/**
 * Public pages served from the page cache (server/cache/page-cache.ts), as a file would be (decisions 011 and 037).
 *
 * A GET or HEAD for a route whose module says so in its `handle` (common/page-cache.ts) gets the page every visitor
 * gets: one rendered with no session, kept compressed (brotli, gzip, each made once when first asked for) with a strong
 * ETag, until a write drops it.
 * A signed-in person running JavaScript gets the same page; their own state (menu, hearts) comes from /api/me and the
 * browser's session cache. The page is rendered for the person instead when they run no JavaScript (no script marker
 * cookie), when the route shows them something of their own (`personal` in its handle), or when the visitors' page is
 * a 404 (a tool only its maker and the verifiers may see). A session cookie that names no live session is no session.
 *
 * The cache key takes only the query parameters the page reads, the last value of each, as the page reads them: any
 * other parameter (utm_*, ref) or a repeated one costs a hit, not a render, and the page is rendered for that key.
 * Concurrent misses of one key share one render, and the renders each client address causes are limited.
 * A kept page's scripts are allowed by their hashes, not by a nonce, so no nonce is shared by two visitors.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzip,
  gzipSync,
} from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { Params, ServerBuild } from "react-router";
import type { SessionUser } from "#common/access.ts";
import { type SiteLocales, splitLocalePath } from "#common/locales.ts";
import { MESSAGES } from "#common/messages.ts";
import { type PageCacheHandle, SCRIPT_MARKER_COOKIE } from "#common/page-cache.ts";
import { hasSessionCookie } from "../auth/sessions.ts";
import type { CachedPage, PageCache } from "../cache/page-cache.ts";
import { collectPageDependencies, type PageDependencies } from "../cache/page-tags.ts";
import { chooseEncoding, type Encoding } from "./compression.ts";
import { contentSecurityPolicy } from "./content-security-policy.ts";
import type { RenderPage } from "./page-render.ts";
import type { RenderBudget } from "./render-budget.ts";

/**
 * A visitor's page: a browser checks it again before each use (a 304 when unchanged), a shared cache (a CDN) may serve
 * it for a minute. No stale-while-revalidate here: a browser honours it too, and would show the page it kept as a
 * visitor to the same person just signed in. The app's own cache is dropped at once by writes.
 */
const VISITOR_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=60";
/** What only a CDN reads (RFC 9213): it may also serve a page for a day while it fetches it again. */
const CDN_CACHE_CONTROL = "max-age=60, stale-while-revalidate=86400";
/** A page that does not exist yet may exist soon (a tool about to go live): kept briefly. */
const NOT_FOUND_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=10";
const NOT_FOUND_TTL_MS = 10_000;
/** A page rendered for a session, or one that is never cached: nobody keeps it. */
const PRIVATE_CACHE_CONTROL = "private, no-store";
/**
 * Measured on an 87 kB page: brotli 7 takes 1.4 ms for 10.1 kB; 9 takes 13 ms for 10.0 kB, 11 takes 88 ms for 8.9 kB.
 * A miss waits for them, so the fast end is taken; gzip 6 is within 1% of 9, in half the time. A miss compresses in
 * the one encoding its client takes: under a crawler, making both cost a tenth of the server's time.
 */
const BROTLI_QUALITY = 7;
const GZIP_LEVEL = 6;
/** React Router's data requests (client-side navigation) say which routes' loaders they want. */
const DATA_REQUEST_PARAMS = ["_routes"];
/** Paths whose route's policy is remembered (routePolicies). */
const KNOWN_PATHS = 20_000;
/** Headers made per response, never stored with a page. */
const UNSTORED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "cache-control",
  "cdn-cache-control",
  "vary",
  "date",
  "x-cache",
  "set-cookie",
  "connection",
  "content-security-policy",
]);

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
const BROTLI_PARAMS = (bytes: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes },
});

type Variables = { cspNonce?: string };

/** What a cacheable route's page reads and shows: its query parameters, and whether it shows `viewer` something of their own. */
type PagePolicy = { params: readonly string[]; isPersonalFor: (viewer: SessionUser) => boolean };

export type PageCacheOptions = {
  cache: PageCache;
  build: ServerBuild;
  filesOrigin?: string;
  renderPage: RenderPage;
  /** Who a session cookie names, read cheaply (server/auth/sessions.ts: findCookieViewer); null for none. */
  findViewer: (cookieHeader: string | undefined) => Promise<SessionUser | null>;
  /** The renders each client address may cause (./render-budget.ts), and the address of a request. */
  renderBudget: RenderBudget;
  addressOf: (c: Context) => string;
  /** The languages offered: a page under /fr is the same route as the page without it, kept under its own key. */
  site: SiteLocales;
};

export function pageCacheMiddleware({
  cache,
  build,
  filesOrigin = "",
  renderPage,
  findViewer,
  renderBudget,
  addressOf,
  site,
}: PageCacheOptions): MiddlewareHandler<{ Variables: Variables }> {
  const policyOf = routePolicies(build, site);
  const keeper = responseKeeper({ cache, filesOrigin });

  /** The page for the request's person: never kept. */
  async function renderForPerson(c: Context) {
    if (!renderBudget.take(addressOf(c))) return tooManyRenders();
    const response = await renderPage(c, { for: "person" });
    if (isPage(response, new URL(c.req.url).pathname)) markUncached(response.headers, "bypass", PRIVATE_CACHE_CONTROL);
    return response;
  }

  return async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const url = new URL(c.req.url);
    const policy = policyOf(url.pathname);
    if (!policy) {
      await next();
      if (isPage(c.res, url.pathname)) markUncached(c.res.headers, "bypass", PRIVATE_CACHE_CONTROL);
      return;
    }
    const cookie = c.req.header("cookie");
    const viewer = hasSessionCookie(cookie) ? await findViewer(cookie) : null;
    const isData = url.pathname.endsWith(".data");
    // A data request for the layout's own loader (after a sign-in, a sign-out, a form) is the person's session itself.
    if (viewer && ((isData ? readsLayout(url) : !hasScriptMarker(cookie)) || policy.isPersonalFor(viewer)))
      return await renderForPerson(c);

    const key = cacheKey(url, policy.params);
    const renderForVisitors = () =>
      renderPage(c, { for: "visitor", request: new Request(new URL(key, url), c.req.raw) });
    const kept = cache.get(key);
    if (kept) return viewer && kept.status === 404 ? await renderForPerson(c) : serve(c, cache, key, kept, "hit");
    if (method === "HEAD") {
      const response = await renderForVisitors();
      markUncached(response.headers, "bypass", isPublic(response) ? VISITOR_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      return response;
    }
    if (!keeper.isRendering(key) && !renderBudget.take(addressOf(c))) return tooManyRenders();
    const { page, response } = await keeper.keep(c, key, renderForVisitors);
    if (page && viewer && page.status === 404) return await renderForPerson(c);
    if (page) return serve(c, cache, key, page, response ? "miss" : "hit");
    // Not kept (a cookie set, an error): the one who rendered it gets it; one who waited renders their own.
    if (response) {
      markUncached(
        response.headers,
        "bypass",
        response.status < 500 && isPublic(response) ? VISITOR_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
      );
      return response;
    }
    return viewer ? await renderForPerson(c) : await renderForVisitors();
  };
}

/**
 * Keeps what is rendered for everyone in the page cache under a key, a page or a feed alike: each key is rendered once
 * however many ask for it at the same time (the others wait for that render), and kept when it may be (no cookie set,
 * a 200 or a 404), under the tags of what its reads said they showed.
 */
export function responseKeeper({
  cache,
  filesOrigin = "",
  cacheControl,
}: {
  cache: PageCache;
  filesOrigin?: string;
  cacheControl?: string;
}) {
  const rendering = new Map<string, Promise<CachedPage | null>>();
  return {
    isRendering: (key: string) => rendering.has(key),

    /**
     * Renders `key` unless a render of it is under way, then waits for that one. The render that ran answers its
     * response too (`response`); a page that may not be kept is `null`.
     */
    async keep(
      c: Context,
      key: string,
      render: () => Promise<Response>,
    ): Promise<{ page: CachedPage | null; response?: Response }> {
      const running = rendering.get(key);
      if (running) return { page: await running };
      const rendered = (async () => {
        const since = cache.beginRender();
        let response: Response | undefined;
        const dependencies = await collectPageDependencies(async () => {
          response = await render();
        });
        if (!response || !isPublic(response) || (response.status !== 200 && response.status !== 404))
          return { page: null, response: response! };
        const encoding = chooseEncoding(c.req.header("accept-encoding"));
        const page = await toCachedPage(response, encoding, c.get("cspNonce"), dependencies, filesOrigin, cacheControl);
        cache.store(key, page, since);
        return { page, response };
      })();
      // Those who wait get the page, or null (not kept, or the render failed): then they render their own.
      const shared = rendered
        .then(
          ({ page }) => page,
          () => null,
        )
        .finally(() => rendering.delete(key));
      rendering.set(key, shared);
      const { page, response } = await rendered;
      await shared;
      return { page, response };
    },

    /** Answers `key` from the cache, or renders it (once at a time) and keeps it. */
    async respond(c: Context, key: string, render: () => Promise<Response>): Promise<Response> {
      const kept = cache.get(key);
      if (kept) return serve(c, cache, key, kept, "hit");
      const { page, response } = await this.keep(c, key, render);
      if (page) return serve(c, cache, key, page, response ? "miss" : "hit");
      return response ?? (await render());
    },
  };
}

/** A client past its renders: told so, with when to try again. */
function tooManyRenders(): Response {
  const message = MESSAGES.auth.tooManyRequests;
  return new Response(`<!doctype html><meta charset="utf-8"><title>${message}</title><p>${message}</p>`, {
    status: 429,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": PRIVATE_CACHE_CONTROL,
      "retry-after": "60",
    },
  });
}

/** Whether the browser says it runs the site's scripts (the marker its session cache writes; app/session-cache.ts). */
function hasScriptMarker(cookieHeader: string | undefined): boolean {
  return new RegExp(`(?:^|;\\s*)${SCRIPT_MARKER_COOKIE}=1(?:;|$)`).test(cookieHeader ?? "");
}

/** Whether a data request asks for the layout's loader: it names "root" among its routes, or names none (all of them). */
function readsLayout(url: URL): boolean {
  const routes = url.searchParams.get("_routes");
  return routes === null || routes.split(",").includes("root");
}

/** Each cacheable route's policy, from its module's `handle`; null for a page that is never cached. */
function routePolicies(build: ServerBuild, site: SiteLocales): (pathname: string) => PagePolicy | null {
  const match = routeMatcher(build);
  // Matching costs more than serving a kept page: the answer is kept per path, for the most recently asked paths.
  const known = new Map<string, PagePolicy | null>();
  return (pathname) => {
    const cached = known.get(pathname);
    if (cached !== undefined) return cached;
    const policy = policyOfPath(pathname);
    if (known.size >= KNOWN_PATHS) known.delete(known.keys().next().value!);
    known.set(pathname, policy);
    return policy;
  };

  function policyOfPath(fullPath: string): PagePolicy | null {
    const pathname = splitLocalePath(fullPath, site).path;
    const isData = pathname.endsWith(".data");
    const pagePath = !isData
      ? pathname
      : pathname.endsWith("/_.data")
        ? pathname.slice(0, -"_.data".length)
        : pathname === "/_root.data"
          ? "/"
          : pathname.slice(0, -".data".length);
    const found = match(pagePath);
    const pageCache = (found?.handle as Partial<PageCacheHandle> | undefined)?.pageCache;
    if (!found || !pageCache?.params) return null;
    return {
      params: isData ? [...pageCache.params, ...DATA_REQUEST_PARAMS] : pageCache.params,
      isPersonalFor: (viewer) => pageCache.personal?.(viewer, found.params) ?? false,
    };
  }
}

type RouteMatch = { handle: unknown; params: Params };

/**
 * The leaf route a path leads to, with its parameters, as React Router matches it, from patterns compiled once:
 * React Router's own matchRoutes flattens and ranks every route on each call, which cost a crawler's page (every path
 * new) 7% of its time. A leaf's path is split into the paths it stands for (an optional segment, `:name?` or `name?`,
 * is there or not), each ranked as React Router ranks a branch (computeScore: a static segment over a parameter, a
 * splat last) and compiled as it compiles one (compilePath); a tie goes to the route defined first.
 */
export function routeMatcher(build: ServerBuild): (pathname: string) => RouteMatch | null {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const byId = new Map(routes.map((route) => [route.id, route]));
  const hasChildren = new Set(routes.flatMap((route) => (route.parentId ? [route.parentId] : [])));
  const fullPath = (id: string | undefined): string[] => {
    const route = id ? byId.get(id) : undefined;
    if (!route) return [];
    return [...fullPath(route.parentId), ...(route.path ? route.path.split("/").filter(Boolean) : [])];
  };
  const leaves = routes.filter((route) => route.index || !hasChildren.has(route.id));
  const compiled = leaves
    .flatMap((route, order) =>
      withoutOptionals(fullPath(route.id)).map((segments) => ({
        ...compileSegments(segments, route.caseSensitive === true),
        score: scoreOf(segments, route.index === true),
        order,
        handle: route.module.handle,
      })),
    )
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname) => {
    for (const route of compiled) {
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        // A splat that matched nothing is "" (React Router's matchPath); an optional parameter left out is not there.
        const value = found[index + 1] ?? (name === "*" ? "" : undefined);
        if (value === undefined) return;
        try {
          params[name] = decodeURIComponent(value);
        } catch {
          params[name] = value;
        }
      });
      return { handle: route.handle, params };
    }
    return null;
  };
}

/** Every path a pattern with optional segments stands for: each optional one there (first) or not. */
function withoutOptionals(segments: string[]): string[][] {
  const [first, ...rest] = segments;
  if (first === undefined) return [[]];
  const tails = withoutOptionals(rest);
  if (!first.endsWith("?")) return tails.map((tail) => [first, ...tail]);
  return [...tails.map((tail) => [first.slice(0, -1), ...tail]), ...tails];
}

/** React Router's rank of a branch (computeScore): one a segment, static 10, parameter 3, a splat -2, an index 2. */
function scoreOf(segments: string[], isIndex: boolean): number {
  const parts = ["", ...segments];
  return parts.reduce(
    (score, part) => (part === "*" ? score - 2 : score + (part.startsWith(":") ? 3 : part === "" ? 1 : 10)),
    parts.length + (isIndex ? 2 : 0),
  );
}

/** A path's pattern as React Router compiles it (compilePath): any trailing slashes, and a splat takes the rest. */
function compileSegments(segments: string[], isCaseSensitive: boolean): { pattern: RegExp; names: string[] } {
  const isSplat = segments.at(-1) === "*";
  const fixed = isSplat ? segments.slice(0, -1) : segments;
  const names = fixed.filter((segment) => segment.startsWith(":")).map((segment) => segment.slice(1));
  const source = fixed
    .map((segment) => (segment.startsWith(":") ? "/([^/]+)" : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`))
    .join("");
  const end = !isSplat ? "/*$" : fixed.length === 0 ? "/(.*)$" : "(?:/(.+)|/*)$";
  return {
    pattern: new RegExp(`^${source}${end}`, isCaseSensitive ? "" : "i"),
    names: isSplat ? [...names, "*"] : names,
  };
}

/**
 * The path and the parameters the page reads, in name order, each with its last value (a page reads the last one):
 * what the page is, whatever else the URL carries.
 */
function cacheKey(url: URL, params: readonly string[]): string {
  const kept = new URLSearchParams();
  for (const name of [...params].sort()) {
    const value = url.searchParams.getAll(name).at(-1);
    if (value !== undefined) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** A page, or a page's data for a client-side navigation. */
function isPage(response: Response, pathname: string): boolean {
  return /^text\/html/i.test(response.headers.get("content-type") ?? "") || pathname.endsWith(".data");
}

/** A response any visitor may get: it sets no cookie. */
function isPublic(response: Response): boolean {
  return !response.headers.has("set-cookie");
}

function markUncached(headers: Headers, state: "bypass", cacheControl: string) {
  headers.delete("cdn-cache-control");
  headers.set("cache-control", cacheControl);
  headers.set("x-cache", state);
}

/** A rendered response as the cache keeps it: scripts allowed by hash, body compressed in `encoding`, ETag made. */
async function toCachedPage(
  response: Response,
  encoding: Encoding | null,
  nonce: string | undefined,
  dependencies: PageDependencies,
  filesOrigin: string,
  cacheControl?: string,
): Promise<CachedPage> {
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) if (!UNSTORED_HEADERS.has(name)) headers.push([name, value]);
  const sealed = sealScripts(await response.text(), nonce);
  const body = sealed.html;
  headers.push(["content-security-policy", contentSecurityPolicy(sealed.hashes, filesOrigin)]);
  const identity = Buffer.from(body, "utf8");
  // A client that takes neither gets the gzip body inflated.
  const compressed =
    encoding === "br"
      ? { br: await compressBrotli(identity, BROTLI_PARAMS(identity.length)) }
      : { gzip: await compressGzip(identity, { level: GZIP_LEVEL }) };
  const isNotFound = response.status === 404;
  headers.push(["cache-control", cacheControl ?? (isNotFound ? NOT_FOUND_CACHE_CONTROL : VISITOR_CACHE_CONTROL)]);
  if (!isNotFound && !cacheControl) headers.push(["cdn-cache-control", CDN_CACHE_CONTROL]);
  const maxAgeMs = isNotFound ? Math.min(NOT_FOUND_TTL_MS, dependencies.maxAgeMs ?? Infinity) : dependencies.maxAgeMs;
  return {
    status: response.status,
    headers,
    body: compressed,
    hash: createHash("sha256").update(identity).digest("base64url").slice(0, 32),
    tags: [...dependencies.tags],
    maxAgeMs,
  };
}

/**
 * The page without its nonce, and the sha256 of each inline script that carried it: the server's own scripts. A script
 * without the nonce (none can come from what a user typed, which React escapes) gets no hash, so it stays blocked.
 */
export function sealScripts(html: string, nonce: string | undefined): { html: string; hashes: string[] } {
  if (!nonce) return { html, hashes: [] };
  const attribute = ` nonce="${nonce}"`;
  const hashes: string[] = [];
  const script = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (let match = script.exec(html); match; match = script.exec(html)) {
    if (match[1]!.includes(attribute))
      hashes.push(`'sha256-${createHash("sha256").update(match[2]!, "utf8").digest("base64")}'`);
  }
  return { html: html.replaceAll(attribute, ""), hashes };
}

/** Answers from a kept page: 304 when the browser has it already, else its body in the best encoding the browser takes. */
function serve(c: Context, cache: PageCache, key: string, page: CachedPage, state: "hit" | "miss"): Response {
  const encoding = chooseEncoding(c.req.header("accept-encoding"));
  const etag = `"${page.hash}${encoding ? `-${encoding}` : ""}"`;
  const common: [string, string][] = [
    ["etag", etag],
    ["vary", "Accept-Encoding"],
    ["x-cache", state],
  ];
  if (matchesEtag(c.req.header("if-none-match"), page.hash)) {
    // The browser updates its copy's headers from these: the page's own policy must come too, or its scripts would
    // be judged by another one.
    return new Response(null, { status: 304, headers: [...page.headers, ...common] });
  }
  const body = bodyIn(cache, key, page, encoding);
  const headers: [string, string][] = [...page.headers, ...common, ["content-length", String(body.length)]];
  if (encoding) headers.push(["content-encoding", encoding]);
  return new Response(c.req.method === "HEAD" ? null : body, { status: page.status, headers });
}

/**
 * The page's body in `encoding`, made and kept the first time a client asks for it in that one; inflated for a client
 * that takes none.
 */
function bodyIn(cache: PageCache, key: string, page: CachedPage, encoding: Encoding | null): Uint8Array<ArrayBuffer> {
  let body = encoding ? page.body[encoding] : undefined;
  if (!body) {
    const { br, gzip: gz } = page.body;
    const identity = gz ? gunzipSync(gz) : brotliDecompressSync(br!);
    if (encoding === "br") body = brotliCompressSync(identity, BROTLI_PARAMS(identity.length));
    else if (encoding === "gzip") body = gzipSync(identity, { level: GZIP_LEVEL });
    if (encoding && body) cache.addBody(key, page, encoding, body);
    body ??= identity;
  }
  return new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
}

/** Whether If-None-Match names this page, in any of its encodings (an ETag is the page's hash, then -br or -gzip). */
function matchesEtag(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return tag === "*" || tag === hash || tag === `${hash}-br` || tag === `${hash}-gzip`;
  });
}
