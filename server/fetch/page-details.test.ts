import { describe, expect, it } from "vitest";
import { linksTo, readPageDetails } from "./page-details.ts";

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

describe("a link to the directory that counts", () => {
  const SITE = "https://directory.example";
  const counts = (body: string) => linksTo(`<!doctype html><body>${body}</body>`, "https://maker.example/", SITE);

  it("is a visible, followed link that shows text or an image", () => {
    expect(counts(`<a href="${SITE}/tool/x?ref=badge"><img src="${SITE}/badge/x.svg"></a>`)).toBe(true);
    expect(counts(`<footer><p>Listed on <a href="${SITE}/">the directory</a></p></footer>`)).toBe(true);
    expect(counts(`<a rel="noopener" href="${SITE}/">the directory</a>`)).toBe(true);
    expect(counts(`<div style="color: red"><a href="${SITE}/">the directory</a></div>`)).toBe(true);
  });

  it("is not a link search engines are told not to follow", () => {
    for (const rel of ["nofollow", "noopener nofollow", "UGC", "sponsored"])
      expect(counts(`<a rel="${rel}" href="${SITE}/">the directory</a>`), rel).toBe(false);
  });

  it("is not a link nobody sees", () => {
    for (const body of [
      `<template><a href="${SITE}/">the directory</a></template>`,
      `<noscript><a href="${SITE}/">the directory</a></noscript>`,
      `<!-- <a href="${SITE}/">the directory</a> -->`,
      `<script>document.write('<a href="${SITE}/">x</a>')</script>`,
      `<a hidden href="${SITE}/">the directory</a>`,
      `<div hidden><a href="${SITE}/">the directory</a></div>`,
      `<div aria-hidden="true"><a href="${SITE}/">the directory</a></div>`,
      `<div style="display:none"><a href="${SITE}/">the directory</a></div>`,
      `<span style="color:red; display: none !important"><a href="${SITE}/">the directory</a></span>`,
      `<a style="visibility:hidden" href="${SITE}/">the directory</a>`,
      `<a style="opacity: 0" href="${SITE}/">the directory</a>`,
      `<p style="font-size:0"><a href="${SITE}/">the directory</a></p>`,
      `<a href="${SITE}/"></a>`,
      `<a href="${SITE}/">   </a>`,
    ])
      expect(counts(body), body).toBe(false);
    // A hidden element closed before the link hides nothing of it.
    expect(counts(`<div hidden>secret</div><br><img src="x.png"><a href="${SITE}/">the directory</a>`)).toBe(true);
    expect(counts(`<a style="opacity:0.5" href="${SITE}/">the directory</a>`)).toBe(true);
  });
});
