/** The e-mails that accounts send, in plain text and simple HTML, in their reader's language (decision 053). */
import type { Words } from "#common/i18n/translate.ts";
import { escapeHtml } from "../html.ts";
import type { Mail } from "../mail/mailer.ts";
import type { ReaderWords } from "../mail/readers.ts";

function linkMail({
  to,
  subject,
  intro,
  action,
  url,
  outro,
}: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
}): Mail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function passwordResetMail(
  { t }: Words,
  { siteName, to, url }: { siteName: string; to: string; url: string },
): Mail {
  return linkMail({
    to,
    subject: t("mail.resetSubject", { siteName }),
    intro: t("mail.resetIntro", { siteName }),
    action: t("mail.resetAction"),
    url,
    outro: t("mail.resetOutro"),
  });
}

export function signInLinkMail(
  { t }: Words,
  { siteName, to, url }: { siteName: string; to: string; url: string },
): Mail {
  return linkMail({
    to,
    subject: t("mail.signInSubject", { siteName }),
    intro: t("mail.signInIntro", { siteName }),
    action: t("mail.signInAction"),
    url,
    outro: t("mail.signInOutro"),
  });
}

/**
 * To the owner of an account whose unproven password a sign-in link removed (server/auth/external-sign-in.ts): what
 * happened, why, and the way to choose it again.
 */
export function passwordRemovedMail(
  { t, url }: ReaderWords,
  { siteName, email }: { siteName: string; email: string },
): { subject: string; text: string } {
  return {
    subject: t("mail.passwordRemovedSubject", { siteName }),
    text: t("mail.passwordRemovedText", { siteName, email, url: url("/forgot-password") }),
  };
}

/**
 * To the owner of an account that signs in with Google and has no password, who asked to reset one: the reset form
 * answers the same for any address (decision 055), so the hint that it is Google comes by mail, to the owner only.
 */
export function googleOnlyMail(
  { t, url }: ReaderWords,
  { siteName, email }: { siteName: string; email: string },
): { subject: string; text: string } {
  return {
    subject: t("mail.googleOnlySubject", { siteName }),
    text: t("mail.googleOnlyText", { siteName, email, url: url("/login") }),
  };
}
