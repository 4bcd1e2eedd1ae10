import { describe, expect, it } from "vitest";
import { readPageDetails } from "./page-details.ts";

describe("readPageDetails", () => {
  it("reads the title, descriptions, keywords, images and icons, resolved against the page", () => {
    const details = readPageDetails(
      `<html><head><TITLE> Counter &amp; Co | Analytics </TITLE>
        <meta name="Description" content="Counts   visitors.">
        <meta property="og:title" content="Counter">
        <meta property="og:site_name" content="Counter">
        <meta property="og:description" content="Counts visitors, kindly.">
        <meta property="og:image" content="/og.png">
        <meta name="twitter:image" content="https://cdn.example.com/tw.png">
        <meta name="keywords" content="analytics, , privacy">
        <link rel="icon" href="/favicon.ico">
        <link rel="icon" href="/icon-192.png" sizes="192x192">
        <link rel="apple-touch-icon" href="apple.png">
        <link rel="icon" href="javascript:alert(1)" sizes="512x512">
      </head><body><title>not this</title></body></html>`,
      "https://counter.example/app/",
    );
    expect(details).toEqual({
      title: "Counter & Co | Analytics",
      description: "Counts visitors.",
      ogTitle: "Counter",
      ogSiteName: "Counter",
      ogDescription: "Counts visitors, kindly.",
      ogImage: "https://counter.example/og.png",
      twitterImage: "https://cdn.example.com/tw.png",
      icons: [
        "https://counter.example/app/apple.png",
        "https://counter.example/icon-192.png",
        "https://counter.example/favicon.ico",
      ],
      keywords: ["analytics", "privacy"],
      paragraphs: [],
    });
  });

  it("reads the page's own first paragraphs: long enough, once each, never from its navigation, header, footer or forms", () => {
    const long = (words: string) => `${words} ${"and it says a little more about what it does ".repeat(2)}`.trim();
    const details = readPageDetails(
      `<body><header><p>${long("Header text")}</p></header><nav><p>${long("Menu")}</p></nav>
        <main><p>${long("First <b>words</b>")}</p><p>Too short.</p><p>${long("First <b>words</b>")}</p>
        <form><p>${long("A form's hint")}</p></form><p>${long("Second")}</p><p>${long("Third")}</p><p>${long("Fourth")}</p></main>
        <footer><p>${long("Footer")}</p></footer></body>`,
      "https://x.example/",
    );
    expect(details.paragraphs).toEqual([long("First words"), long("Second"), long("Third")]);
  });

  it("answers empty details for a page that says nothing, and keeps markup as text", () => {
    const details = readPageDetails("<p>hello <script>alert(1)</script></p>", "https://x.example/");
    expect(details).toMatchObject({ title: "", description: "", ogImage: null, icons: [], keywords: [] });
    expect(readPageDetails("<title>&lt;b&gt;Bold&lt;/b&gt;</title>", "https://x.example/").title).toBe("<b>Bold</b>");
  });
});
