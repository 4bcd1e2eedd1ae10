/**
 * Refusing many queued tools at once (/admin): a box on each tool ticks it into one form, which sends one reason for
 * all of them; the answer says what became of each tool. Without JavaScript the boxes belong to the form through their
 * `form` attribute. Also the queued tool's risk of being spam.
 */
import { Form } from "react-router";
import { MAX_REJECTION_REASON_LENGTH } from "#common/constants.ts";
import type { RejectOutcome } from "#server/tools/reviews.ts";
import type { Risk } from "#server/tools/risk.ts";
import { ActionButton, Badge } from "./moderation.tsx";

const FORM_ID = "reject-selected";

const OUTCOME_TEXT: Record<RejectOutcome["outcome"], string> = {
  rejected: "refused; its maker was e-mailed the reason",
  "already-live": "left as it is: it is already live",
  "already-rejected": "left as it is: it was already refused",
  "not-found": "left as it is: it no longer exists",
};

/** What the action answers: one line per tool. */
export function bulkRejectSummary(outcomes: RejectOutcome[]) {
  const refused = outcomes.filter((outcome) => outcome.outcome === "rejected").length;
  return {
    done: `${refused} of ${outcomes.length} ${outcomes.length === 1 ? "tool" : "tools"} refused.`,
    outcomes: outcomes.map((outcome) => `${outcome.name ?? outcome.id}: ${OUTCOME_TEXT[outcome.outcome]}`),
  };
}

export function SelectForRejection({ toolId, name }: { toolId: string; name: string }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-700">
      <input type="checkbox" name="toolIds" value={toolId} form={FORM_ID} data-testid="select-tool" className="h-4 w-4" />
      <span className="sr-only">{`Select ${name}`}</span>
    </label>
  );
}

export function BulkRejectForm({ outcomes, error, keptReason }: { outcomes?: string[]; error?: string; keptReason?: string }) {
  return (
    <section aria-labelledby="bulk-reject-heading" className="mt-8 rounded-2xl border border-rose-200 bg-rose-50/40 p-5">
      <h2 id="bulk-reject-heading" className="font-semibold">
        Refuse the ticked tools
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
          One reason for all of them (e-mailed to each maker)
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
        <ActionButton intent="reject-selected" tone="danger" pendingText="Refusing…">
          Reject selected
        </ActionButton>
      </Form>
    </section>
  );
}

export function RiskBadge({ risk }: { risk: Risk }) {
  const tone = risk.level === "high" ? "rose" : risk.level === "medium" ? "amber" : "emerald";
  return (
    <span data-testid="risk" data-score={risk.score} title={risk.reasons.join("\n") || undefined}>
      <Badge tone={tone}>{`Risk ${risk.score}`}</Badge>
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
