/** Reads of tools for the public pages and the JSON API. */
import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE, TRENDING_HOME_TOOLS } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { toolIdFromSlug } from "#common/ids.ts";
import type { Database } from "../../db/client.ts";
import { COUNTERS_MAX_AGE_MS, dependsOn, expiresWithin, pageTags } from "../../cache/page-tags.ts";
import { renderMarkdown } from "../../markdown.ts";
import { type FaqItem, tools, users } from "../../db/schema.ts";
import { keysetPage, seekAfter } from "../../db/keyset.ts";
import type { LicenceKind } from "#common/repository.ts";
import { classifyLicence, licenceWithPage } from "../licences.ts";
import { licencePath } from "#common/page-paths.ts";

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
  /** Its public likes (decision 042): a like drops the pages that show it, through the tool's tag. */
  likes: tools.likes,
  /** The licence's kind (decision 060), and whether a verifier confirmed it can be self-hosted: the card says both. */
  licenceKind: tools.licenceKind,
  isSelfHostable: sql<boolean>`(${tools.selfHostable} is not distinct from 'confirmed')`.as("is_self_hostable"),
  createdAt: tools.createdAt,
  // The card's category tags, in the tool's own order; one indexed lookup per card, no second round trip.
  categories: sql<CategoryChip[]>`coalesce((
    select json_agg(json_build_object('id', c.id, 'label', c.label, 'slug', c.slug, 'color', c.color)
      order by array_position(${tools.categories}, c.id))
    from categories c where c.id = any(${tools.categories})
  ), '[]'::json)`.as("category_chips"),
};

export type ToolCardRow = {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  website: string;
  shortDesc: string;
  isHomeBoosted: boolean;
  likes: number;
  licenceKind: LicenceKind | null;
  isSelfHostable: boolean;
  createdAt: Date;
  categories: CategoryChip[];
};

/**
 * A tool card as it crosses a boundary (a page's data, JSON): what a card shows, and nothing more, since a page sends
 * dozens of them. The creation date orders the lists and makes their cursors on the server; no card shows it.
 */
export type ToolCard = Omit<ToolCardRow, "createdAt">;

export type ToolPage = { tools: ToolCard[]; nextCursor: string | null };

/** Everything the tool page shows; also the shape of the tool's public snapshot file. */
export const toolDetailColumns = {
  ...toolCardColumns,
  longDesc: tools.longDesc,
  tags: tools.tags,
  paymentType: tools.paymentType,
  pros: tools.pros,
  cons: tools.cons,
  faq: tools.faq,
  largeImage: tools.largeImage,
  views: tools.views,
  clicks: tools.clicks,
  reviewCount: tools.reviewCount,
  ratingSum: tools.ratingSum,
  ratingCounts: tools.ratingCounts,
  verifiedAt: tools.verifiedAt,
  updatedAt: tools.updatedAt,
  licence: tools.licence,
  isLicenceSetByAdmin: tools.isLicenceSetByAdmin,
  /** Whether anyone may still claim the tool: nobody claimed it and it is linked to no maker. */
  isClaimable: sql<boolean>`(not ${tools.hasBeenClaimed} and not ${tools.isLinkedToCreator})`.as("is_claimable"),
  // The creator is shown only once the tool is linked to them.
  creator: sql<{ username: string; slug: string } | null>`case when ${tools.isLinkedToCreator} then (
    select json_build_object('username', u.username, 'slug', u.slug) from ${users} u where u.slug = ${tools.creatorUsername}
  ) end`.as("creator"),
};

export type ToolDetailRow = ToolCardRow & {
  isClaimable: boolean;
  licence: string | null;
  isLicenceSetByAdmin: boolean;
  longDesc: string;
  tags: string[];
  paymentType: string;
  pros: string[] | null;
  cons: string[] | null;
  faq: FaqItem[] | null;
  largeImage: string | null;
  views: number;
  clicks: number;
  reviewCount: number;
  ratingSum: number;
  ratingCounts: number[];
  verifiedAt: Date | null;
  updatedAt: Date;
  creator: { username: string; slug: string } | null;
};

/** A tool's rating from its live reviews (decision 043): how many, their average (null without any), and how many gave 1 to 5. */
export type ToolRating = { count: number; average: number | null; counts: [number, number, number, number, number] };

export type ToolDetail = Omit<
  ToolDetailRow,
  "createdAt" | "verifiedAt" | "updatedAt" | "reviewCount" | "ratingSum" | "ratingCounts" | "licence"
> & {
  /**
   * The licence by its SPDX id and name (the expression itself when it is no SPDX licence), and its page when it has
   * one (licenceWithPage); null when unknown.
   */
  licence: { id: string; name: string; path: string | null } | null;
  rating: ToolRating;
  createdAt: string;
  verifiedAt: string | null;
  updatedAt: string;
  /** The long description rendered from Markdown, safe to insert (server/markdown.ts). */
  longDescHtml: string;
};

