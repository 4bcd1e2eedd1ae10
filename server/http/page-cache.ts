/**
 * Visitors' pages served from the page cache (server/cache/page-cache.ts), as a file would be (docs/decisions/011).
 *
 * A GET or HEAD without a session, for a route whose module says so in its `handle` (common/page-cache.ts), is answered
 * from the cache; on a miss the page is rendered, then kept with its brotli and gzip bodies and a strong ETag. A page
 * rendered for a session, one that sets a cookie, a 5xx, or a URL with a query parameter its page does not read is
 * never kept. A kept page's scripts are allowed by their hashes, not by a nonce, so no nonce is shared by two visitors.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { hasSessionCookie } from "../auth/sessions.ts";
import type { CachedPage, PageCache } from "../cache/page-cache.ts";
import { collectPageDependencies, type PageDependencies } from "../cache/page-tags.ts";
import { chooseEncoding, type Encoding } from "./compression.ts";
import { contentSecurityPolicy } from "./content-security-policy.ts";
import { replaceResponse } from "./replace-response.ts";

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
 * A miss waits for them, so the fast end is taken; gzip 6 is within 1% of 9, in half the time.
 */
const BROTLI_QUALITY = 7;
const GZIP_LEVEL = 6;
/** React Router's data requests (client-side navigation) say which routes' loaders they want. */
const DATA_REQUEST_PARAMS = ["_routes"];
/** Headers made per response, never stored with a page. */
const UNSTORED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "etag", "cache-control", "cdn-cache-control", "vary", "date", "x-cache", "set-cookie", "connection", "content-security-policy"]);

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

type Variables = { cspNonce?: string };

export function pageCacheMiddleware({ cache, build, filesOrigin = "" }: { cache: PageCache; build: ServerBuild; filesOrigin?: string }): MiddlewareHandler<{ Variables: Variables }> {
  const policyOf = routePolicies(build);
  return async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    if (hasSessionCookie(c.req.header("cookie"))) {
      await next();
      if (isPage(c.res, new URL(c.req.url).pathname)) markUncached(c.res.headers, "bypass", PRIVATE_CACHE_CONTROL);
      return;
    }
    const url = new URL(c.req.url);
    const key = cacheKey(url);
    const kept = key ? cache.get(key) : undefined;
    if (kept) return serve(c, kept, "hit");

    const policy = policyOf(url.pathname);
    if (!policy) {
      await next();
      if (isPage(c.res, url.pathname)) markUncached(c.res.headers, "bypass", PRIVATE_CACHE_CONTROL);
      return;
    }
    if (!key || method === "HEAD" || !readsOnly(url, policy)) {
      await next();
      markUncached(c.res.headers, "bypass", isPublic(c.res) ? VISITOR_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      return;
    }

    const since = cache.beginRender();
    const dependencies = await collectPageDependencies(next);
    const response = c.res;
    if (!isPublic(response) || (response.status !== 200 && response.status !== 404)) {
      markUncached(response.headers, "bypass", response.status < 500 && isPublic(response) ? VISITOR_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      return;
    }
    const page = await toCachedPage(response, c.get("cspNonce"), dependencies, filesOrigin);
    cache.store(key, page, since);
    replaceResponse(c, serve(c, page, "miss"));
  };
}

/** Which query parameters each route's page reads, from its module's `handle`; null for a page that is never cached. */
function routePolicies(build: ServerBuild): (pathname: string) => readonly string[] | null {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const byId = new Map<string, RouteObject>();
  for (const { id, path, index, caseSensitive } of routes) {
    byId.set(id, index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: [] });
  }
  const roots: RouteObject[] = [];
  for (const route of routes) {
    const node = byId.get(route.id)!;
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    if (parent?.children) parent.children.push(node);
    else roots.push(node);
  }
  return (pathname) => {
    const isData = pathname.endsWith(".data");
    const pagePath = !isData ? pathname : pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
    const leaf = matchRoutes(roots, pagePath)?.at(-1);
    const handle = leaf?.route.id ? (build.routes[leaf.route.id]?.module.handle as Partial<PageCacheHandle> | undefined) : undefined;
    const params = handle?.pageCache?.params;
    if (!params) return null;
    return isData ? [...params, ...DATA_REQUEST_PARAMS] : params;
  };
}

/** The path and its query in a fixed order; null when a parameter comes twice (no page reads both). */
function cacheKey(url: URL): string | null {
  if (!url.search) return url.pathname;
  const entries = [...url.searchParams];
  const names = new Set(entries.map(([name]) => name));
  if (names.size !== entries.length) return null;
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.pathname}?${new URLSearchParams(entries).toString()}`;
}

function readsOnly(url: URL, params: readonly string[]): boolean {
  for (const name of url.searchParams.keys()) if (!params.includes(name)) return false;
  return true;
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
  headers.set("cache-control", cacheControl);
  headers.set("x-cache", state);
}

/** A rendered response as the cache keeps it: scripts allowed by hash, bodies compressed, ETag made. */
async function toCachedPage(response: Response, nonce: string | undefined, dependencies: PageDependencies, filesOrigin: string): Promise<CachedPage> {
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) if (!UNSTORED_HEADERS.has(name)) headers.push([name, value]);
  const sealed = sealScripts(await response.text(), nonce);
  const body = sealed.html;
  headers.push(["content-security-policy", contentSecurityPolicy(sealed.hashes, filesOrigin)]);
  const identity = Buffer.from(body, "utf8");
  const [br, gz] = await Promise.all([
    compressBrotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    compressGzip(identity, { level: GZIP_LEVEL }),
  ]);
  const isNotFound = response.status === 404;
  headers.push(["cache-control", isNotFound ? NOT_FOUND_CACHE_CONTROL : VISITOR_CACHE_CONTROL]);
  if (!isNotFound) headers.push(["cdn-cache-control", CDN_CACHE_CONTROL]);
  const maxAgeMs = isNotFound ? Math.min(NOT_FOUND_TTL_MS, dependencies.maxAgeMs ?? Infinity) : dependencies.maxAgeMs;
  return {
    status: response.status,
    headers,
    body: { identity, br, gzip: gz },
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
    if (match[1]!.includes(attribute)) hashes.push(`'sha256-${createHash("sha256").update(match[2]!, "utf8").digest("base64")}'`);
  }
  return { html: html.replaceAll(attribute, ""), hashes };
}

/** Answers from a kept page: 304 when the browser has it already, else its body in the best encoding the browser takes. */
function serve(c: Context, page: CachedPage, state: "hit" | "miss"): Response {
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
  const body = bodyIn(page, encoding);
  const headers: [string, string][] = [...page.headers, ...common, ["content-length", String(body.length)]];
  if (encoding) headers.push(["content-encoding", encoding]);
  return new Response(c.req.method === "HEAD" ? null : body, { status: page.status, headers });
}

function bodyIn(page: CachedPage, encoding: Encoding | null): Uint8Array<ArrayBuffer> {
  const body = encoding === "br" ? page.body.br : encoding === "gzip" ? page.body.gzip : page.body.identity;
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
