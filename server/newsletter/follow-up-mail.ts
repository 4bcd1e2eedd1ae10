/** The maker's follow-up mail: a tool's first week on the site in figures, in plain text and simple HTML, in their language. */
import { MY_TOOLS_PATH, toolPath } from "#common/page-paths.ts";
import { escapeHtml } from "../html.ts";
import type { Mail } from "../mail/mailer.ts";
import type { ReaderWords } from "../mail/readers.ts";

export type FollowUpMailInput = {
  siteName: string;
  to: string;
  username: string;
  tool: { name: string; slug: string };
  /** The first week: its first and last UTC day, 'YYYY-MM-DD'. */
  week: { first: string; last: string };
  views: number;
  clicks: number;
  /** Whether the recipient is the tool's linked maker (their dashboard shows it) or the user who submitted it. */
  isMaker: boolean;
};

/** The mail: its subject carries the figures, its body says what they count and links to the tool and the maker's dashboard. */
export function followUpMail(
  { t, longDate, url }: ReaderWords,
  { siteName, to, username, tool, week, views, clicks, isMaker }: FollowUpMailInput,
): Mail {
  const greeting = t("mail.followUpHello", { username });
  const summary = t("mail.followUpSummary", {
    tool: tool.name,
    siteName,
    from: longDate(week.first),
    to: longDate(week.last),
    views,
    clicks,
  });
  const thanks = t("mail.followUpThanks", { siteName });
  const links = [
    { label: t("mail.followUpSee", { tool: tool.name, siteName }), url: url(toolPath(tool.slug)) },
    // The dashboard shows the tools linked to their maker: one who only submitted the tool is shown how to be linked.
    isMaker
      ? { label: t("mail.followUpDashboard"), url: url(MY_TOOLS_PATH) }
      : { label: t("mail.followUpClaim"), url: url(toolPath(tool.slug)) },
  ];
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return {
    to,
    subject: t("mail.followUpSubject", { siteName, views, clicks, tool: tool.name }),
    text: [greeting, summary, ...links.map(({ label, url }) => t("mail.labelledLink", { label, url })), thanks].join(
      "\n\n",
    ),
    html: [
      paragraph(greeting),
      paragraph(summary),
      ...links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
      paragraph(thanks),
    ].join(""),
  };
}