export function toToolDetail({ reviewCount, ratingSum, ratingCounts, licence, ...row }: ToolDetailRow): ToolDetail {
  const counts = [0, 1, 2, 3, 4].map((index) => ratingCounts[index] ?? 0) as ToolRating["counts"];
  const spdx = licence ? classifyLicence(licence) : null;
  return {
    ...row,
    licence: licence
      ? {
          id: spdx?.id ?? licence,
          name: spdx?.name ?? licence,
          path: licenceWithPage(licence)?.id === licence ? licencePath(licence) : null,
        }
      : null,
    // One decimal, as a page shows it: 4.3.
    rating: {
      count: reviewCount,
      average: reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 10) / 10 : null,
      counts,
    },
    longDescHtml: renderMarkdown(row.longDesc),
    createdAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Live tools: active and verified. Nothing else is public.
 * Written as literal SQL, not as parameters, so that the partial indexes on live tools match even in a generic plan.
 */
export const isPublicTool = sql`(${tools.isActive} and ${tools.isVerified})`;

/** A card as pages and the API show it; the page that shows it depends on the tool. */
export function toCard({ createdAt: _createdAt, ...card }: ToolCardRow): ToolCard {
  dependsOn(pageTags.tool(card.id));
  return card;
}

/** Rows strictly after the cursor in (created_at desc, id desc) order; a row comparison, so the index seeks straight to it. */
export function afterCursor(cursor: Cursor): SQL {
  return seekAfter(cursor, [tools.createdAt, tools.id])!;
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

/** What a tool page's address names: a live tool, or the slug now of a renamed one. */
export type PublicToolAddress = { tool: ToolDetail } | { renamedTo: string };

export function toolQueries(db: Database) {
  /** A live tool by its slug (docs/product.md §7: by slug). */
  async function findPublicToolBySlug(slug: string): Promise<ToolDetail | undefined> {
    // Even not found: the slug holds the id, and the tool may go live.
    const id = toolIdFromSlug(slug);
    if (id) dependsOn(pageTags.tool(id));
    expiresWithin(COUNTERS_MAX_AGE_MS);
    const [row] = await db
      .select(toolDetailColumns)
      .from(tools)
      .where(and(isPublicTool, eq(tools.slug, slug)))
      .limit(1);
    return row ? toToolDetail(row as ToolDetailRow) : undefined;
  }

  /** A live tool by its id (docs/product.md §7: by id). */
  async function findPublicToolById(id: string): Promise<ToolDetail | undefined> {
    dependsOn(pageTags.tool(id));
    expiresWithin(COUNTERS_MAX_AGE_MS);
    const [row] = await db
      .select(toolDetailColumns)
      .from(tools)
      .where(and(isPublicTool, eq(tools.id, id)))
      .limit(1);
    return row ? toToolDetail(row as ToolDetailRow) : undefined;
  }

  return {
    /** Live tools, newest first, one keyset page after `cursor` (docs/product.md §7: home list and infinite scroll). */
    async listLatestTools({
      cursor,
      limit = PAGE_SIZE,
    }: {
      cursor?: Cursor | null;
      limit?: number;
    } = {}): Promise<ToolPage> {
      dependsOn(pageTags.tools);
      const rows: ToolCardRow[] = await latestToolsQuery(db, cursor, limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.createdAt.getTime(), id: last.id }));
      return { tools: items.map(toCard), nextCursor };
    },

    findPublicToolBySlug,
    findPublicToolById,

    /**
     * The live tool a page's address names, by its slug; or, for an old slug of a renamed tool (its id stays at the end
     * of its slug), the tool's slug now, to which its pages answer 301; or null.
     */
    async findPublicToolByAddress(slug: string): Promise<PublicToolAddress | null> {
      const tool = await findPublicToolBySlug(slug);
      if (tool) return { tool };
      const id = toolIdFromSlug(slug);
      const renamed = id ? await findPublicToolById(id) : undefined;
      return renamed ? { renamedTo: renamed.slug } : null;
    },

    /** Live tools boosted to the home page (premiumFeatures.isHomeBoosted), newest first. */
    async listFeaturedTools({ limit = PAGE_SIZE }: { limit?: number } = {}): Promise<ToolCard[]> {
      dependsOn(pageTags.featured);
      const rows: ToolCardRow[] = await db
        .select(toolCardColumns)
        .from(tools)
        .where(and(isPublicTool, eq(tools.isHomeBoosted, true)))
        .orderBy(desc(tools.createdAt), desc(tools.id))
        .limit(limit);
      return rows.map(toCard);
    },

    /**
     * The home page's "Trending this week" (decision 042): the live tools with the highest trending score, none when
     * no tool has one. Read from tools_public_trending_idx; the hourly job that rewrites the scores drops the page.
     */
    async listTrendingTools({ limit = TRENDING_HOME_TOOLS }: { limit?: number } = {}): Promise<ToolCard[]> {
      dependsOn(pageTags.trending);
      const rows: ToolCardRow[] = await db
        .select(toolCardColumns)
        .from(tools)
        .where(and(isPublicTool, gt(tools.trending, 0)))
        .orderBy(desc(tools.trending), desc(tools.id))
        .limit(limit);
      return rows.map(toCard);
    },

    /**
     * The home page's "Rising" (decision 060): the live tools whose repositories' stars grew most since last week,
     * relative to their size; none when none grew. Read from tools_public_rising_idx; the repositories' refresh, which
     * rewrites the scores, drops the page.
     */
    async listRisingTools({ limit = TRENDING_HOME_TOOLS }: { limit?: number } = {}): Promise<ToolCard[]> {
      dependsOn(pageTags.rising);
      const rows: ToolCardRow[] = await db
        .select(toolCardColumns)
        .from(tools)
        .where(and(isPublicTool, gt(tools.rising, 0)))
        .orderBy(desc(tools.rising), desc(tools.id))
        .limit(limit);
      return rows.map(toCard);
    },
  };
}
