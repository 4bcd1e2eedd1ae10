/**
 * What a tool's page shows the person it belongs to (decision 037: the page is the same for everyone, and their own
 * state comes from their session cache): "Edit" to its maker or submitter, and "Your claim waits for a moderator" to
 * the person whose claim of it has not been decided. Every rule is the server's; this only chooses what to show.
 */
import type { ToolRelation } from "#server/auth/sessions.ts";
import { editToolPath } from "#common/page-paths.ts";
import { useT } from "../i18n.tsx";
import { useViewer } from "../session-cache.ts";
import { Link } from "./link.tsx";

/** What the tool is to the signed-in person: theirs as its maker, as its submitter, their claim's; undefined otherwise. */
export function useToolRelation(toolId: string): ToolRelation | undefined {
  return useViewer()?.tools.find((tool) => tool.id === toolId)?.relation;
}

/** Whether the person may change the tool and buy for it: they made it, or they submitted it. */
export const isOwnTool = (relation: ToolRelation | undefined) => relation === "maker" || relation === "submitter";

/** "Edit" on the tool's page, for its maker or its submitter. */
export function EditToolLink({ toolId, className }: { toolId: string; className: string }) {
  const t = useT();
  if (!isOwnTool(useToolRelation(toolId))) return null;
  return (
    <Link to={editToolPath(toolId)} className={className} data-testid="edit-tool">
      {t("tool.edit")}
    </Link>
  );
}

/** Said in place of "Claim this tool" to the person whose claim of it waits. */
export function ClaimWaiting({ toolId }: { toolId: string }) {
  const t = useT();
  if (useToolRelation(toolId) !== "claim-waiting") return null;
  return (
    <p role="status" data-testid="claim-waiting" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
      {t("tool.claimWaiting")}
    </p>
  );
}
