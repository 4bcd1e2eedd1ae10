/**
 * Software licences by their SPDX id, each with its kind: open source (approved by the Open Source Initiative, as SPDX's
 * licence list marks it: the spdx-license-list package), source-available (the code can be read, but its use is
 * restricted: the Business Source License, SSPL, Elastic, FSL, PolyForm, Commons Clause, non-commercial terms) or
 * proprietary. The one home of the classification. A licence it cannot place (unknown, or known to SPDX but neither
 * OSI-approved nor listed below, such as CC0-1.0) is not recognised: never open source. An admin may then set the
 * kind by hand.
 */
import spdxLicences from "spdx-license-list";
import type { LicenceKind } from "#common/repository.ts";

export type Licence = { id: string; name: string; kind: LicenceKind };

/** SPDX's licences that let anyone read the code but restrict its use (none is OSI-approved). */
const SOURCE_AVAILABLE = new Set([
  "BUSL-1.1",
  "CC-BY-NC-1.0",
  "CC-BY-NC-2.0",
  "CC-BY-NC-2.5",
  "CC-BY-NC-3.0",
  "CC-BY-NC-4.0",
  "CC-BY-NC-SA-1.0",
  "CC-BY-NC-SA-2.0",
  "CC-BY-NC-SA-2.5",
  "CC-BY-NC-SA-3.0",
  "CC-BY-NC-SA-4.0",
  "CC-BY-NC-ND-4.0",
  "Elastic-2.0",
  "FSL-1.1-ALv2",
  "FSL-1.1-MIT",
  "PolyForm-Noncommercial-1.0.0",
  "PolyForm-Small-Business-1.0.0",
  "SSPL-1.0",
]);

/** Terms that are not SPDX licences, as repositories and package files write them (lowercase), with what they are. */
const NOT_IN_SPDX: Record<string, Licence> = {
  // A condition added to an open licence (Redis modules, n8n before its own licence): it forbids selling the software.
  "commons-clause": { id: "Commons-Clause", name: "Commons Clause", kind: "source-available" },
  "licenseref-commons-clause": { id: "Commons-Clause", name: "Commons Clause", kind: "source-available" },
  // n8n's own licence.
  "licenseref-sustainable-use-license": {
    id: "LicenseRef-Sustainable-Use-License",
    name: "Sustainable Use License",
    kind: "source-available",
  },
  // npm's word for "no licence granted", and the usual reference to an all-rights-reserved one.
  unlicensed: { id: "LicenseRef-Proprietary", name: "Proprietary", kind: "proprietary" },
  proprietary: { id: "LicenseRef-Proprietary", name: "Proprietary", kind: "proprietary" },
  "licenseref-proprietary": { id: "LicenseRef-Proprietary", name: "Proprietary", kind: "proprietary" },
};

/** Old SPDX ids, still common, for the ids SPDX uses now. */
const RENAMED: Record<string, string> = {
  "agpl-3.0": "AGPL-3.0-only",
  "gpl-2.0": "GPL-2.0-only",
  "gpl-2.0+": "GPL-2.0-or-later",
  "gpl-3.0": "GPL-3.0-only",
  "gpl-3.0+": "GPL-3.0-or-later",
  "lgpl-2.1": "LGPL-2.1-only",
  "lgpl-2.1+": "LGPL-2.1-or-later",
  "lgpl-3.0": "LGPL-3.0-only",
  "lgpl-3.0+": "LGPL-3.0-or-later",
};

const SPDX_BY_LOWER_ID = new Map(Object.keys(spdxLicences).map((id) => [id.toLowerCase(), id]));

/** One licence by its id, in any case, or null when it is not recognised. */
function single(text: string): Licence | null {
  const key = text.trim().toLowerCase();
  if (NOT_IN_SPDX[key]) return NOT_IN_SPDX[key];
  const id = SPDX_BY_LOWER_ID.get(RENAMED[key]?.toLowerCase() ?? key);
  if (!id) return null;
  const { name, osiApproved } = spdxLicences[id]!;
  if (osiApproved) return { id, name, kind: "open-source" };
  if (SOURCE_AVAILABLE.has(id)) return { id, name, kind: "source-available" };
  return null;
}

/**
 * The licence that has a page of its own (/licence/{id}): one licence by its id in any case, open source or
 * source-available; null for an expression, a proprietary licence or one not recognised.
 */
export function licenceWithPage(id: string): Licence | null {
  const licence = /^[A-Za-z0-9.+-]{1,100}$/.test(id) ? single(id) : null;
  return licence && licence.kind !== "proprietary" ? licence : null;
}

/** How open each kind is: a choice ("OR") is as open as its most open option, terms that all apply ("AND") as the least. */
const OPENNESS: Record<LicenceKind, number> = { "open-source": 2, "source-available": 1, proprietary: 0 };

function combine(parts: (Licence | null)[], keep: "most open" | "least open", text: string): Licence | null {
  if (parts.length === 1) return parts[0]!;
  if (parts.some((part) => part === null)) return null;
  const known = parts as Licence[];
  const chosen = known.reduce((best, part) =>
    (keep === "most open" ? OPENNESS[part.kind] > OPENNESS[best.kind] : OPENNESS[part.kind] < OPENNESS[best.kind])
      ? part
      : best,
  );
  return {
    id: text,
    name: known.map((part) => part.name).join(keep === "most open" ? " or " : " and "),
    kind: chosen.kind,
  };
}

/**
 * A licence from its SPDX id or expression ("MIT", "MIT OR Apache-2.0", "Apache-2.0 WITH LLVM-exception",
 * "Apache-2.0 AND Commons-Clause"), or null when it is not recognised. An exception ("WITH") keeps the licence's kind:
 * SPDX's exceptions grant more, never less. Parentheses are read only around the whole expression.
 */
export function classifyLicence(expression: string): Licence | null {
  const text = expression
    .trim()
    .replace(/^\((.*)\)$/, "$1")
    .trim();
  if (!text || text.length > 200 || /[()]/.test(text)) return null;
  const term = (words: string): Licence | null => {
    const [licence, exception, ...rest] = words.trim().split(/\s+WITH\s+/i);
    const found = single(licence!);
    if (!found || exception === undefined) return found;
    if (rest.length > 0 || !/^[A-Za-z0-9.+-]{1,80}$/.test(exception)) return null;
    return { id: words.trim(), name: `${found.name} with ${exception}`, kind: found.kind };
  };
  const options = text.split(/\s+OR\s+/i).map((option) => {
    const terms = option.split(/\s+AND\s+/i);
    return combine(terms.map(term), "least open", option.trim());
  });
  return combine(options, "most open", text);
}

/**
 * A licence as a tool's columns: its SPDX id and kind when recognised; the words as given, and no kind, when not; none
 * for none. The repositories' refresh, an admin handing a licence back to the repository and the catalogues' seeds
 * all store a licence through it.
 */
export function licenceColumns(licence: string | null | undefined): {
  licence: string | null;
  licenceKind: LicenceKind | null;
} {
  if (!licence) return { licence: null, licenceKind: null };
  const classified = classifyLicence(licence);
  return { licence: classified?.id ?? licence, licenceKind: classified?.kind ?? null };
}
