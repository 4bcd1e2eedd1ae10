/**
 * /admin/tools (admins): every tool whatever its state, searched by name, with the switches of what is live and what
 * is featured. A change reaches the public pages and the tool's snapshot at once.
 */
import { Form } from "react-router";
import { Link } from "../components/link.tsx";
import { ToolLogo } from "../components/tool-logo.tsx";
import { LICENCE_KIND_KEYS, LICENCE_KINDS } from "../components/fact-words.ts";
import { type ToolFlag } from "#common/constants.ts";
import { moderationSearchQuery, toolFlagInput, toolLicenceInput } from "#common/schemas/moderation.ts";
import type { ModeratedTool, ModeratedToolState } from "#server/admin/tools.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-tools";
import { editToolPath, toolPath, toolReportsPath } from "#common/page-paths.ts";
import { say } from "#common/i18n/say.ts";
import { useT, useWords } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(moderationSearchQuery, url);
  const page = await moderated(context.services.admin.searchTools(context.user, query), url);
  const openReports = await context.services.reports.countOpenReportsByTool(
    context.user,
    page.tools.map((tool) => tool.id),
  );
  return { page, q: query.q ?? "", openReports };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "toolId", "flag", "value", "licence", "kind"]);
  try {
    if (values.intent === "licence") {
      const tool = await context.services.admin.setToolLicence(
        context.user,
        toolLicenceInput.parse(Object.fromEntries(form)),
      );
      return { done: say("adminTools.licenceDone", { tool: tool.name }) };
    }
    if (values.intent !== "flag") return unknownAction(values);
    const tool = await context.services.admin.setToolFlag(context.user, toolFlagInput.parse(Object.fromEntries(form)));
    const flag = values.flag as ToolFlag;
    return { done: say("adminTools.flagDone", { tool: tool.name, flag, on: tool.flags[flag] ? "yes" : "no" }) };
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("adminTools.title"),
    description: t("adminTools.description"),
    path: "/admin/tools",
    noindex: true,
  }));

/** Each switch, in the order of its buttons (its words: adminTools.flag, flagHelp and flagDone). */
const FLAGS: ToolFlag[] = ["isActive", "isFeaturedHome", "isFeaturedCategory", "isFeaturedNL", "isHomeBoosted"];

const STATE_TONES: Record<ModeratedToolState, "emerald" | "sky" | "amber" | "rose" | "slate"> = {
  live: "emerald",
  scheduled: "sky",
  waiting: "amber",
  rejected: "rose",
  "switched-off": "slate",
};

export default function AdminTools({ loaderData, actionData }: Route.ComponentProps) {
  const { page, q, openReports } = loaderData;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("adminTools.title")}>{t("adminTools.intro")}</SectionHeader>
      <Form method="get" role="search" aria-label={t("adminTools.searchByName")} className="mb-6 flex gap-2">
        <label htmlFor="tool-search" className="sr-only">
          {t("adminTools.name")}
        </label>
        <input
          id="tool-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t("adminTools.searchByName")}
          className="w-full max-w-md rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
        />
        <button
          type="submit"
          className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          {t("admin.search")}
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
        <EmptyState title={q ? t("adminTools.noMatch", { q }) : t("adminTools.none")}>
          {q ? t("adminTools.noMatchHint") : t("adminTools.noneHint")}
        </EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}

