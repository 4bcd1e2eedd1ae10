/**
 * GET /og/home.png, /og/tool/{slug}.png, /og/category/{slug}.png, /og/top/{slug}.png: a page's link preview image
 * (decision 035), made on the first request for its version, then a redirect to its stored file. The stored file,
 * named by its content's hash, is kept a year; the redirect of the current version (the `v` the page's meta names) a
 * day only, so that a cache never holds a way to a file longer than the file may be kept.
 */
import { type Context, Hono } from "hono";
import { localeBasename, type SiteLocales } from "#common/locales.ts";
import { MESSAGES } from "#common/messages.ts";
import { type Config, FILES_URL, filesBaseUrl } from "../config.ts";
import { inLocale } from "../i18n.ts";
import type { Services } from "../services.ts";
import type { LogoReader, OgImageKind } from "../og/images.ts";

const CURRENT_CACHE_CONTROL = "public, max-age=86400";
/** Without the current version (an old page, a hand-typed address): the image may change, kept an hour. */
const UNVERSIONED_CACHE_CONTROL = "public, max-age=3600";
/** A page's slug (a tool's may be longer than a category's: its name and its id), then .png. */
const PNG_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.png$/;
const MAX_FILE_LENGTH = 300;
/** A logo is at most a few hundred kB (uploads are re-encoded): more is not a logo. */
const MAX_LOGO_BYTES = 5_000_000;

/**
 * Reads a tool's stored logo: through the app itself for the local storage's /files, or from the bucket's public
 * address. Only our own stored files are read; anything else is drawn as initials.
 */
export function storedLogoReader(config: Config, request: (path: string) => Response | Promise<Response>): LogoReader {
  const bucket = config.storage.kind === "s3" ? filesBaseUrl(config).replace(/\/+$/, "") + "/" : null;
  return async (url) => {
    let response: Response;
    if (url.startsWith(`${FILES_URL}/`)) response = await request(url);
    else if (bucket && url.startsWith(bucket))
      response = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: "error" });
    else return null;
    if (!response.ok) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.byteLength > 0 && bytes.byteLength <= MAX_LOGO_BYTES ? bytes : null;
  };
}

/** Each language's images under its prefix (/fr/og/home.png), drawn with its words (decision 053). */
export function createOgImageRoutes(services: Services, readLogo: LogoReader, languages: SiteLocales) {
  const routes = new Hono();

  async function serve(c: Context, kind: OgImageKind, slug: string) {
    const file = await services.ogImages.findOgImageFile(kind, slug, readLogo);
    if (!file) return c.text(MESSAGES.page.noSuchPreviewImage, 404);
    c.header("Cache-Control", c.req.query("v") === file.hash ? CURRENT_CACHE_CONTROL : UNVERSIONED_CACHE_CONTROL);
    return c.redirect(file.url, 302);
  }

  for (const locale of languages.locales) {
    const base = localeBasename(locale, languages);
    routes.get(`${base}/og/home.png`, (c) => inLocale(locale, () => serve(c, "home", "home")));
    for (const kind of ["tool", "category", "top"] as const) {
      routes.get(`${base}/og/${kind}/:file`, (c) =>
        inLocale(locale, () => {
          const file = c.req.param("file");
          const slug = file.length <= MAX_FILE_LENGTH ? PNG_FILE.exec(file)?.[1] : undefined;
          return slug ? serve(c, kind, slug) : c.text(MESSAGES.page.noSuchPreviewImage, 404);
        }),
      );
    }
  }
  return routes;
}
