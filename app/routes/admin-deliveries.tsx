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
import { say } from "#common/i18n/say.ts";
import { Message, part, useT } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(pageQuery, url);
  return {
    page: await moderated(context.services.admin.listFailedDeliveries(context.user, { cursor: query.cursor }), url),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "deliveryId"]);
  try {
    switch (values.intent) {
      case "retry": {
        const delivery = await context.services.admin.retryDelivery(
          context.user,
          deliveryRetryInput.parse(Object.fromEntries(form)),
        );
        return { done: say("adminDeliveries.retried", { summary: delivery.summary }) };
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
    title: t("adminDeliveries.title"),
    description: t("adminDeliveries.description"),
    path: "/admin/deliveries",
    noindex: true,
  }));

export default function AdminDeliveries({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("adminDeliveries.title")}>{t("adminDeliveries.intro")}</SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      {page.deliveries.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {page.deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      ) : (
        <EmptyState title={t("adminDeliveries.empty")}>{t("adminDeliveries.emptyHint")}</EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}

/** The channels whose name is no message key as it is. */
const CHANNEL_WORDS: Record<string, string> = { "token-sync": "tokenSync", "account-link": "accountLink" };

function DeliveryRow({ delivery }: { delivery: FailedDelivery }) {
  const t = useT();
  return (
    <li data-testid="failed-delivery" className="flex flex-wrap items-center gap-4 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>
            {t("adminDeliveries.channel", {
              channel: CHANNEL_WORDS[delivery.channel] ?? delivery.channel,
            })}
          </Badge>
          <h2 className="font-semibold break-words">{delivery.summary}</h2>
        </div>
        {delivery.lastError && <p className="text-sm break-words text-rose-700">{delivery.lastError}</p>}
        <p className="text-sm text-slate-600">
          {t("adminDeliveries.attempts", { count: delivery.attempts })}
          {delivery.lastAttemptAt && (
            <Message
              text={t("adminDeliveries.lastOn", { day: part("day") })}
              parts={{ day: <LongDate isoDate={delivery.lastAttemptAt.slice(0, 10)} /> }}
            />
          )}
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="deliveryId" value={delivery.id} />
        <ActionButton
          intent="retry"
          subject={String(delivery.id)}
          tone="primary"
          pendingText={t("adminDeliveries.retrying")}
        >
          {t("adminDeliveries.retry")}
        </ActionButton>
      </Form>
    </li>
  );
}