function ToolRow({ tool, openReports }: { tool: ModeratedTool; openReports: number }) {
  const { t, longDate } = useWords();
  return (
    <li data-testid="admin-tool" className="space-y-3 p-4">
      <div className="flex items-center gap-4">
        <ToolLogo
          name={tool.name}
          logo={tool.logo}
          size={40}
          className="h-10 w-10 shrink-0 rounded-lg border border-slate-100 bg-slate-50 object-cover"
          lazy
        />
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
            <Badge tone={STATE_TONES[tool.state]} testId="tool-state">
              {t("adminTools.state", { state: tool.state })}
            </Badge>
            {tool.launchesAt && (
              <span data-testid="tool-launch" className="text-xs text-slate-600">
                {t("adminTools.launchesOn", { date: longDate(tool.launchesAt.slice(0, 10)) })}
              </span>
            )}
            {tool.hasClaimWaiting && <Badge tone="sky">{t("adminTools.claimWaiting")}</Badge>}
            {openReports > 0 && (
              <Link to={toolReportsPath(tool.id)} data-testid="tool-open-reports" className="hover:underline">
                <Badge tone="rose">{t("adminTools.openReports", { count: openReports })}</Badge>
              </Link>
            )}
          </div>
          <p className="truncate text-sm text-slate-600">
            {tool.website}
            {tool.creatorUsername && t("adminTools.by", { user: tool.creatorUsername })}
          </p>
        </div>
        <Link to={editToolPath(tool.id)} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
          {t("admin.edit")}
        </Link>
        <Link
          to={`/admin/tools/${tool.id}/history`}
          aria-label={t("adminTools.historyOf", { tool: tool.name })}
          className="shrink-0 text-sm font-medium text-brand-700 hover:underline"
        >
          {t("adminTools.history")}
        </Link>
      </div>
      <div className="flex flex-wrap gap-2" aria-label={t("adminTools.switchesOf", { tool: tool.name })} role="group">
        {FLAGS.map((flag) => (
          <Form method="post" key={flag}>
            <input type="hidden" name="intent" value="flag" />
            <input type="hidden" name="toolId" value={tool.id} />
            <input type="hidden" name="flag" value={flag} />
            <ActionButton
              intent="flag"
              subject={tool.id}
              name="value"
              value={String(!tool.flags[flag])}
              pressed={tool.flags[flag]}
              title={t("adminTools.flagHelp", { flag })}
            >
              {tool.flags[flag] ? "✓ " : ""}
              {t("adminTools.flag", { flag })}
            </ActionButton>
          </Form>
        ))}
      </div>
      <LicenceForm tool={tool} />
    </li>
  );
}

/** The tool's licence and its kind, which an admin may set by hand or hand back to the repository (decision 060). */
function LicenceForm({ tool }: { tool: ModeratedTool }) {
  const t = useT();
  const { licence } = tool;
  return (
    <details className="text-sm" data-testid="tool-licence">
      <summary className="cursor-pointer text-slate-600 hover:text-slate-900">
        {t("adminTools.licence")}: {licence.text ?? t("adminTools.licenceNone")}
        {licence.kind && ` (${t(LICENCE_KIND_KEYS[licence.kind])})`},{" "}
        {licence.isSetByAdmin ? t("adminTools.licenceByAdmin") : t("adminTools.licenceFromRepository")}
      </summary>
      <Form
        method="post"
        className="mt-2 flex flex-wrap items-end gap-3"
        aria-label={t("adminTools.licenceOf", { tool: tool.name })}
      >
        <input type="hidden" name="toolId" value={tool.id} />
        <label className="flex flex-col gap-1">
          <span className="text-xs text-slate-600">{t("adminTools.licenceText")}</span>
          <input
            name="licence"
            defaultValue={licence.text ?? ""}
            maxLength={100}
            className="rounded-lg border border-slate-300 px-2 py-1"
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-xs text-slate-600">{t("adminTools.licenceKind")}</span>
          <select
            name="kind"
            defaultValue={licence.kind ?? ""}
            className="rounded-lg border border-slate-300 px-2 py-1"
          >
            <option value="">{t("adminTools.kindNotRecognised")}</option>
            {LICENCE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(LICENCE_KIND_KEYS[kind])}
              </option>
            ))}
          </select>
        </label>
        {licence.isSetByAdmin && (
          <label className="flex items-center gap-2">
            <input type="checkbox" name="fromRepository" />
            {t("adminTools.followRepository")}
          </label>
        )}
        <ActionButton intent="licence" subject={tool.id}>
          {t("adminTools.saveLicence")}
        </ActionButton>
      </Form>
    </details>
  );
}
