/**
 * /admin/audit (admins only): who changed what in the console and through the API, newest first (decision 049):
 * every record, or one person's, one kind's or one tool's. The records are kept for good, as they were written.
 */
import { Form } from "react-router";
import { AUDIT_KIND_NAMES, auditKindKey } from "#common/audit-kinds.ts";
import { auditQuery } from "#common/schemas/audit.ts";
import type { AuditRecord } from "#server/audit/audit.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { formatUtcMinute } from "../components/long-date.tsx";
import { SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { parseSearchParams } from "../forms.ts";
import { moderated } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-audit";
import { useT } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(auditQuery, url);
  const page = await moderated(
    context.services.audit.listRecords(
      context.user,
      { actorId: query.actor, kind: query.kind, toolId: query.tool },
      { cursor: query.cursor },
    ),
    url,
  );
  return { ...page, filter: { actor: query.actor ?? "", kind: query.kind ?? "", tool: query.tool ?? "" } };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("adminAudit.title"),
    description: t("adminAudit.description"),
    path: "/admin/audit",
    noindex: true,
  }));

/** A value as a record keeps it, in a line: long texts cut. */
function shown(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { records, nextCursor, filter } = loaderData;
  const isFiltered = Boolean(filter.actor || filter.kind || filter.tool);
  const t = useT();
  return (
    <>
      <SectionHeader title={t("adminAudit.title")}>{t("adminAudit.intro")}</SectionHeader>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        {filter.actor && <input type="hidden" name="actor" value={filter.actor} />}
        {filter.tool && <input type="hidden" name="tool" value={filter.tool} />}
        <label className="space-y-1 text-sm">
          <span className="block font-medium text-slate-800">{t("adminAudit.kindField")}</span>
          <select
            name="kind"
            defaultValue={filter.kind}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">{t("adminAudit.everyKind")}</option>
            {AUDIT_KIND_NAMES.map((kind) => (
              <option key={kind} value={kind}>
                {t("adminAudit.kind", { kind: auditKindKey(kind) })}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="rounded-lg bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          {t("adminAudit.show")}
        </button>
        {isFiltered && (
          <Link to="/admin/audit" className="py-2 text-sm font-medium text-brand-700 underline">
            {t("adminAudit.showEvery")}
          </Link>
        )}
      </Form>
      {records.length > 0 ? (
        <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {records.map((record) => (
            <AuditRow key={record.id} record={record} />
          ))}
        </ol>
      ) : (
        <EmptyState title={isFiltered ? t("adminAudit.noMatch") : t("adminAudit.nothing")}>
          {t("adminAudit.emptyHint")}
        </EmptyState>
      )}
      <Pager nextCursor={nextCursor} />
    </>
  );
}

function AuditRow({ record }: { record: AuditRecord }) {
  const fields = [...new Set([...Object.keys(record.before ?? {}), ...Object.keys(record.after ?? {})])];
  const t = useT();
  const isKnown = (AUDIT_KIND_NAMES as readonly string[]).includes(record.kind);
  return (
    <li data-testid="audit-record" className="space-y-1 p-4 text-sm">
      <p className="text-slate-900">
        <time dateTime={new Date(record.at).toISOString()} className="text-slate-500">
          {formatUtcMinute(record.at)}
        </time>{" "}
        {record.actorId ? (
          <Link to={`/admin/audit?actor=${record.actorId}`} className="font-semibold hover:underline">
            {record.actorName}
          </Link>
        ) : (
          <strong>{record.actorName}</strong>
        )}{" "}
        <span className="text-slate-500">({t("admin.role", { role: record.actorRole })})</span>:{" "}
        {isKnown ? t("adminAudit.kind", { kind: auditKindKey(record.kind) }) : record.kind},{" "}
        {record.toolId ? (
          <Link to={`/admin/audit?tool=${record.toolId}`} className="font-semibold hover:underline">
            {record.subject}
          </Link>
        ) : (
          <strong>{record.subject}</strong>
        )}
        {record.toolId && (
          <>
            {" "}
            <Link to={`/admin/tools/${record.toolId}/history`} className="text-brand-700 underline">
              {t("adminAudit.history")}
            </Link>
          </>
        )}
      </p>
      {fields.length > 0 && (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 text-slate-700">
          {fields.map((field) => (
            <div key={field} className="contents">
              <dt className="font-mono text-xs text-slate-500">{field}</dt>
              <dd className="break-words">
                {record.before && field in record.before && (
                  <del className="text-rose-800">{shown(record.before[field])}</del>
                )}
                {record.before && field in record.before && record.after && field in record.after && " → "}
                {record.after && field in record.after && (
                  <ins className="text-emerald-800 no-underline">{shown(record.after[field])}</ins>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
