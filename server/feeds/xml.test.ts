import { describe, expect, it } from "vitest";
import { element, escapeXml, pathOf, xmlDocument } from "./xml.ts";

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
  });

  it("drops characters XML cannot hold, and keeps tabs, new lines and emoji", () => {
    expect(escapeXml("a\u0000b\u0008c\u001Fd\uFFFEe")).toBe("abcde");
    expect(escapeXml("tab\there\r\nnext 🚀")).toBe("tab\there\r\nnext 🚀");
    expect(escapeXml("lone \uD83D surrogate \uDE80")).toBe("lone  surrogate ");
  });
});

describe("element", () => {
  it("wraps escaped text", () => {
    expect(element("title", "A & B")).toBe("<title>A &amp; B</title>");
  });
});

describe("pathOf", () => {
  it("encodes each segment, so a slash or a question mark stays inside its segment", () => {
    expect(pathOf("tag", "c++ tools")).toBe("/tag/c%2B%2B%20tools");
    expect(pathOf("search", "a/b?c#d")).toBe("/search/a%2Fb%3Fc%23d");
    expect(pathOf("search", "café")).toBe("/search/caf%C3%A9");
  });
});

describe("xmlDocument", () => {
  it("starts with the declaration and ends with a new line", () => {
    expect(xmlDocument(["<a>", "</a>"])).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<a>\n</a>\n');
  });
});
