/**
 * 'Get featured!' on a maker's own tool (decision 040): on its card and its page. It is in the page every visitor gets,
 * and shows only for the signed-in person whose tool it is, from their session cache. With payments on it leads to
 * what they may buy for the tool (its maker's, or its submitter's: a claim that still waits gives nothing); without, it says in a toast that featuring is still in development (docs/product.md §2),
 * and without JavaScript the same link leads to the free request form.
 */
import { FEATURED_TOAST_MS } from "#common/constants.ts";
import { useT } from "../i18n.tsx";
import { featureToolPath } from "#common/page-paths.ts";
import { useOptionalRootData } from "../root-data.ts";
import { isOwnTool, useToolRelation } from "./own-tool.tsx";
import { Link } from "./link.tsx";
import { useToast } from "./toast.tsx";

export function FeatureAction({ toolId, className = "card-feature" }: { toolId: string; className?: string }) {
  const relation = useToolRelation(toolId);
  const toast = useToast();
  const isPaymentEnabled = useOptionalRootData()?.config.isPaymentEnabled ?? false;
  const t = useT();
  if (!isOwnTool(relation)) return null;
  return (
    <Link
      to={featureToolPath(toolId)}
      className={className}
      data-testid="feature-action"
      onClick={
        isPaymentEnabled
          ? undefined
          : (event) => {
              event.preventDefault();
              toast(t("featured.inDevelopment"), { durationMs: FEATURED_TOAST_MS });
            }
      }
    >
      {t("featured.getFeatured")}
    </Link>
  );
}
