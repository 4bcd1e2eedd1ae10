/** The words cards, tool pages, /my-tools and the console name each licence kind and repository health by (decision 060). */
import type { LicenceKind, RepositoryHealth } from "#common/repository.ts";

export { LICENCE_KIND_KEYS, LICENCE_KINDS } from "#common/repository.ts";

/** What each kind means, in a line. */
export const KIND_HINT_KEYS = {
  "open-source": "facts.kindHint.open-source",
  "source-available": "facts.kindHint.source-available",
  proprietary: "facts.kindHint.proprietary",
} as const satisfies Record<LicenceKind, string>;

export const HEALTH_KEYS = {
  maintained: "facts.health.maintained",
  slowing: "facts.health.slowing",
  unmaintained: "facts.health.unmaintained",
  archived: "facts.health.archived",
} as const satisfies Record<RepositoryHealth, string>;
