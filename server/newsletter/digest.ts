/**
 * The newsletter's digest written out, ready to paste into a newsletter service: Markdown, and HTML with inline
 * styles (e-mail services drop style sheets) and absolute links. Every text a user typed is escaped in both.
 */
import { currentWords, say } from "#common/i18n/say.ts";
import { escapeHtml } from "../html.ts";

/** One tool of the digest, as the admin page, the command line and both texts show it. */
export type DigestTool = {
  name: string;
  slug: string;
  /** Its page on our site, absolute. */
  url: string;
  shortDesc: string;
  website: string;
  /** Its logo, absolute; null when it has none. */
  logo: string | null;
  /** Its categories' labels, in the tool's order. */
  categories: string[];
  verifiedAt: string;
};

/** The sponsor line of the week (decision 064): its ad's text, and its counting link, absolute. */
export type DigestSponsor = { id: string; text: string; url: string };

/** What both texts are written from. */
export type DigestContent = { title: string; intro: string; tools: DigestTool[]; sponsor?: DigestSponsor | null };

/** A moment's UTC day written for people, in the language being written: "4 August 2026". */
export function formatLongDate(moment: Date): string {
  return currentWords().longDate(moment.toISOString().slice(0, 10));
}

/** The digest's title. */
export function digestTitle(siteName: string): string {
  return say("mail.digestTitle", { siteName });
}

/**
 * The line under the title: how many tools joined, between which dates, and which of them are shown when not all are;
 * an empty week says there were none.
 */
export function digestIntro({
  siteName,
  count,
  shown = count,
  from,
  to,
}: {
  siteName: string;
  count: number;
  shown?: number;
  from: Date;
  to: Date;
}): string {
  const period = { siteName, from: formatLongDate(from), to: formatLongDate(to) };
  if (count === 0) return say("mail.digestNone", period);
  return shown < count
    ? say("mail.digestMostViewed", { ...period, count, shown })
    : say("mail.digestJoined", { ...period, count });
}

// The characters CommonMark (and GitHub's tables and strike-through) give a meaning to inside a line: emphasis, code,
// links and images, raw HTML, autolinks and entities. A backslash before any of them makes it plain text.
const MARKDOWN_SPECIAL = /[\\`*_[\]<>|~&]/g;

/** User text made plain in Markdown: on one line, with nothing that could become formatting, a link or HTML. */
export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(/\s+/g, " ")
      .trim()
      .replace(MARKDOWN_SPECIAL, "\\$&")
      // At the start of a paragraph, "# " would make a heading, and "- ", "+ " or "1. " a list.
      .replace(/^([-+#])/, "\\$1")
      .replace(/^(\d+)([.)])(?= |$)/, "$1\\$2")
  );
}

/** A URL that cannot end a Markdown link early: parentheses, angle brackets and spaces percent-encoded. */
function markdownUrl(url: string): string {
  return url.replace(/[()<>\s]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

/** Whether a user-given address may be linked to: only http(s). */
function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The digest in Markdown: a title, an intro line, then per tool a heading linked to its page, its categories, its description and its website. */
export function digestMarkdown({ title, intro, tools, sponsor }: DigestContent): string {
  const blocks = [`# ${escapeMarkdown(title)}`, escapeMarkdown(intro)];
  if (sponsor)
    blocks.push(
      `*${escapeMarkdown(say("layout.sponsored"))}:* [${escapeMarkdown(sponsor.text)}](${markdownUrl(sponsor.url)})`,
    );
  for (const tool of tools) {
    blocks.push(`## [${escapeMarkdown(tool.name)}](${markdownUrl(tool.url)})`);
    if (tool.categories.length) blocks.push(`*${tool.categories.map(escapeMarkdown).join(" · ")}*`);
    if (tool.shortDesc.trim()) blocks.push(escapeMarkdown(tool.shortDesc));
    if (isWebUrl(tool.website))
      blocks.push(`[${escapeMarkdown(say("mail.visitWebsite"))}](${markdownUrl(tool.website)})`);
  }
  return `${blocks.join("\n\n")}\n`;
}

/** Inline styles: most e-mail services keep only these. */
const STYLES = {
  frame:
    "max-width:600px;margin:0 auto;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a;",
  title: "margin:0 0 8px;font-size:26px;line-height:1.25;font-weight:800;color:#0f172a;",
  intro: "margin:0 0 24px;color:#475569;",
  tool: "margin:0 0 16px;padding:16px;border:1px solid #e2e8f0;border-radius:12px;",
  logo: "display:block;width:48px;height:48px;margin:0 0 12px;border-radius:8px;border:1px solid #f1f5f9;",
  name: "margin:0 0 4px;font-size:20px;line-height:1.3;font-weight:700;",
  nameLink: "color:#0f172a;text-decoration:none;",
  categories: "margin:0 0 8px;font-size:13px;color:#64748b;",
  description: "margin:0 0 12px;color:#334155;",
  website: "color:#4f46e5;font-weight:600;text-decoration:underline;",
  sponsor: "margin:0 0 24px;padding:12px 16px;background:#f8fafc;border-radius:12px;font-size:15px;color:#334155;",
  sponsorLabel: "font-size:11px;font-weight:700;letter-spacing:0.05em;text-transform:uppercase;color:#64748b;",
} as const;

/** The digest in HTML for an e-mail: inline styles, absolute links, every user text escaped. */
export function digestHtml({ title, intro, tools, sponsor }: DigestContent): string {
  const items = tools.map((tool) => {
    const parts = [
      tool.logo ? `<img src="${escapeHtml(tool.logo)}" alt="" width="48" height="48" style="${STYLES.logo}">` : "",
      `<h2 style="${STYLES.name}"><a href="${escapeHtml(tool.url)}" style="${STYLES.nameLink}">${escapeHtml(tool.name)}</a></h2>`,
      tool.categories.length
        ? `<p style="${STYLES.categories}">${tool.categories.map(escapeHtml).join(" · ")}</p>`
        : "",
      tool.shortDesc.trim() ? `<p style="${STYLES.description}">${escapeHtml(tool.shortDesc)}</p>` : "",
      isWebUrl(tool.website)
        ? `<p style="margin:0;"><a href="${escapeHtml(tool.website)}" style="${STYLES.website}">${escapeHtml(say("mail.visitWebsite"))}</a></p>`
        : "",
    ];
    return `<div style="${STYLES.tool}">\n${parts.filter(Boolean).join("\n")}\n</div>`;
  });
  return [
    `<div style="${STYLES.frame}">`,
    `<h1 style="${STYLES.title}">${escapeHtml(title)}</h1>`,
    `<p style="${STYLES.intro}">${escapeHtml(intro)}</p>`,
    sponsor
      ? `<p style="${STYLES.sponsor}"><span style="${STYLES.sponsorLabel}">${escapeHtml(say("layout.sponsored"))}</span> <a href="${escapeHtml(sponsor.url)}" rel="sponsored" style="${STYLES.website}">${escapeHtml(sponsor.text)}</a></p>`
      : "",
    ...items,
    "</div>",
    "",
  ].join("\n");
}
