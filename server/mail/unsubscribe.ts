/**
 * Unsubscribing from bulk mail (decision 044): a link signed for one person and one list, which works without signing
 * in, the headers of one-click unsubscribing (RFC 8058), and the words that end such a mail.
 */
import { createHmac } from "node:crypto";
import type { UnsubscribeList } from "#common/schemas/follows.ts";
import { say } from "#common/i18n/say.ts";
import { escapeHtml } from "../html.ts";

/** The signed addresses of unsubscribe links: an HMAC of the list and the person, with the site's secret. */
export function unsubscribeToken(secret: string, list: UnsubscribeList, userId: string): string {
  return createHmac("sha256", secret).update(`unsubscribe:${list}:${userId}`).digest("base64url");
}

/** The page that unsubscribes `userId` from `list`, signed for them: a path, for the reader's language (ReaderWords.url). */
export function unsubscribePath(secret: string, list: UnsubscribeList, userId: string): string {
  return `/unsubscribe?${new URLSearchParams({ list, user: userId, token: unsubscribeToken(secret, list, userId) })}`;
}

/** The mail headers that let a mail client unsubscribe in one click (RFC 8058), by a POST to the same link. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The mail's last words: why it came, and the way out, in its text and its HTML, in the language being written. */
export function unsubscribeFooter(url: string, why: string) {
  const unsubscribe = say("mail.unsubscribe");
  return {
    text: `\n---\n${why}\n${say("mail.labelledLink", { label: unsubscribe, url })}\n`,
    html: `<p style="max-width:600px;margin:24px auto 0;font-family:Helvetica,Arial,sans-serif;font-size:13px;color:#64748b;">${escapeHtml(why)} <a href="${escapeHtml(url)}" style="color:#64748b;">${escapeHtml(unsubscribe)}</a></p>\n`,
  };
}
