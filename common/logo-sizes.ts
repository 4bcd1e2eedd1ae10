/**
 * A tool's logo is stored at 256 px; since decision 052 a logo is stored with a 96 px twin beside it, for the 48 px of
 * a card at up to twice the density. Such a logo's name ends in `.256.webp` and its twin's in `.96.webp`; a logo stored
 * before has no twin, and is shown as it is.
 */
export const LOGO_SIZE = 256;
export const SMALL_LOGO_SIZE = 96;

/** The address of the small twin of the logo at `url`, or null when it has none. */
export function smallLogoUrl(url: string): string | null {
  return url.endsWith(`.${LOGO_SIZE}.webp`)
    ? `${url.slice(0, -`.${LOGO_SIZE}.webp`.length)}.${SMALL_LOGO_SIZE}.webp`
    : null;
}
