/** Problem reports as verifiers and admins read them: the tool, what is wrong, the reporter's words (as text), when and by whom. */
import type { ReactNode } from "react";
import { toolPath } from "#common/page-paths.ts";
import type { OpenReport } from "#server/reports/reports.ts";
import { Link, ProfileLink } from "./link.tsx";
import { Badge } from "./moderation.tsx";
import { REPORT_KIND_KEYS } from "#common/i18n/labels.ts";
import { Message, part, useT } from "../i18n.tsx";
import { LongDate } from "./long-date.tsx";

export function ReportRow({
  report,
  showTool = true,
  children,
}: {
  report: OpenReport;
  showTool?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const day = <LongDate isoDate={report.createdAt.slice(0, 10)} />;
  return (
    <li data-testid="tool-report" className="flex flex-wrap items-start gap-4 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="rose" testId="report-kind">
            {t(REPORT_KIND_KEYS[report.kind])}
          </Badge>
          {showTool && (
            <h2 className="font-semibold">
              {report.tool.isLive ? (
                <Link to={toolPath(report.tool.slug)} className="hover:text-brand-700 hover:underline">
                  {report.tool.name}
                </Link>
              ) : (
                report.tool.name
              )}
            </h2>
          )}
          {showTool && !report.tool.isLive && <Badge tone="amber">{t("reportRow.notLive")}</Badge>}
        </div>
        {report.text ? (
          <p data-testid="report-text" className="text-sm break-words whitespace-pre-line text-slate-800">
            {report.text}
          </p>
        ) : (
          <p className="text-sm text-slate-500 italic">{t("reportRow.noDetails")}</p>
        )}
        <p className="text-xs text-slate-500">
          {report.reporter ? (
            <Message
              text={t("reportRow.byUser", { user: part("user"), day: part("day") })}
              parts={{
                user: <ProfileLink user={report.reporter} />,
                day,
              }}
            />
          ) : (
            <Message text={t("reportRow.byVisitor", { day: part("day") })} parts={{ day }} />
          )}
        </p>
      </div>
      {children && <div className="flex gap-2">{children}</div>}
    </li>
  );
}
