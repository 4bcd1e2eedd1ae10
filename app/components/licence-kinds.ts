/** The words cards, tool pages and the console name each licence kind by (decision 060). */
import type { LicenceKind } from "#common/repository.ts";

export { LICENCE_KINDS } from "#common/repository.ts";

export const LICENCE_KIND_KEYS = {
  "open-source": "card.licence.open-source",
  "source-available": "card.licence.source-available",
  proprietary: "card.licence.proprietary",
} as const satisfies Record<LicenceKind, string>;
