/**
 * /admin/import (admins): import a CSV file, a Markdown awesome list or a JSON export of the catalogue, and download
 * the catalogue. A file is uploaded once and kept; its columns are mapped (guessed from the header first), a dry run
 * shows what each row would do, and the import writes the accepted rows in one transaction (decision 025).
 */
import { data, Form, redirect, useLocation, useNavigation } from "react-router";
import { Link } from "../components/link.tsx";
import { isAppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import {
  type ColumnMapping,
  changedFieldWords,
  IMPORT_FIELDS,
  type ImportField,
  importFieldLabel,
  importFileIdParam,
  importOptionsFrom,
} from "#common/schemas/catalogue.ts";
import { ActionResult, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { keptValues } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-import";
import { say } from "#common/i18n/say.ts";
import { useT } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { catalogue } = context.services;
  const limits = await moderated(catalogue.importLimits(context.user), url);
  const fileId = url.searchParams.get("file");
  if (!fileId) return { limits, file: null, plan: null, problem: null, choices: null };
  const id = importFileIdParam.safeParse(fileId);
  if (!id.success) return { limits, file: null, plan: null, problem: MESSAGES.catalogue.noSuchFile, choices: null };
  const chosen = importOptionsFrom(url.searchParams);
  try {
    const file = await moderated(catalogue.getImportFile(context.user, id.data), url);
    const mapping: ColumnMapping = Object.keys(chosen.mapping).length ? chosen.mapping : file.guessedMapping;
    const choices = { mapping, createCategories: chosen.createCategories, keepDescriptions: chosen.keepDescriptions };
    // The dry run's rows a page at a time, from the first row after the line `after`.
    const after = Math.max(0, Math.trunc(Number(url.searchParams.get("after")) || 0));
    try {
      const plan = await catalogue.previewImport(context.user, file.id, choices, after);
      return { limits, file, plan: { ...plan, after }, problem: null, choices };
    } catch (error) {
      if (!isAppError(error)) throw error;
      return { limits, file, plan: null, problem: error.message, choices };
    }
  } catch (error) {
    if (isAppError(error) && error.code === "not-found")
      return { limits, file: null, plan: null, problem: error.message, choices: null };
    throw error;
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "file"]);
  const { catalogue } = context.services;
  try {
    switch (values.intent) {
      case "upload": {
        const upload = form.get("upload");
        const file = upload instanceof File ? upload : null;
        const bytes = file ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
        const uploaded = await catalogue.uploadImportFile(context.user, { fileName: file?.name ?? "", bytes });
        return redirect(`/admin/import?file=${uploaded.id}`);
      }
      case "import": {
        const id = importFileIdParam.parse(values.file);
        const result = await catalogue.importFile(context.user, id, importOptionsFrom(form));
        const { create, update, unchanged, refuse } = result.counts;
        return data({
          done: say("adminImport.imported", { create, update, unchanged, refuse }),
          refused: result.rows,
        });
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
    title: t("adminImport.title"),
    description: t("adminImport.description"),
    path: "/admin/import",
    noindex: true,
  }));

const ACTION_STYLES = {
  create: "bg-emerald-100 text-emerald-900",
  update: "bg-sky-100 text-sky-900",
  unchanged: "bg-slate-100 text-slate-700",
  refuse: "bg-rose-100 text-rose-900",
} as const;
type RowView = {
  line: number;
  name: string;
  website: string;
  action: keyof typeof ACTION_STYLES;
  reasons: string[];
  changes: ImportField[];
  notes?: string[];
};

function RowsTable({ rows, caption }: { rows: RowView[]; caption: string }) {
  const t = useT();
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="import-rows">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t("adminImport.line")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("adminImport.tool")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("adminImport.outcome")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("adminImport.why")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.line} data-testid="import-row" data-action={row.action}>
              <td className="px-3 py-2 text-slate-500">{row.line}</td>
              <td className="max-w-xs px-3 py-2">
                <span className="font-medium">{row.name || t("adminImport.noName")}</span>
                <span className="block truncate text-xs text-slate-500">{row.website}</span>
              </td>
              <td className="px-3 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ACTION_STYLES[row.action]}`}>
                  {t("adminImport.action", { action: row.action })}
                </span>
              </td>
              <td className="px-3 py-2 text-slate-700">
                {[
                  row.changes.length > 0
                    ? t("adminImport.changes", { fields: changedFieldWords(row.changes) })
                    : row.reasons.join(" · "),
                  ...(row.notes ?? []),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How many of the lines that are no tool the dry run names; the count says how many there are in all. */
const SKIPPED_SHOWN = 200;

/** The file's lines that are no tool, each with why: a table of contents, a list item with no link. */
function SkippedLines({ lines }: { lines: { line: number; reason: string }[] }) {
  const t = useT();
  const shown = lines.slice(0, SKIPPED_SHOWN);
  return (
    <details className="mt-3 rounded-xl border border-slate-200 bg-white p-3 text-sm" data-testid="import-skipped">
      <summary className="cursor-pointer font-medium text-slate-700">
        {t("adminImport.skipped", { count: lines.length })}
      </summary>
      {lines.length > shown.length && (
        <p className="mt-2 text-slate-600">{t("adminImport.skippedFirst", { count: shown.length })}</p>
      )}
      <ul className="mt-2 space-y-1 text-slate-700">
        {shown.map(({ line, reason }) => (
          <li key={line}>
            <span className="text-slate-500">
              {t("adminImport.line")} {line}
            </span>{" "}
            · {reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

export default function AdminImport({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, file, plan, problem, choices } = loaderData;
  const result = actionData as (ModerationResult & { refused?: RowView[] }) | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const imported = result && "done" in result;
  const location = useLocation();
  /** This dry run's address, showing the rows after the line `after`. */
  const pageOfRows = (after: number) => {
    const search = new URLSearchParams(location.search);
    if (after > 0) search.set("after", String(after));
    else search.delete("after");
    return `${location.pathname}?${search.toString()}`;
  };
  const t = useT();

  return (
    <>
      <SectionHeader title={t("adminImport.title")}>{t("adminImport.intro")}</SectionHeader>
      <ActionResult result={result} />
      {imported && result.refused && result.refused.length > 0 && (
        <section className="mb-8" aria-labelledby="refused-rows">
          <h2 id="refused-rows" className="mb-3 text-lg font-semibold">
            {t("adminImport.leftOut")}
          </h2>
          <RowsTable rows={result.refused} caption={t("adminImport.leftOutCaption")} />
        </section>
      )}

      <section aria-labelledby="export" className="mb-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="export" className="mb-2 text-lg font-semibold">
          {t("adminImport.download")}
        </h2>
        <p className="mb-3 text-sm text-slate-600">{t("adminImport.downloadHint")}</p>
        <div className="flex flex-wrap gap-3">
          <a
            href="/admin/export?format=json"
            download
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
            data-testid="export-json"
          >
            {t("adminImport.jsonFull")}
          </a>
          <a
            href="/admin/export?format=csv"
            download
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
            data-testid="export-csv"
          >
            {t("adminImport.csvRows")}
          </a>
        </div>
      </section>

      <section aria-labelledby="upload" className="mb-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="upload" className="mb-2 text-lg font-semibold">
          {file ? t("adminImport.chooseAnother") : t("adminImport.choose")}
        </h2>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="upload" />
          <div>
            <label htmlFor="import-upload" className="block text-sm font-medium text-slate-800">
              {t("adminImport.fileField", { mb: Math.round(limits.maxBytes / 1_000_000) })}
            </label>
            <input
              id="import-upload"
              name="upload"
              type="file"
              required
              accept=".csv,.tsv,.txt,.md,.markdown,.json,text/csv,text/markdown,application/json"
              className="mt-1 text-sm"
            />
          </div>
          <button
            type="submit"
            disabled={busy === "upload"}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {busy === "upload" ? t("adminImport.reading") : t("adminImport.read")}
          </button>
        </Form>
      </section>

      {problem && (
        <p
          role="alert"
          data-testid="import-problem"
          className="mb-6 rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900"
        >
          {problem}
        </p>
      )}

      {file && choices && (
        <section aria-labelledby="mapping" className="mb-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="mapping" className="mb-2 text-lg font-semibold">
            {file.format === "csv" ? t("adminImport.mapColumns") : t("adminImport.options")}
          </h2>
          <p className="mb-4 text-sm text-slate-600" data-testid="import-file">
            {t("adminImport.fileIs", {
              name: file.fileName || t("adminImport.theFile"),
              format: file.format,
              columns: file.columns.join(", "),
            })}
          </p>
          <Form method="get" className="grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="file" value={file.id} />
            {file.format === "csv" &&
              IMPORT_FIELDS.map((field) => (
                <div key={field}>
                  <label htmlFor={`map-${field}`} className="block text-sm font-medium text-slate-800">
                    {importFieldLabel(field)}
                  </label>
                  <select
                    id={`map-${field}`}
                    name={`map.${field}`}
                    defaultValue={choices.mapping[field] ?? ""}
                    className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
                  >
                    <option value="">{t("adminImport.notImported")}</option>
                    {file.columns.map((column) => (
                      <option key={column} value={column}>
                        {column}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" name="createCategories" defaultChecked={choices.createCategories} />
              {t("adminImport.createCategories")}
            </label>
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" name="keepDescriptions" defaultChecked={choices.keepDescriptions} />
              {t("adminImport.keepDescriptions")}
            </label>
            <div className="sm:col-span-2">
              <button
                type="submit"
                className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-100"
              >
                {t("adminImport.dryRunAgain")}
              </button>
            </div>
          </Form>
        </section>
      )}

      {file && choices && plan && (
        <section aria-labelledby="dry-run" className="mb-8">
          <h2 id="dry-run" className="mb-2 text-lg font-semibold">
            {t("adminImport.dryRun")}
          </h2>
          <p className="mb-3 text-sm text-slate-700" data-testid="import-counts">
            {t("adminImport.counts", plan.counts)}
            {plan.categories.length > 0 &&
              t("adminImport.categoriesTo", {
                list: plan.categories
                  .map((category) =>
                    t("adminImport.categoryAction", { action: category.action, label: category.label }),
                  )
                  .join(", "),
              })}
            .
            {plan.total > plan.rows.length &&
              plan.rows.length > 0 &&
              t("adminImport.shown", { first: plan.rows[0]!.line, last: plan.rows.at(-1)!.line, total: plan.total })}
          </p>
          {plan.rows.length > 0 && <RowsTable rows={plan.rows} caption={t("adminImport.wouldDo")} />}
          {plan.skipped.length > 0 && <SkippedLines lines={plan.skipped} />}
          {(plan.after > 0 || plan.nextAfter !== null) && (
            <nav aria-label={t("adminImport.rowsOfRun")} className="mt-3 flex gap-4 text-sm font-medium">
              {plan.after > 0 && (
                <Link to={pageOfRows(0)} className="text-brand-700 hover:underline">
                  {t("adminImport.firstRows")}
                </Link>
              )}
              {plan.nextAfter !== null && (
                <Link
                  to={pageOfRows(plan.nextAfter)}
                  className="text-brand-700 hover:underline"
                  data-testid="import-next-rows"
                >
                  {t("adminImport.nextRows")}
                </Link>
              )}
            </nav>
          )}
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="import" />
            <input type="hidden" name="file" value={file.id} />
            {Object.entries(choices.mapping).map(([field, column]) => (
              <input key={field} type="hidden" name={`map.${field}`} value={column} />
            ))}
            {choices.createCategories && <input type="hidden" name="createCategories" value="on" />}
            {choices.keepDescriptions && <input type="hidden" name="keepDescriptions" value="on" />}
            <button
              type="submit"
              disabled={busy === "import" || plan.counts.create + plan.counts.update === 0}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {busy === "import"
                ? t("adminImport.importing")
                : t("adminImport.import", { count: plan.counts.create + plan.counts.update })}
            </button>
          </Form>
        </section>
      )}
    </>
  );
}
