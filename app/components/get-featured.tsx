/** The 'Get featured!' tag beside the Featured section's heading (SPEC section 2). */
import { Link } from "./link.tsx";
import { FEATURED_NEEDS_ACCOUNT, FEATURED_TOAST_MS } from "#common/constants.ts";
import type { SessionUser } from "#common/access.ts";
import { useToast } from "./toast.tsx";
import { boostToolPath, GET_FEATURED_PATH } from "#common/page-paths.ts";

const tagClass =
  "inline-flex items-center rounded-full border border-amber-300 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 hover:bg-amber-200";

/**
 * A link that works without JavaScript: a signed-in user goes to their boost form; a visitor to /get-featured, which
 * asks them to sign in first. With JavaScript a visitor is told so in a toast instead (SPEC section 2) and stays.
 */
export function GetFeaturedTag({ user }: { user: SessionUser | null }) {
  const toast = useToast();
  if (user) {
    return (
      <Link to={boostToolPath(user.slug)} className={tagClass}>
        Get featured!
      </Link>
    );
  }
  return (
    <Link
      to={GET_FEATURED_PATH}
      className={tagClass}
      onClick={(event) => {
        event.preventDefault();
        toast(FEATURED_NEEDS_ACCOUNT, { durationMs: FEATURED_TOAST_MS });
      }}
    >
      Get featured!
    </Link>
  );
}
