/** Why a daily link check stopped short of what it found (decisions 045 and 054), and how a reader is told. */
import type { Translate } from "./i18n/translate.ts";

/**
 * The reference address gave no answer; most websites gave none at once (the site's own network or resolver is down);
 * or more tools failed than a run may hide at once (the breaker).
 */
export type LinkCheckPause =
  | { kind: "reference"; url: string; error: string }
  | { kind: "outage"; unreached: number; probed: number }
  | { kind: "breaker"; due: number; limit: number };

/** What a pause says, in the words `t` writes: the operator's notice in the default language, /admin/links in the admin's. */
export function describePause(t: Translate, pause: LinkCheckPause): string {
  switch (pause.kind) {
    case "reference":
      return t("links.pausedReference", { url: pause.url, error: pause.error });
    case "outage":
      return t("links.pausedOutage", { unreached: pause.unreached, probed: pause.probed });
    case "breaker":
      return t("links.pausedBreaker", { due: pause.due, limit: pause.limit });
  }
}
