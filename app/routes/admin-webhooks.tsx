/**
 * /admin/webhooks (admins): the endpoints that receive signed webhooks for chosen events, and the form that registers
 * one; its signing secret is shown once, here, when it is made (docs/decisions/029-signed-webhooks.md).
 */
import { webhookEndpointInput, webhookFormFields } from "#common/schemas/webhooks.ts";
import { webhookEndpointPath } from "#common/page-paths.ts";
import type { WebhookEndpoint } from "#server/webhooks/endpoints.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { NewWebhookSecret, WEBHOOK_FIELDS, WebhookEndpointForm } from "../components/webhook-endpoint-form.tsx";
import { keptValues } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-webhooks";
import { say } from "#common/i18n/say.ts";
import { useT } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  return { endpoints: await moderated(context.services.webhooks.listWebhookEndpoints(context.user), url) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values: Record<string, string> = {
    ...keptValues(form, ["intent", "url", "description", "enabled"]),
    events: form.getAll("events").map(String).join(","),
  };
  try {
    switch (values.intent) {
      case "create": {
        const { endpoint, secret } = await context.services.webhooks.createWebhookEndpoint(
          context.user,
          webhookEndpointInput.parse(webhookFormFields(form)),
        );
        return { done: say("adminWebhooks.added", { url: endpoint.url }), secret, endpointId: endpoint.id };
      }
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("admin.webhooks"),
    description: t("adminWebhooks.description"),
    path: "/admin/webhooks",
    noindex: true,
  }));

export default function AdminWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints } = loaderData;
  const result = actionData as (ModerationResult & { secret?: string }) | undefined;
  const failure = result && "message" in result ? result : undefined;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("admin.webhooks")}>{t("adminWebhooks.intro")}</SectionHeader>
      <ActionResult result={result} inlineFields={WEBHOOK_FIELDS} />
      {result && "secret" in result && result.secret && <NewWebhookSecret secret={result.secret} />}
      {endpoints.length > 0 ? (
        <ul className="mb-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {endpoints.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      ) : (
        <div className="mb-8">
          <EmptyState title={t("adminWebhooks.empty")}>{t("adminWebhooks.emptyHint")}</EmptyState>
        </div>
      )}
      <section aria-labelledby="new-webhook" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="new-webhook" className="mb-4 text-lg font-semibold">
          {t("adminWebhooks.add")}
        </h2>
        <WebhookEndpointForm
          key={result && "done" in result ? result.done : "new"}
          intent="create"
          failure={failure}
          submitLabel={t("adminWebhooks.addButton")}
        />
      </section>
    </>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT();
  return (
    <li data-testid="webhook-endpoint" className="flex flex-wrap items-center gap-3 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold break-all">
            <Link to={webhookEndpointPath(endpoint.id)} className="hover:text-brand-700 hover:underline">
              {endpoint.url}
            </Link>
          </h2>
          {endpoint.isEnabled ? (
            <Badge tone="emerald">{t("adminWebhooks.enabled")}</Badge>
          ) : (
            <Badge>{t("adminWebhooks.disabled")}</Badge>
          )}
        </div>
        {endpoint.description && <p className="text-sm text-slate-600">{endpoint.description}</p>}
        <p className="text-sm text-slate-600">{endpoint.events.join(", ")}</p>
      </div>
      <Link to={webhookEndpointPath(endpoint.id)} className="text-sm font-medium text-brand-700 hover:underline">
        {t("adminWebhooks.settingsAndDeliveries")}
      </Link>
    </li>
  );
}
