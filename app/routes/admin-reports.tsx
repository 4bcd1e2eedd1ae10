/**
 * /admin/reports (verifiers and admins): the problems visitors reported on tools' pages, oldest first, of every tool or
 * of one (?tool=). Each is resolved (the problem was fixed) or dismissed (nothing was wrong); docs/decisions/024-problem-reports.md.
 */
import { Form } from "react-router";
import { reportActionInput, reportsQuery } from "#common/schemas/reports.ts";
import { toolReportsPath } from "#common/page-paths.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { ActionButton, ActionResult, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { ReportRow } from "../components/tool-reports.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-reports";
import { say } from "#common/i18n/say.ts";
import { useT } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(reportsQuery, url);
  const page = await moderated(
    context.services.reports.listOpenReports(context.user, { cursor: query.cursor, toolId: query.tool }),
    url,
  );
  return { page, toolId: query.tool ?? null };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "reportId"]);
  const { reports } = context.services;
  try {
    switch (values.intent) {
      case "resolve": {
        const { toolName } = await reports.resolveReport(
          context.user,
          reportActionInput.parse(Object.fromEntries(form)),
        );
        return { done: say("adminReports.resolved", { tool: toolName }) };
      }
      case "dismiss": {
        const { toolName } = await reports.dismissReport(
          context.user,
          reportActionInput.parse(Object.fromEntries(form)),
        );
        return { done: say("adminReports.dismissed", { tool: toolName }) };
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
    title: t("admin.reports"),
    description: t("adminReports.description"),
    path: "/admin/reports",
    noindex: true,
  }));

export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const { page, toolId } = loaderData;
  const toolName = toolId ? page.reports[0]?.tool.name : undefined;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("admin.reports")}>{t("adminReports.intro")}</SectionHeader>
      {toolId && (
        <p className="mb-4 text-sm text-slate-600">
          {t("adminReports.oneTool", { tool: toolName ?? t("adminReports.aTool") })}{" "}
          <Link to={toolReportsPath()} className="font-medium text-brand-700 hover:underline">
            {t("adminReports.everyTool")}
          </Link>
        </p>
      )}
      <ActionResult result={actionData as ModerationResult | undefined} />
      {page.reports.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {page.reports.map((report) => (
            <ReportRow key={report.id} report={report}>
              <Form method="post">
                <input type="hidden" name="reportId" value={report.id} />
                <ActionButton
                  intent="resolve"
                  subject={String(report.id)}
                  tone="primary"
                  pendingText={t("adminReports.resolving")}
                >
                  {t("adminReports.resolve")}
                </ActionButton>
              </Form>
              <Form method="post">
                <input type="hidden" name="reportId" value={report.id} />
                <ActionButton intent="dismiss" subject={String(report.id)} pendingText={t("adminReports.dismissing")}>
                  {t("adminReports.dismiss")}
                </ActionButton>
              </Form>
            </ReportRow>
          ))}
        </ul>
      ) : (
        <EmptyState title={t("adminReports.empty")}>{t("adminReports.emptyHint")}</EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}
