/**
 * Renders a page with React Router, in one of two ways (decision 037): as every visitor sees it, with no session read
 * at all (the page the page cache keeps, which a signed-in person running JavaScript gets too), or for the request's
 * own person, their session read through Better Auth (a renewed or cleared session cookie passed on).
 */
import type { Context } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Requester } from "../auth/account-shared.ts";
import { withClientAddress } from "../auth/client-address.ts";
import { localeBasename, splitLocalePath } from "#common/locales.ts";
import { inLocale } from "../i18n.ts";
import type { SiteSettings } from "#common/schemas/settings.ts";
import { type Config, type PublicConfig, publicConfig, stripeCheckoutOrigin } from "../config.ts";
import type { AppContext } from "../context.ts";
import type { Logger } from "../logger.ts";
import type { Services } from "../services.ts";
import { contentSecurityPolicy, newNonce } from "./content-security-policy.ts";

/** What a request its client closed before the answer is told (the status nginx and the spec's `cancelled` use). */
const CLIENT_CLOSED_REQUEST = 499;

/** "visitor": the page without anyone's session; "person": the page for whoever the session cookie names. */
export type RenderFor = "visitor" | "person";

export type RenderPage = (c: Context, options: { for: RenderFor; request?: Request }) => Promise<Response>;

export function pageRenderer({
  build,
  services,
  config,
  logger,
  filesOrigin,
  addressOf,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  services: Services;
  config: Config;
  logger: Logger;
  filesOrigin: string;
  addressOf: (c: Context) => string;
}): RenderPage {
  // One handler per language: React Router serves each under its prefix (its basename), so that every link, form and
  // redirect of a French page stays French, and the browser's router gets the same basename.
  const site = { locales: config.LOCALES, defaultLocale: config.DEFAULT_LOCALE };
  const handlers = new Map(
    config.LOCALES.map((locale) => {
      const basename = localeBasename(locale, site) || undefined;
      const localized =
        typeof build === "function" ? async () => ({ ...(await build()), basename }) : { ...build, basename };
      return [locale, createRequestHandler(localized as () => Promise<ServerBuild>, config.NODE_ENV)] as const;
    }),
  );
  const isDev = config.NODE_ENV === "development";
  // What the browser gets of the config: made again only when the site's settings change.
  let madeFrom: SiteSettings | undefined;
  let shown: PublicConfig | undefined;
  const publicConfigNow = (): PublicConfig => {
    const settings = services.settings.current();
    if (settings !== madeFrom || !shown) [madeFrom, shown] = [settings, publicConfig(config, settings)];
    return shown;
  };
  return async (c, { for: renderFor, request = c.req.raw }) => {
    const address = addressOf(c);
    const requester: Requester = { headers: withClientAddress(c.req.raw.headers, address), address };
    const session =
      renderFor === "person" ? await services.accounts.findSessionUser(requester) : { user: null, headers: null };
    // The page's inline scripts carry this nonce, which its policy names; a page kept by the cache trades it for hashes.
    const cspNonce = isDev ? "" : newNonce();
    const { locale } = splitLocalePath(new URL(request.url).pathname, site);
    const context: AppContext = {
      services,
      config,
      publicConfig: publicConfigNow(),
      logger,
      cspNonce,
      user: session.user,
      requester,
      locale,
    };
    const response = await inLocale(locale, () => handlers.get(locale)!(request, context));
    // The client went away while the page rendered: nobody gets an answer, and no error is ours to log (499).
    if (response.status >= 500 && request.signal.aborted) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    for (const cookie of session.headers?.getSetCookie() ?? []) response.headers.append("set-cookie", cookie);
    if (!isDev && !response.headers.has("content-security-policy")) {
      response.headers.set(
        "content-security-policy",
        contentSecurityPolicy([`'nonce-${cspNonce}'`], filesOrigin, stripeCheckoutOrigin(config)),
      );
    }
    c.set("cspNonce", cspNonce);
    return response;
  };
}
