/**
 * A tool's history (decision 049): each submission and edit keeps a revision of the fields a maker writes, whoever
 * wrote them. Verifiers and admins compare two revisions; an admin restores one, which is an edit like any other (it
 * keeps its own revision and is audited).
 */
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { ADMIN_PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { type ToolInput, toolInput } from "#common/tool-input.ts";
import { requireAdmin, requireModerator } from "../../access.ts";
import { recordAudit } from "../../audit/audit.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { toolRevisions, tools } from "../../db/schema.ts";
import { keysetPage } from "../../db/keyset.ts";

/** The fields a revision keeps: those the tool form writes, and its images. */
export const REVISED_FIELDS = [
  "name",
  "website",
  "shortDesc",
  "longDesc",
  "categories",
  "tags",
  "paymentType",
  "pros",
  "cons",
  "faq",
  "logo",
  "largeImage",
] as const;
export type RevisedField = (typeof REVISED_FIELDS)[number];
export type RevisionValues = Record<RevisedField, unknown>;

type ToolRow = typeof tools.$inferSelect;

/** A tool's revised fields, an empty list and none alike. */
export function revisionValues(tool: ToolRow): RevisionValues {
  return {
    name: tool.name,
    website: tool.website,
    shortDesc: tool.shortDesc,
    longDesc: tool.longDesc ?? "",
    categories: tool.categories,
    tags: tool.tags,
    paymentType: tool.paymentType,
    pros: tool.pros ?? [],
    cons: tool.cons ?? [],
    faq: tool.faq ?? [],
    logo: tool.logo ?? null,
    largeImage: tool.largeImage ?? null,
  };
}

/** Keeps the tool's values as a revision, in the transaction that wrote them. */
export async function keepRevision(
  tx: Database | Transaction,
  tool: ToolRow,
  actor: Pick<SessionUser, "id" | "username">,
): Promise<void> {
  await tx
    .insert(toolRevisions)
    .values({ toolId: tool.id, actorId: actor.id, actorName: actor.username, values: revisionValues(tool) });
}

export type Revision = typeof toolRevisions.$inferSelect;
/** One field of a comparison: its value in each revision. */
export type FieldChange = { field: RevisedField; before: unknown; after: unknown };

export function toolHistory({
  db,
  updateTool,
}: {
  db: Database;
  /** The lifecycle's edit, which a restore goes through: its checks, its revision, its notices. */
  updateTool: (
    user: SessionUser | null,
    id: string,
    input: ToolInput,
    images: { logo?: string; largeImage?: string },
  ) => Promise<ToolRow>;
}) {
  async function toolOf(id: string) {
    const [tool] = await db.select().from(tools).where(eq(tools.id, id)).limit(1);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundById);
    return tool;
  }

  return {
    /** The tool's revisions, newest first, a page after `cursor` (verifiers and admins). */
    async listRevisions(
      user: SessionUser | null,
      toolId: string,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ) {
      requireModerator(user);
      const tool = await toolOf(toolId);
      const rows = await db
        .select()
        .from(toolRevisions)
        .where(and(eq(toolRevisions.toolId, toolId), cursor ? lt(toolRevisions.id, Number(cursor.id)) : undefined))
        .orderBy(desc(toolRevisions.id))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: 0, id: String(last.id) }));
      return { tool: { id: tool.id, name: tool.name, slug: tool.slug }, revisions: items, nextCursor };
    },

    /** What changed from revision `from` to revision `to` of the tool, field by field (verifiers and admins). */
    async compareRevisions(
      user: SessionUser | null,
      toolId: string,
      from: number,
      to: number,
    ): Promise<{ from: Revision; to: Revision; changes: FieldChange[] }> {
      requireModerator(user);
      const rows = await db
        .select()
        .from(toolRevisions)
        .where(and(eq(toolRevisions.toolId, toolId), inArray(toolRevisions.id, [from, to])));
      const [older, newer] = [rows.find((row) => row.id === from), rows.find((row) => row.id === to)];
      if (!older || !newer) throw new AppError("not-found", MESSAGES.history.noSuchRevision);
      const changes = REVISED_FIELDS.filter(
        (field) => JSON.stringify(older.values[field] ?? null) !== JSON.stringify(newer.values[field] ?? null),
      ).map((field) => ({
        field,
        before: older.values[field] ?? null,
        after: newer.values[field] ?? null,
      }));
      return { from: older, to: newer, changes };
    },

    /** Puts the tool's fields back as revision `revisionId` left them (admins only): an edit, audited as a restore too. */
    async restoreRevision(user: SessionUser | null, toolId: string, revisionId: number): Promise<ToolRow> {
      const admin = requireAdmin(user);
      const [revision] = await db
        .select()
        .from(toolRevisions)
        .where(and(eq(toolRevisions.toolId, toolId), eq(toolRevisions.id, revisionId)));
      if (!revision) throw new AppError("not-found", MESSAGES.history.noSuchRevision);
      const values = revision.values;
      const input = toolInput.parse({
        ...values,
        tags: ((values.tags as string[] | undefined) ?? []).join(","),
        longDesc: values.longDesc ?? "",
      });
      const images = {
        ...(typeof values.logo === "string" ? { logo: values.logo } : {}),
        ...(typeof values.largeImage === "string" ? { largeImage: values.largeImage } : {}),
      };
      const restored = await updateTool(admin, toolId, input, images);
      await recordAudit(db, admin, {
        kind: "tool.restored",
        toolId,
        subject: restored.name,
        after: { revision: revisionId, of: revision.at.toISOString() },
      });
      return restored;
    },
  };
}

export type ToolHistory = ReturnType<typeof toolHistory>;
