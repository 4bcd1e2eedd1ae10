/** Colours a page paints from data (a category's colour, a brand's): their contrast, per WCAG 2.1, and legible ink on them. */

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
