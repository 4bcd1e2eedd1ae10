/**
 * Refusing many queued tools at once (/admin): a box on each tool ticks it into one form, which sends one reason for
 * all of them; the answer says what became of each tool. Without JavaScript the boxes belong to the form through their
 * `form` attribute. Also the queued tool's risk of being spam.
 */
import { Form } from "react-router";
import { MAX_REJECTION_REASON_LENGTH } from "#common/constants.ts";
import type { RejectOutcome } from "#server/tools/lifecycle/verification.ts";
import type { Risk } from "#server/tools/lifecycle/risk.ts";
import { ActionButton, Badge } from "./moderation.tsx";
import { say } from "#common/i18n/say.ts";
import { useT } from "../i18n.tsx";

const FORM_ID = "reject-selected";

/** What became of one tool, in a line. */
function outcomeLine({ name, id, outcome }: RejectOutcome): string {
  const tool = name ?? id;
  switch (outcome) {
    case "rejected":
      return say("adminQueue.outcomeRejected", { tool });
    case "already-live":
      return say("adminQueue.outcomeLive", { tool });
    case "already-rejected":
      return say("adminQueue.outcomeAlreadyRejected", { tool });
    case "not-found":
      return say("adminQueue.outcomeGone", { tool });
  }
}

/** What the action answers, in the request's language: one line per tool. */
export function bulkRejectSummary(outcomes: RejectOutcome[]) {
  const refused = outcomes.filter((outcome) => outcome.outcome === "rejected").length;
  return {
    done: say("adminQueue.refusedCount", { refused, count: outcomes.length }),
    outcomes: outcomes.map(outcomeLine),
  };
}

export function SelectForRejection({ toolId, name }: { toolId: string; name: string }) {
  const t = useT();
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        name="toolIds"
        value={toolId}
        form={FORM_ID}
        data-testid="select-tool"
        className="h-4 w-4"
      />
      <span className="sr-only">{t("adminQueue.select", { tool: name })}</span>
    </label>
  );
}

export function BulkRejectForm({
  outcomes,
  error,
  keptReason,
}: {
  outcomes?: string[];
  error?: string;
  keptReason?: string;
}) {
  const t = useT();
  return (
    <section
      aria-labelledby="bulk-reject-heading"
      className="mt-8 rounded-2xl border border-rose-200 bg-rose-50/40 p-5"
    >
      <h2 id="bulk-reject-heading" className="font-semibold">
        {t("adminQueue.refuseTicked")}
      </h2>
      {outcomes && outcomes.length > 0 && (
        <ul data-testid="bulk-outcomes" className="mt-2 list-disc pl-5 text-sm text-slate-700">
          {outcomes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <Form method="post" id={FORM_ID} noValidate className="mt-3 space-y-2">
        <label htmlFor="bulk-reason" className="block text-sm font-medium text-slate-800">
          {t("adminQueue.oneReason")}
        </label>
        <textarea
          id="bulk-reason"
          name="reason"
          rows={2}
          maxLength={MAX_REJECTION_REASON_LENGTH}
          defaultValue={keptReason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "bulk-reason-error" : undefined}
          className={`w-full rounded-lg border bg-white px-3 py-2 text-sm ${error ? "border-rose-500" : "border-slate-300"}`}
        />
        {error && (
          <p id="bulk-reason-error" role="alert" className="text-sm text-rose-700">
            {error}
          </p>
        )}
        <ActionButton intent="reject-selected" tone="danger" pendingText={t("adminQueue.refusing")}>
          {t("adminQueue.rejectSelected")}
        </ActionButton>
      </Form>
    </section>
  );
}

export function RiskBadge({ risk }: { risk: Risk }) {
  const t = useT();
  const tone = risk.level === "high" ? "rose" : risk.level === "medium" ? "amber" : "emerald";
  return (
    <span data-testid="risk" data-score={risk.score} title={risk.reasons.join("\n") || undefined}>
      <Badge tone={tone}>{t("adminQueue.risk", { score: risk.score })}</Badge>
    </span>
  );
}

export function RiskReasons({ risk }: { risk: Risk }) {
  if (risk.reasons.length === 0) return null;
  return (
    <ul data-testid="risk-reasons" className="mt-1 list-disc pl-5 text-sm text-amber-900">
      {risk.reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}
