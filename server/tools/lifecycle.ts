/**
 * The tool lifecycle (SPEC section 4): submit, edit, verify or reject, claim and accept or refuse the claim, skip the
 * waiting line. The maker's steps are in ./submissions.ts, the verifiers' in ./reviews.ts; the pages and the console
 * reach both as one service.
 */
import type { LifecycleDependencies } from "./lifecycle-shared.ts";
import { toolReviews } from "./reviews.ts";
import { toolSubmissions } from "./submissions.ts";

export function toolLifecycle(deps: LifecycleDependencies) {
  return { ...toolSubmissions(deps), ...toolReviews(deps) };
}

export type ToolLifecycle = ReturnType<typeof toolLifecycle>;
