/** The 'Get featured!' tag beside the Featured section's heading (docs/product.md §2). */
import { useT } from "../i18n.tsx";
import { Link } from "./link.tsx";
import { FEATURED_TOAST_MS } from "#common/constants.ts";
import { useToast } from "./toast.tsx";
import { boostToolPath, GET_FEATURED_PATH } from "#common/page-paths.ts";
import { useViewer } from "../session-cache.ts";

const tagClass =
  "inline-flex items-center rounded-full border border-amber-300 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 hover:bg-amber-200";

/**
 * A link that works without JavaScript and in a page every visitor gets: /get-featured sends a signed-in user to their
 * profile's boost form and a visitor to sign in first. With JavaScript a signed-in user goes straight to their form, and
 * a visitor is told in a toast instead (docs/product.md §2) and stays.
 */
export function GetFeaturedTag() {
  const toast = useToast();
  const viewer = useViewer();
  const t = useT();
  if (viewer) {
    return (
      <Link to={boostToolPath(viewer.user.slug)} className={tagClass}>
        {t("featured.getFeatured")}
      </Link>
    );
  }
  return (
    <Link
      to={GET_FEATURED_PATH}
      className={tagClass}
      onClick={(event) => {
        event.preventDefault();
        toast(t("featured.needsAccount"), { durationMs: FEATURED_TOAST_MS });
      }}
    >
      {t("featured.getFeatured")}
    </Link>
  );
}
