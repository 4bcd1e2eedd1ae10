/**
 * /admin/tools (admins): every tool whatever its state, searched by name, with the switches of what is live and what
 * is featured. A change reaches the public pages and the tool's snapshot at once.
 */
import { Form } from "react-router";
import { Link } from "../components/link.tsx";
import { ToolLogo } from "../components/tool-logo.tsx";
import { type ToolFlag } from "#common/constants.ts";
import { moderationSearchQuery, toolFlagInput } from "#common/schemas/moderation.ts";
import type { ModeratedTool, ModeratedToolState } from "#server/admin/tools.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-tools";
import { editToolPath, toolPath, toolReportsPath } from "#common/page-paths.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(moderationSearchQuery, url);
  const page = await moderated(context.services.admin.searchTools(context.user, query), url);
  const openReports = await context.services.reports.countOpenReportsByTool(context.user, page.tools.map((tool) => tool.id));
  return { page, q: query.q ?? "", openReports };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "toolId", "flag", "value"]);
  try {
    if (values.intent !== "flag") return unknownAction(values);
    const tool = await context.services.admin.setToolFlag(context.user, toolFlagInput.parse(Object.fromEntries(form)));
    const { on, off } = FLAGS[values.flag as ToolFlag];
    return { done: `${tool.name}: ${tool.flags[values.flag as ToolFlag] ? on : off}.` };
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "All tools", description: "Every tool, live or not: switch them off or on, and feature them.", path: "/admin/tools", noindex: true });

/** Each switch: its button, and what the answer says once it is on or off. */
const FLAGS: Record<ToolFlag, { label: string; help: string; on: string; off: string }> = {
  isActive: { label: "Live", help: "Switched off, a tool leaves every public page", on: "switched on", off: "switched off" },
  isFeaturedHome: { label: "Featured home", help: "Picked for the home page (isFeaturedHome)", on: "featured on the home page", off: "no longer featured on the home page" },
  isFeaturedCategory: { label: "Featured in category", help: "At the top of its category pages", on: "featured in its categories", off: "no longer featured in its categories" },
  isFeaturedNL: { label: "Featured in newsletter", help: "Picked for the weekly newsletter (isFeaturedNL)", on: "featured in the newsletter", off: "no longer featured in the newsletter" },
  isHomeBoosted: { label: "Home boost", help: "The home page's Featured section, with a Featured badge", on: "boosted on the home page", off: "no longer boosted" },
};

const STATES: Record<ModeratedToolState, { label: string; tone: "emerald" | "amber" | "rose" | "slate" }> = {
  live: { label: "Live", tone: "emerald" },
  waiting: { label: "Waiting for verification", tone: "amber" },
  rejected: { label: "Rejected", tone: "rose" },
  "switched-off": { label: "Switched off", tone: "slate" },
};

export default function AdminTools({ loaderData, actionData }: Route.ComponentProps) {
  const { page, q, openReports } = loaderData;
  return (
    <>
      <SectionHeader title="All tools">Live or not, newest first. Switch a tool off, or feature it.</SectionHeader>
      <Form method="get" role="search" className="mb-6 flex gap-2">
        <label htmlFor="tool-search" className="sr-only">
          Tool name
        </label>
        <input
          id="tool-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search by name"
          className="w-full max-w-md rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
        />
        <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700">
          Search
        </button>
      </Form>
      <ActionResult result={actionData as ModerationResult | undefined} />
      {page.tools.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {page.tools.map((tool) => (
            <ToolRow key={tool.id} tool={tool} openReports={openReports[tool.id] ?? 0} />
          ))}
        </ul>
      ) : (
        <EmptyState title={q ? `No tool's name contains “${q}”` : "No tool yet"}>{q ? "Try part of the name." : "Submitted tools appear here."}</EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}

function ToolRow({ tool, openReports }: { tool: ModeratedTool; openReports: number }) {
  const state = STATES[tool.state];
  return (
    <li data-testid="admin-tool" className="space-y-3 p-4">
      <div className="flex items-center gap-4">
        <ToolLogo name={tool.name} logo={tool.logo} size={40} className="h-10 w-10 shrink-0 rounded-lg border border-slate-100 bg-slate-50 object-cover" lazy />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate font-semibold">
              {tool.state === "live" ? (
                <Link to={toolPath(tool.slug)} className="hover:text-brand-700 hover:underline">
                  {tool.name}
                </Link>
              ) : (
                tool.name
              )}
            </h2>
            <Badge tone={state.tone} testId="tool-state">
              {state.label}
            </Badge>
            {tool.hasClaimWaiting && <Badge tone="sky">Claim waiting</Badge>}
            {openReports > 0 && (
              <Link to={toolReportsPath(tool.id)} data-testid="tool-open-reports" className="hover:underline">
                <Badge tone="rose">{openReports === 1 ? "1 open report" : `${openReports} open reports`}</Badge>
              </Link>
            )}
          </div>
          <p className="truncate text-sm text-slate-600">
            {tool.website}
            {tool.creatorUsername && ` · by ${tool.creatorUsername}`}
          </p>
        </div>
        <Link to={editToolPath(tool.id)} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
          Edit
        </Link>
        <Link to={`/admin/tools/${tool.id}/history`} aria-label={`History of ${tool.name}`} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
          History
        </Link>
      </div>
      <div className="flex flex-wrap gap-2" aria-label={`Switches of ${tool.name}`} role="group">
        {(Object.keys(FLAGS) as ToolFlag[]).map((flag) => (
          <Form method="post" key={flag}>
            <input type="hidden" name="intent" value="flag" />
            <input type="hidden" name="toolId" value={tool.id} />
            <input type="hidden" name="flag" value={flag} />
            <ActionButton intent="flag" subject={tool.id} name="value" value={String(!tool.flags[flag])} pressed={tool.flags[flag]} title={FLAGS[flag].help}>
              {tool.flags[flag] ? "✓ " : ""}
              {FLAGS[flag].label}
            </ActionButton>
          </Form>
        ))}
      </div>
    </li>
  );
}
