/**
 * The alternatives' ranking against a person's judgement (decision 059): on the demo catalogue, the first four
 * alternatives of 30 hand-labelled tools (tests/alternatives-labels.ts) are, on average, at least three quarters
 * alternatives a person would name.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { LABELLED_ALTERNATIVES, precisionAt } from "../alternatives-labels.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";

/** The mean precision of the first four alternatives the ranking must reach on the labelled tools. */
const PRECISION_AT_4 = 0.75;

describe.each(databaseKinds)("the alternatives' relevance on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeAll(async () => {
    await seedDemoCatalogue(database.db);
  });

  /** Each labelled tool's first four alternatives, by name. */
  async function firstFour(name: string): Promise<string[]> {
    const slug = (await database.db.query.tools.findFirst({ where: (tools, { eq }) => eq(tools.name, name) }))?.slug;
    const tool = slug && (await app.services.tools.findPublicToolBySlug(slug));
    if (!tool) throw new Error(`${name} is not in the demo catalogue`);
    const { alternatives } = await app.services.tools.listAlternatives(tool, { limit: 4 });
    return alternatives.map((alternative) => alternative.name);
  }

  it(`puts alternatives a person would name first: precision at 4 of at least ${PRECISION_AT_4} on 30 tools`, async () => {
    const scores: { name: string; precision: number; firstFour: string[] }[] = [];
    for (const [name, relevant] of Object.entries(LABELLED_ALTERNATIVES)) {
      const ranked = await firstFour(name);
      scores.push({ name, precision: precisionAt(4, ranked, relevant), firstFour: ranked });
    }
    expect(scores).toHaveLength(30);
    const mean = scores.reduce((sum, score) => sum + score.precision, 0) / scores.length;
    const missed = scores.filter((score) => score.precision < 1);
    process.stdout.write(`alternatives' precision at 4 on ${kind}: ${mean.toFixed(3)}\n`);
    expect(mean, `the tools with a miss: ${JSON.stringify(missed, null, 1)}`).toBeGreaterThanOrEqual(PRECISION_AT_4);
  });

  it("pads no page with tools that do another job: an alternative shares a category, however few that leaves", async () => {
    const plausible = await app.services.tools.findPublicToolBySlug(
      (await database.db.query.tools.findFirst({ where: (tools, { eq }) => eq(tools.name, "Plausible Analytics") }))!
        .slug,
    );
    const categories = new Set(plausible!.categories.map((category) => category.id));
    for (const scope of ["any", "open-source"] as const) {
      const { alternatives } = await app.services.tools.listAlternatives(plausible!, { scope });
      const names = alternatives.map((alternative) => alternative.name);
      expect(names.length, scope).toBeGreaterThan(0);
      // A newcomer's walk found these on Plausible's pages: they share only "open-source" or "privacy" with it.
      for (const unrelated of ["Flutter", "Squoosh", "daisyUI", "Lucide", "Laravel", "Prisma", "Obsidian"])
        expect(names, scope).not.toContain(unrelated);
      for (const alternative of alternatives)
        expect(
          alternative.sharedCategoryIds.some((id) => categories.has(id)),
          alternative.name,
        ).toBe(true);
    }
    const page = await (await app.request(`/tool/${plausible!.slug}/alternatives/open-source`)).text();
    expect(page).toContain("Only tools that share a category with Plausible Analytics are listed");
    expect(page).not.toContain("with 0 views");
  });
});
