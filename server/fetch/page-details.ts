/**
 * What a web page says about itself, read from its HTML with htmlparser2: the title, the meta description and
 * keywords, the Open Graph and Twitter tags, and the icons; and whether it links to an address. Nothing of the page
 * runs; text comes out as text.
 */
import { Parser } from "htmlparser2";

export type PageDetails = {
  title: string;
  description: string;
  ogTitle: string;
  ogSiteName: string;
  ogDescription: string;
  /** Absolute http(s) addresses, resolved against the page's own. */
  ogImage: string | null;
  twitterImage: string | null;
  /** Icons, the best first: apple-touch-icon, then icons by their declared size, largest first. */
  icons: string[];
  keywords: string[];
  /** The first paragraphs of the page's own text (not its navigation, header, footer or forms), long enough to say something. */
  paragraphs: string[];
};

/** A paragraph shorter than this is a label or a button's caption, not a description. */
const MIN_PARAGRAPH = 60;
const MAX_PARAGRAPHS = 3;
/** Elements whose paragraphs are not the page's own words about itself. */
const OUTSIDE_TEXT = new Set([
  "nav",
  "header",
  "footer",
  "aside",
  "form",
  "script",
  "style",
  "noscript",
  "template",
  "button",
]);

/** Only the head matters; past this many characters of text in the title, the rest is noise. */
const MAX_TITLE = 500;

function absolute(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

const clean = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** Reads the details of the HTML `html`, whose address is `pageUrl`. */
export function readPageDetails(html: string, pageUrl: string): PageDetails {
  const meta = new Map<string, string>();
  const icons: { href: string; rank: number }[] = [];
  let title = "";
  let inTitle = false;
  let base = pageUrl;
  const paragraphs: string[] = [];
  let paragraph: string | null = null;
  let outside = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (OUTSIDE_TEXT.has(name)) outside++;
        else if (name === "p" && outside === 0 && paragraphs.length < MAX_PARAGRAPHS) paragraph = "";
        if (name === "title") inTitle = !title;
        else if (name === "base" && attributes.href) base = absolute(attributes.href, pageUrl) ?? base;
        else if (name === "meta") {
          const key = (attributes.property ?? attributes.name ?? "").trim().toLowerCase();
          // The first of each wins, as a preview service reads them.
          if (key && attributes.content !== undefined && !meta.has(key)) meta.set(key, attributes.content);
        } else if (name === "link" && attributes.href) {
          const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
          const size = Number(/^(\d+)x\d+$/i.exec(attributes.sizes ?? "")?.[1] ?? 0);
          if (rel.includes("apple-touch-icon") || rel.includes("apple-touch-icon-precomposed"))
            icons.push({ href: attributes.href, rank: 10_000 + size });
          else if (rel.includes("icon"))
            icons.push({ href: attributes.href, rank: size || (attributes.href.endsWith(".svg") ? 5_000 : 1) });
        }
      },
      ontext(text) {
        if (inTitle && title.length < MAX_TITLE) title += text;
        if (paragraph !== null && outside === 0 && paragraph.length < 2000) paragraph += text;
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
        if (OUTSIDE_TEXT.has(name)) outside = Math.max(0, outside - 1);
        if (name === "p" && paragraph !== null) {
          const text = clean(paragraph);
          if (text.length >= MIN_PARAGRAPH && !paragraphs.includes(text)) paragraphs.push(text);
          paragraph = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const ordered = icons.sort((a, b) => b.rank - a.rank).map((icon) => absolute(icon.href, base));
  return {
    title: clean(title).slice(0, MAX_TITLE),
    description: clean(meta.get("description")),
    ogTitle: clean(meta.get("og:title")),
    ogSiteName: clean(meta.get("og:site_name")),
    ogDescription: clean(meta.get("og:description")),
    ogImage: absolute(meta.get("og:image") ?? meta.get("og:image:url") ?? meta.get("og:image:secure_url"), base),
    twitterImage: absolute(meta.get("twitter:image") ?? meta.get("twitter:image:src"), base),
    icons: [...new Set(ordered.filter((href): href is string => href !== null))],
    keywords: clean(meta.get("keywords"))
      .split(",")
      .map((word) => word.trim())
      .filter(Boolean),
    paragraphs,
  };
}

/** The text of an HTML answer, in the charset it names when we know it. */
export function htmlText(body: Uint8Array, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

/** A rel that tells search engines not to follow the link: a link that earns nothing. */
const UNFOLLOWED = /(^|\s)(nofollow|ugc|sponsored)(\s|$)/i;
/** Elements whose content is never shown as it stands. */
const NEVER_SHOWN = new Set(["template", "noscript", "head", "script", "style", "title"]);
/** The usual inline ways of hiding an element. */
const HIDING_STYLE =
  /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*(hidden|collapse)|opacity\s*:\s*0(\.0*)?\s*(;|$|!)|font-size\s*:\s*0(px|em|rem|%)?\s*(;|$|!))/i;

/** Whether an element with these attributes hides itself and what it holds. */
function hides(name: string, attributes: Record<string, string>): boolean {
  if (NEVER_SHOWN.has(name) || "hidden" in attributes) return true;
  if (attributes["aria-hidden"]?.trim().toLowerCase() === "true") return true;
  return HIDING_STYLE.test(attributes.style ?? "");
}

/**
 * Whether the HTML `html`, whose address is `pageUrl`, has a link (`<a href>`) to an address under `target` (an
 * absolute http(s) address: same origin, and a path that starts with its path) that a person sees and a search engine
 * follows: not rel nofollow, ugc or sponsored; not in a template, a noscript, a comment or a script; not hidden by
 * itself or an ancestor (the hidden attribute, aria-hidden, or an inline display:none, visibility:hidden, opacity:0
 * or font-size:0); and showing some text or an image. Links are resolved against the page's address.
 */
export function linksTo(html: string, pageUrl: string, target: string): boolean {
  const wanted = new URL(target);
  const base = wanted.pathname.endsWith("/") ? wanted.pathname : `${wanted.pathname}/`;
  let found = false;
  /** The open elements, each with whether it hides what it holds. */
  const open: { name: string; hides: boolean }[] = [];
  let hiddenDepth = 0;
  /** The candidate link being read: its depth in `open`, and whether it showed anything yet. */
  let candidate: { depth: number; shows: boolean } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const hiding = hides(name, attributes);
        open.push({ name, hides: hiding });
        if (hiding) hiddenDepth++;
        if (found || hiddenDepth > 0) return;
        if (candidate && name === "img" && attributes.src) candidate.shows = true;
        if (name !== "a" || candidate) return;
        const href = absolute(attributes.href, pageUrl);
        if (!href || UNFOLLOWED.test(attributes.rel ?? "")) return;
        const url = new URL(href);
        if (url.origin === wanted.origin && `${url.pathname}/`.startsWith(base))
          candidate = { depth: open.length, shows: false };
      },
      ontext(text) {
        if (candidate && hiddenDepth === 0 && text.trim()) candidate.shows = true;
      },
      onclosetag() {
        if (candidate && open.length === candidate.depth) {
          if (candidate.shows) found = true;
          candidate = null;
        }
        if (open.pop()?.hides) hiddenDepth--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
