/** Pieces the moderation console's sections share: the section's heading, the answer to the last action, compact action buttons and state badges. */
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import type { FormFailure } from "../forms.ts";
import { FormMessage } from "./form.tsx";

/** What a console action answers: what was done, or why it failed. */
export type ModerationResult = { done: string } | FormFailure;

export function SectionHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      {children && <p className="mt-2 text-slate-600">{children}</p>}
    </header>
  );
}

/**
 * The answer to the last action, above the list. A failure tied to a field the page shows beside its input
 * (`inlineFields`) is shown there instead.
 */
export function ActionResult({
  result,
  inlineFields = [],
}: {
  result: ModerationResult | undefined;
  inlineFields?: string[];
}) {
  if (!result) return null;
  if ("done" in result) {
    return (
      <div className="mb-6" data-testid="action-done">
        <FormMessage tone="success" message={result.done} />
      </div>
    );
  }
  if (Object.keys(result.fields).some((field) => inlineFields.includes(field))) return null;
  return (
    <div className="mb-6" data-testid="action-failed">
      <FormMessage message={result.message} />
    </div>
  );
}

const TONES = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  danger: "bg-rose-600 text-white hover:bg-rose-700",
  neutral: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
} as const;

/**
 * A form's submit button sending `intent`. While a form with the same intent and the same `subject` (a tool, a
 * user...) is being sent, it says so and cannot be pressed twice.
 */
export function ActionButton({
  intent,
  subject,
  tone = "neutral",
  pendingText,
  children,
  name = "intent",
  value,
  pressed,
  title,
}: {
  intent: string;
  subject?: string;
  tone?: keyof typeof TONES;
  pendingText?: string;
  children: ReactNode;
  /** A button that sends its own value (a switch's new state) rather than the intent. */
  name?: string;
  value?: string;
  pressed?: boolean;
  title?: string;
}) {
  const navigation = useNavigation();
  const sent = navigation.state === "submitting" ? navigation.formData : undefined;
  const isPending =
    Boolean(sent) &&
    (name === "intent"
      ? sent?.get("intent") === intent
      : sent?.get(name) === value && sent?.get("intent") === intent) &&
    (subject === undefined || [...(sent?.values() ?? [])].includes(subject));
  return (
    <button
      type="submit"
      name={name}
      value={value ?? intent}
      disabled={isPending}
      aria-pressed={pressed}
      title={title}
      className={`inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold disabled:opacity-60 ${TONES[tone]} ${pressed ? "ring-2 ring-brand-500" : ""}`}
    >
      {isPending && pendingText ? pendingText : children}
    </button>
  );
}

export function Badge({
  tone = "slate",
  children,
  testId,
}: {
  tone?: "slate" | "amber" | "emerald" | "rose" | "sky";
  children: ReactNode;
  testId?: string;
}) {
  const colours = {
    slate: "bg-slate-100 text-slate-700",
    amber: "bg-amber-100 text-amber-900",
    emerald: "bg-emerald-100 text-emerald-900",
    rose: "bg-rose-100 text-rose-900",
    sky: "bg-sky-100 text-sky-900",
  };
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours[tone]}`}
    >
      {children}
    </span>
  );
}
