/** The maker's follow-up mail: a tool's first week on the site in figures, in plain text and simple HTML. */
import { countOf } from "#common/plural.ts";
import { escapeHtml } from "../auth/mails.ts";
import type { Mail } from "../mail/mailer.ts";
import { formatLongDate } from "./digest.ts";
import { toolPath } from "#common/page-paths.ts";

export type FollowUpMailInput = {
  siteName: string;
  siteUrl: string;
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

const dayText = (day: string) => formatLongDate(new Date(`${day}T00:00:00Z`));

/** The mail: its subject carries the figures, its body says what they count and links to the tool and the maker's dashboard. */
export function followUpMail({ siteName, siteUrl, to, username, tool, week, views, clicks, isMaker }: FollowUpMailInput): Mail {
  const greeting = `Hello ${username},`;
  const summary =
    `${tool.name} has been live on ${siteName} for a week. From ${dayText(week.first)} to ${dayText(week.last)}, ` +
    `its page was viewed ${countOf(views, "time")} and its website link was clicked ${countOf(clicks, "time")}.`;
  const thanks = `Thank you for listing it on ${siteName}.`;
  const links = [
    { label: `See ${tool.name} on ${siteName}`, url: `${siteUrl}${toolPath(tool.slug)}` },
    // The dashboard shows the tools linked to their maker: one who only submitted the tool is shown how to be linked.
    isMaker
      ? { label: "Follow its figures on your dashboard", url: `${siteUrl}/my-tools` }
      : { label: "Made it? Claim it from its page to follow its figures on your dashboard", url: `${siteUrl}${toolPath(tool.slug)}` },
  ];
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return {
    to,
    subject: `Your first week on ${siteName}: ${countOf(views, "view")} and ${countOf(clicks, "click")} for ${tool.name}`,
    text: [greeting, summary, ...links.map((link) => `${link.label}: ${link.url}`), thanks].join("\n\n"),
    html: [
      paragraph(greeting),
      paragraph(summary),
      ...links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
      paragraph(thanks),
    ].join(""),
  };
}
