/** The development outbox: mail that was written instead of sent (no SMTP configured). It does not exist in production. */
import { data } from "react-router";
import type { Route } from "./+types/dev-outbox";

export function loader({ context }: Route.LoaderArgs) {
  if (context.config.NODE_ENV !== "development") throw data("This page does not exist", { status: 404 });
  return { mails: context.services.mailer.outbox() };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Outbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        Mail written instead of sent, newest first. Set SMTP_URL to send it.
      </p>
      {loaderData.mails.length === 0 && <p className="mt-6 text-slate-600">No mail yet.</p>}
      <ol className="mt-6 space-y-4">
        {loaderData.mails.map((mail) => (
          <li key={`${mail.sentAt}-${mail.to}`} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-500">
              {mail.sentAt} · to {mail.to}
            </p>
            <p className="font-semibold">{mail.subject}</p>
            <pre className="mt-2 text-sm whitespace-pre-wrap">{mail.text}</pre>
          </li>
        ))}
      </ol>
    </main>
  );
}
