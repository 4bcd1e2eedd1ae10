import { describe, expect, it } from "vitest";
import {
  canonicalWebsite,
  normalizeWebsite,
  registrableDomain,
  toolInput,
  toolInputFields,
  websiteDomain,
} from "./tool-input.ts";

describe("normalizeWebsite", () => {
  it.each([
    ["https://Plausible.io/", "https://plausible.io"],
    ["plausible.io", "https://plausible.io"],
    ["http://example.com/pricing?utm_source=x&plan=pro#top", "http://example.com/pricing?plan=pro"],
    ["https://example.com/?ref=producthunt", "https://example.com"],
  ])("%s -> %s", (text, expected) => {
    expect(normalizeWebsite(text)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    "ftp://example.com",
    "not a url",
    "https://localhost",
    "https://user:pass@example.com",
  ])("refuses %s", (text) => {
    expect(normalizeWebsite(text)).toBeNull();
  });

  it("names the site without www", () => {
    expect(websiteDomain("https://www.Example.com/a")).toBe("example.com");
  });
});

describe("canonicalWebsite", () => {
  it.each([
    ["https://example.com", "example.com"],
    ["http://example.com/", "example.com"],
    ["https://www.Example.com/", "example.com"],
    ["example.com/", "example.com"],
    ["https://example.com/?utm_source=x&utm_medium=y", "example.com"],
    ["https://example.com/Pricing/?ref=ph#plans", "example.com/pricing"],
    ["https://example.com/app?b=2&a=1", "example.com/app?a=1&b=2"],
    ["https://example.com:8443/", "example.com:8443"],
  ])("%s -> %s", (text, expected) => {
    expect(canonicalWebsite(text)).toBe(expected);
  });

  it("keeps two different sites apart", () => {
    expect(canonicalWebsite("https://example.com")).not.toBe(canonicalWebsite("https://example.org"));
    expect(canonicalWebsite("https://app.example.com")).not.toBe(canonicalWebsite("https://example.com"));
  });

  it("is null for what is no website", () => {
    expect(canonicalWebsite("javascript:alert(1)")).toBeNull();
  });
});

describe("registrableDomain", () => {
  it.each([
    ["https://app.example.com/x", "example.com"],
    ["https://www.example.co.uk", "example.co.uk"],
    ["https://example.com", "example.com"],
    ["https://someone.github.io/tool", "someone.github.io"],
    ["https://my-app.vercel.app", "my-app.vercel.app"],
  ])("%s -> %s", (text, expected) => {
    expect(registrableDomain(text)).toBe(expected);
  });
});

describe("toolInput", () => {
  const valid = {
    name: "Plausible",
    website: "plausible.io",
    shortDesc: "Lightweight, cookie-free web analytics for small sites.",
    longDesc: "",
    categories: ["cabc123"],
    tags: "Analytics, Open Source, analytics",
    paymentType: "freemium",
    pros: ["Simple", ""],
    cons: [],
    faq: [{ question: "", answer: "" }],
  };

  it("accepts and normalises a valid tool", () => {
    expect(toolInput.parse(valid)).toEqual({
      ...valid,
      website: "https://plausible.io",
      tags: ["analytics", "open-source"],
      pros: ["Simple"],
      faq: [],
      repository: null,
      isSelfHostable: false,
    });
  });

  it("keeps a repository on GitHub in one form, and refuses any other address", () => {
    expect(
      toolInput.parse({ ...valid, repository: "www.github.com/plausible/analytics.git/tree/master" }),
    ).toMatchObject({ repository: "https://github.com/plausible/analytics" });
    for (const repository of [
      "https://gitlab.com/a/b",
      "https://github.com/plausible",
      "javascript:alert(1)",
      "x".repeat(301),
    ])
      expect(toolInput.safeParse({ ...valid, repository }).error?.issues[0]?.message, repository).toBe(
        "Enter the repository's address on GitHub, such as https://github.com/owner/name",
      );
  });

  it.each([
    [{ name: "A" }, "name", "The name needs at least 2 characters"],
    [{ website: "javascript:alert(1)" }, "website", "Enter the tool's website address, such as https://example.com"],
    [{ shortDesc: "Too short" }, "shortDesc", "Say what the tool does in at least 20 characters"],
    [{ categories: [] }, "categories", "Choose at least one category"],
    [{ categories: ["c1a", "c2a", "c3a", "c4a"] }, "categories", "Choose at most 3 categories"],
    [{ tags: "a,b,c,d,e,f,g,h,i" }, "tags", "At most 8 tags"],
    [{ paymentType: "crypto" }, "paymentType", "Choose how the tool is paid for"],
    [{ faq: [{ question: "Is it free?", answer: "" }] }, "faq", "Each question needs its answer"],
  ])("refuses %j with a message for its field", (change, field, message) => {
    const result = toolInput.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((candidate) => candidate.path[0] === field);
    expect(issue?.message).toBe(message);
  });

  it("reads the form's repeated fields", () => {
    const form = new FormData();
    for (const [name, value] of [
      ["name", "X Tool"],
      ["categories", "c1a"],
      ["categories", "c2a"],
      ["pros", "Fast"],
      ["faqQuestion", "Q?"],
      ["faqAnswer", "A."],
      ["repository", "https://github.com/x/tool"],
      ["isSelfHostable", "on"],
    ])
      form.append(name!, value!);
    expect(toolInputFields(form)).toMatchObject({
      name: "X Tool",
      categories: ["c1a", "c2a"],
      pros: ["Fast"],
      faq: [{ question: "Q?", answer: "A." }],
      paymentType: "free",
      repository: "https://github.com/x/tool",
      isSelfHostable: true,
    });
  });
});
