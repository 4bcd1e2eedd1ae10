/**
 * The demo catalogue's real logos: brand icons of the simple-icons package (CC0; see content/catalogue/LOGOS.md),
 * drawn in the brand's colour and encoded as WebP like an upload (decision 030).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { contrastRatio, DARK_INK, LIGHT_INK } from "#common/colors.ts";
import { IMAGE_SIZES } from "./process.ts";

const require = createRequire(import.meta.url);

/** A simple-icons slug: small letters and digits ("githubcopilot", "flydotio"). */
export const BRAND_ICON_SLUG = /^[a-z0-9]+$/;

/** Below this contrast with white (WCAG's 3:1 for graphics), a brand colour is the background and the icon is dark. */
const GRAPHIC_CONTRAST = 3;
/** The icon's share of the logo's side: the rest is a margin, as the card rounds the logo's corners. */
const ICON_SHARE = 0.625;

export type BrandIcon = { slug: string; title: string; hex: string; path: string };

let brandColours: Promise<Map<string, { title: string; hex: string }>> | undefined;

/** The icon `slug` of simple-icons: its title, colour and SVG path. Throws when the package has no such icon. */
export async function readBrandIcon(slug: string): Promise<BrandIcon> {
  if (!BRAND_ICON_SLUG.test(slug)) throw new Error(`Not a simple-icons slug: ${JSON.stringify(slug)}`);
  brandColours ??= readFile(require.resolve("simple-icons/icons.json"), "utf8").then((text) => {
    const icons = JSON.parse(text) as { slug: string; title: string; hex: string }[];
    return new Map(icons.map((icon) => [icon.slug, { title: icon.title, hex: `#${icon.hex}` }]));
  });
  const data = (await brandColours).get(slug);
  if (!data) throw new Error(`simple-icons has no icon "${slug}"`);
  const svg = await readFile(require.resolve(`simple-icons/icons/${slug}.svg`), "utf8");
  const path = /<path d="([^"]+)"/.exec(svg)?.[1];
  if (!path) throw new Error(`simple-icons' icon "${slug}" has no path`);
  return { slug, ...data, path };
}

/** The colours a brand's logo is drawn in: its colour on white, or dark on its colour when white would wash it out. */
export function brandLogoColours(hex: string): { background: string; icon: string } {
  return contrastRatio(hex, LIGHT_INK) >= GRAPHIC_CONTRAST
    ? { background: LIGHT_INK, icon: hex }
    : { background: hex, icon: DARK_INK };
}

/** The logo of a brand as an SVG document, square, its icon centred (simple-icons draw on a 24-unit square). */
export function brandLogoSvg(icon: BrandIcon, size = IMAGE_SIZES.logo): string {
  const { background, icon: fill } = brandLogoColours(icon.hex);
  const side = size * ICON_SHARE;
  const offset = (size - side) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${background}"/>` +
    `<path transform="translate(${offset} ${offset}) scale(${side / 24})" fill="${fill}" d="${icon.path}"/></svg>`
  );
}

/** The logo of a brand, as the WebP bytes an upload would have become. */
export async function renderBrandLogo(slug: string): Promise<Uint8Array> {
  const svg = brandLogoSvg(await readBrandIcon(slug));
  // Loaded on first use, as for uploads: a server that only shows pages never needs the image library.
  const { default: sharp } = await import("sharp");
  return sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer();
}
