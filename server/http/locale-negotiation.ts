/**
 * The home page in the visitor's language (decision 053). A first visit to `/` from outside the site, with no language
 * chosen before (the `locale` cookie the language switcher writes), goes to the home page in the language its
 * Accept-Language prefers among those offered, when that is not the default one: a 302 nobody keeps. `/` itself says
 * it varies by Accept-Language; served to a browser that prefers another language (one who chose this one, or came
 * from another page of the site), it is kept by that browser only, so that no shared cache hands it to the next
 * visitor of that language. Every other address is in its own language and never redirects.
 */
import type { MiddlewareHandler } from "hono";
import { LOCALE_COOKIE, localizedPath, preferredLocale, type SiteLocales } from "#common/locales.ts";
import { inLocale } from "../i18n.ts";

export function negotiateHomeLocale(site: SiteLocales, siteUrl: string): MiddlewareHandler {
  const origin = new URL(siteUrl).origin;
  const chosen = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=`);
  return async (c, next) => {
    if (site.locales.length < 2 || c.req.path !== "/" || (c.req.method !== "GET" && c.req.method !== "HEAD"))
      return next();
    const preferred = preferredLocale(c.req.header("accept-language"), site.locales);
    const isOther = preferred !== null && preferred !== site.defaultLocale;
    const referrer = c.req.header("referer");
    const fromThisSite = referrer !== undefined && URL.canParse(referrer) && new URL(referrer).origin === origin;
    if (isOther && !fromThisSite && !chosen.test(c.req.header("cookie") ?? "")) {
      const query = new URL(c.req.url).search;
      return new Response(null, {
        status: 302,
        headers: {
          location: localizedPath(preferred, `/${query}`, site),
          "cache-control": "private, no-store",
          vary: "Accept-Language, Cookie",
        },
      });
    }
    await next();
    c.res.headers.append("vary", "Accept-Language");
    if (isOther) {
      c.res.headers.set("cache-control", "private, no-cache");
      c.res.headers.delete("cdn-cache-control");
    }
  };
}

/**
 * The API's answers in the language its client asks for (Accept-Language), among those offered, else the default
 * one: an error's message is in it, and an error says that it varies by the header.
 */
export function answerInAcceptedLanguage(site: SiteLocales): MiddlewareHandler {
  return async (c, next) => {
    if (site.locales.length < 2) return next();
    const locale = preferredLocale(c.req.header("accept-language"), site.locales) ?? site.defaultLocale;
    await inLocale(locale, next);
    if (c.res.status >= 400) c.res.headers.append("vary", "Accept-Language");
  };
}
