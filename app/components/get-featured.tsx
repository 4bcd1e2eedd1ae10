/** The 'Get featured!' action (SPEC section 2): a visitor is told to sign in; a signed-in user goes to their boost form. */
import { Link } from "./link.tsx";
import { FEATURED_IN_DEVELOPMENT, FEATURED_NEEDS_ACCOUNT, FEATURED_TOAST_MS } from "#common/constants.ts";
import type { SessionUser } from "#common/access.ts";
import { useToast } from "./toast.tsx";
import { boostToolPath } from "#common/page-paths.ts";

const tagClass =
  "inline-flex items-center rounded-full border border-amber-300 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 hover:bg-amber-200";

/** The tag beside the Featured section's heading. */
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
    <button type="button" className={tagClass} onClick={() => toast(FEATURED_NEEDS_ACCOUNT, { durationMs: FEATURED_TOAST_MS })}>
      Get featured!
    </button>
  );
}

/** The same action on a tool card: featuring a single card is not open yet, and the message says so. */
export function GetFeaturedCardAction({ user }: { user: SessionUser | null }) {
  const toast = useToast();
  const message = user ? FEATURED_IN_DEVELOPMENT : FEATURED_NEEDS_ACCOUNT;
  return (
    <button type="button" className="card-get-featured" onClick={() => toast(message, { durationMs: FEATURED_TOAST_MS })}>
      Get featured!
    </button>
  );
}
