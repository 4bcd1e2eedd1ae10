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
import type { FieldChange } from "#server/tools/revisions.ts";
import { Link } from "../components/link.tsx";
import { formatUtcMinute } from "../components/long-date.tsx";
import { ActionResult, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, orRefusalPage, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-tool-history";

const FIELD_WORDS: Record<FieldChange["field"], string> = {
  name: "Name",
  website: "Website",
  shortDesc: "Short description",
  longDesc: "Long description",
  categories: "Categories",
  tags: "Tags",
  paymentType: "Pricing",
  pros: "Pros",
  cons: "Cons",
  faq: "FAQ",
  logo: "Logo",
  largeImage: "Large image",
};

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
  const history = await orRefusalPage(moderated(services.history.listRevisions(user, toolId, { cursor: query.cursor }), url));
  // Compared by default: the newest revision and the one before it.
  const [newest, previous] = history.revisions;
  const from = query.from ?? previous?.id;
  const to = query.to ?? newest?.id;
  const comparison = from && to && from !== to ? await moderated(services.history.compareRevisions(user, toolId, Math.min(from, to), Math.max(from, to)), url).catch(() => null) : null;
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
    return { done: `${restored.name} is as revision ${revision} left it; that is a new revision.` };
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData ? `History of ${loaderData.tool.name}` : "History", description: "A tool's revisions, compared and restored.", path: "/admin/tools", noindex: true });

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(", ") || "(none)";
  return JSON.stringify(value);
}

export default function AdminToolHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, revisions, nextCursor, comparison, from, to, canRestore } = loaderData;
  return (
    <>
      <SectionHeader title={`History of ${tool.name}`}>
        Each submission and edit keeps a revision. Choose two to compare.{canRestore ? " Restoring one is an edit: the tool goes back to it, and that becomes the newest revision." : ""}{" "}
        <Link to={editToolPath(tool.id)} className="font-medium text-brand-700 underline">
          Edit the tool
        </Link>
      </SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      <Form method="get" className="space-y-4">
        <table className="w-full rounded-xl border border-slate-200 bg-white text-left text-sm">
          <thead>
            <tr className="text-xs text-slate-500 uppercase">
              <th className="p-2 font-medium">From</th>
              <th className="p-2 font-medium">To</th>
              <th className="p-2 font-medium">Revision</th>
              <th className="p-2 font-medium">By</th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((revision) => (
              <tr key={revision.id} data-testid="revision" className="border-t border-slate-100">
                <td className="p-2">
                  <input type="radio" name="from" value={revision.id} defaultChecked={revision.id === from} aria-label={`Compare from revision ${revision.id}`} />
                </td>
                <td className="p-2">
                  <input type="radio" name="to" value={revision.id} defaultChecked={revision.id === to} aria-label={`Compare to revision ${revision.id}`} />
                </td>
                <td className="p-2">
                  {revision.id}, {formatUtcMinute(revision.at)}
                </td>
                <td className="p-2">{revision.actorName}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="submit" className="rounded-lg bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700">
          Compare
        </button>
      </Form>
      <Pager nextCursor={nextCursor} />
      {comparison && (
        <section aria-labelledby="comparison-heading" className="mt-8 space-y-3">
          <h2 id="comparison-heading" className="text-xl font-bold tracking-tight">
            From revision {comparison.from.id} to revision {comparison.to.id}
          </h2>
          {comparison.changes.length > 0 ? (
            <dl data-testid="comparison" className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm">
              {comparison.changes.map((change) => (
                <div key={change.field} className="contents">
                  <dt className="font-semibold text-slate-800">{FIELD_WORDS[change.field]}</dt>
                  <dd className="space-y-1 break-words">
                    <del className="block text-rose-800">{shown(change.before)}</del>
                    <ins className="block text-emerald-800 no-underline">{shown(change.after)}</ins>
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-slate-600">The two revisions are the same.</p>
          )}
          {canRestore && (
            <Form method="post">
              <input type="hidden" name="revision" value={comparison.from.id} />
              <button type="submit" name="intent" value="restore" className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
                Restore revision {comparison.from.id}
              </button>
            </Form>
          )}
        </section>
      )}
    </>
  );
}
