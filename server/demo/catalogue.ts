/**
 * Loads the demo catalogue (content/catalogue) into an empty database, so a fresh install has a living home page: its
 * tools, and the real logos of those a brand icon covers (decision 030).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { z } from "#common/zod.ts";
import { PAYMENT_TYPES } from "#common/constants.ts";
import { createId } from "#common/ids.ts";
import { slugify } from "#common/slugify.ts";
import type { Database } from "../db/client.ts";
import { CONTENT_DIR } from "../paths.ts";
import { BRAND_ICON_SLUG, renderBrandLogo } from "../images/brand-logos.ts";
import { storeToolImage } from "../images/process.ts";
import type { FileStorage } from "../storage/files.ts";
import { licenceColumns } from "../tools/licences.ts";
import { buildToolRow } from "../tools/lifecycle/rows.ts";
import { categories, tools } from "../db/schema.ts";

const CATALOGUE = path.join(CONTENT_DIR, "catalogue");

const catalogueCategory = z.object({
  label: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  description: z.string().min(1),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});

const catalogueTool = z.object({
  name: z.string().min(1),
  website: z.url({ protocol: /^https$/ }),
  /** The tool's own brand icon in simple-icons, named explicitly: its logo. Tools without one show their initials. */
  icon: z.string().regex(BRAND_ICON_SLUG).optional(),
  shortDesc: z.string().min(1),
  longDesc: z.string().min(1),
  categories: z.array(z.string()).min(1).max(3),
  tags: z.array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)).min(1),
  paymentType: z.enum(PAYMENT_TYPES),
  pros: z.array(z.string()).optional(),
  cons: z.array(z.string()).optional(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).optional(),
  featured: z.boolean().optional(),
  /** Its licence, an SPDX expression (decision 060); its kind follows from it. */
  licence: z.string().min(1).optional(),
  /** Whether it can be self-hosted, as the catalogue's editors checked. */
  selfHostable: z.boolean().optional(),
});

export type CatalogueCategory = z.infer<typeof catalogueCategory>;
export type CatalogueTool = z.infer<typeof catalogueTool>;

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const text = readFileSync(path.join(CATALOGUE, file), "utf8");
  return schema.parse(JSON.parse(text));
}

/** The demo catalogue as shipped in content/catalogue, validated. */
export function readDemoCatalogue() {
  const categoryList = readJson("categories.json", z.array(catalogueCategory));
  const toolList = readJson("tools.json", z.array(catalogueTool));
  const slugs = new Set(categoryList.map((category) => category.slug));
  const icons = new Set<string>();
  for (const tool of toolList) {
    if (tool.icon && icons.has(tool.icon))
      throw new Error(`content/catalogue/tools.json: ${tool.name} shares the icon "${tool.icon}" with another tool`);
    if (tool.icon) icons.add(tool.icon);
    for (const slug of tool.categories) {
      if (!slugs.has(slug))
        throw new Error(`content/catalogue/tools.json: ${tool.name} names unknown category "${slug}"`);
    }
  }
  return { categories: categoryList, tools: toolList };
}

/** Hours between two demo tools' creation dates, newest first, so the home list looks like a living directory. */
const DEMO_SPACING_HOURS = 19;

export type SeedOptions = {
  /** Where the tools' logos are stored, as uploads are; without it, every tool shows its initials. */
  storage?: FileStorage;
  now?: Date;
};

/**
 * Inserts the demo catalogue when the database holds no category and no tool yet.
 * Returns what it inserted (the new tools' ids, for their snapshots), or null when the database was not empty.
 */
export async function seedDemoCatalogue(db: Database, { storage, now = new Date() }: SeedOptions = {}) {
  const [categoryCount] = await db.select({ n: count() }).from(categories);
  const [toolCount] = await db.select({ n: count() }).from(tools);
  if ((categoryCount?.n ?? 0) > 0 || (toolCount?.n ?? 0) > 0) return null;

  const catalogue = readDemoCatalogue();
  const categoryIds = new Map<string, string>();
  const categoryRows = catalogue.categories.map((category) => {
    const id = createId("c", now);
    categoryIds.set(category.slug, id);
    return {
      id,
      label: category.label,
      slug: slugify(category.label),
      description: category.description,
      color: category.color,
      createdAt: now,
      updatedAt: now,
    };
  });

  const toolRows = catalogue.tools.map((tool, index) => {
    const createdAt = new Date(now.getTime() - index * DEMO_SPACING_HOURS * 3_600_000);
    return buildToolRow({
      name: tool.name,
      website: tool.website,
      shortDesc: tool.shortDesc,
      longDesc: tool.longDesc,
      categories: tool.categories.map((slug) => categoryIds.get(slug)!),
      tags: tool.tags,
      paymentType: tool.paymentType,
      pros: tool.pros ?? null,
      cons: tool.cons ?? null,
      faq: tool.faq ?? null,
      isVerified: true,
      isHomeBoosted: tool.featured ?? false,
      ...licenceColumns(tool.licence),
      selfHostable: tool.selfHostable ? "confirmed" : null,
      verifiedAt: createdAt,
      createdAt,
    });
  });

  // The logos are stored before the rows that show them: a file left by a failed insert is swept as an unused upload.
  if (storage) {
    await Promise.all(
      catalogue.tools.map(async (tool, index) => {
        if (!tool.icon) return;
        const row = toolRows[index]!;
        row.logo = await storeToolImage(storage, row.id, "logo", await renderBrandLogo(tool.icon));
      }),
    );
  }

  await db.transaction(async (tx) => {
    await tx.insert(categories).values(categoryRows);
    await tx.insert(tools).values(toolRows);
  });
  return { categories: categoryRows.length, toolIds: toolRows.map((row) => row.id) };
}
