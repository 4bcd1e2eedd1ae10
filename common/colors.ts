/** Colours a page paints from data (a category's colour, a brand's): their contrast, per WCAG 2.1, and legible ink on them. */
import { MESSAGES } from "./messages.ts";

/** Near-black ink, the page's own text colour (Tailwind slate-900). */
export const DARK_INK = "#0f172a";
export const LIGHT_INK = "#ffffff";

/** The relative luminance of a `#rrggbb` colour (WCAG 2.1), from 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1]!, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** The contrast ratio of two colours (WCAG 2.1), from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Text contrast for WCAG AA. */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * The ink, dark or white, that reads best on `background`; on the few mid-greys where neither reaches 4.5:1 (WCAG AA
 * for text), pure black, which reaches it on any colour: any category colour an admin picks gets legible initials.
 */
export function inkOn(background: string): string {
  const best = contrastRatio(background, DARK_INK) >= contrastRatio(background, LIGHT_INK) ? DARK_INK : LIGHT_INK;
  return contrastRatio(background, best) >= AA_TEXT_CONTRAST ? best : "#000000";
}

/** The surfaces the accent's text and buttons sit on: white in the light theme, the cards' slate 900 in the dark one. */
export const LIGHT_SURFACE = "#ffffff";
export const DARK_SURFACE = "#0f172b";
/** The dark theme's page (slate 950), which the dark shades of the accent fade into. */
const DARK_PAGE = "#020618";

export const ACCENT_SHADES = [50, 100, 200, 500, 600, 700, 900] as const;
export type AccentShade = (typeof ACCENT_SHADES)[number];
export type AccentPalette = { light: Record<AccentShade, string>; dark: Record<AccentShade, string> };

/** `a` moved a share `t` (0 to 1) of the way to `b`, channel by channel. */
export function mixColors(a: string, b: string, t: number): string {
  const channels = (hex: string) => [0, 2, 4].map((offset) => Number.parseInt(hex.slice(1 + offset, 3 + offset), 16));
  const [from, to] = [channels(a), channels(b)];
  return `#${from
    .map((value, index) =>
      Math.round(value + (to[index]! - value) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/**
 * The brand scale an accent colour makes (the site's settings, decision 048): in the light theme the accent is shade
 * 600 (buttons, links' 700 a little darker); in the dark theme, where each scale is turned over, a lighter accent is.
 */
export function accentPalette(accent: string): AccentPalette {
  const color = accent.toLowerCase();
  return {
    light: {
      50: mixColors(color, LIGHT_SURFACE, 0.92),
      100: mixColors(color, LIGHT_SURFACE, 0.85),
      200: mixColors(color, LIGHT_SURFACE, 0.7),
      500: mixColors(color, LIGHT_SURFACE, 0.15),
      600: color,
      700: mixColors(color, "#000000", 0.15),
      900: mixColors(color, "#000000", 0.5),
    },
    dark: {
      50: mixColors(color, DARK_PAGE, 0.7),
      100: mixColors(color, DARK_PAGE, 0.6),
      200: mixColors(color, DARK_PAGE, 0.45),
      500: color,
      600: mixColors(color, LIGHT_SURFACE, 0.35),
      700: mixColors(color, LIGHT_SURFACE, 0.55),
      900: mixColors(color, LIGHT_SURFACE, 0.88),
    },
  };
}

/** Why an accent cannot be the site's (text and buttons below WCAG AA in a theme), or null when it can. */
export function accentContrastProblem(accent: string): string | null {
  const { light, dark } = accentPalette(accent);
  const onLight = contrastRatio(light[600], LIGHT_SURFACE);
  if (onLight < AA_TEXT_CONTRAST) return MESSAGES.settings.accentTooLight(onLight.toFixed(1));
  const onDark = contrastRatio(dark[600], DARK_SURFACE);
  if (onDark < AA_TEXT_CONTRAST) return MESSAGES.settings.accentTooDark(onDark.toFixed(1));
  return null;
}

/** The stylesheet that gives the site its accent, in both themes (the selectors of app/app.css's dark variant). */
export function accentStylesheet(accent: string): string {
  const { light, dark } = accentPalette(accent);
  const variables = (shades: Record<AccentShade, string>) =>
    ACCENT_SHADES.map((shade) => `--color-brand-${shade}:${shades[shade]};`).join("");
  return `:root{${variables(light)}}:root[data-theme="dark"]{${variables(dark)}}@media (prefers-color-scheme: dark){:root:not([data-theme="light"]){${variables(dark)}}}`;
}
