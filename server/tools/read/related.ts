/**
 * What a tool page shows besides the tool (docs/product.md §2): its counters as they are now, its suggested tools and the
 * tools makers added. The server-rendered page and /api/v1/tools/:id/related (read beside the tool's snapshot) both
 * ask getRelatedToTool, so they always agree.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import {
  SUGGESTED_FEATURED_TOOLS,
  SUGGESTED_TOOLS,
  TOOL_PAGE_ALTERNATIVES,
  USER_ADDED_TOOLS,
} from "#common/constants.ts";
import { type KeptReads, unkeptReads } from "../../cache/kept-reads.ts";
import { dependsOn, pageTags } from "../../cache/page-tags.ts";
import type { Database } from "../../db/client.ts";
import { linkChecks, tools } from "../../db/schema.ts";
import type { RepositoryView } from "#common/repository.ts";
import { type Alternative, alternativeQueries } from "./alternatives.ts";
import { readRepository } from "./repository.ts";
import { type Deal, readToolDeal } from "./deal.ts";
import {
  isPublicTool,
  toCard,
  type ToolCard,
  toolCardColumns,
  type ToolCardRow,
  type ToolDetail,
  type ToolRating,
  toolQueries,
} from "./queries.ts";

export type RelatedToTool = {
  /** Its counters as they are now, and its rating from its live reviews (decision 043). */
  stats: { views: number; clicks: number; rating: ToolRating };
  suggested: ToolCard[];
  usersAdded: ToolCard[];
  /** When the link checker last found the tool's website working (server/tools/jobs/link-checks.ts), or null. */
  linkCheckedAt: string | null;
  /** The closest alternatives (decision 059), with what they share; the page offers to compare the tool with the first. */
  closest: Alternative[];
  /** Its repository's facts as last read, with the stars by week (decision 060); null without a repository. */
  repository: RepositoryView | null;
  /** Its current deal (decision 061), or null. */
  deal: Deal | null;
};

/** The featured tools a tool page picks its suggestions from at random: the newest ones, however many there are. */
export const FEATURED_SUGGESTION_POOL = 100;

export function relatedToolQueries(
  db: Database,
  keptReads: KeptReads = unkeptReads,
  /** Whether the operator shows deals (the site's settings): off, no page shows one. */
  dealsOn: () => boolean = () => true,
  /** The site's one clock (server/services.ts): a deal that has ended and a repository's health are judged by it. */
  clock: () => Date = () => new Date(),
) {
  const alternativeReads = alternativeQueries(db);
  const { listFeaturedTools } = toolQueries(db);

  /** The newest live tools sharing a category with `categoryIds`: one more than shown, so one can be the tool itself. */
  function listNewestInCategories(categoryIds: string[]): Promise<ToolCard[]> {
    const sorted = [...categoryIds].sort();
    return keptReads.read(`newest-in:${sorted.join(",")}`, async () => {
      dependsOn(...sorted.map((id) => pageTags.category(id)));
      const rows: ToolCardRow[] = await db
        .select(toolCardColumns)
        .from(tools)
        .where(and(isPublicTool, sql`${tools.categories} && ${`{${sorted.join(",")}}`}::text[]`))
        .orderBy(desc(tools.createdAt), desc(tools.id))
        .limit(SUGGESTED_TOOLS + 1);
      return rows.map(toCard);
    });
  }

  function listFeaturedPool(): Promise<ToolCard[]> {
    return keptReads.read("featured-pool", () => listFeaturedTools({ limit: FEATURED_SUGGESTION_POOL }));
  }

  /**
   * Suggested tools (docs/product.md §7): the newest 4 live tools sharing a category with `tool`, then up to 2 random
   * featured ones not already shown (among the newest FEATURED_SUGGESTION_POOL featured). Both reads are the same for
   * many tools: renders keep them (server/cache/kept-reads.ts).
   */
  async function listSuggestedTools(tool: { id: string; categories: { id: string }[] }): Promise<ToolCard[]> {
    const [newest, featuredPool] = await Promise.all([
      tool.categories.length === 0 ? [] : listNewestInCategories(tool.categories.map((category) => category.id)),
      listFeaturedPool(),
    ]);
    const sameCategory = newest.filter((card) => card.id !== tool.id).slice(0, SUGGESTED_TOOLS);
    const shown = new Set([tool.id, ...sameCategory.map((card) => card.id)]);
    return [
      ...sameCategory,
      ...pickAtRandom(
        featuredPool.filter((card) => !shown.has(card.id)),
        SUGGESTED_FEATURED_TOOLS,
      ),
    ];
  }

  /** The newest live tools that belong to a maker (docs/product.md §7: tools added by users). */
  function listToolsAddedByUsers({ limit = USER_ADDED_TOOLS }: { limit?: number } = {}): Promise<ToolCard[]> {
    return keptReads.read(`by-makers:${limit}`, async () => {
      dependsOn(pageTags.byMakers);
      const rows: ToolCardRow[] = await db
        .select(toolCardColumns)
        .from(tools)
        .where(and(isPublicTool, sql`${tools.creatorUsername} is not null`))
        .orderBy(desc(tools.createdAt), desc(tools.id))
        .limit(limit);
      return rows.map(toCard);
    });
  }

  return {
    listSuggestedTools,
    listToolsAddedByUsers,

    /** What the tool page shows besides `tool`, a live tool just read. */
    async getRelatedToTool(
      tool: Pick<ToolDetail, "id" | "categories" | "tags" | "views" | "clicks" | "rating" | "licenceKind">,
    ): Promise<RelatedToTool> {
      const [suggested, usersAdded, [check], { alternatives }, repository, deal] = await Promise.all([
        listSuggestedTools(tool),
        listToolsAddedByUsers(),
        // The page says "N days ago": it is kept at most a minute anyway, for its counters.
        // The last check that found the website working: a check that could not reach it says nothing.
        db.select({ workingAt: linkChecks.workingAt }).from(linkChecks).where(eq(linkChecks.toolId, tool.id)).limit(1),
        alternativeReads.listAlternatives(tool, { limit: TOOL_PAGE_ALTERNATIVES }),
        // Read again by the hourly job: the page is kept at most a minute anyway, for its counters.
        readRepository(db, tool.id, clock()),
        dealsOn() ? readToolDeal(db, tool.id, clock()) : null,
      ]);
      return {
        stats: { views: tool.views, clicks: tool.clicks, rating: tool.rating },
        suggested,
        usersAdded,
        linkCheckedAt: check?.workingAt?.toISOString() ?? null,
        closest: alternatives,
        repository,
        deal,
      };
    },
  };
}

/** `count` of `items` in random order, or all of them when there are fewer. */
function pickAtRandom<T>(items: T[], count: number): T[] {
  const left = [...items];
  const picked: T[] = [];
  while (picked.length < count && left.length > 0)
    picked.push(left.splice(Math.floor(Math.random() * left.length), 1)[0]!);
  return picked;
}
