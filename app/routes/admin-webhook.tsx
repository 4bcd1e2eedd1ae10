/**
 * /admin/webhooks/:endpointId (admins): one endpoint's settings, its secret rolled (shown once), its deletion, and its
 * deliveries, newest first, each with its state and the receiver's last answer, and a button to send it again.
 */
import { Form, redirect } from "react-router";
import { isAppError } from "#common/errors.ts";
import { pageQuery } from "#common/schemas/lists.ts";
import {
  webhookEndpointIdInput,
  webhookEndpointInput,
  webhookFormFields,
  webhookRedeliveryInput,
} from "#common/schemas/webhooks.ts";
import type { WebhookDelivery } from "#server/webhooks/endpoints.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { LongDate } from "../components/long-date.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { NewWebhookSecret, WEBHOOK_FIELDS, WebhookEndpointForm } from "../components/webhook-endpoint-form.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-webhook";
import { say } from "#common/i18n/say.ts";
import { Message, part, useT } from "../i18n.tsx";

/** The endpoint of the address; a malformed id is a 404, as an unknown one. */
function endpointOf(params: Route.LoaderArgs["params"]) {
  const parsed = webhookEndpointIdInput.safeParse({ endpointId: params.endpointId });
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message, { status: 404 });
  return parsed.data;
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const endpointId = endpointOf(params);
  const query = parseSearchParams(pageQuery, url);
  const { webhooks } = context.services;
  try {
    const [endpoint, page] = await moderated(
      Promise.all([
        webhooks.getWebhookEndpoint(context.user, endpointId),
        webhooks.listWebhookDeliveries(context.user, endpointId, { cursor: query.cursor }),
      ]),
      url,
    );
    return { endpoint, page };
  } catch (error) {
    if (isAppError(error) && error.code === "not-found") throw new Response(error.message, { status: 404 });
    throw error;
  }
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const endpointId = endpointOf(params);
  const form = await request.formData();
  const values: Record<string, string> = {
    ...keptValues(form, ["intent", "url", "description", "enabled", "deliveryId"]),
    events: form.getAll("events").map(String).join(","),
  };
  const { webhooks } = context.services;
  try {
    switch (values.intent) {
      case "update": {
        const endpoint = await webhooks.updateWebhookEndpoint(
          context.user,
          endpointId,
          webhookEndpointInput.parse(webhookFormFields(form)),
        );
        return { done: say("adminWebhooks.saved", { url: endpoint.url }) };
      }
      case "rotate": {
        const { secret } = await webhooks.rotateWebhookSecret(context.user, endpointId);
        return { done: say("adminWebhooks.rotated"), secret };
      }
      case "delete": {
        await webhooks.deleteWebhookEndpoint(context.user, endpointId);
        return redirect("/admin/webhooks");
      }
      case "redeliver": {
        const delivery = await webhooks.redeliverWebhook(
          context.user,
          webhookRedeliveryInput.parse({ deliveryId: values.deliveryId }),
        );
        return { done: say("adminWebhooks.redelivering", { event: delivery.event }) };
      }
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, ({ t }) => ({
    title: data?.endpoint ? t("adminWebhooks.titleOne", { url: data.endpoint.url }) : t("adminWebhooks.titleNone"),
    description: t("adminWebhooks.descriptionOne"),
    path: data?.endpoint ? `/admin/webhooks/${data.endpoint.id}` : "/admin/webhooks",
    noindex: true,
  }));

export default function AdminWebhook({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoint, page } = loaderData;
  const result = actionData as (ModerationResult & { secret?: string }) | undefined;
  const failure = result && "message" in result ? result : undefined;
  const t = useT();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/webhooks" className="font-medium text-brand-700 hover:underline">
          {t("adminWebhooks.back")}
        </Link>
      </p>
      <SectionHeader title={endpoint.url}>{endpoint.description || t("adminWebhooks.anEndpoint")}</SectionHeader>
      <ActionResult result={result} inlineFields={WEBHOOK_FIELDS} />
      {result && "secret" in result && result.secret && <NewWebhookSecret secret={result.secret} />}
      <section aria-labelledby="deliveries" className="mb-8">
        <h2 id="deliveries" className="mb-3 text-lg font-semibold">
          {t("adminWebhooks.deliveries")}
        </h2>
        {page.deliveries.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {page.deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        ) : (
          <EmptyState title={t("adminWebhooks.nothingSent")}>{t("adminWebhooks.nothingSentHint")}</EmptyState>
        )}
        <Pager nextCursor={page.nextCursor} />
      </section>
      <details className="mb-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" open={Boolean(failure)}>
        <summary className="cursor-pointer text-lg font-semibold">{t("adminWebhooks.settings")}</summary>
        <div className="mt-4">
          <WebhookEndpointForm
            key={endpoint.updatedAt}
            intent="update"
            endpoint={endpoint}
            failure={failure}
            submitLabel={t("admin.save")}
          />
        </div>
      </details>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <ActionButton intent="rotate" subject={String(endpoint.id)} pendingText={t("adminWebhooks.makingSecret")}>
            {t("adminWebhooks.roll")}
          </ActionButton>
        </Form>
        <Form method="post">
          <ActionButton
            intent="delete"
            subject={String(endpoint.id)}
            tone="danger"
            pendingText={t("adminWebhooks.deleting")}
          >
            {t("adminWebhooks.delete")}
          </ActionButton>
        </Form>
      </div>
    </>
  );
}

const STATE_TONES: Record<string, "emerald" | "rose" | "amber"> = {
  delivered: "emerald",
  failed: "rose",
  due: "amber",
};

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const t = useT();
  return (
    <li data-testid="webhook-delivery" className="flex flex-wrap items-start gap-4 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATE_TONES[delivery.state] ?? "amber"}>
            {t("adminWebhooks.state", { state: delivery.state })}
          </Badge>
          <h3 className="font-mono text-sm font-semibold">{delivery.event}</h3>
          <span className="font-mono text-xs break-all text-slate-500">{delivery.messageId}</span>
        </div>
        <p className="text-sm text-slate-600">
          {t("adminWebhooks.attempts", {
            count: delivery.attempts,
            hasStatus: delivery.lastStatus !== null ? "yes" : "no",
            status: String(delivery.lastStatus),
            hasDuration: delivery.lastDurationMs !== null ? "yes" : "no",
            ms: String(delivery.lastDurationMs),
          })}
          {delivery.lastAttemptAt && (
            <Message
              text={t("adminWebhooks.lastOn", { day: part("day") })}
              parts={{ day: <LongDate isoDate={delivery.lastAttemptAt.slice(0, 10)} /> }}
            />
          )}
        </p>
        {delivery.lastError && <p className="text-sm break-words text-rose-700">{delivery.lastError}</p>}
        {delivery.lastResponse && (
          <pre className="max-h-32 overflow-auto rounded-lg bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap text-slate-700">
            {delivery.lastResponse}
          </pre>
        )}
      </div>
      <Form method="post">
        <input type="hidden" name="deliveryId" value={delivery.id} />
        <ActionButton intent="redeliver" subject={String(delivery.id)} pendingText={t("adminWebhooks.sending")}>
          {t("adminWebhooks.redeliver")}
        </ActionButton>
      </Form>
    </li>
  );
}
