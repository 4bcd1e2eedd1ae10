/**
 * /admin: the verification queue (docs/product.md §4). Tools that skipped the line first, then the oldest; each with who
 * sent it, when, whether its name or website changed, and a preview that is the public tool page's own presentation.
 * Verify, reject with a reason, edit; admins can also move a tool to the front.
 */
import { Form } from "react-router";
import { Link, ProfileLink } from "../components/link.tsx";
import { isAdmin } from "#common/access.ts";
import { MAX_REJECTION_REASON_LENGTH } from "#common/constants.ts";
import {
  mergeToolInput,
  rejectToolInput,
  rejectToolsInput,
  requestChangesInput,
  selfHostingInput,
  toolActionInput,
  verifyToolInput,
} from "#common/schemas/moderation.ts";
import type { QueuedTool } from "#server/admin/queue.ts";
import {
  BulkRejectForm,
  bulkRejectSummary,
  RiskBadge,
  RiskReasons,
  SelectForRejection,
} from "../components/bulk-reject.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { TextAreaField } from "../components/form.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { PossibleDuplicates } from "../components/possible-duplicates.tsx";
import { QueueShortcuts } from "../components/queue-shortcuts.tsx";
import { ToolDetails } from "../components/tool-details.tsx";
import { keptValues } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { useViewer } from "../session-cache.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-queue";
import { editToolPath, toolPath } from "#common/page-paths.ts";
import { say } from "#common/i18n/say.ts";
import { wordsFor } from "#common/i18n/words.ts";
import { Message, part, useT } from "../i18n.tsx";
import { LongDate } from "../components/long-date.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const [queue, changed, declared] = await Promise.all([
    moderated(context.services.admin.listQueueFront(context.user), url),
    moderated(context.services.lifecycle.listChangedLiveTools(context.user), url),
    moderated(context.services.lifecycle.listDeclaredSelfHosting(context.user), url),
  ]);
  const dated = <T extends { updatedAt: Date }>(rows: T[]) =>
    rows.map((tool) => ({ ...tool, updatedAt: tool.updatedAt.toISOString() }));
  return { queue, changed: dated(changed), declared: dated(declared) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const fields = Object.fromEntries(form);
  const values = keptValues(form, ["intent", "toolId", "reason", "message"]);
  const { lifecycle } = context.services;
  try {
    switch (values.intent) {
      case "verify": {
        const { toolId, linkSubmitter, selfHostingAsked, selfHostable } = verifyToolInput.parse(fields);
        const selfHosting = selfHostingAsked ? (selfHostable ? "confirmed" : "refused") : undefined;
        const tool = await lifecycle.verifyTool(context.user, toolId, { linkSubmitter, selfHosting });
        // A tool held for the launch day its maker chose is verified now and live on that day.
        return {
          done: tool.launchesAt
            ? say("adminQueue.verifiedHeld", {
                tool: tool.name,
                date: wordsFor(context.locale).longDate(tool.launchesAt.toISOString().slice(0, 10)),
              })
            : say("adminQueue.verified", { tool: tool.name }),
        };
      }
      case "request-changes": {
        const { toolId, message } = requestChangesInput.parse(fields);
        const tool = await lifecycle.requestChanges(context.user, toolId, message);
        return { done: say("adminQueue.changesRequested", { tool: tool.name }) };
      }
      case "merge": {
        const { toolId, intoToolId } = mergeToolInput.parse(fields);
        const { listed, outcome } = await lifecycle.mergeIntoListing(context.user, toolId, intoToolId);
        return {
          done: say("adminQueue.merged", { tool: listed.name, claim: outcome === "claim-requested" ? "yes" : "no" }),
        };
      }
      case "reject": {
        const { toolId, reason } = rejectToolInput.parse(fields);
        const tool = await lifecycle.rejectTool(context.user, toolId, reason);
        return { done: say("adminQueue.rejected", { tool: tool.name }) };
      }
      case "reject-selected": {
        const { toolIds, reason } = rejectToolsInput.parse({
          toolIds: form.getAll("toolIds"),
          reason: form.get("reason") ?? undefined,
        });
        return bulkRejectSummary(await lifecycle.rejectTools(context.user, toolIds, reason));
      }
      case "confirm-identity": {
        const tool = await lifecycle.confirmToolIdentity(context.user, toolActionInput.parse(fields).toolId);
        return { done: say("adminQueue.identityConfirmed", { tool: tool.name }) };
      }
      case "skip-line": {
        const tool = await lifecycle.skipWaitingLine(context.user, toolActionInput.parse(fields).toolId);
        return { done: say("adminQueue.movedFront", { tool: tool.name }) };
      }
      case "self-hosting": {
        const { toolId, answer } = selfHostingInput.parse(fields);
        const tool = await lifecycle.answerSelfHosting(context.user, toolId, answer);
        return {
          done: say(answer === "confirmed" ? "adminQueue.selfHostingConfirmed" : "adminQueue.selfHostingRefused", {
            tool: tool.name,
          }),
        };
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
    title: t("adminQueue.title"),
    description: t("adminQueue.description"),
    path: "/admin",
    noindex: true,
  }));

export default function AdminQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { queue, changed, declared } = loaderData;
  const user = useViewer()?.user ?? null;
  const result = actionData as ModerationResult | undefined;
  const failure = result && "message" in result ? result : undefined;
  const bulkFailure = failure?.values.intent === "reject-selected" ? failure : undefined;
  const t = useT();

  return (
    <>
      <SectionHeader title={t("adminQueue.title")}>
        {queue.total === 0 ? t("adminQueue.none") : t("adminQueue.waiting", { count: queue.total })}
      </SectionHeader>
      <ActionResult result={bulkFailure ? undefined : result} inlineFields={["reason", "message"]} />
      {queue.tools.length > 0 && <QueueShortcuts />}
      {queue.tools.length > 0 ? (
        <ol className="space-y-6">
          {queue.tools.map((tool) => (
            <QueuedToolItem
              key={tool.id}
              tool={tool}
              canSkipLine={isAdmin(user)}
              reasonError={
                failure?.values.intent === "reject" && failure.values.toolId === tool.id
                  ? failure.fields.reason
                  : undefined
              }
              keptReason={failure?.values.toolId === tool.id ? failure.values.reason : undefined}
              changes={
                failure?.values.intent === "request-changes" && failure.values.toolId === tool.id
                  ? { error: failure.fields.message, kept: failure.values.message }
                  : undefined
              }
            />
          ))}
        </ol>
      ) : (
        <EmptyState title={t("adminQueue.empty")}>{t("adminQueue.emptyHint")}</EmptyState>
      )}
      {queue.tools.length > 0 && (
        <BulkRejectForm
          outcomes={actionData && "outcomes" in actionData ? actionData.outcomes : undefined}
          error={bulkFailure && (bulkFailure.fields.reason ?? bulkFailure.fields.toolIds ?? bulkFailure.message)}
          keptReason={bulkFailure?.values.reason}
        />
      )}
      {queue.total > queue.tools.length && (
        <p className="mt-6 text-center text-sm text-slate-600">
          {t("adminQueue.more", { count: queue.total - queue.tools.length })}
        </p>
      )}
      {changed.length > 0 && (
        <section aria-labelledby="changed-heading" className="mt-12">
          <h2 id="changed-heading" className="text-lg font-semibold">
            {t("adminQueue.changed")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("adminQueue.changedHint")}</p>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {changed.map((tool) => (
              <li
                key={tool.id}
                data-testid="changed-tool"
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              >
                <div>
                  <Link to={toolPath(tool.slug)} className="font-medium text-brand-700 hover:underline">
                    {tool.name}
                  </Link>
                  <p className="text-sm text-slate-500">
                    <Message
                      text={t("adminQueue.changedOn", { website: tool.website, day: part("day") })}
                      parts={{ day: <LongDate isoDate={tool.updatedAt.slice(0, 10)} /> }}
                    />
                  </p>
                </div>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="toolId" value={tool.id} />
                  <ActionButton intent="confirm-identity" subject={tool.id} pendingText={t("admin.saving")}>
                    {t("adminQueue.looksRight")}
                  </ActionButton>
                  <Link
                    to={editToolPath(tool.id)}
                    className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
                  >
                    {t("admin.edit")}
                  </Link>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      )}
      {declared.length > 0 && (
        <section aria-labelledby="self-hosting-heading" className="mt-12" data-testid="self-hosting-to-check">
          <h2 id="self-hosting-heading" className="text-lg font-semibold">
            {t("adminQueue.selfHosting")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("adminQueue.selfHostingHint")}</p>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {declared.map((tool) => (
              <li key={tool.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <Link to={toolPath(tool.slug)} className="font-medium text-brand-700 hover:underline">
                    {tool.name}
                  </Link>
                  <p className="truncate text-sm text-slate-500">{tool.website}</p>
                </div>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="toolId" value={tool.id} />
                  <input type="hidden" name="intent" value="self-hosting" />
                  <ActionButton
                    intent="self-hosting"
                    name="answer"
                    value="confirmed"
                    subject={tool.id}
                    tone="primary"
                    pendingText={t("admin.saving")}
                  >
                    {t("adminQueue.confirmSelfHosting")}
                  </ActionButton>
                  <ActionButton
                    intent="self-hosting"
                    name="answer"
                    value="refused"
                    subject={tool.id}
                    pendingText={t("admin.saving")}
                  >
                    {t("adminQueue.refuseSelfHosting")}
                  </ActionButton>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function QueuedToolItem({
  tool,
  canSkipLine,
  reasonError,
  keptReason,
  changes,
}: {
  tool: QueuedTool;
  canSkipLine: boolean;
  reasonError?: string;
  keptReason?: string;
  changes?: { error?: string; kept?: string };
}) {
  const reasonId = `reason-${tool.id}`;
  const t = useT();
  const sentOn = <LongDate isoDate={tool.createdAt.slice(0, 10)} />;
  return (
    <li
      data-testid="queued-tool"
      data-queue-item
      tabIndex={-1}
      aria-label={tool.name}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm outline-none focus:ring-2 focus:ring-brand-500 aria-[current=true]:border-brand-500"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <SelectForRejection toolId={tool.id} name={tool.name} />
            <h2 className="text-xl font-bold">{tool.name}</h2>
            <RiskBadge risk={tool.risk} />
            {tool.hasSkippedLine && <Badge tone="sky">{t("adminQueue.skippedLine")}</Badge>}
            {tool.hasIdentityChanged && (
              <Badge tone="amber" testId="identity-changed">
                {t("adminQueue.identityChanged")}
              </Badge>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {tool.submitter ? (
              <Message
                text={t("adminQueue.sentBy", { user: part("user"), email: tool.submitter.email, day: part("day") })}
                parts={{
                  user: <ProfileLink user={tool.submitter} />,
                  day: sentOn,
                }}
              />
            ) : (
              <Message text={t("adminQueue.senderUnknown", { day: part("day") })} parts={{ day: sentOn }} />
            )}
          </p>
          <RiskReasons risk={tool.risk} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Form method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="toolId" value={tool.id} />
            {tool.isSelfHostingDeclared && (
              // Its maker says so; the verifier's answer is what visitors read (decision 060).
              <label className="flex items-center gap-1.5 text-sm text-slate-700">
                <input type="hidden" name="selfHostingAsked" value="1" />
                <input type="checkbox" name="selfHostable" value="confirmed" defaultChecked />
                {t("adminQueue.selfHostingCheck")}
              </label>
            )}
            {tool.submitter && (
              // A guest's submission is theirs by default; a verifier's or an admin's is curation (decision 022).
              <label className="flex items-center gap-1.5 text-sm text-slate-700">
                <input
                  type="checkbox"
                  name="linkSubmitter"
                  value="true"
                  defaultChecked={tool.submitter.role === "guest"}
                />
                {t("adminQueue.linkTo", { user: tool.submitter.username })}
              </label>
            )}
            <span data-shortcut="verify" className="contents">
              <ActionButton intent="verify" subject={tool.id} tone="primary" pendingText={t("adminQueue.verifying")}>
                {t("adminQueue.verify")}
              </ActionButton>
            </span>
          </Form>
          <Link
            to={editToolPath(tool.id)}
            className="inline-flex items-center rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
          >
            {t("admin.edit")}
          </Link>
          {canSkipLine && !tool.hasSkippedLine && (
            <Form method="post">
              <input type="hidden" name="toolId" value={tool.id} />
              <ActionButton intent="skip-line" subject={tool.id} pendingText={t("adminQueue.moving")}>
                {t("adminQueue.skipLine")}
              </ActionButton>
            </Form>
          )}
        </div>
      </div>

      {tool.possibleDuplicates.length > 0 && (
        <PossibleDuplicates toolId={tool.id} duplicates={tool.possibleDuplicates} />
      )}

      <details className="mt-4 rounded-xl border border-slate-200 bg-slate-50">
        <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-slate-700">
          {t("adminQueue.preview")}
        </summary>
        <div className="border-t border-slate-200 bg-white p-6">
          <ToolDetails tool={tool} titleLevel={3} countsClicks={false} />
        </div>
      </details>

      <Form method="post" noValidate className="mt-4 space-y-2">
        <input type="hidden" name="toolId" value={tool.id} />
        <TextAreaField
          id={reasonId}
          label={t("adminQueue.reason")}
          name="reason"
          rows={2}
          required
          maxLength={MAX_REJECTION_REASON_LENGTH}
          defaultValue={keptReason}
          error={reasonError}
        />
        <ActionButton intent="reject" subject={tool.id} tone="danger" pendingText={t("adminQueue.refusing")}>
          {t("adminQueue.reject")}
        </ActionButton>
      </Form>

      <RequestChangesForm toolId={tool.id} error={changes?.error} kept={changes?.kept} />
    </li>
  );
}

/** Sends a waiting tool back to its maker with what to change (decision 022); it comes back to the queue once edited. */
function RequestChangesForm({ toolId, error, kept }: { toolId: string; error?: string; kept?: string }) {
  const messageId = `changes-${toolId}`;
  const t = useT();
  return (
    <details open={Boolean(error)} className="mt-4 rounded-xl border border-slate-200">
      <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-slate-700">
        {t("adminQueue.askChanges")}
      </summary>
      <Form method="post" noValidate className="space-y-2 border-t border-slate-200 p-4">
        <input type="hidden" name="toolId" value={toolId} />
        <TextAreaField
          id={messageId}
          label={t("adminQueue.whatChanges")}
          name="message"
          rows={2}
          required
          maxLength={MAX_REJECTION_REASON_LENGTH}
          defaultValue={kept}
          error={error}
        />
        <ActionButton intent="request-changes" subject={toolId} pendingText={t("adminQueue.sending")}>
          {t("adminQueue.askForChanges")}
        </ActionButton>
      </Form>
    </details>
  );
}
