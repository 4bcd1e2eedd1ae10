/**
 * The embeddable badge of a live tool: its image's address, the referral its link carries, and the HTML and Markdown
 * snippets a maker pastes into their own site or README (shown on /my-tools).
 */
import { toolPath } from "./page-paths.ts";

/** The `ref` a badge's link adds to the tool page's address; analytics counts such a visit as the source "badge". */
export const BADGE_REF = "badge";
/**
 * The source a visit from a badge is counted under, among the hosts and paths visitors come from: the colon makes it
 * a value no host name and no path can be (server/analytics/events.ts).
 */
export const BADGE_SOURCE = "ref:badge";

export const badgePath = (slug: string) => `/badge/${encodeURIComponent(slug)}.svg`;

/** The tool page's address, as a badge links to it. */
export const badgeLinkPath = (slug: string) => `${toolPath(slug)}?ref=${BADGE_REF}`;

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);
/** Markdown's link and image text ends at an unescaped bracket: brackets and backslashes are escaped, lines joined. */
const escapeMarkdownText = (text: string) => text.replace(/\s+/g, " ").replace(/[\\[\]]/g, (char) => `\\${char}`);

export type BadgeSnippets = { html: string; markdown: string };

/** The badge image linking to the tool's page, as HTML and as Markdown, with absolute addresses. */
export function badgeSnippets({
  siteUrl,
  siteName,
  name,
  slug,
  week,
}: {
  siteUrl: string;
  siteName: string;
  name: string;
  slug: string;
  /** The week the tool won (YYYY-Www): the winner's badge says so (decision 063). */
  week?: string;
}): BadgeSnippets {
  const image = `${siteUrl}${badgePath(slug)}${week ? `?week=${week}` : ""}`;
  const link = `${siteUrl}${badgeLinkPath(slug)}`;
  const alt = `${name} on ${siteName}`;
  return {
    html: `<a href="${escapeHtml(link)}"><img src="${escapeHtml(image)}" alt="${escapeHtml(alt)}" height="40"></a>`,
    markdown: `[![${escapeMarkdownText(alt)}](${image})](${link})`,
  };
}
