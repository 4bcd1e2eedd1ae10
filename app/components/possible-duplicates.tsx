/**
 * Beside a queued tool: the tools it may duplicate (decision 022), each with why (same site, or a similar name), and
 * for a live one the verifier's merge, which removes the submission and turns its submitter into a claim request.
 */
import { Form } from "react-router";
import { toolPath } from "#common/page-paths.ts";
import type { PossibleDuplicate } from "#server/tools/lifecycle/duplicates.ts";
import { Link } from "./link.tsx";
import { ActionButton, Badge } from "./moderation.tsx";
import { useT } from "../i18n.tsx";

export function PossibleDuplicates({ toolId, duplicates }: { toolId: string; duplicates: PossibleDuplicate[] }) {
  const t = useT();
  return (
    <section
      aria-label={t("adminQueue.duplicates")}
      data-testid="possible-duplicates"
      className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4"
    >
      <h3 className="text-sm font-semibold text-amber-950">{t("adminQueue.duplicates")}</h3>
      <ul className="mt-2 space-y-2">
        {duplicates.map((duplicate) => (
          <li
            key={duplicate.id}
            data-testid="possible-duplicate"
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <span className="flex flex-wrap items-center gap-2">
              {duplicate.isLive ? (
                <Link to={toolPath(duplicate.slug)} className="font-medium text-brand-700 hover:underline">
                  {duplicate.name}
                </Link>
              ) : (
                <span className="font-medium">{duplicate.name}</span>
              )}
              <span className="text-slate-600">{duplicate.website}</span>
              <Badge tone={duplicate.isSameSite ? "amber" : undefined}>
                {duplicate.isSameSite ? t("adminQueue.sameWebsite") : t("adminQueue.similarName")}
              </Badge>
              {!duplicate.isLive && <Badge>{t("admin.notLive")}</Badge>}
            </span>
            {duplicate.isLive && (
              <Form method="post">
                <input type="hidden" name="toolId" value={toolId} />
                <input type="hidden" name="intoToolId" value={duplicate.id} />
                <ActionButton
                  intent="merge"
                  subject={duplicate.id}
                  pendingText={t("adminQueue.merging")}
                  title={t("adminQueue.mergeHint")}
                >
                  {t("adminQueue.mergeInto", { tool: duplicate.name })}
                </ActionButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
