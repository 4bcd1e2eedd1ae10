/** Every kind of audit record (decision 049); the console names each in its language (adminAudit.kind, through auditKindKey). */
export const AUDIT_KIND_NAMES = [
  "tool.verified",
  "tool.refused",
  "tool.changes-requested",
  "tool.merged",
  "tool.edited",
  "tool.restored",
  "tool.flag",
  "tool.licence",
  "tool.self-hosting",
  "tool.moved-to-front",
  "tool.identity-confirmed",
  "claim.accepted",
  "claim.refused",
  "user.role",
  "user.disabled",
  "category.created",
  "category.updated",
  "settings.updated",
  "featuring.granted",
  "review.moderated",
  "webhook.created",
  "webhook.updated",
  "webhook.secret-rotated",
  "webhook.deleted",
  "api-key.revoked",
  "newsletter.sent",
  "featuring.offer",
  "featuring.places",
  "catalogue.imported",
  "top-list.created",
  "top-list.updated",
  "top-list.removed",
  "delivery.retried",
  "sponsor.placement",
  "sponsor.approved",
  "sponsor.rejected",
  "link.resolved",
] as const;
export type AuditKind = (typeof AUDIT_KIND_NAMES)[number];

/** A kind as the catalogue's select names it: "tool.changes-requested" is toolChangesRequested. */
export function auditKindKey(kind: string): string {
  return kind.replace(/[.-](\w)/g, (_, first: string) => first.toUpperCase());
}
