/** Reads of categories. */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories } from "../db/schema.ts";

export const categoryColumns = {
  id: categories.id,
  label: categories.label,
  slug: categories.slug,
  description: categories.description,
  color: categories.color,
};

export type Category = { id: string; label: string; slug: string; description: string; color: string };

export function categoryQueries(db: Database) {
  return {
    /** Every category, sorted by label (SPEC section 7). */
    async listCategories(): Promise<Category[]> {
      return db.select(categoryColumns).from(categories).orderBy(asc(categories.label));
    },

    async findCategoryBySlug(slug: string): Promise<Category | undefined> {
      const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.slug, slug)).limit(1);
      return row;
    },
  };
}
