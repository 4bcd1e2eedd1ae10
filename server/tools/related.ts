/**
 * What a tool page shows besides the tool (SPEC section 2): its counters as they are now, its suggested tools and the
 * tools makers added. The server-rendered page and /api/v1/tools/:id/related (read beside the tool's snapshot) both
 * ask getRelatedToTool, so they always agree.
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { SUGGESTED_FEATURED_TOOLS, SUGGESTED_TOOLS, TOOL_PAGE_COMPARISONS, USER_ADDED_TOOLS } from "#common/constants.ts";
import { dependsOn, pageTags } from "../cache/page-tags.ts";
import type { Database } from "../db/client.ts";
import { linkChecks, tools } from "../db/schema.ts";
import { alternativeQueries } from "./alternatives.ts";
import { isPublicTool, toCard, type ToolCard, toolCardColumns, type ToolCardRow, type ToolDetail } from "./queries.ts";

export type RelatedToTool = {
  stats: { views: number; clicks: number };
  suggested: ToolCard[];
  usersAdded: ToolCard[];
  /** When the link checker last read the tool's website (server/tools/link-checks.ts), or null. */
  linkCheckedAt: string | null;
  /** The closest alternatives (decision 032), which the page offers to compare the tool with. */
  closest: { name: string; slug: string }[];
};

export function relatedToolQueries(db: Database) {
  const alternativeReads = alternativeQueries(db);
  /**
   * Suggested tools (SPEC section 7): the newest 4 live tools sharing a category with `tool`, then up to 2 random
   * featured ones not already shown.
   */
  async function listSuggestedTools(tool: { id: string; categories: { id: string }[] }): Promise<ToolCard[]> {
    dependsOn(pageTags.featured, ...tool.categories.map((category) => pageTags.category(category.id)));
    const categoryIds = `{${tool.categories.map((category) => category.id).join(",")}}`;
    const sameCategory: ToolCardRow[] =
      tool.categories.length === 0
        ? []
        : await db
            .select(toolCardColumns)
            .from(tools)
            .where(and(isPublicTool, ne(tools.id, tool.id), sql`${tools.categories} && ${categoryIds}::text[]`))
            .orderBy(desc(tools.createdAt), desc(tools.id))
            .limit(SUGGESTED_TOOLS);
    const shown = `{${[tool.id, ...sameCategory.map((row) => row.id)].join(",")}}`;
    const featured: ToolCardRow[] = await db
      .select(toolCardColumns)
      .from(tools)
      .where(and(isPublicTool, eq(tools.isHomeBoosted, true), sql`not (${tools.id} = any(${shown}::text[]))`))
      .orderBy(sql`random()`)
      .limit(SUGGESTED_FEATURED_TOOLS);
    return [...sameCategory, ...featured].map(toCard);
  }

  /** The newest live tools that belong to a maker (SPEC section 7: tools added by users). */
  async function listToolsAddedByUsers({ limit = USER_ADDED_TOOLS }: { limit?: number } = {}): Promise<ToolCard[]> {
    dependsOn(pageTags.byMakers);
    const rows: ToolCardRow[] = await db
      .select(toolCardColumns)
      .from(tools)
      .where(and(isPublicTool, sql`${tools.creatorUsername} is not null`))
      .orderBy(desc(tools.createdAt), desc(tools.id))
      .limit(limit);
    return rows.map(toCard);
  }

  return {
    listSuggestedTools,
    listToolsAddedByUsers,

    /** What the tool page shows besides `tool`, a live tool just read. */
    async getRelatedToTool(tool: Pick<ToolDetail, "id" | "categories" | "tags" | "views" | "clicks">): Promise<RelatedToTool> {
      const [suggested, usersAdded, [check], { alternatives }] = await Promise.all([
        listSuggestedTools(tool),
        listToolsAddedByUsers(),
        // The page says "N days ago": it is kept at most a minute anyway, for its counters.
        db.select({ checkedAt: linkChecks.checkedAt }).from(linkChecks).where(eq(linkChecks.toolId, tool.id)).limit(1),
        alternativeReads.listAlternatives(tool, { limit: TOOL_PAGE_COMPARISONS }),
      ]);
      const closest = alternatives.map(({ name, slug }) => ({ name, slug }));
      return { stats: { views: tool.views, clicks: tool.clicks }, suggested, usersAdded, linkCheckedAt: check?.checkedAt.toISOString() ?? null, closest };
    },
  };
}
