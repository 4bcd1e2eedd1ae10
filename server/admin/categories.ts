/** Categories as admins keep them (docs/product.md §7: add a category; read them sorted by label): add and edit. */
import { and, asc, eq, sql } from "drizzle-orm";
import { createId } from "#common/ids.ts";
import { AppError } from "#common/errors.ts";
import type { CategoryInput } from "#common/schemas/moderation.ts";
import { MESSAGES } from "#common/messages.ts";
import type { SessionUser } from "#common/access.ts";
import { type Database, isUniqueViolation } from "../db/client.ts";
import { categories, categorySlugRedirects, tools } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { isPublicTool } from "../tools/read/queries.ts";
import { requireAdmin } from "../access.ts";
import { changedFields, recordAudit } from "../audit/audit.ts";

export type ModeratedCategory = {
  id: string;
  label: string;
  slug: string;
  description: string;
  color: string;
  toolCount: number;
};

const columns = {
  id: categories.id,
  label: categories.label,
  slug: categories.slug,
  description: categories.description,
  color: categories.color,
  toolCount: categories.toolCount,
};

const slugTaken = () => new AppError("aborted", MESSAGES.moderation.slugTaken, { slug: MESSAGES.moderation.slugTaken });

export type AdminCategoriesDependencies = {
  db: Database;
  logger: Logger;
  writeToolSnapshot: (id: string) => Promise<void>;
};

export function adminCategories({ db, logger, writeToolSnapshot }: AdminCategoriesDependencies) {
  /** Runs a write; another category holding the slug (found first, or caught by categories_slug_key in a race) is the slug field's error. */
  async function withUniqueSlug<T>(slug: string, exceptId: string | null, write: () => Promise<T>): Promise<T> {
    const [holder] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)).limit(1);
    if (holder && holder.id !== exceptId) throw slugTaken();
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  }

  /** Live tools' snapshots carry their categories' label, slug and colour: those of this category are rewritten (tools_categories_idx finds them). */
  async function refreshSnapshotsOf(categoryId: string) {
    const rows = await db
      .select({ id: tools.id })
      .from(tools)
      .where(and(isPublicTool, sql`${tools.categories} @> array[${categoryId}]::text[]`));
    for (const { id } of rows) {
      try {
        await writeToolSnapshot(id);
      } catch (error) {
        // The snapshot is a cache the tool page falls back from; the category itself is saved.
        logger.error(`rewriting the snapshot of tool ${id} failed`, error);
      }
    }
  }

  return {
    /** Every category with its number of live tools, sorted by label. */
    async listCategories(user: SessionUser | null): Promise<ModeratedCategory[]> {
      requireAdmin(user);
      return db.select(columns).from(categories).orderBy(asc(categories.label), asc(categories.id));
    },

    /** Adds a category; its page, the footer and the forms list it at once. */
    async createCategory(user: SessionUser | null, input: CategoryInput): Promise<ModeratedCategory> {
      const admin = requireAdmin(user);
      const [created] = await withUniqueSlug(input.slug, null, () =>
        db.transaction(async (tx) => {
          const rows = await tx
            .insert(categories)
            .values({ id: createId("c"), ...input })
            .returning(columns);
          await recordAudit(tx, admin, { kind: "category.created", subject: input.label, after: { ...input } });
          return rows;
        }),
      );
      return created!;
    },

    /**
     * Changes a category's label, slug, description or colour. Its tools keep it: they refer to it by id. A changed slug
     * leaves its former address behind, which redirects to the new one (a category's current slug wins over it).
     */
    async updateCategory(user: SessionUser | null, id: string, input: CategoryInput): Promise<ModeratedCategory> {
      const admin = requireAdmin(user);
      const [updated] = await withUniqueSlug(input.slug, id, () =>
        db.transaction(async (tx) => {
          const [before] = await tx.select(columns).from(categories).where(eq(categories.id, id)).for("update");
          const rows = await tx
            .update(categories)
            .set({ ...input, updatedAt: new Date() })
            .where(eq(categories.id, id))
            .returning(columns);
          const changed = before ? changedFields(before, { ...input }) : null;
          if (changed) await recordAudit(tx, admin, { kind: "category.updated", subject: input.label, ...changed });
          if (before && before.slug !== input.slug) {
            // The new slug is this category's address now: a former address of that name yields to it.
            await tx.delete(categorySlugRedirects).where(eq(categorySlugRedirects.oldSlug, input.slug));
            await tx
              .insert(categorySlugRedirects)
              .values({ oldSlug: before.slug, categoryId: id })
              .onConflictDoUpdate({
                target: categorySlugRedirects.oldSlug,
                set: { categoryId: id, createdAt: new Date() },
              });
          }
          return rows;
        }),
      );
      if (!updated) throw new AppError("not-found", MESSAGES.moderation.categoryNotFound);
      await refreshSnapshotsOf(id);
      return updated;
    },
  };
}
