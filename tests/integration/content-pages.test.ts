import { describe, expect, it } from "vitest";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createTestApp } from "../setup/app.ts";

const SITE = "http://localhost:3000";

/** The seed's posts (migration 0048), newest first. */
const POSTS = [
  {
    slug: "privacy-friendly-analytics-for-indie-makers",
    title: "Privacy-friendly analytics for indie makers",
    date: "2026-10-06",
    longDate: "6 October 2026",
    description:
      "Why cookie-free analytics suit small products, which numbers matter in the first months, and how Plausible, Umami, Fathom and PostHog compare for solo makers.",
  },
  {
    slug: "choosing-a-payment-provider-as-a-solo-founder",
    title: "Choosing a payment provider as a solo founder",
    date: "2026-08-04",
    longDate: "4 August 2026",
    description:
      "Merchant of record or payment processor? How Stripe, Paddle, Lemon Squeezy, Polar and Gumroad differ on taxes, control and effort, and which fits your product.",
  },
  {
    slug: "how-to-launch-your-side-project",
    title: "How to launch your side project without a marketing budget",
    date: "2026-06-16",
    longDate: "16 June 2026",
    description:
      "A practical launch checklist for indie makers, covering directories, Product Hunt, Show HN, communities and newsletters, plus what to do after launch day.",
  },
];

const LEGAL_PAGES = [
  {
    path: "/terms-of-service.html",
    title: "Terms of service",
    description:
      "The rules for using Indie Tools, submitting and claiming tools, requesting a featured listing, and what we can and cannot promise about the tools we list.",
  },
  {
    path: "/privacy-policy.html",
    title: "Privacy policy",
    description:
      "What Indie Tools collects when you browse, search, register or submit a tool, why it is collected, how long it is kept, and how to have it deleted.",
  },
];

/** Text as React writes it in an attribute. */
function escapeAttribute(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

function expectSeo(html: string, { title, description, path }: { title: string; description: string; path: string }) {
  expect(html).toContain(`<title>${title} | Indie Tools</title>`);
  expect(html).toContain(`<meta name="description" content="${escapeAttribute(description)}"/>`);
  expect(html).toContain(`<link rel="canonical" href="${SITE}${path}"/>`);
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe.each(databaseKinds)("blog and legal pages on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  it("lists every post on /blog, newest first, with its date and description", async () => {
    const response = await app.request("/blog");
    expect(response.status).toBe(200);
    const html = await response.text();
    expectSeo(html, {
      title: "Blog",
      description:
        "Guides for indie developers and solopreneurs from Indie Tools: launching, getting paid, measuring and growing a product on your own.",
      path: "/blog",
    });

    const links = [...html.matchAll(/<a[^>]*href="\/blog\/([a-z0-9-]+)"/g)].map((match) => match[1]);
    expect(links).toEqual(POSTS.map((post) => post.slug));
    for (const post of POSTS) {
      expect(html).toContain(`<time dateTime="${post.date}" class="text-sm text-slate-500">${post.longDate}</time>`);
      expect(html).toContain(escapeAttribute(post.description));
    }

    const list = jsonLdOf(html).find((data) => data["@type"] === "ItemList");
    expect(list?.itemListElement).toEqual(
      POSTS.map((post, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: post.title,
        url: `${SITE}/blog/${post.slug}`,
      })),
    );
  });

  it.each(POSTS)("renders the post /blog/$slug with its Markdown, SEO tags and JSON-LD", async (post) => {
    const response = await app.request(`/blog/${post.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expectSeo(html, { title: post.title, description: post.description, path: `/blog/${post.slug}` });
    expect(html).toMatch(new RegExp(`<h1[^>]*>${post.title}</h1>`));
    expect(html).toContain(`<time dateTime="${post.date}">${post.longDate}</time>`);
    expect(html).toMatch(/<div class="prose"><p>[\s\S]+<h2>[\s\S]+<\/div>/);
    expect(html).toContain('href="/blog"');

    const data = jsonLdOf(html);
    expect(data.find((item) => item["@type"] === "BlogPosting")).toMatchObject({
      "@context": "https://schema.org",
      headline: post.title,
      description: post.description,
      datePublished: post.date,
      url: `${SITE}/blog/${post.slug}`,
    });
    expect(data.find((item) => item["@type"] === "BreadcrumbList")?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${SITE}/` },
      { "@type": "ListItem", position: 2, name: "Blog", item: `${SITE}/blog` },
      { "@type": "ListItem", position: 3, name: post.title, item: `${SITE}/blog/${post.slug}` },
    ]);
  });

  it("renders a post's links safely: outside links open apart, links on the site stay plain", async () => {
    const html = await (await app.request("/blog/choosing-a-payment-provider-as-a-solo-founder")).text();
    expect(html).toContain('<a href="https://stripe.com" rel="nofollow noopener" target="_blank">Stripe</a>');
    expect(html).toContain("<strong>who is the seller in the eyes of the law, you or the provider?</strong>");
  });

  it("answers an unknown post with a 404 page and its message", async () => {
    const response = await app.request("/blog/no-such-post");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page not found");
    expect(html).toContain("No post found with this address");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each([
    "/blog/..%2F..%2Fpackage",
    "/blog/..%2F..%2Fpackage.json",
    "/blog/%2E%2E%2Fpages%2Fterms-of-service",
    "/blog/How-To-Launch-Your-Side-Project",
    "/blog/a--b",
  ])("answers %s with a 404 and reads nothing outside content/", async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("No post found with this address");
    expect(html).not.toContain("devDependencies");
    expect(html).not.toContain("These terms apply to everyone");
  });

  it("never looks a post up from a path-like slug", async () => {
    for (const slug of [
      "../../package",
      "../pages/terms-of-service",
      "/etc/passwd",
      "",
      "how-to-launch-your-side-project.md",
    ]) {
      expect(await app.services.blog.findPost(slug)).toBeUndefined();
    }
    expect((await app.services.blog.findPost("how-to-launch-your-side-project"))?.html).toContain("<h2>");
  });

  it.each(LEGAL_PAGES)("renders $path with its title, last update and text", async (page) => {
    const response = await app.request(page.path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expectSeo(html, { title: page.title, description: page.description, path: page.path });
    expect(html).toMatch(new RegExp(`<h1[^>]*>${page.title}</h1>`));
    expect(html).toMatch(/Last updated(?:<!-- -->)? <time dateTime="2026-09-14">14 September 2026<\/time>/);
    expect(html).toMatch(/<div class="prose"><p>[\s\S]+<h2>[\s\S]+<\/div>/);
  });

  it("serves the legal pages in every language the site offers, at their prefixed addresses", async () => {
    const languages = await createTestApp(database, { LOCALES: "en,fr,es" });
    for (const [path, words] of [
      ["/fr/terms-of-service.html", "Dernière mise à jour"],
      ["/es/privacy-policy.html", "Última actualización"],
    ] as const) {
      const response = await languages.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain(words);
    }
  });

  it("links the legal pages to each other without leaving the site", async () => {
    const html = await (await app.request("/terms-of-service.html")).text();
    expect(html).toContain('<a href="/privacy-policy.html">privacy policy</a>');
  });

  it("knows only the two legal pages", async () => {
    expect(await app.services.legalPages.findPage("../blog/how-to-launch-your-side-project")).toBeUndefined();
    expect(await app.services.legalPages.findPage("cookie-policy")).toBeUndefined();
    expect((await app.request("/cookie-policy.html")).status).toBe(404);
  });
});
