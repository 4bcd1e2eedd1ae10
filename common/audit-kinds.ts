/** Every kind of audit record (decision 049), with its words for the console. */
export const AUDIT_KINDS = {
  "tool.verified": "Tool verified",
  "tool.refused": "Tool refused",
  "tool.changes-requested": "Changes asked of a maker",
  "tool.merged": "Duplicate merged",
  "tool.edited": "Tool edited",
  "tool.restored": "Tool revision restored",
  "tool.flag": "Tool switched on or off, or featured",
  "tool.moved-to-front": "Tool moved to the front of the queue",
  "tool.identity-confirmed": "Changed name or website confirmed",
  "claim.accepted": "Claim accepted",
  "claim.refused": "Claim refused",
  "user.role": "Role changed",
  "user.disabled": "Account disabled or enabled",
  "category.created": "Category created",
  "category.updated": "Category changed",
  "settings.updated": "Site settings changed",
  "featuring.granted": "Featuring granted",
  "review.moderated": "Review approved, hidden or restored",
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_NAMES = Object.keys(AUDIT_KINDS) as [AuditKind, ...AuditKind[]];
