/** Form pieces shared by every form: a labelled field with its inline error, a message, and a submit button that shows it is working. */
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { useNavigation } from "react-router";

export function Field({
  label,
  name,
  error,
  hint,
  ...input
}: { label: string; name: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  // A page with several forms of the same fields gives each its own id.
  const id = input.id ?? `field-${name}`;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`w-full rounded-lg border bg-white px-3 py-2 text-sm focus:outline-none ${error ? "border-rose-500 focus:border-rose-600" : "border-slate-300 focus:border-brand-500"}`}
        {...input}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled text area with its inline error: Field's twin for longer text. */
export function TextAreaField({
  label,
  name,
  error,
  ...textarea
}: { label: string; name: string; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = textarea.id ?? `field-${name}`;
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded-lg border bg-white px-3 py-2 text-sm focus:outline-none ${error ? "border-rose-500" : "border-slate-300 focus:border-brand-500"}`}
        {...textarea}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-700">
          {error}
        </p>
      )}
    </>
  );
}

export function FormMessage({ message, tone = "error" }: { message?: string; tone?: "error" | "success" }) {
  if (!message) return null;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg px-3 py-2 text-sm ${tone === "error" ? "bg-rose-50 text-rose-800" : "bg-emerald-50 text-emerald-800"}`}
    >
      {message}
    </p>
  );
}

/** A submit button; while its form is being sent it says so and cannot be pressed twice. */
export function SubmitButton({
  children,
  pendingText,
  name,
  value,
}: {
  children: ReactNode;
  pendingText: string;
  name?: string;
  value?: string;
}) {
  const navigation = useNavigation();
  const isPending =
    navigation.state === "submitting" && (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={isPending}
      className="w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
    >
      {isPending ? pendingText : children}
    </button>
  );
}

/** The card a sign-in or sign-up form sits in. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="mt-6 space-y-4">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
    </main>
  );
}
