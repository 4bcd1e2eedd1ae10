import { describe, expect, it } from "vitest";
import { withRef } from "./outbound.ts";

describe("withRef", () => {
  it.each([
    ["https://plausible.io", "https://plausible.io/?ref=indietools"],
    ["https://plausible.io/", "https://plausible.io/?ref=indietools"],
    ["https://example.com/pricing?plan=pro", "https://example.com/pricing?plan=pro&ref=indietools"],
    ["https://example.com/a?ref=other", "https://example.com/a?ref=indietools"],
    ["https://example.com/a?x=1#features", "https://example.com/a?x=1&ref=indietools#features"],
    ["http://example.com", "http://example.com/?ref=indietools"],
  ])("%s", (website, expected) => {
    expect(withRef(website, "indietools")).toBe(expected);
  });

  it("leaves a URL that is not http(s) untouched", () => {
    expect(withRef("javascript:alert(1)", "indietools")).toBe("javascript:alert(1)");
    expect(withRef("not a url", "indietools")).toBe("not a url");
  });

  it("adds nothing when the ref is empty", () => {
    expect(withRef("https://example.com/a", "")).toBe("https://example.com/a");
  });
});
