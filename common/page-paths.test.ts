import { describe, expect, it } from "vitest";
import {
  boostToolPath,
  loginPath,
  safeRedirect,
  signInPagePath,
  tagPath,
  toolPath,
  withRedirectTo,
} from "./page-paths.ts";

describe("page paths", () => {
  it("builds the pages' addresses", () => {
    expect(toolPath("counter-tabc")).toBe("/tool/counter-tabc");
    expect(boostToolPath("ada")).toBe("/profile/ada?type=boost-tool");
    expect(tagPath("open-source")).toBe("/tag/open-source");
  });

  it("sends to the login page and back, the way back encoded", () => {
    expect(loginPath("/my-tools?submitted=tabc")).toBe("/login?redirectTo=%2Fmy-tools%3Fsubmitted%3Dtabc");
    expect(loginPath("/")).toBe("/login?redirectTo=%2F");
    expect(withRedirectTo("/auth/google", undefined)).toBe("/auth/google");
  });

  it("passes the way back on between the sign-in pages, unless it is the home page", () => {
    expect(signInPagePath("/register", "/tools")).toBe("/register?redirectTo=%2Ftools");
    expect(signInPagePath("/register", "/")).toBe("/register");
  });
});

describe("safeRedirect", () => {
  it("keeps a path on this site", () => {
    expect(safeRedirect("/tool/x?y=1#z")).toBe("/tool/x?y=1#z");
  });

  it.each([["https://evil.example/"], ["//evil.example"], ["/\\evil.example"], [""], [null], [undefined], [42]])(
    "answers %j with the fallback",
    (target) => {
      expect(safeRedirect(target)).toBe("/");
      expect(safeRedirect(target, "")).toBe("");
    },
  );

  // Browsers drop TAB, CR and LF inside an address: each of these would lead to evil.example.
  it.each([["/\t/evil.example"], ["/\n/evil.example"], ["/\r\n/evil.example"], ["/\u0000x"], ["/x\u007f"]])(
    "refuses %j, with a control character",
    (target) => {
      expect(safeRedirect(target)).toBe("/");
    },
  );

  it("percent-encodes other non-ASCII characters, which a Location header cannot carry", () => {
    expect(safeRedirect("/search/café")).toBe("/search/caf%C3%A9");
    expect(safeRedirect("/x\uD800")).toBe("/");
  });
});
