/** Checks of the XML documents the app writes (sitemaps, RSS feeds, badges), without a parser of their own making mistakes alike. */
import { expect } from "vitest";

/**
 * Fails unless the text is well-formed XML: one root, balanced tags, quoted attributes, no stray '<' or '&'; with
 * `declaration`, it must start with the XML declaration.
 */
export function expectWellFormedXml(xml: string, { declaration = true }: { declaration?: boolean } = {}) {
  if (declaration) expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = declaration ? xml.slice(xml.indexOf("?>") + 2) : xml;
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="(?:[^"<&]|&(?:amp|lt|gt|quot|apos);)*")*)\s*(\/?)>/y;
  const entity = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/y;
  const open: string[] = [];
  let roots = 0;
  for (let index = 0; index < body.length; ) {
    const char = body[index]!;
    if (char === "<") {
      tag.lastIndex = index;
      const match = tag.exec(body);
      if (!match) throw new Error(`Malformed tag at ${index}: ${body.slice(index, index + 60)}`);
      const [, closing, name, , selfClosing] = match;
      if (closing) {
        if (open.pop() !== name) throw new Error(`Unbalanced </${name}> at ${index}`);
      } else {
        if (open.length === 0) roots++;
        if (!selfClosing) open.push(name!);
      }
      index = tag.lastIndex;
    } else if (char === "&") {
      entity.lastIndex = index;
      if (!entity.exec(body)) throw new Error(`Unescaped '&' at ${index}: ${body.slice(index, index + 30)}`);
      index = entity.lastIndex;
    } else {
      if (open.length === 0 && !/\s/.test(char)) throw new Error(`Text outside the root element at ${index}`);
      index++;
    }
  }
  expect(open).toEqual([]);
  expect(roots).toBe(1);
}

export function unescapeXml(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[name]!,
  );
}

/** The text of every `<name>` element, unescaped, in document order. */
export function texts(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, "g"))].map((match) =>
    unescapeXml(match[1]!),
  );
}

/**
 * Every URL of the sitemap: its index at /sitemap.xml, then each part it names, fetched through `request`; each part's
 * document checked well-formed.
 */
export async function sitemapLocs(request: (path: string) => Response | Promise<Response>): Promise<string[]> {
  const index = await (await request("/sitemap.xml")).text();
  expectWellFormedXml(index);
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const locs: string[] = [];
  for (const part of texts(index, "loc")) {
    const response = await request(new URL(part).pathname);
    expect(response.status, part).toBe(200);
    const xml = await response.text();
    expectWellFormedXml(xml);
    locs.push(...texts(xml, "loc"));
  }
  return locs;
}
