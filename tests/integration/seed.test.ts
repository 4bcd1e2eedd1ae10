import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { count, eq, inArray, sql } from "drizzle-orm";
import { contrastRatio } from "#common/colors.ts";
import { monogramInitials } from "#common/monogram.ts";
import { brandLogoColours, readBrandIcon } from "#server/images/brand-logos.ts";
import { localFileStorage } from "#server/storage/files.ts";
import { categories, tools } from "#server/db/schema.ts";
import { readDemoCatalogue, seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { categoryQueries } from "#server/categories/queries.ts";
import { toolQueries } from "#server/tools/read/queries.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestDatabase } from "../setup/fixtures.ts";

const SPEC_CATEGORIES = [
  "AI",
  "Analytics and Data",
  "Boilerplates",
  "Business and Sales",
  "Customer Service",
  "Design",
  "Development",
  "Directories",
  "Finance and Payment",
  "Hosting and Cloud",
  "Launch",
  "Legal and Compliance",
  "Marketing",
  "Networking and Community Building",
  "Optimization",
  "Productivity",
  "SEO",
];

describe("the demo catalogue file", () => {
  const catalogue = readDemoCatalogue();

  it("holds the spec's built-in categories, each with a description and a colour", () => {
    expect(catalogue.categories.map((category) => category.label)).toEqual(SPEC_CATEGORIES);
  });

  it("holds at least 60 distinct tools, about 6 featured, spread over every category", () => {
    expect(catalogue.tools.length).toBeGreaterThanOrEqual(60);
    expect(new Set(catalogue.tools.map((tool) => tool.website)).size).toBe(catalogue.tools.length);
    expect(catalogue.tools.filter((tool) => tool.featured)).toHaveLength(6);
    for (const category of catalogue.categories) {
      expect(
        catalogue.tools.filter((tool) => tool.categories.includes(category.slug)).length,
        category.label,
      ).toBeGreaterThanOrEqual(3);
    }
    expect(catalogue.tools.filter((tool) => tool.pros?.length).length).toBeGreaterThan(10);
  });

  it("names a real brand icon for most tools, each icon once, drawn legibly", async () => {
    const icons = catalogue.tools.flatMap((tool) => (tool.icon ? [tool.icon] : []));
    expect(icons.length).toBeGreaterThan(catalogue.tools.length / 2);
    expect(new Set(icons).size).toBe(icons.length);
    for (const slug of icons) {
      const { background, icon } = brandLogoColours((await readBrandIcon(slug)).hex);
      // WCAG's 3:1 for graphics.
      expect(contrastRatio(background, icon), slug).toBeGreaterThanOrEqual(3);
    }
  });
});

describe.each(databaseKinds)("seeding on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("loads the catalogue into an empty database once, live and browsable", async () => {
    const first = await seedDemoCatalogue(database.db);
    const catalogue = readDemoCatalogue();
    expect(first?.categories).toBe(catalogue.categories.length);
    expect(first?.toolIds).toHaveLength(catalogue.tools.length);
    expect(await seedDemoCatalogue(database.db)).toBeNull();

    const [{ n: toolCount }] = (await database.db.select({ n: count() }).from(tools)) as [{ n: number }];
    expect(toolCount).toBe(catalogue.tools.length);
    const [{ n: boosted }] = (await database.db
      .select({ n: count() })
      .from(tools)
      .where(eq(tools.isHomeBoosted, true))) as [{ n: number }];
    expect(boosted).toBe(6);
    // Licences and self-hosting, as the catalogue's editors checked them (decision 060).
    const facts = Object.fromEntries(
      (
        await database.db
          .select({ name: tools.name, licence: tools.licence, kind: tools.licenceKind, hosting: tools.selfHostable })
          .from(tools)
          .where(inArray(tools.name, ["Plausible Analytics", "Lucide", "ChatGPT", "Notion"]))
      ).map(({ name, ...rest }) => [name, rest]),
    );
    expect(facts).toMatchObject({
      "Plausible Analytics": { licence: "AGPL-3.0-only", kind: "open-source", hosting: "confirmed" },
      Lucide: { licence: "ISC", kind: "open-source", hosting: null },
      ChatGPT: { licence: "LicenseRef-Proprietary", kind: "proprietary", hosting: null },
    });

    const listed = await categoryQueries(database.db).listCategories();
    expect(listed.map((category) => category.label)).toEqual([...SPEC_CATEGORIES].sort((a, b) => a.localeCompare(b)));
    const featured = await toolQueries(database.db).listFeaturedTools();
    expect(featured).toHaveLength(6);
    const latest = await toolQueries(database.db).listLatestTools({ limit: 100 });
    expect(latest.tools.length).toBe(Math.min(100, catalogue.tools.length));
    expect(latest.tools.every((tool) => tool.categories.length > 0)).toBe(true);

    // Every tool's slug is its slugified name plus its id; its keywords are the words of its name.
    const rows = await database.db
      .select({ id: tools.id, slug: tools.slug, keywords: tools.keywords, name: tools.name })
      .from(tools);
    for (const row of rows) {
      expect(row.slug.endsWith(`-${row.id}`)).toBe(true);
      expect(row.keywords.length).toBeGreaterThan(0);
    }
    const [{ n: orphans }] = (await database.db
      .select({ n: count() })
      .from(tools)
      .where(sql`not (${tools.categories} <@ (select array_agg(id) from ${categories}))`)) as [{ n: number }];
    expect(orphans).toBe(0);
  });

  it("gives every tool a distinct face: its brand logo, stored as an upload is, or initials on its category's colour", async () => {
    await database.reset();
    const filesDir = mkdtempSync(path.join(tmpdir(), "seed-logos-"));
    try {
      const storage = localFileStorage(filesDir);
      const started = performance.now();
      expect(await seedDemoCatalogue(database.db, { storage })).not.toBeNull();
      // It runs on a first start, before the site answers: 2 shared cores render the logos in a few seconds at most.
      expect(performance.now() - started).toBeLessThan(15_000);

      const catalogue = readDemoCatalogue();
      const colours = new Map(
        (await database.db.select({ id: categories.id, color: categories.color }).from(categories)).map((row) => [
          row.id,
          row.color,
        ]),
      );
      const rows = await database.db
        .select({ name: tools.name, logo: tools.logo, categories: tools.categories })
        .from(tools);
      const faces = new Set<string>();
      for (const row of rows) {
        const shipped = catalogue.tools.find((tool) => tool.name === row.name)!;
        if (shipped.icon) {
          expect(row.logo, row.name).toMatch(/^\/files\/tools\/t[a-z0-9]+\/[A-Za-z0-9_-]{12}\.256\.webp$/);
          const bytes = readFileSync(path.join(filesDir, row.logo!.slice("/files/".length)));
          const meta = await sharp(bytes).metadata();
          expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);
          faces.add(`logo ${createHash("sha256").update(bytes).digest("hex")}`);
        } else {
          expect(row.logo, row.name).toBeNull();
          faces.add(`monogram ${monogramInitials(row.name)} ${colours.get(row.categories[0]!)}`);
        }
      }
      expect(faces.size).toBe(catalogue.tools.length);
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
    }
  });
});
