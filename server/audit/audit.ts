/**
 * The audit trail (decision 049): every change a verifier or an admin makes in the console or through the API is
 * recorded (who, what, when, the values before and after) in the change's own transaction, and listed at /admin/audit.
 * The records are never changed: the table's trigger refuses it.
 */
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { ADMIN_PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import type { AuditKind } from "#common/audit-kinds.ts";
import { requireAdmin } from "../access.ts";
import type { Database, Transaction } from "../db/client.ts";
import { auditRecords } from "../db/schema.ts";
import { keysetPage } from "../db/keyset.ts";

/** Who acted: a signed-in verifier or admin, or the operator's command line. */
export type AuditActor = Pick<SessionUser, "id" | "username" | "role"> | "command line";

export type AuditEntry = {
  kind: AuditKind;
  subject: string;
  toolId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Only a verifier's or an admin's changes are the trail's: a maker's own edits leave a revision only. */
function isAudited(actor: AuditActor): boolean {
  return actor === "command line" || actor.role === "verifier" || actor.role === "admin";
}

/** Records a change, in the transaction (or on the connection) that makes it. */
export async function recordAudit(
  db: Database | Transaction,
  actor: AuditActor,
  entries: AuditEntry | AuditEntry[],
): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0 || !isAudited(actor)) return;
  const who =
    actor === "command line"
      ? { actorId: null, actorName: "the command line", actorRole: "admin" }
      : { actorId: actor.id, actorName: actor.username, actorRole: actor.role };
  await db.insert(auditRecords).values(
    list.map((entry) => ({
      ...who,
      kind: entry.kind,
      subject: entry.subject,
      toolId: entry.toolId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}

/** Of two states, the fields that differ: what a record shows before and after. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

export type AuditFilter = { actorId?: string; kind?: AuditKind; toolId?: string };
export type AuditRecord = typeof auditRecords.$inferSelect;

export function auditTrail(db: Database) {
  return {
    /** A page of records, newest first, after `cursor`, of one person, kind or tool when asked (admins only). */
    async listRecords(
      user: SessionUser | null,
      filter: AuditFilter,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ) {
      requireAdmin(user);
      const conditions: (SQL | undefined)[] = [
        filter.actorId ? eq(auditRecords.actorId, filter.actorId) : undefined,
        filter.kind ? eq(auditRecords.kind, filter.kind) : undefined,
        filter.toolId ? eq(auditRecords.toolId, filter.toolId) : undefined,
        cursor ? lt(auditRecords.id, Number(cursor.id)) : undefined,
      ];
      const rows = await db
        .select()
        .from(auditRecords)
        .where(and(...conditions))
        .orderBy(desc(auditRecords.id))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: 0, id: String(last.id) }));
      return { records: items, nextCursor };
    },
  };
}

export type AuditTrail = ReturnType<typeof auditTrail>;
