/**
 * The Content-Security-Policy of every response. Inline scripts run only when the policy names them: by the nonce of
 * the response that rendered them, or, on a page kept in the page cache, by their sha256 hashes (docs/decisions/011).
 */
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";

const DIRECTIVES = (scriptSources: string[], filesOrigin: string, checkoutOrigin: string) => [
  "default-src 'self'",
  ["script-src 'self'", ...scriptSources].join(" "),
  "style-src 'self' 'unsafe-inline'",
  ["img-src 'self' data: https:", filesOrigin].filter(Boolean).join(" "),
  // The tool page reads its snapshot from the stored files, which may be in a bucket of another origin.
  ["connect-src 'self'", filesOrigin].filter(Boolean).join(" "),
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  // A form may lead to Stripe's Checkout page when payments are on (a maker's "Pay with Stripe", decision 040).
  ["form-action 'self'", checkoutOrigin].filter(Boolean).join(" "),
  "frame-ancestors 'none'",
];

/**
 * The policy, allowing the inline scripts named by `scriptSources` ('nonce-…' or 'sha256-…'), and the stored files at
 * `filesOrigin` (the origin of an S3 bucket's public address; none for files the app serves itself), and forms that
 * lead to `checkoutOrigin` (Stripe's Checkout; none without payments).
 */
export function contentSecurityPolicy(scriptSources: string[] = [], filesOrigin = "", checkoutOrigin = ""): string {
  return DIRECTIVES(scriptSources, filesOrigin, checkoutOrigin).join("; ");
}

/** The origin to allow for the stored files at `filesUrl`: none when the app serves them itself (a path). */
export function filesOriginOf(filesUrl: string): string {
  return URL.canParse(filesUrl) ? new URL(filesUrl).origin : "";
}

/** A fresh nonce, made only for a response that renders inline scripts. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Sets the policy on a response that has none: with the nonce the page was rendered with (`cspNonce`), if any. A page
 * from the page cache brings its own.
 */
export function withContentSecurityPolicy(
  filesOrigin = "",
  checkoutOrigin = "",
): MiddlewareHandler<{ Variables: { cspNonce?: string } }> {
  return async (c, next) => {
    await next();
    if (c.res.headers.has("content-security-policy")) return;
    const nonce = c.get("cspNonce");
    c.res.headers.set(
      "content-security-policy",
      contentSecurityPolicy(nonce ? [`'nonce-${nonce}'`] : [], filesOrigin, checkoutOrigin),
    );
  };
}
