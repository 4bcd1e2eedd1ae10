/** A read-only text to copy (the newsletter digest, a badge's snippets), with a Copy button once the page runs JavaScript. */
import { useT } from "../i18n.tsx";
import { useRef, useSyncExternalStore } from "react";
import { useToast } from "./toast.tsx";

/** No store to watch: the value only tells the server's render (false) from the browser's once hydrated (true). */
const subscribeToNothing = () => () => {};

/** A read-only text to copy. The Copy button needs JavaScript, so it appears once the page is hydrated; before, the text can be selected by hand. */
export function CopyableText({
  id,
  label,
  text,
  rows = 14,
}: {
  id: string;
  label: string;
  text: string;
  rows?: number;
}) {
  const isHydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const toast = useToast();
  const t = useT();
  const textarea = useRef<HTMLTextAreaElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast(t("copy.copied", { label }));
    } catch {
      textarea.current?.select();
      toast(t("copy.refused"));
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
        {isHydrated && (
          <button
            type="button"
            onClick={() => void copy()}
            data-testid={`copy-${id}`}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-100"
          >
            {t("copy.copy")}
          </button>
        )}
      </div>
      <textarea
        id={id}
        ref={textarea}
        readOnly
        value={text}
        rows={rows}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-xs text-slate-800 focus:border-brand-500 focus:outline-none"
      />
    </div>
  );
}
