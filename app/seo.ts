/** Builds a page's title, description, canonical URL and link-preview tags from the configured site URL. */
import type { MetaDescriptor } from "react-router";

export type SeoInput = {
  siteName: string;
  siteUrl: string;
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** Path of the canonical URL, starting with '/'. */
  path: string;
  image?: string;
};

export function seo({ siteName, siteUrl, title, description, path, image }: SeoInput): MetaDescriptor[] {
  const fullTitle = title.includes(siteName) ? title : `${title} | ${siteName}`;
  const url = `${siteUrl}${path}`;
  const imageUrl = image ? new URL(image, siteUrl).toString() : undefined;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
}

/** Structured data for search engines, rendered as a JSON-LD script (a data block: the CSP does not apply to it). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": { "@context": "https://schema.org", ...data } };
}

export type Crumb = { name: string; path: string };

/** The BreadcrumbList of a page, from the home page down to it. */
export function breadcrumbLd(siteUrl: string, crumbs: Crumb[]): MetaDescriptor {
  return jsonLd({
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: `${siteUrl}${crumb.path}` })),
  });
}

/** The ItemList of a list page: the tools (or other items) it shows, in order. */
export function itemListLd(siteUrl: string, name: string, items: Crumb[]): MetaDescriptor {
  return jsonLd({
    "@type": "ItemList",
    name,
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, name: item.name, url: `${siteUrl}${item.path}` })),
  });
}

/** The meta of a page that needs only the basics: the site's name and address come from the root loader's data. */
export function pageMeta(
  matches: readonly ({ loaderData?: unknown } | undefined)[],
  page: { title: string; description: string; path: string; image?: string; noindex?: boolean },
): MetaDescriptor[] {
  const root = matches[0]?.loaderData as { config: { siteName: string; siteUrl: string } } | undefined;
  if (!root) return [];
  const { noindex, ...rest } = page;
  return [...seo({ ...root.config, ...rest }), ...(noindex ? [{ name: "robots", content: "noindex" }] : [])];
}
