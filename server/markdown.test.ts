import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";

describe("renderMarkdown", () => {
  it("renders the usual Markdown", () => {
    const html = renderMarkdown("## Title\n\nSome **bold** text and a [link](https://example.com).\n\n- one\n- two");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener" target="_blank">link</a>');
    expect(html).toContain("<li>one</li>");
  });

  it.each([
    ["<script>alert(1)</script>", /<script/i],
    ['<img src=x onerror="alert(1)">', /<img/i],
    ["[click](javascript:alert(1))", /href="javascript/i],
    ["[click](JAVASCRIPT:alert(1))", /href=/i],
    ["[click](data:text/html;base64,PHNjcmlwdD4=)", /href="data/i],
    ["![x](javascript:alert(1))", /<img/i],
    ['<a href="https://x" onclick="alert(1)">x</a>', /<[a-z]+[^>]*\son[a-z]+=/i],
  ])("never lets %j through as markup", (source, forbidden) => {
    expect(renderMarkdown(source)).not.toMatch(forbidden);
  });

  it("keeps relative links on the site, without target", () => {
    expect(renderMarkdown("[categories](/categories)")).toContain('<a href="/categories">categories</a>');
  });
});
