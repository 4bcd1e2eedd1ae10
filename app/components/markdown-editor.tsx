/** The console's Markdown text box with its preview, as the public page will render it (the safe Markdown path). */
import { SubmitButton, TextAreaField } from "./form.tsx";
import { useT } from "../i18n.tsx";

export function MarkdownEditor({
  name,
  label,
  defaultValue,
  error,
  previewHtml,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  previewHtml?: string;
}) {
  const t = useT();
  return (
    <div className="space-y-2">
      <TextAreaField
        label={label}
        name={name}
        defaultValue={defaultValue}
        error={error}
        rows={18}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
      />
      <p className="text-xs text-slate-500">{t("adminEditor.hint")}</p>
      {previewHtml !== undefined && (
        <section
          aria-labelledby={`${name}-preview-heading`}
          data-testid="markdown-preview"
          className="rounded-xl border border-dashed border-slate-300 bg-white p-5"
        >
          <h2
            id={`${name}-preview-heading`}
            className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase"
          >
            {t("adminEditor.preview")}
          </h2>
          <div className="prose" dangerouslySetInnerHTML={{ __html: previewHtml }} />
        </section>
      )}
    </div>
  );
}

/** The editor's two buttons: save (intent=save), or show the preview and keep what was typed (intent=preview). */
export function SaveAndPreview() {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-3">
      <SubmitButton name="intent" value="save" pendingText={t("admin.saving")}>
        {t("admin.save")}
      </SubmitButton>
      <button
        type="submit"
        name="intent"
        value="preview"
        className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        {t("adminEditor.preview")}
      </button>
    </div>
  );
}
