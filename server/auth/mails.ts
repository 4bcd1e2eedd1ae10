/** The e-mails that accounts send, in plain text and simple HTML. */
import type { Mail } from "../mail/mailer.ts";

/** User text made safe to put in an HTML mail, between tags or in an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function linkMail({ to, subject, intro, action, url, outro }: { to: string; subject: string; intro: string; action: string; url: string; outro: string }): Mail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function passwordResetMail({ siteName, to, url }: { siteName: string; to: string; url: string }): Mail {
  return linkMail({
    to,
    subject: `Reset your ${siteName} password`,
    intro: `Someone asked to reset the password of your ${siteName} account.`,
    action: "Choose a new password",
    url,
    outro: "The link works once, for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
  });
}

export function signInLinkMail({ siteName, to, url }: { siteName: string; to: string; url: string }): Mail {
  return linkMail({
    to,
    subject: `Your ${siteName} sign-in link`,
    intro: `Here is the link to sign in to ${siteName}.`,
    action: "Sign in",
    url,
    outro: "The link works once, for one hour. If you did not ask for it, ignore this e-mail.",
  });
}
