/**
 * /admin/tools/{id}/history: a tool's revisions, newest first (decision 049). Verifiers and admins compare two, field
 * by field; an admin restores an earlier one, which is an edit of its own, kept and audited.
 */
import { data, Form } from "react-router";
import { isAdmin } from "#common/access.ts";
import { MESSAGES } from "#common/messages.ts";
import { editToolPath } from "#common/page-paths.ts";
import { historyQuery, restoreRevisionInput } from "#common/schemas/audit.ts";
import { toolIdParam } from "#common/schemas/fields.ts";
import { Link } from "../components/link.tsx";
import { formatUtcMinute } from "../components/long-date.tsx";
import { ActionResult, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, orRefusalPage, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-tool-history";
import { say } from "#common/i18n/say.ts";
import type { Translate } from "#common/i18n/translate.ts";
import { useT } from "../i18n.tsx";

function toolIdOf(params: { id?: string }): string {
  const id = toolIdParam.safeParse(params.id);
  if (!id.success) throw data(MESSAGES.tool.notFoundById, { status: 404 });
  return id.data;
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const toolId = toolIdOf(params);
  const query = parseSearchParams(historyQuery, url);
  const { services, user } = context;
  // A refusal asks to sign in or is a 403 page; a tool that does not exist is a 404 page.
  const history = await orRefusalPage(
    moderated(services.history.listRevisions(user, toolId, { cursor: query.cursor }), url),
  );
  // Compared by default: the newest revision and the one before it.
  const [newest, previous] = history.revisions;
  const from = query.from ?? previous?.id;
  const to = query.to ?? newest?.id;
  const comparison =
    from && to && from !== to
      ? await moderated(
          services.history.compareRevisions(user, toolId, Math.min(from, to), Math.max(from, to)),
          url,
        ).catch(() => null)
      : null;
  return { ...history, comparison, from: from ?? null, to: to ?? null, canRestore: isAdmin(user) };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const toolId = toolIdOf(params);
  const form = await request.formData();
  const values = keptValues(form, ["intent", "revision"]);
  try {
    if (values.intent !== "restore") return unknownAction(values);
    const { revision } = restoreRevisionInput.parse(values);
    const restored = await context.services.history.restoreRevision(context.user, toolId, revision);
    return { done: say("adminHistory.restored", { tool: restored.name, revision: String(revision) }) };
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t }) => ({
    title: loaderData ? t("adminHistory.title", { tool: loaderData.tool.name }) : t("adminTools.history"),
    description: t("adminHistory.description"),
    path: "/admin/tools",
    noindex: true,
  }));

function shown(t: Translate, value: unknown): string {
  if (value === null || value === undefined || value === "") return t("adminHistory.none");
  if (typeof value === "string") return value;
  if (Array.isArray(value))
    return (
      value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(", ") || t("adminHistory.none")
    );
  return JSON.stringify(value);
}

export default function AdminToolHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, revisions, nextCursor, comparison, from, to, canRestore } = loaderData;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("adminHistory.title", { tool: tool.name })}>
        {t("adminHistory.intro")}
        {canRestore ? t("adminHistory.introRestore") : ""}{" "}
        <Link to={editToolPath(tool.id)} className="font-medium text-brand-700 underline">
          {t("adminHistory.editTool")}
        </Link>
      </SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      <Form method="get" className="space-y-4">
        <table className="w-full rounded-xl border border-slate-200 bg-white text-left text-sm">
          <thead>
            <tr className="text-xs text-slate-500 uppercase">
              <th className="p-2 font-medium">{t("adminHistory.from")}</th>
              <th className="p-2 font-medium">{t("adminHistory.to")}</th>
              <th className="p-2 font-medium">{t("adminHistory.revision")}</th>
              <th className="p-2 font-medium">{t("adminHistory.by")}</th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((revision) => (
              <tr key={revision.id} data-testid="revision" className="border-t border-slate-100">
                <td className="p-2">
                  <input
                    type="radio"
                    name="from"
                    value={revision.id}
                    defaultChecked={revision.id === from}
                    aria-label={t("adminHistory.compareFrom", { revision: String(revision.id) })}
                  />
                </td>
                <td className="p-2">
                  <input
                    type="radio"
                    name="to"
                    value={revision.id}
                    defaultChecked={revision.id === to}
                    aria-label={t("adminHistory.compareTo", { revision: String(revision.id) })}
                  />
                </td>
                <td className="p-2">
                  {revision.id}, {formatUtcMinute(revision.at)}
                </td>
                <td className="p-2">{revision.actorName}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="submit"
          className="rounded-lg bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          {t("adminHistory.compare")}
        </button>
      </Form>
      <Pager nextCursor={nextCursor} />
      {comparison && (
        <section aria-labelledby="comparison-heading" className="mt-8 space-y-3">
          <h2 id="comparison-heading" className="text-xl font-bold tracking-tight">
            {t("adminHistory.fromTo", { from: String(comparison.from.id), to: String(comparison.to.id) })}
          </h2>
          {comparison.changes.length > 0 ? (
            <dl
              data-testid="comparison"
              className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm"
            >
              {comparison.changes.map((change) => (
                <div key={change.field} className="contents">
                  <dt className="font-semibold text-slate-800">{t("adminHistory.field", { field: change.field })}</dt>
                  <dd className="space-y-1 break-words">
                    <del className="block text-rose-800">{shown(t, change.before)}</del>
                    <ins className="block text-emerald-800 no-underline">{shown(t, change.after)}</ins>
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-slate-600">{t("adminHistory.same")}</p>
          )}
          {canRestore && (
            <Form method="post">
              <input type="hidden" name="revision" value={comparison.from.id} />
              <button
                type="submit"
                name="intent"
                value="restore"
                className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                {t("adminHistory.restore", { revision: String(comparison.from.id) })}
              </button>
            </Form>
          )}
        </section>
      )}
    </>
  );
}
