/** The catalogue's key for each value the interface names: a pricing, a kind of report. */
import type { PaymentType, ReportKind } from "../constants.ts";
import type { MessageKey } from "./translate.ts";

export const PAYMENT_KEYS = {
  free: "payment.free",
  freemium: "payment.freemium",
  paid: "payment.paid",
  "open-source": "payment.openSource",
} as const satisfies Record<PaymentType, MessageKey>;

/** A tool's pricing's key; a pricing of an older catalogue that is not one of them is shown as it is written. */
export function paymentKey(paymentType: string): (typeof PAYMENT_KEYS)[PaymentType] | null {
  return (PAYMENT_KEYS as Record<string, (typeof PAYMENT_KEYS)[PaymentType]>)[paymentType] ?? null;
}

export const REPORT_KIND_KEYS = {
  "broken-link": "reportKind.brokenLink",
  "wrong-category": "reportKind.wrongCategory",
  outdated: "reportKind.outdated",
  spam: "reportKind.spam",
  other: "reportKind.other",
} as const satisfies Record<ReportKind, MessageKey>;
