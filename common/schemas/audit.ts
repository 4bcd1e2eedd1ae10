/** The audit trail's and a tool history's queries (decision 049). */
import { z } from "#common/zod.ts";
import { AUDIT_KIND_NAMES } from "../audit-kinds.ts";
import { MESSAGES } from "../messages.ts";
import { pageQuery } from "./lists.ts";
import { toolIdParam } from "./fields.ts";

export const auditQuery = pageQuery.extend({
  actor: z
    .string()
    .regex(/^u[a-z0-9_]{1,40}$/)
    .optional()
    .catch(undefined),
  kind: z.enum(AUDIT_KIND_NAMES).optional().catch(undefined),
  tool: toolIdParam.optional().catch(undefined),
});

const revisionId = z.coerce.number().int().positive();

export const historyQuery = pageQuery.extend({
  from: revisionId.optional().catch(undefined),
  to: revisionId.optional().catch(undefined),
});

export const restoreRevisionInput = z.object({
  revision: revisionId.catch(0).refine((id) => id > 0, { error: () => MESSAGES.history.noSuchRevision }),
});
