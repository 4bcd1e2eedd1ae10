/** Reads of tools for the public pages and the JSON API. */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import { type Cursor, encodeCursor } from "#common/cursor.ts";
import type { Database } from "../db/client.ts";
import { tools } from "../db/schema.ts";

export type CategoryChip = { id: string; label: string; slug: string; color: string };

/** What a tool card shows; the card, the API and the home page agree on this one shape. */
export const toolCardColumns = {
  id: tools.id,
  name: tools.name,
  slug: tools.slug,
  logo: tools.logo,
  website: tools.website,
  shortDesc: tools.shortDesc,
  isHomeBoosted: tools.isHomeBoosted,
  createdAt: tools.createdAt,
  // The card's category tags, in the tool's own order; one indexed lookup per card, no second round trip.
  categories: sql<CategoryChip[]>`coalesce((
    select json_agg(json_build_object('id', c.id, 'label', c.label, 'slug', c.slug, 'color', c.color)
      order by array_position(${tools.categories}, c.id))
    from categories c where c.id = any(${tools.categories})
  ), '[]'::json)`,
};

export type ToolCardRow = {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  website: string;
  shortDesc: string;
  isHomeBoosted: boolean;
  createdAt: Date;
  categories: CategoryChip[];
};

/** A tool card as it crosses a boundary (HTML props, JSON): dates as ISO strings. */
export type ToolCard = Omit<ToolCardRow, "createdAt"> & { createdAt: string };

export type ToolPage = { tools: ToolCard[]; nextCursor: string | null };

/**
 * Live tools: active and verified. Nothing else is public.
 * Written as literal SQL, not as parameters, so that the partial indexes on live tools match even in a generic plan.
 */
export const isPublicTool = sql`(${tools.isActive} and ${tools.isVerified})`;

function toCard(row: ToolCardRow): ToolCard {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Rows strictly after the cursor in (created_at desc, id desc) order; a row comparison, so the index seeks straight to it. */
function afterCursor(cursor: Cursor): SQL {
  return sql`(${tools.createdAt}, ${tools.id}) < (${new Date(cursor.key).toISOString()}::timestamptz, ${cursor.id})`;
}

/** The latest live tools after `cursor`: one seek into tools_public_latest_idx (the plan is checked by a test). */
export function latestToolsQuery(db: Database, cursor: Cursor | null | undefined, limit: number) {
  return db
    .select(toolCardColumns)
    .from(tools)
    .where(cursor ? and(isPublicTool, afterCursor(cursor)) : isPublicTool)
    .orderBy(desc(tools.createdAt), desc(tools.id))
    .limit(limit);
}

export function toolQueries(db: Database) {
  return {
    /** Live tools, newest first, one keyset page after `cursor` (SPEC section 7: home list and infinite scroll). */
    async listLatestTools({ cursor, limit = PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {}): Promise<ToolPage> {
      const rows: ToolCardRow[] = await latestToolsQuery(db, cursor, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        tools: page.map(toCard),
        nextCursor: rows.length > limit && last ? encodeCursor({ key: last.createdAt.getTime(), id: last.id }) : null,
      };
    },

    /** Live tools boosted to the home page (premiumFeatures.isHomeBoosted), newest first. */
    async listFeaturedTools({ limit = PAGE_SIZE }: { limit?: number } = {}): Promise<ToolCard[]> {
      const rows: ToolCardRow[] = await db
        .select(toolCardColumns)
        .from(tools)
        .where(and(isPublicTool, eq(tools.isHomeBoosted, true)))
        .orderBy(desc(tools.createdAt), desc(tools.id))
        .limit(limit);
      return rows.map(toCard);
    },
  };
}
