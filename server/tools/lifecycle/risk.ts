/**
 * A queued tool's risk of being spam, as the verification queue shows it: a score from 0 to 100 and the reasons behind
 * it. A pure function over signals gathered elsewhere (./risk-signals.ts), so each signal is added on its own.
 */
import { say } from "#common/i18n/say.ts";

/** An account younger than this is new. */
export const NEW_ACCOUNT_HOURS = 24;

/** Words that spam submissions carry and tools for indie developers seldom do (whole words, any case). */
export const SPAMMY_WORDS = [
  "casino",
  "betting",
  "gambling",
  "viagra",
  "cialis",
  "porn",
  "escort",
  "payday",
  "loan",
  "forex",
  "airdrop",
  "giveaway",
  "backlinks",
  "buy followers",
  "replica",
  "essay writing",
  "weight loss",
  "get rich",
] as const;

export type RiskSignals = {
  /** Hours between the submitter's sign-up and the submission; null when the submitter is unknown. */
  accountAgeHours: number | null;
  /** The submitter's address is at a disposable e-mail service. */
  disposableEmail: boolean;
  /** The spammy words found in the tool's name and descriptions. */
  spammyWords: string[];
  /** A listed or queued tool this one seems to repeat (its name). */
  duplicateOf?: string;
  /** The website did not answer when it was checked. */
  deadLink?: boolean;
};

export type Risk = { score: number; level: "low" | "medium" | "high"; reasons: string[] };

const WEIGHTS = {
  newAccount: 25,
  disposableEmail: 35,
  spammyWord: 15,
  spammyWordsMax: 30,
  duplicate: 30,
  deadLink: 30,
} as const;

export function toolRisk(signals: RiskSignals): Risk {
  let score = 0;
  const reasons: string[] = [];
  if (signals.accountAgeHours !== null && signals.accountAgeHours < NEW_ACCOUNT_HOURS) {
    score += WEIGHTS.newAccount;
    const hours = Math.max(0, Math.floor(signals.accountAgeHours));
    reasons.push(say("adminQueue.riskNewAccount", { hours }));
  }
  if (signals.disposableEmail) {
    score += WEIGHTS.disposableEmail;
    reasons.push(say("adminQueue.riskDisposable"));
  }
  if (signals.spammyWords.length > 0) {
    score += Math.min(WEIGHTS.spammyWordsMax, signals.spammyWords.length * WEIGHTS.spammyWord);
    reasons.push(say("adminQueue.riskWords", { words: signals.spammyWords.join(", ") }));
  }
  if (signals.duplicateOf) {
    score += WEIGHTS.duplicate;
    reasons.push(say("adminQueue.riskDuplicate", { tool: signals.duplicateOf }));
  }
  if (signals.deadLink) {
    score += WEIGHTS.deadLink;
    reasons.push(say("adminQueue.riskNoAnswer"));
  }
  score = Math.min(100, score);
  return { score, level: score >= 50 ? "high" : score >= 25 ? "medium" : "low", reasons };
}

/** The spammy words of SPAMMY_WORDS that `text` holds, each once, in the list's order. */
export function findSpammyWords(text: string): string[] {
  const lower = text.toLowerCase();
  return SPAMMY_WORDS.filter((word) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${word.replace(/ /g, "\\s+")}s?($|[^\\p{L}\\p{N}])`, "u").test(lower),
  );
}
