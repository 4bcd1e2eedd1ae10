/** The signals of a queued tool's risk (server/tools/lifecycle/risk.ts) that its row and its submitter's give. */
import { isDisposableEmail } from "disposable-email-domains-js";
import { findSpammyWords, type RiskSignals } from "./risk.ts";

export type RiskSource = {
  name: string;
  shortDesc: string;
  longDesc: string;
  /** When the tool was submitted. */
  createdAt: Date;
  submitter: { email: string; createdAt: string } | null;
};

/** The new account, disposable address and spammy words signals; duplicates and dead links come from their own checks. */
export function riskSignalsOf(tool: RiskSource): RiskSignals {
  const signedUpAt = tool.submitter ? Date.parse(tool.submitter.createdAt) : Number.NaN;
  return {
    accountAgeHours: Number.isNaN(signedUpAt) ? null : (tool.createdAt.getTime() - signedUpAt) / 3_600_000,
    disposableEmail: tool.submitter ? isDisposableEmail(tool.submitter.email) : false,
    spammyWords: findSpammyWords(`${tool.name}\n${tool.shortDesc}\n${tool.longDesc}`),
  };
}
