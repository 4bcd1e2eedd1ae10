/** The form of a webhook endpoint (/admin/webhooks to add one, its own page to change it): address, description, events, enabled. */
import { Form } from "react-router";
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENTS } from "#common/schemas/webhooks.ts";
import type { WebhookEndpoint } from "#server/webhooks/endpoints.ts";
import { Field } from "./form.tsx";
import { ActionButton } from "./moderation.tsx";
import type { FormFailure } from "../forms.ts";

/** The fields the form shows its errors beside. */
export const WEBHOOK_FIELDS = ["url", "description", "events"];

/** What each event means, beside its checkbox. */
const EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  "tool.submitted": "a maker submitted a tool",
  "tool.verified": "a verifier made a tool live",
  "tool.updated": "a tool was edited",
  "tool.rejected": "a verifier refused a tool",
  "claim.requested": "someone claimed a listed tool",
  "claim.accepted": "a claim was accepted",
  "report.created": "a problem was reported on a tool",
};

export function WebhookEndpointForm({ intent, endpoint, failure, submitLabel }: { intent: "create" | "update"; endpoint?: WebhookEndpoint; failure?: FormFailure; submitLabel: string }) {
  const kept = failure?.values;
  const chosen = new Set(kept ? (kept.events ?? "").split(",") : (endpoint?.events ?? []));
  const isEnabled = kept ? kept.enabled === "on" : (endpoint?.isEnabled ?? true);
  const prefix = endpoint ? `endpoint-${endpoint.id}` : "new-endpoint";
  return (
    <Form method="post" noValidate className="grid gap-4">
      <Field
        id={`${prefix}-url`}
        label="Address"
        name="url"
        type="url"
        required
        placeholder="https://example.com/webhooks"
        maxLength={MAX_WEBHOOK_URL_LENGTH}
        defaultValue={kept?.url ?? endpoint?.url ?? ""}
        error={failure?.fields.url}
        hint="An http or https address on the public internet: it receives a signed POST for each chosen event."
      />
      <Field
        id={`${prefix}-description`}
        label="Description"
        name="description"
        maxLength={MAX_WEBHOOK_DESCRIPTION_LENGTH}
        defaultValue={kept?.description ?? endpoint?.description ?? ""}
        error={failure?.fields.description}
      />
      <fieldset aria-describedby={failure?.fields.events ? `${prefix}-events-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Events</legend>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <li key={event}>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="events" value={event} defaultChecked={chosen.has(event)} className="mt-1" />
                <span>
                  <code className="font-mono text-slate-900">{event}</code> <span className="text-slate-600">{EVENT_LABELS[event]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {failure?.fields.events && (
          <p id={`${prefix}-events-error`} className="mt-1 text-sm text-rose-700">
            {failure.fields.events}
          </p>
        )}
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" name="enabled" defaultChecked={isEnabled} />
        Enabled: send the chosen events to this address
      </label>
      <div>
        <ActionButton intent={intent} subject={endpoint ? String(endpoint.id) : undefined} tone="primary" pendingText="Saving…">
          {submitLabel}
        </ActionButton>
      </div>
    </Form>
  );
}

/** A secret shown once, after it was made: the admin copies it now. */
export function NewWebhookSecret({ secret }: { secret: string }) {
  return (
    <div data-testid="webhook-secret" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-semibold text-amber-900">The signing secret: copy it now, it is not shown again.</p>
      <p className="mt-2 font-mono text-sm break-all text-slate-900 select-all">{secret}</p>
      <p className="mt-2 text-sm text-amber-900">Verify each delivery with it (Standard Webhooks: the webhook-id, webhook-timestamp and webhook-signature headers).</p>
    </div>
  );
}
