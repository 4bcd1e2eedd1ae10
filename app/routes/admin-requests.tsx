/**
 * /admin/requests (admins): featuring requests made from profiles (docs/decisions/005-featuring-requests.md), granted
 * or refused by hand, and the waiting line a queued tool may skip. No money changes hands here.
 */
import { Form } from "react-router";
import { Link, ProfileLink } from "../components/link.tsx";
import { cursorParam } from "#common/schemas/fields.ts";
import { pageQuery } from "#common/schemas/lists.ts";
import { featuringAnswerInput, toolActionInput } from "#common/schemas/moderation.ts";
import type { WaitingTool } from "#server/admin/queue.ts";
import type { FeaturingRequestRow } from "#server/admin/requests.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-requests";
import { toolPath } from "#common/page-paths.ts";
import { say } from "#common/i18n/say.ts";
import { Message, part, useT } from "../i18n.tsx";
import { LongDate } from "../components/long-date.tsx";

const requestsQuery = pageQuery.pick({ cursor: true }).extend({ line: cursorParam });

export async function loader({ url, context }: Route.LoaderArgs) {
  // Two lists page on their own: `cursor` pages the requests, `line` the waiting line.
  const query = parseSearchParams(requestsQuery, url);
  const { admin } = context.services;
  const [requests, waiting] = await Promise.all([
    moderated(admin.listFeaturingRequests(context.user, { cursor: query.cursor }), url),
    moderated(admin.listWaitingLine(context.user, { cursor: query.line }), url),
  ]);
  return { requests, waiting };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "userId", "toolId"]);
  const { admin, lifecycle } = context.services;
  try {
    switch (values.intent) {
      case "grant":
        await admin.grantFeaturingRequest(context.user, featuringAnswerInput.parse(Object.fromEntries(form)));
        return { done: say("adminRequests.granted") };
      case "refuse":
        await admin.refuseFeaturingRequest(context.user, featuringAnswerInput.parse(Object.fromEntries(form)));
        return { done: say("adminRequests.refused") };
      case "skip-line": {
        const tool = await lifecycle.skipWaitingLine(
          context.user,
          toolActionInput.parse(Object.fromEntries(form)).toolId,
        );
        return { done: say("adminQueue.movedFront", { tool: tool.name }) };
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
    title: t("adminRequests.title"),
    description: t("adminRequests.description"),
    path: "/admin/requests",
    noindex: true,
  }));

export default function AdminRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { requests, waiting } = loaderData;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("adminRequests.title")}>{t("adminRequests.intro")}</SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      <h2 className="sr-only">{t("adminRequests.waitingAnswer")}</h2>
      {requests.requests.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {requests.requests.map((entry) => (
            <RequestRow key={`${entry.user.id}-${entry.toolId}`} entry={entry} />
          ))}
        </ul>
      ) : (
        <EmptyState title={t("adminRequests.empty")}>{t("adminRequests.emptyHint")}</EmptyState>
      )}
      <Pager nextCursor={requests.nextCursor} />

      <section aria-labelledby="skip-line" className="mt-12">
        <h2 id="skip-line" className="text-2xl font-bold tracking-tight">
          {t("adminQueue.skipLine")}
        </h2>
        <p className="mt-2 mb-4 text-slate-600">{t("adminRequests.skipIntro")}</p>
        {waiting.tools.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {waiting.tools.map((tool) => (
              <SkipLineRow key={tool.id} tool={tool} />
            ))}
          </ul>
        ) : (
          <EmptyState title={t("adminRequests.noneInLine")}>{t("adminRequests.noneInLineHint")}</EmptyState>
        )}
        {waiting.nextCursor && (
          <p className="mt-4 text-center text-sm">
            <Link to={`?line=${waiting.nextCursor}`} rel="next" className="font-medium text-brand-700 hover:underline">
              {t("adminRequests.moreInLine")}
            </Link>
          </p>
        )}
      </section>
    </>
  );
}

function RequestRow({ entry }: { entry: FeaturingRequestRow }) {
  const t = useT();
  return (
    <li data-testid="featuring-request" className="flex flex-wrap items-center gap-4 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">
            {entry.tool?.isLive ? (
              <Link to={toolPath(entry.tool.slug)} className="hover:text-brand-700 hover:underline">
                {entry.tool.name}
              </Link>
            ) : (
              (entry.tool?.name ?? t("adminRequests.toolGone"))
            )}
          </h3>
          {entry.tool && !entry.tool.isLive && <Badge tone="amber">{t("admin.notLive")}</Badge>}
          {entry.tool?.isHomeBoosted && <Badge tone="emerald">{t("adminRequests.alreadyFeatured")}</Badge>}
        </div>
        <p className="text-sm text-slate-600">
          <Message
            text={t("adminRequests.askedBy", {
              user: part("user"),
              email: entry.user.email,
              boosts: entry.user.boosts,
              day: part("day"),
            })}
            parts={{
              user: <ProfileLink user={entry.user} />,
              day: <LongDate isoDate={entry.createdAt.slice(0, 10)} />,
            }}
          />
        </p>
      </div>
      <div className="flex gap-2">
        {entry.tool && (
          <Form method="post">
            <input type="hidden" name="userId" value={entry.user.id} />
            <input type="hidden" name="toolId" value={entry.toolId} />
            <ActionButton
              intent="grant"
              subject={entry.toolId}
              tone="primary"
              pendingText={t("adminRequests.granting")}
            >
              {t("adminRequests.grant")}
            </ActionButton>
          </Form>
        )}
        <Form method="post">
          <input type="hidden" name="userId" value={entry.user.id} />
          <input type="hidden" name="toolId" value={entry.toolId} />
          <ActionButton intent="refuse" subject={entry.toolId} pendingText={t("adminClaims.refusing")}>
            {t("adminClaims.refuse")}
          </ActionButton>
        </Form>
      </div>
    </li>
  );
}

function SkipLineRow({ tool }: { tool: WaitingTool }) {
  const t = useT();
  const day = part("day");
  return (
    <li data-testid="waiting-tool" className="flex flex-wrap items-center gap-4 p-4">
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">{tool.name}</h3>
        <p className="text-sm text-slate-600">
          <Message
            text={
              tool.submitter
                ? t("adminRequests.sentBy", { user: tool.submitter.username, email: tool.submitter.email, day })
                : t("adminQueue.senderUnknown", { day })
            }
            parts={{ day: <LongDate isoDate={tool.createdAt.slice(0, 10)} /> }}
          />
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="toolId" value={tool.id} />
        <ActionButton intent="skip-line" subject={tool.id} pendingText={t("adminQueue.moving")}>
          {t("adminQueue.skipLine")}
        </ActionButton>
      </Form>
    </li>
  );
}
