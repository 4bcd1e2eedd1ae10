/** The form of a webhook endpoint (/admin/webhooks to add one, its own page to change it): address, description, events, enabled. */
import { Form } from "react-router";
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENTS } from "#common/schemas/webhooks.ts";
import type { WebhookEndpoint } from "#server/webhooks/endpoints.ts";
import { Field } from "./form.tsx";
import { ActionButton } from "./moderation.tsx";
import type { FormFailure } from "../forms.ts";
import { useT } from "../i18n.tsx";

/** The fields the form shows its errors beside. */
export const WEBHOOK_FIELDS = ["url", "description", "events"];

/** An event's name as a select key of adminWebhooks.event (what it means, beside its checkbox): "tool.submitted" is toolSubmitted. */
const eventKey = (event: string) => event.replace(/\.(\w)/, (_, first: string) => first.toUpperCase());

export function WebhookEndpointForm({
  intent,
  endpoint,
  failure,
  submitLabel,
}: {
  intent: "create" | "update";
  endpoint?: WebhookEndpoint;
  failure?: FormFailure;
  submitLabel: string;
}) {
  const kept = failure?.values;
  const chosen = new Set(kept ? (kept.events ?? "").split(",") : (endpoint?.events ?? []));
  const isEnabled = kept ? kept.enabled === "on" : (endpoint?.isEnabled ?? true);
  const prefix = endpoint ? `endpoint-${endpoint.id}` : "new-endpoint";
  const t = useT();
  return (
    <Form method="post" noValidate className="grid gap-4">
      <Field
        id={`${prefix}-url`}
        label={t("adminWebhooks.address")}
        name="url"
        type="url"
        required
        placeholder="https://example.com/webhooks"
        maxLength={MAX_WEBHOOK_URL_LENGTH}
        defaultValue={kept?.url ?? endpoint?.url ?? ""}
        error={failure?.fields.url}
        hint={t("adminWebhooks.addressHint")}
      />
      <Field
        id={`${prefix}-description`}
        label={t("adminWebhooks.descriptionField")}
        name="description"
        maxLength={MAX_WEBHOOK_DESCRIPTION_LENGTH}
        defaultValue={kept?.description ?? endpoint?.description ?? ""}
        error={failure?.fields.description}
      />
      <fieldset aria-describedby={failure?.fields.events ? `${prefix}-events-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t("adminWebhooks.events")}</legend>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <li key={event}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="events"
                  value={event}
                  defaultChecked={chosen.has(event)}
                  className="mt-1"
                />
                <span>
                  <code className="font-mono text-slate-900">{event}</code>{" "}
                  <span className="text-slate-600">{t("adminWebhooks.event", { event: eventKey(event) })}</span>
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
        {t("adminWebhooks.enabledField")}
      </label>
      <div>
        <ActionButton
          intent={intent}
          subject={endpoint ? String(endpoint.id) : undefined}
          tone="primary"
          pendingText={t("admin.saving")}
        >
          {submitLabel}
        </ActionButton>
      </div>
    </Form>
  );
}

/** A secret shown once, after it was made: the admin copies it now. */
export function NewWebhookSecret({ secret }: { secret: string }) {
  const t = useT();
  return (
    <div data-testid="webhook-secret" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-semibold text-amber-900">{t("adminWebhooks.secretOnce")}</p>
      <p className="mt-2 font-mono text-sm break-all text-slate-900 select-all">{secret}</p>
      <p className="mt-2 text-sm text-amber-900">{t("adminWebhooks.secretHint")}</p>
    </div>
  );
}
