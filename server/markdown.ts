/**
 * Renders Markdown written by people (tool descriptions, blog posts) to HTML that is safe to insert in a page.
 * Raw HTML in the source is escaped, never passed through, and links may only use http(s), mailto or relative URLs,
 * so there is nothing to sanitise afterwards.
 */
import MarkdownIt from "markdown-it";

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const SAFE_LINK = /^(https?:|mailto:|\/|#)/i;
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

// External links leave the site without passing our page's address or authority to them.
const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  if (/^https?:/i.test(token.attrGet("href") ?? "")) {
    token.attrSet("rel", "nofollow noopener");
    token.attrSet("target", "_blank");
  }
  return defaultLinkOpen(tokens, index, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
