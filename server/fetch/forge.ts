/**
 * A code forge (GitHub today; GitLab and Codeberg can follow behind the same type): where a tool's repository lives, and
 * what it says of it. A read is conditional: each of its requests sends the ETag the last answer gave, and a forge
 * answers 304 when nothing changed, keeping the last read's facts (with a token, GitHub counts no 304 against the
 * hourly budget).
 */

/** The longest any answer may stop the reads: a forge's budget fills every hour, whatever a header says. */
export const MAX_WAIT_MS = 3_600_000;

/** A repository on a forge, by its owner and name there. */
export type RepositoryRef = { forge: "github"; owner: string; name: string };

/** What a forge says of a repository, each date as an ISO string. */
export type RepositoryFacts = {
  stars: number;
  forks: number;
  isArchived: boolean;
  /** The SPDX id the forge found in the repository's licence file, or null (none, or one it could not name). */
  licence: string | null;
  /** The newest commit of the default branch; null for an empty repository. */
  lastCommitAt: string | null;
  latestRelease: { tag: string; publishedAt: string } | null;
};

/** The ETags of a read's answers, by request, that make the next read conditional. */
export type Validators = Record<string, string>;

/** The requests left in the forge's budget, and when it fills again, as its last answer said; null when it did not say. */
export type ForgeBudget = { remaining: number; resetAt: string } | null;

/**
 * The outcome of reading a repository: its facts (with `changed` false when every answer was a 304 and the facts are the
 * last read's), that it is gone (deleted, made private, or blocked or disabled by the forge), or that the forge asks to
 * wait until `until`
 * (its budget spent, or a secondary limit). With each, `requests` counts what was asked, `unchanged` the 304s among
 * them, and `budget` what the forge said is left. Any other answer (a 5xx, a body it cannot read) throws.
 */
export type ForgeRead =
  | { kind: "read"; facts: RepositoryFacts; validators: Validators; changed: boolean }
  | { kind: "missing" }
  | { kind: "limited"; until: string };

export type Forge = {
  /** The repository an address names on this forge, or null. */
  repositoryOf(address: string): RepositoryRef | null;
  /** Reads the repository, conditionally on `previous` (the last read's facts and ETags). */
  read(
    ref: RepositoryRef,
    previous?: { facts: RepositoryFacts; validators: Validators },
  ): Promise<ForgeRead & { requests: number; unchanged: number; budget: ForgeBudget }>;
};
