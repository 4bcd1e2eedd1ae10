/**
 * A tool's logo: its image, or without one its initials on its first category's colour (decision 030). The initials
 * are text in the page, not an image: no request, no storage, a few bytes in a cached page.
 */
import { inkOn } from "#common/colors.ts";
import { LOGO_SIZE, SMALL_LOGO_SIZE, smallLogoUrl } from "#common/logo-sizes.ts";
import { monogramInitials } from "#common/monogram.ts";

/** The initials' background when a tool has no category to take a colour from. */
const NEUTRAL = "#e2e8f0";

export function ToolLogo({
  name,
  logo,
  color,
  size,
  alt = "",
  className,
  lazy = false,
}: {
  name: string;
  logo: string | null;
  /** The tool's first category's colour. */
  color?: string | undefined;
  size: number;
  /** Empty when the name is written beside the logo, as on a card. */
  alt?: string;
  className: string;
  lazy?: boolean;
}) {
  if (logo) {
    // A logo with a small twin lets the browser take the size that fits what it shows (48 px at most densities).
    const small = smallLogoUrl(logo);
    const sizes = small ? { srcSet: `${small} ${SMALL_LOGO_SIZE}w, ${logo} ${LOGO_SIZE}w`, sizes: `${size}px` } : {};
    return (
      <img
        src={logo}
        {...sizes}
        alt={alt}
        width={size}
        height={size}
        loading={lazy ? "lazy" : undefined}
        className={className}
      />
    );
  }
  const background = color ?? NEUTRAL;
  return (
    <span
      className={`monogram ${className}`}
      style={{ background, color: inkOn(background), fontSize: Math.round(size * 0.4) }}
      {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
      data-testid="monogram"
    >
      {monogramInitials(name)}
    </span>
  );
}
