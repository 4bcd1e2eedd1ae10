import { describe, expect, it } from "vitest";
import { ogHomeImage, ogImagePath } from "#common/og-image.ts";
import "#server/i18n.ts";
import {
  breadcrumbLd,
  itemListLd,
  jsonLd,
  MAX_DESCRIPTION_LENGTH,
  metaDescription,
  pageMeta,
  pageTitle,
} from "./seo.ts";

const matches = [
  {
    loaderData: {
      locale: "en",
      config: {
        siteName: "Indie Tools",
        siteUrl: "https://tools.example",
        taglines: {},
        locales: ["en"],
        defaultLocale: "en",
        other: "not shown",
      },
    },
  },
];
const multilingual = (locale: string) => [
  {
    loaderData: {
      locale,
      config: {
        siteName: "Indie Tools",
        siteUrl: "https://tools.example",
        taglines: {},
        locales: ["en", "fr", "es"],
        defaultLocale: "en",
      },
    },
  },
];

describe("pageMeta", () => {
  it("writes the title, description, canonical URL and link-preview tags, with the home page's image by default", () => {
    const homeImage = `https://tools.example${ogImagePath(ogHomeImage("Indie Tools"), "Indie Tools")}`;
    expect(pageMeta(matches, { title: "Blog", description: "Guides.", path: "/blog" })).toEqual([
      { title: "Blog | Indie Tools" },
      { name: "description", content: "Guides." },
      { tagName: "link", rel: "canonical", href: "https://tools.example/blog" },
      { property: "og:site_name", content: "Indie Tools" },
      { property: "og:type", content: "website" },
      { property: "og:title", content: "Blog | Indie Tools" },
      { property: "og:description", content: "Guides." },
      { property: "og:url", content: "https://tools.example/blog" },
      { property: "og:locale", content: "en_GB" },
      { property: "og:image", content: homeImage },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:image", content: homeImage },
      { name: "twitter:title", content: "Blog | Indie Tools" },
      { name: "twitter:description", content: "Guides." },
    ]);
  });

  it("names the page in each language, with English as x-default, and its canonical address in its own language", () => {
    const meta = pageMeta(multilingual("fr"), ({ t }) => ({
      title: t("home.latest"),
      description: "d",
      path: "/tool/counter",
    }));
    expect(meta[0]).toEqual({ title: "Derniers outils ajoutés | Indie Tools" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://tools.example/fr/tool/counter" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://tools.example/fr/tool/counter" });
    expect(meta.filter((tag) => "hrefLang" in tag)).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://tools.example/tool/counter" },
      { tagName: "link", rel: "alternate", hrefLang: "fr", href: "https://tools.example/fr/tool/counter" },
      { tagName: "link", rel: "alternate", hrefLang: "es", href: "https://tools.example/es/tool/counter" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://tools.example/tool/counter" },
    ]);
    expect(
      pageMeta(multilingual("es"), { title: "t", description: "d", path: "/", noindex: true }).filter(
        (tag) => "hrefLang" in tag,
      ),
    ).toEqual([]);
    expect(pageMeta(matches, { title: "t", description: "d", path: "/" }).filter((tag) => "hrefLang" in tag)).toEqual(
      [],
    );
    // Link previews read the page's language, and the others it exists in.
    const openGraph = (tag: object) => "property" in tag && String(tag.property).startsWith("og:locale");
    expect(meta.filter(openGraph)).toEqual([
      { property: "og:locale", content: "fr_FR" },
      { property: "og:locale:alternate", content: "en_GB" },
      { property: "og:locale:alternate", content: "es_ES" },
    ]);
  });

  it("links its structured data to the pages of its own language", () => {
    const [crumbs, list] = pageMeta(multilingual("es"), ({ pageUrl }) => ({
      title: "t",
      description: "d",
      path: "/tags",
      extra: [
        breadcrumbLd(pageUrl, [
          { name: "Inicio", path: "/" },
          { name: "Etiquetas", path: "/tags" },
        ]),
        itemListLd(pageUrl, "Herramientas", [{ name: "Counter", path: "/tool/counter" }]),
      ],
    })).slice(-2) as { "script:ld+json": { itemListElement: { item?: string; url?: string }[] } }[];
    expect(crumbs!["script:ld+json"].itemListElement.map((item) => item.item)).toEqual([
      "https://tools.example/es",
      "https://tools.example/es/tags",
    ]);
    expect(list!["script:ld+json"].itemListElement.map((item) => item.url)).toEqual([
      "https://tools.example/es/tool/counter",
    ]);
  });

  it("names the page's own image, as an absolute address", () => {
    const meta = pageMeta(matches, {
      title: "Counter",
      description: "Counts.",
      path: "/tool/counter",
      image: "/og/tool/counter.png?v=0123abcd",
    });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://tools.example/og/tool/counter.png?v=0123abcd",
    });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("puts the robots tag after the page's own tags, and the extra tags last", () => {
    const ld = jsonLd({ "@type": "Thing" });
    const meta = pageMeta(matches, ({ siteName }) => ({
      title: `${siteName}: home`,
      description: "d",
      path: "/",
      noindex: true,
      extra: [ld],
    }));
    expect(meta[0]).toEqual({ title: "Indie Tools: home" });
    expect(meta.slice(-2)).toEqual([{ name: "robots", content: "noindex" }, ld]);
    expect(pageMeta(matches, { title: "t", description: "d", path: "/", noindex: false })).not.toContainEqual({
      name: "robots",
      content: "noindex",
    });
  });

  it("gives no tags without the root's data, or when the page has nothing to describe", () => {
    expect(pageMeta([], { title: "t", description: "d", path: "/" })).toEqual([]);
    expect(pageMeta(matches, () => undefined)).toEqual([]);
  });
});

describe("pageTitle", () => {
  it("appends the site's name unless the title says it", () => {
    expect(pageTitle("Page not found", "Indie Tools")).toBe("Page not found | Indie Tools");
    expect(pageTitle("Indie Tools: The Best", "Indie Tools")).toBe("Indie Tools: The Best");
  });
});

describe("metaDescription", () => {
  it("keeps a short text as it is, its spaces tidied", () => {
    expect(metaDescription("  Counts   visits.\n")).toBe("Counts visits.");
  });

  it("cuts a long text at its last whole word that fits, with an ellipsis, never past 160 characters", () => {
    const long = `${"Lightweight analytics, ".repeat(10)}end.`;
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(cut).toMatch(/ analytics…$|Lightweight…$/);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    // One word longer than the room is cut where the room ends.
    expect(metaDescription("x".repeat(300))).toBe(`${"x".repeat(MAX_DESCRIPTION_LENGTH - 1)}…`);
  });
});
