/**
 * The tool lifecycle (docs/product.md §4): submit, edit, verify, ask for changes or reject, claim and accept or refuse the
 * claim, skip the waiting line, merge a duplicate submission into the listed tool. The maker's steps are in
 * ./submissions.ts, the verifiers' in ./verification.ts, duplicates in ./duplicates.ts; the pages and the console reach
 * them as one service.
 */
import { toolDuplicates } from "./duplicates.ts";
import type { LifecycleDependencies } from "./shared.ts";
import { toolVerification } from "./verification.ts";
import { toolSubmissions } from "./submissions.ts";

export function toolLifecycle(deps: LifecycleDependencies) {
  return { ...toolSubmissions(deps), ...toolVerification(deps), ...toolDuplicates(deps) };
}

export type ToolLifecycle = ReturnType<typeof toolLifecycle>;
