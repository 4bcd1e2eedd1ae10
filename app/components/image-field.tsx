/**
 * An image of the tool form. Without JavaScript it is a file input sent with the form. With JavaScript the image is
 * uploaded as soon as it is chosen, with its progress shown; the form then sends only the stored image's address.
 */
import { type ChangeEvent, useRef, useState } from "react";

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
  const input = useRef<HTMLInputElement>(null);
  const id = `field-${kind}`;
  const message = upload.state === "failed" ? upload.message : error;

  function send(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const body = new FormData();
    body.append("file", file);
    const request = new XMLHttpRequest();
    request.open("POST", `/api/v1/tools/${toolId}/images/${kind}`);
    request.upload.onprogress = (progress) => {
      if (progress.lengthComputable) setUpload({ state: "uploading", percent: Math.round((progress.loaded / progress.total) * 100) });
    };
    request.onload = () => {
      const answer = JSON.parse(request.responseText || "{}") as { url?: string; error?: { message: string } };
      if (request.status === 200 && answer.url) {
        setUrl(answer.url);
        setUpload({ state: "idle" });
        // The file went ahead; the form sends its address, not the file again.
        if (input.current) input.current.value = "";
      } else {
        setUpload({ state: "failed", message: answer.error?.message ?? "The image could not be uploaded. Try again." });
      }
    };
    request.onerror = () => setUpload({ state: "failed", message: "The image could not be uploaded: check your connection and try again." });
    setUpload({ state: "uploading", percent: 0 });
    request.send(body);
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-4">
        {url && <img src={url} alt="" className="h-16 w-16 rounded-lg border border-slate-200 object-cover" data-testid={`${kind}-preview`} />}
        <input
          ref={input}
          id={id}
          name={kind}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
          onChange={send}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint`}
          className="text-sm"
        />
      </div>
      <input type="hidden" name={`${kind}Url`} value={url} />
      {upload.state === "uploading" && (
        <div role="progressbar" aria-label={`Uploading the ${label.toLowerCase()}`} aria-valuenow={upload.percent} aria-valuemin={0} aria-valuemax={100} className="h-2 overflow-hidden rounded bg-slate-200">
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
