/**
 * A tool's repository as visitors read it (decision 060): the facts its forge last gave, and its health, archived or by
 * the days since its last commit, with awesome-selfhosted's thresholds (186 days flags a project, a year drops it).
 */

/** A licence's kinds (server/tools/licences.ts classifies the SPDX licences); none when a licence is not recognised. */
export const LICENCE_KINDS = ["open-source", "source-available", "proprietary"] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

/** The words that name each kind, in the catalogues: on cards, tool pages, llms.txt. */
export const LICENCE_KIND_KEYS = {
  "open-source": "card.licence.open-source",
  "source-available": "card.licence.source-available",
  proprietary: "card.licence.proprietary",
} as const satisfies Record<LicenceKind, string>;

/** A repository's facts are read again once they are this old, so about once a day. */
export const REFRESH_AFTER_HOURS = 20;
/** Facts not read for this many days are stale: the console counts them. */
export const STALE_AFTER_DAYS = 2;

/**
 * Rising (decision 060): the stars a repository gained since last week's record, relative to that record plus this,
 * so that a repository going from 2 stars to 6 does not outrank one gaining a thousand on ten thousand.
 */
export const RISING_DAMPING = 100;

/** The rising score, in ten-thousandths: 0 without last week's record, or when the stars did not grow. */
export function risingScore(stars: number, lastWeek: number | null): number {
  if (lastWeek === null || stars <= lastWeek) return 0;
  return Math.round((10_000 * (stars - lastWeek)) / (lastWeek + RISING_DAMPING));
}

/** No commit for this many days: slowing. */
export const SLOWING_AFTER_DAYS = 186;
/** No commit for this many days: unmaintained. */
export const UNMAINTAINED_AFTER_DAYS = 365;

export const REPOSITORY_HEALTHS = ["maintained", "slowing", "unmaintained", "archived"] as const;
export type RepositoryHealth = (typeof REPOSITORY_HEALTHS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The health of a repository on `now`, or null when its forge gave no commit (an empty repository, or none read yet). */
export function repositoryHealth(
  facts: { isArchived: boolean | null; lastCommitAt: string | Date | null },
  now: Date,
): RepositoryHealth | null {
  if (facts.isArchived) return "archived";
  if (!facts.lastCommitAt) return null;
  const days = (now.getTime() - new Date(facts.lastCommitAt).getTime()) / DAY_MS;
  if (days >= UNMAINTAINED_AFTER_DAYS) return "unmaintained";
  if (days >= SLOWING_AFTER_DAYS) return "slowing";
  return "maintained";
}

/** What one run of the repositories' refresh did: facts read (changed or not), gone, failed, and requests made. */
export type RepositoryRun = {
  read: number;
  unchanged: number;
  missing: number;
  failed: number;
  requests: number;
  /** After the run: the repositories known, and those not read for more than STALE_AFTER_DAYS. */
  repositories: number;
  stale: number;
  /** Until when the forge asked to wait, when the run stopped at a limit. */
  limitedUntil: string | null;
};

/**
 * A tool's repository as its page shows it: where it is, what its forge last said (each date an ISO string), and when
 * the forge last answered. `state` is 'pending' before the first read, 'missing' once the forge says it is gone.
 */
export type RepositoryView = {
  url: string;
  state: "pending" | "read" | "missing";
  stars: number | null;
  forks: number | null;
  isArchived: boolean | null;
  lastCommitAt: string | null;
  latestRelease: { tag: string; publishedAt: string } | null;
  checkedAt: string | null;
  /** Its health when read (repositoryHealth), or null when the forge gave no commit. */
  health: RepositoryHealth | null;
  /** The stars at each week's first read, oldest first, from the first week the directory read them. */
  starsByWeek: { week: string; stars: number }[];
};
