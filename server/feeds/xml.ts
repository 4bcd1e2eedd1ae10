/** Writing XML safely: escaping user text for the sitemaps and RSS feeds, and building paths from their segments. */

// Characters XML 1.0 forbids even when escaped (control characters but tab, LF and CR; lone surrogates; U+FFFE/U+FFFF).
// One of them in a tool's name would make the whole feed unreadable to a strict parser, so they are dropped.
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text made safe for an XML element or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN, "").replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** `<name>text</name>` with the text escaped. */
export function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

/** A path from its segments, each URL-encoded, so a tag or a search text cannot change the path's shape. */
export function pathOf(...segments: string[]): string {
  return `/${segments.map(encodeURIComponent).join("/")}`;
}

/** A whole document: the declaration, then one line per element. */
export function xmlDocument(lines: string[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', ...lines, ""].join("\n");
}
