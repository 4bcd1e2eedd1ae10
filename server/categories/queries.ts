/** Reads of categories. */
import { asc, eq } from "drizzle-orm";
import { type KeptReads, unkeptReads } from "../cache/kept-reads.ts";
import { dependsOn, pageTags } from "../cache/page-tags.ts";
import type { Database } from "../db/client.ts";
import { categories, categorySlugRedirects } from "../db/schema.ts";
import { renderMarkdown } from "../markdown.ts";

export const categoryColumns = {
  id: categories.id,
  label: categories.label,
  slug: categories.slug,
  description: categories.description,
  color: categories.color,
};

export type Category = { id: string; label: string; slug: string; description: string; color: string };

/** A category with the number of its live tools (categories.tool_count, kept by a trigger). */
export type CategoryWithCount = Category & { toolCount: number };

/** What a category's own page shows: its longer text already rendered from Markdown. */
export type CategoryPage = CategoryWithCount & { longDescriptionHtml: string | null };

export function categoryQueries(db: Database, keptReads: KeptReads = unkeptReads) {
  return {
    /** Every category, sorted by label (docs/product.md §7). Every page's footer lists them: renders keep them. */
    async listCategories(): Promise<Category[]> {
      return keptReads.read("categories", async () => {
        dependsOn(pageTags.categories);
        return db.select(categoryColumns).from(categories).orderBy(asc(categories.label));
      });
    },

    /** Every category with its number of live tools, sorted by label: the /categories page. */
    async listCategoriesWithCounts(): Promise<CategoryWithCount[]> {
      dependsOn(pageTags.categories);
      const rows = await db
        .select({ ...categoryColumns, toolCount: categories.toolCount })
        .from(categories)
        .orderBy(asc(categories.label));
      // Each count changes with the category's tools.
      dependsOn(...rows.map((row) => pageTags.category(row.id)));
      return rows;
    },

    async findCategoryBySlug(slug: string): Promise<Category | undefined> {
      dependsOn(pageTags.categories);
      const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.slug, slug)).limit(1);
      return row;
    },

    /** The current slug of the category that had `slug` before an admin changed it; undefined when none did. */
    async findMovedCategorySlug(slug: string): Promise<string | undefined> {
      dependsOn(pageTags.categories);
      const [moved] = await db
        .select({ slug: categories.slug })
        .from(categorySlugRedirects)
        .innerJoin(categories, eq(categories.id, categorySlugRedirects.categoryId))
        .where(eq(categorySlugRedirects.oldSlug, slug))
        .limit(1);
      return moved?.slug;
    },

    /** The category at /category/{slug}, with its tool count and its long description as safe HTML. */
    async findCategoryPage(slug: string): Promise<CategoryPage | undefined> {
      const [row] = await db
        .select({ ...categoryColumns, toolCount: categories.toolCount, longDescription: categories.longDescription })
        .from(categories)
        .where(eq(categories.slug, slug))
        .limit(1);
      dependsOn(pageTags.categories);
      if (!row) return undefined;
      dependsOn(pageTags.category(row.id));
      const { longDescription, ...category } = row;
      return { ...category, longDescriptionHtml: longDescription?.trim() ? renderMarkdown(longDescription) : null };
    },
  };
}
