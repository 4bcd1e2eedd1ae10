/**
 * An image of the tool form. Without JavaScript it is a file input sent with the form. With JavaScript the image is
 * uploaded as soon as it is chosen, with its progress shown; the form then sends only the stored image's address.
 * The input is the browser's own, styled as a button: it shows the chosen file's name with or without JavaScript.
 */
import { useWords } from "../i18n.tsx";
import { type ChangeEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";

type Upload = { state: "idle" } | { state: "uploading"; percent: number } | { state: "failed"; message: string };

export function ImageField({
  kind,
  label,
  toolId,
  currentUrl,
  error,
  hint,
}: {
  kind: "logo" | "largeImage";
  label: string;
  toolId: string;
  currentUrl: string;
  error?: string;
  hint: string;
}) {
  const [url, setUrl] = useState(currentUrl);
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  // The chosen image, shown at once, before its upload ends; and its file's name once uploaded (the input is emptied).
  const [preview, setPreview] = useState("");
  const [uploadedName, setUploadedName] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const id = `field-${kind}`;
  const { locale, t } = useWords();
  const message = upload.state === "failed" ? upload.message : error;

  function send(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    // A data: address, which the page's Content-Security-Policy allows for images (blob: it does not).
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === "string" ? reader.result : "");
    reader.readAsDataURL(file);
    setUploadedName("");
    const body = new FormData();
    body.append("file", file);
    const request = new XMLHttpRequest();
    request.open("POST", `/api/v1/tools/${toolId}/images/${kind}`);
    // The API's refusal in the page's language, whatever the browser's own.
    request.setRequestHeader("Accept-Language", locale);
    request.upload.onprogress = (progress) => {
      if (progress.lengthComputable)
        setUpload({ state: "uploading", percent: Math.round((progress.loaded / progress.total) * 100) });
    };
    request.onload = () => {
      const answer = JSON.parse(request.responseText || "{}") as { url?: string; error?: { message: string } };
      if (request.status === 200 && answer.url) {
        // The address is in the form before the file leaves it: a form sent in between carries one or the other.
        flushSync(() => {
          setUrl(answer.url ?? "");
          setUploadedName(file.name);
          setUpload({ state: "idle" });
        });
        // The file went ahead; the form sends its address, not the file again.
        if (input.current) input.current.value = "";
      } else {
        setPreview("");
        setUpload({ state: "failed", message: answer.error?.message ?? t("image.uploadFailed") });
      }
    };
    request.onerror = () => {
      setPreview("");
      setUpload({ state: "failed", message: t("image.uploadOffline") });
    };
    setUpload({ state: "uploading", percent: 0 });
    request.send(body);
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-4">
        {(preview || url) && (
          <img
            src={preview || url}
            alt=""
            className="h-16 w-16 rounded-lg border border-slate-200 object-cover"
            data-testid={`${kind}-preview`}
          />
        )}
        <input
          ref={input}
          id={id}
          name={kind}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
          onChange={send}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint`}
          className="min-w-0 text-sm text-slate-600 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        />
        {uploadedName && (
          <span className="truncate text-sm text-slate-600" data-testid={`${kind}-file-name`}>
            {uploadedName}
          </span>
        )}
      </div>
      <input type="hidden" name={`${kind}Url`} value={url} />
      {upload.state === "uploading" && (
        <div
          role="progressbar"
          aria-label={t("image.uploading", { what: label.toLowerCase() })}
          aria-valuenow={upload.percent}
          aria-valuemin={0}
          aria-valuemax={100}
          className="h-2 overflow-hidden rounded bg-slate-200"
        >
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${upload.percent}%` }} />
        </div>
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint} PNG, JPEG, WebP, GIF or SVG.
      </p>
      {message && <p className="text-sm text-rose-700">{message}</p>}
    </div>
  );
}
