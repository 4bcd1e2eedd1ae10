/**
 * The link preview images' addresses (decision 035). Each carries a short hash of what the image draws, so a page whose
 * data changes names a new image, and crawlers fetch it again; the server stores the image under the same hash.
 * Isomorphic: a route's meta builds the address from its loader's data, the server recomputes it from the database.
 * An image's words are in the page's language (`say`): the French page's image is /fr/og/..., with its own hash.
 */
import { say } from "./i18n/say.ts";

/** What a tool's image draws. */
export type ToolImageData = {
  slug: string;
  name: string;
  shortDesc: string;
  logo: string | null;
  color: string | null;
};
/** What a category's or a top-list's image draws: its title and how many tools it holds ("12 tools"). */
export type ListImageData = { slug: string; title: string; toolCount: string; color: string | null };
/** What the home page's image (the default of every other page) draws. */
export type HomeImageData = { siteName: string; tagline: string };

export type OgImage =
  | ({ kind: "tool" } & ToolImageData)
  | ({ kind: "category" } & ListImageData)
  | ({ kind: "top" } & ListImageData)
  | ({ kind: "home" } & HomeImageData);

/** Bumped when the drawing itself changes, so every image is made again. */
const DRAWING_VERSION = 1;

/** FNV-1a, 32 bits, as 8 hex digits: short, the same in Node and the browser, enough to tell one version from the next. */
export function ogImageHash(image: OgImage, siteName: string): string {
  const text = JSON.stringify([DRAWING_VERSION, siteName, image]);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The image's address on this site, with its version: /og/tool/{slug}.png?v={hash}, /og/home.png?v={hash}. */
export function ogImagePath(image: OgImage, siteName: string): string {
  const file = image.kind === "home" ? "/og/home.png" : `/og/${image.kind}/${image.slug}.png`;
  return `${file}?v=${ogImageHash(image, siteName)}`;
}

/** A tool's image: its name, short description, logo, and its first category's colour. */
export function ogToolImage(tool: {
  slug: string;
  name: string;
  shortDesc: string;
  logo: string | null;
  categories: { color: string }[];
}): OgImage {
  return {
    kind: "tool",
    slug: tool.slug,
    name: tool.name,
    shortDesc: tool.shortDesc,
    logo: tool.logo,
    color: tool.categories[0]?.color ?? null,
  };
}

export function ogCategoryImage(category: { slug: string; label: string; color: string; toolCount: number }): OgImage {
  return {
    kind: "category",
    slug: category.slug,
    title: say("og.categoryTitle", { category: category.label }),
    toolCount: say("lists.toolCount", { count: category.toolCount }),
    color: category.color,
  };
}

export function ogTopListImage(page: { path: string; title: string }, toolCount: number): OgImage {
  return {
    kind: "top",
    slug: page.path.slice(1),
    title: page.title,
    toolCount: say("lists.toolCount", { count: toolCount }),
    color: null,
  };
}

/** The home page's image, the default of every other page: the site's name and its tagline. */
export function ogHomeImage(siteName: string): OgImage {
  return { kind: "home", siteName, tagline: say("og.tagline") };
}
