/**
 * Draws a link preview image (decision 035): a 1200x630 PNG laid out by satori (element objects, no JSX) in the Inter
 * font shipped in content/fonts, turned into pixels by resvg. Every text is a string child, never markup: a name such
 * as "<script>" is drawn as those letters.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import satori, { type Font } from "satori";
import { inkOn } from "#common/colors.ts";
import { monogramInitials } from "#common/monogram.ts";
import type { OgImage } from "#common/og-image.ts";
import { CONTENT_DIR } from "../paths.ts";

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const BACKGROUND = "#f8fafc";
const INK = "#0f172a";
const MUTED = "#475569";
const ACCENT = "#4f46e5";
/** The initials' background when a tool has no category colour (as app/components/tool-logo.tsx). */
const NEUTRAL = "#e2e8f0";
const LOGO_SIZE = 180;

let fonts: Font[] | undefined;
function loadFonts(): Font[] {
  fonts ??= [400, 700].map((weight) => ({
    name: "Inter",
    data: readFileSync(path.join(CONTENT_DIR, "fonts", `inter-latin-${weight}-normal.woff`)),
    weight: weight as 400 | 700,
    style: "normal" as const,
  }));
  return fonts;
}

type Node = {
  type: string;
  props: {
    style?: Record<string, string | number>;
    children?: Node | string | (Node | string)[];
    src?: string;
    width?: number;
    height?: number;
  };
};

function box(style: Record<string, string | number>, children?: Node["props"]["children"]): Node {
  return {
    type: "div",
    props: { style: { display: "flex", ...style }, ...(children === undefined ? {} : { children }) },
  };
}

/** At most `max` characters, cut at a word with an ellipsis: a long name stays on the image. */
function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join("");
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

function logoNode(name: string, logoDataUri: string | null, color: string | null): Node {
  if (logoDataUri)
    return {
      type: "img",
      props: { src: logoDataUri, width: LOGO_SIZE, height: LOGO_SIZE, style: { borderRadius: 32 } },
    };
  const background = color ?? NEUTRAL;
  return box(
    {
      width: LOGO_SIZE,
      height: LOGO_SIZE,
      borderRadius: 32,
      background,
      color: inkOn(background),
      alignItems: "center",
      justifyContent: "center",
      fontSize: 80,
      fontWeight: 700,
    },
    monogramInitials(name),
  );
}

function frame(siteName: string, accent: string, children: Node[]): Node {
  return box(
    {
      width: OG_WIDTH,
      height: OG_HEIGHT,
      flexDirection: "column",
      background: BACKGROUND,
      fontFamily: "Inter",
      color: INK,
    },
    [
      box({ width: OG_WIDTH, height: 16, background: accent }),
      box({ flex: 1, flexDirection: "column", justifyContent: "center", padding: "0 80px" }, children),
      box({ padding: "0 80px 56px", fontSize: 32, fontWeight: 700, color: ACCENT }, clip(siteName, 60)),
    ],
  );
}

/** The element tree of one image; `logoDataUri` is the tool's logo as a PNG data URI, or null for its initials. */
export function ogImageTree(image: OgImage, siteName: string, logoDataUri: string | null): Node {
  switch (image.kind) {
    case "tool":
      return frame(siteName, image.color ?? ACCENT, [
        box({ alignItems: "center" }, [
          logoNode(image.name, logoDataUri, image.color),
          box({ marginLeft: 48, fontSize: 72, fontWeight: 700, lineHeight: 1.1, maxWidth: 760 }, clip(image.name, 40)),
        ]),
        box({ marginTop: 48, fontSize: 40, color: MUTED, lineHeight: 1.35 }, clip(image.shortDesc, 140)),
      ]);
    case "category":
    case "top":
      return frame(siteName, image.color ?? ACCENT, [
        box({ fontSize: 68, fontWeight: 700, lineHeight: 1.15 }, clip(image.title, 90)),
        box({ marginTop: 40, fontSize: 40, color: MUTED }, image.toolCount),
      ]);
    case "home":
      return frame(siteName, ACCENT, [
        box({ fontSize: 96, fontWeight: 700, color: ACCENT }, clip(image.siteName, 40)),
        box({ marginTop: 40, fontSize: 44, color: MUTED, lineHeight: 1.35 }, clip(image.tagline, 140)),
      ]);
  }
}

/** The image as PNG bytes, 1200x630. */
export async function drawOgImage(image: OgImage, siteName: string, logoDataUri: string | null): Promise<Uint8Array> {
  // satori's types want React elements; these plain objects are what it reads.
  const svg = await satori(ogImageTree(image, siteName, logoDataUri) as unknown as Parameters<typeof satori>[0], {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: "width", value: OG_WIDTH }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
}
