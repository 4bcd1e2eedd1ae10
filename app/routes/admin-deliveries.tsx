/**
 * /admin/deliveries: the side effects of writes (mails, the bot's notices, token sync calls) that failed after every
 * attempt of the outbox (docs/decisions/015-outbox.md). An admin retries one once the host that refused it is back.
 */
import { Form } from "react-router";
import { pageQuery } from "#common/schemas/lists.ts";
import { deliveryRetryInput } from "#common/schemas/moderation.ts";
import type { FailedDelivery } from "#server/admin/deliveries.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { LongDate } from "../components/long-date.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-deliveries";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(pageQuery, url);
  return { page: await moderated(context.services.admin.listFailedDeliveries(context.user, { cursor: query.cursor }), url) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "deliveryId"]);
  try {
    switch (values.intent) {
      case "retry": {
        const delivery = await context.services.admin.retryDelivery(context.user, deliveryRetryInput.parse(Object.fromEntries(form)));
        return { done: `${delivery.summary}: sent again. If it fails again, it comes back here after its attempts.` };
      }
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Failed deliveries", description: "Mails, notices and token sync calls that could not be delivered.", path: "/admin/deliveries", noindex: true });

const CHANNELS: Record<string, string> = { mail: "Mail", notice: "Bot notice", "token-sync": "Token sync", webhook: "Webhook" };

export default function AdminDeliveries({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <SectionHeader title="Failed deliveries">
        Mails, bot notices and token sync calls that failed after every attempt. Retry one once the host that refused it works again.
      </SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      {page.deliveries.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {page.deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      ) : (
        <EmptyState title="Every delivery went through">When a mail, a notice or a token sync call fails after every attempt, it appears here.</EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}

function DeliveryRow({ delivery }: { delivery: FailedDelivery }) {
  return (
    <li data-testid="failed-delivery" className="flex flex-wrap items-center gap-4 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{CHANNELS[delivery.channel] ?? delivery.channel}</Badge>
          <h2 className="font-semibold break-words">{delivery.summary}</h2>
        </div>
        {delivery.lastError && <p className="text-sm break-words text-rose-700">{delivery.lastError}</p>}
        <p className="text-sm text-slate-600">
          {`${delivery.attempts} attempt${delivery.attempts === 1 ? "" : "s"}`}
          {delivery.lastAttemptAt && (
            <>
              {", the last on "}
              <LongDate isoDate={delivery.lastAttemptAt.slice(0, 10)} />
            </>
          )}
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="deliveryId" value={delivery.id} />
        <ActionButton intent="retry" subject={String(delivery.id)} tone="primary" pendingText="Retrying…">
          Retry
        </ActionButton>
      </Form>
    </li>
  );
}
