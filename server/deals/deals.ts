/**
 * The makers' deals (decision 061): a tool's editor (its submitter, its linked maker, a verifier or an admin) gives it
 * a code, what the code gives and the last day it holds. Its page shows it while it holds, /deals lists the live
 * tools' current deals ending soonest first (a category's too), with a feed; past its last day it is shown nowhere,
 * without a job: every read asks for deals that end after now.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { DEAL_MAX_DAYS, PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { DealInput } from "#common/schemas/deals.ts";
import type { SessionUser } from "#common/access.ts";
import { requireToolEditor } from "../access.ts";
import { dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import type { Database } from "../db/client.ts";
import { deals, tools } from "../db/schema.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";
import { toCard, type ToolCard, toolCardColumns } from "../tools/read/queries.ts";
import { editedToolColumns } from "../tools/lifecycle/shared.ts";
import { type Deal, dealOf } from "../tools/read/deal.ts";

export type DealCard = ToolCard & { deal: Deal; dealUpdatedAt: string };

const DAY_MS = 86_400_000;

/** The end of `day` (YYYY-MM-DD), UTC: its last millisecond. */
const endOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS - 1);

/**
 * One page of the live tools' current deals, ending soonest first, a category's or all: a range of
 * deals_live_ending_idx from now (or the cursor), or the category's through deals_live_categories_idx. Exported for
 * the query-plan test.
 */
export function currentDealsQuery(
  db: Database,
  { categoryId, cursor, limit, now }: { categoryId?: string; cursor?: Cursor | null; limit: number; now: Date },
) {
  return db
    .select({
      ...toolCardColumns,
      code: deals.code,
      offer: deals.offer,
      endsAt: deals.endsAt,
      dealUpdatedAt: deals.updatedAt,
    })
    .from(deals)
    .innerJoin(tools, eq(tools.id, deals.toolId))
    .where(
      and(
        sql`${deals.isLive}`,
        gt(deals.endsAt, now),
        categoryId ? sql`${deals.categories} @> array[${categoryId}]::text[]` : undefined,
        seekAfter(cursor, [deals.endsAt, deals.toolId], { ascending: true }),
      ),
    )
    .orderBy(asc(deals.endsAt), asc(deals.toolId))
    .limit(limit);
}

export function dealService({
  db,
  now = () => new Date(),
  isOn = () => true,
}: {
  db: Database;
  now?: () => Date;
  /** Whether the operator shows deals (the site's settings): off, every page and form of deals is not found. */
  isOn?: () => boolean;
}) {
  function requireOn() {
    if (!isOn()) throw new AppError("not-found", MESSAGES.deal.off);
  }

  /** The tool `slug` names, any state, for one who may edit it; refused for anyone else, 404 for no tool. */
  async function editableTool(user: SessionUser | null, slug: string) {
    requireOn();
    const [tool] = await db.select(editedToolColumns).from(tools).where(eq(tools.slug, slug)).limit(1);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundBySlug);
    requireToolEditor(user, tool);
    return tool;
  }

  return {
    isOn,

    /** The deal form's tool and its deal, ended or not, for one who may edit the tool. */
    async findDealForm(user: SessionUser | null, slug: string) {
      const tool = await editableTool(user, slug);
      const [row] = await db.select().from(deals).where(eq(deals.toolId, tool.id)).limit(1);
      return {
        tool: { id: tool.id, name: tool.name, slug: tool.slug },
        deal: row ? { ...dealOf(row), hasEnded: row.endsAt <= now() } : null,
      };
    },

    /** Gives the tool `slug` its deal, replacing any other; the last day is today at the earliest, a year at most. */
    async saveDeal(user: SessionUser | null, slug: string, input: DealInput): Promise<{ slug: string }> {
      const tool = await editableTool(user, slug);
      const endsAt = endOf(input.endsOn);
      const today = now();
      if (endsAt <= today)
        throw new AppError("invalid-argument", MESSAGES.deal.endPassed, { endsOn: MESSAGES.deal.endPassed });
      if (endsAt.getTime() - today.getTime() > DEAL_MAX_DAYS * DAY_MS)
        throw new AppError("invalid-argument", MESSAGES.deal.endTooFar, { endsOn: MESSAGES.deal.endTooFar });
      const values = { code: input.code, offer: input.offer, endsAt, updatedAt: today };
      await db
        .insert(deals)
        .values({ toolId: tool.id, ...values, createdAt: today })
        .onConflictDoUpdate({ target: deals.toolId, set: values });
      return { slug: tool.slug };
    },

    /** Takes the tool's deal away. */
    async removeDeal(user: SessionUser | null, slug: string): Promise<{ slug: string }> {
      const tool = await editableTool(user, slug);
      await db.delete(deals).where(eq(deals.toolId, tool.id));
      return { slug: tool.slug };
    },

    /** One page of the live tools' current deals, ending soonest first: a category's, or all. */
    async listDeals({
      categoryId,
      cursor,
      limit = PAGE_SIZE,
    }: {
      categoryId?: string;
      cursor?: Cursor | null;
      limit?: number;
    } = {}) {
      requireOn();
      dependsOn(pageTags.deals);
      const at = now();
      const rows = await currentDealsQuery(db, { categoryId, cursor, limit: limit + 1, now: at });
      // Kept until its soonest deal ends: an ended deal leaves the page without a write.
      if (rows[0]) expiresWithin(Math.max(1000, rows[0].endsAt.getTime() - at.getTime()));
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.endsAt.getTime(), id: last.id }));
      return {
        deals: items.map(
          ({ code, offer, endsAt, dealUpdatedAt, ...card }): DealCard => ({
            ...toCard(card),
            deal: dealOf({ code, offer, endsAt }),
            dealUpdatedAt: dealUpdatedAt.toISOString(),
          }),
        ),
        nextCursor,
      };
    },
  };
}

export type DealService = ReturnType<typeof dealService>;
