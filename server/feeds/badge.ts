/**
 * The embeddable badge: a small SVG saying "Listed on {site}" or "Featured on {site}", light or dark, optionally with
 * the tool's views. Text is measured with a table of character widths (Helvetica's, close to Arial's and to the
 * sans-serif fonts browsers fall back to), and each text is given its measured length, so the drawing never depends on
 * the fonts of the page that embeds it.
 */
import type { BadgeTheme } from "#common/schemas/feeds.ts";
import { countOf } from "#common/plural.ts";
import { escapeXml } from "./xml.ts";

export type BadgeContent = {
  siteName: string;
  /** The tool, named in the image's title; null for a badge of a tool that is not listed. */
  tool: { name: string; isFeatured: boolean; views: number } | null;
  /** A week the tool won, and its rank (decision 063): the winner's badge says so. */
  award?: { rank: number; week: string } | null;
  theme: BadgeTheme;
  showViews: boolean;
};

/** Widths of the printable ASCII characters from the space (32) to the tilde (126), in thousandths of the font size. */
// prettier-ignore
const WIDTHS = [
  278,
  278,
  355,
  556,
  556,
  889,
  667,
  191,
  333,
  333,
  389,
  584,
  278,
  333,
  278,
  278, // space to /
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  278,
  278,
  584,
  584,
  584,
  556, // 0 to ?
  1015,
  667,
  667,
  722,
  722,
  667,
  611,
  778,
  722,
  278,
  500,
  667,
  556,
  833,
  722,
  778, // @ to O
  667,
  778,
  722,
  667,
  611,
  722,
  667,
  944,
  667,
  667,
  611,
  278,
  278,
  278,
  469,
  556, // P to _
  333,
  556,
  556,
  500,
  556,
  556,
  278,
  556,
  556,
  222,
  222,
  500,
  222,
  833,
  556,
  556, // ` to o
  556,
  556,
  333,
  500,
  278,
  556,
  500,
  722,
  500,
  500,
  500,
  334,
  260,
  334,
  584, // p to ~
];
/** Latin letters with accents and the like: about an average letter. */
const OTHER_WIDTH = 600;
/** Ideographs, kana, hangul and emoji take a full em. */
const WIDE_WIDTH = 1000;
/** Bold glyphs are about this much wider. */
const BOLD_FACTOR = 1.08;
const WIDE =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|\p{Extended_Pictographic}/u;

/** The estimated width of `text` at `fontSize` px. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let thousandths = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    thousandths += code >= 32 && code <= 126 ? WIDTHS[code - 32]! : WIDE.test(char) ? WIDE_WIDTH : OTHER_WIDTH;
  }
  return (thousandths / 1000) * fontSize * (bold ? BOLD_FACTOR : 1);
}

/** A site name longer than this is cut, so a badge stays small. */
const MAX_SITE_NAME = 40;

/** 1234 → "1,234"; past ten thousand, "12.3k", "1.2M". */
export function formatBadgeCount(count: number): string {
  if (count < 10_000) return count.toLocaleString("en-US");
  const [value, unit] = count < 1_000_000 ? [count / 1000, "k"] : [count / 1_000_000, "M"];
  return `${value < 100 ? Math.floor(value * 10) / 10 : Math.floor(value)}${unit}`;
}

const COLORS = {
  light: {
    background: "#ffffff",
    border: "#cbd5e1",
    text: "#0f172a",
    caption: "#475569",
    featured: "#b45309",
    divider: "#e2e8f0",
  },
  dark: {
    background: "#0f172a",
    border: "#334155",
    text: "#f8fafc",
    caption: "#94a3b8",
    featured: "#fbbf24",
    divider: "#334155",
  },
} as const;

const HEIGHT = 40;
const PADDING = 12;
const CAPTION_SIZE = 9;
const NAME_SIZE = 14;
const font = "Helvetica,Arial,sans-serif";

function text(x: number, y: number, size: number, fill: string, content: string, bold = false): string {
  const width = Math.ceil(textWidth(content, size, bold));
  return `<text x="${x}" y="${y}" font-size="${size}"${bold ? ' font-weight="bold"' : ""} fill="${fill}" textLength="${width}" lengthAdjust="spacingAndGlyphs">${escapeXml(content)}</text>`;
}

/** The badge as an SVG document. */
export function badgeSvg({ siteName, tool, theme, showViews, award }: BadgeContent): string {
  const colors = COLORS[theme];
  const name =
    [...siteName].length > MAX_SITE_NAME ? `${[...siteName].slice(0, MAX_SITE_NAME - 1).join("")}…` : siteName;
  const won = tool && award ? award : null;
  const caption = !tool
    ? "NOT LISTED ON"
    : won
      ? `#${won.rank} OF THE WEEK ON`
      : tool.isFeatured
        ? "FEATURED ON"
        : "LISTED ON";
  const captionColor = won || tool?.isFeatured ? colors.featured : colors.caption;
  const mainWidth = Math.ceil(Math.max(textWidth(caption, CAPTION_SIZE, true), textWidth(name, NAME_SIZE, true)));
  const parts = [
    text(PADDING, 16, CAPTION_SIZE, captionColor, caption, true),
    text(PADDING, 32, NAME_SIZE, colors.text, name, true),
  ];
  let width = PADDING + mainWidth + PADDING;
  let title = !tool
    ? `Not listed on ${siteName}`
    : won
      ? `${tool.name} was No. ${won.rank} of the week of ${won.week} on ${siteName}`
      : `${tool.name} is ${tool.isFeatured ? "featured" : "listed"} on ${siteName}`;
  if (tool && showViews) {
    const views = formatBadgeCount(tool.views);
    const viewsWidth = Math.ceil(Math.max(textWidth("VIEWS", CAPTION_SIZE, true), textWidth(views, NAME_SIZE, true)));
    parts.push(
      `<line x1="${width}" y1="8" x2="${width}" y2="${HEIGHT - 8}" stroke="${colors.divider}"/>`,
      text(width + PADDING, 16, CAPTION_SIZE, colors.caption, "VIEWS", true),
      text(width + PADDING, 32, NAME_SIZE, colors.text, views, true),
    );
    width += PADDING + viewsWidth + PADDING;
    title += `, ${countOf(tool.views, "view")}`;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${HEIGHT - 1}" rx="6" fill="${colors.background}" stroke="${colors.border}"/>`,
    `<g font-family="${font}">`,
    ...parts,
    "</g>",
    "</svg>",
    "",
  ].join("\n");
}
