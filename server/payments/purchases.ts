/** The purchases and grants as their buyers and the console read them: receipts, grants, revenue and the calendar. */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { ADMIN_PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { formatAmount } from "#common/featuring.ts";
import { MESSAGES } from "#common/messages.ts";
import { createId } from "#common/ids.ts";
import { requireAdmin, requireSignedIn } from "../access.ts";
import { recordAudit } from "../audit/audit.ts";
import { purchases, tools, users } from "../db/schema.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";
import { type FeaturingCore, DAY_MS, CALENDAR_LIMIT, holdsAPlace, type PurchaseView } from "./featuring-core.ts";

export function purchaseRecords(core: FeaturingCore) {
  const {
    db,
    outbox,
    writeToolSnapshot,
    logger,
    now,
    readPlaces,
    setFeatured,
    recordPaymentEntry,
    place,
    toView,
    viewOf,
    purchaseColumns,
  } = core;
  return {
    /** One purchase, for its buyer or an admin: the page Stripe's Checkout comes back to. */
    async getPurchase(user: SessionUser | null, id: string): Promise<PurchaseView> {
      const viewer = requireSignedIn(user);
      const [row] = await db
        .select(purchaseColumns)
        .from(purchases)
        .leftJoin(tools, eq(tools.id, purchases.toolId))
        .where(eq(purchases.id, id));
      if (!row || (row.purchase.userId !== viewer.id && viewer.role !== "admin"))
        throw new AppError("not-found", MESSAGES.featuring.purchaseNotFound);
      return viewOf(row);
    },

    /** The user's own purchases and grants, newest first: the receipts on their profile. */
    async listOwnPurchases(user: SessionUser | null, limit = 50): Promise<PurchaseView[]> {
      const viewer = requireSignedIn(user);
      const rows = await db
        .select(purchaseColumns)
        .from(purchases)
        .leftJoin(tools, eq(tools.id, purchases.toolId))
        .where(and(eq(purchases.userId, viewer.id), ne(purchases.state, "pending"), ne(purchases.state, "expired")))
        .orderBy(desc(purchases.createdAt), desc(purchases.id))
        .limit(limit);
      return rows.map(viewOf);
    },

    /** Features a tool for free for `days` (admins), recorded as a grant; it takes a place as a payment would. */
    async grantFeaturing(
      user: SessionUser | null,
      { toolId, days }: { toolId: string; days: number },
    ): Promise<PurchaseView> {
      const admin = requireAdmin(user);
      const at = now();
      const [tool] = await db
        .select({ id: tools.id, name: tools.name, slug: tools.slug, creatorUsername: tools.creatorUsername })
        .from(tools)
        .where(eq(tools.id, toolId));
      if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundById);
      const [maker] = tool.creatorUsername
        ? await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.slug, tool.creatorUsername)))
        : [];
      const id = createId("p", at);
      const granted = await db.transaction(async (tx) => {
        const [purchase] = await tx
          .insert(purchases)
          .values({
            id,
            userId: maker?.id ?? null,
            toolId,
            kind: "featured",
            source: "grant",
            state: "pending",
            startsAt: at,
            endsAt: new Date(at.getTime() + days * DAY_MS),
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        const change = await place(tx, purchase!, at);
        if (!change) throw new AppError("aborted", MESSAGES.featuring.noFreePlace);
        if (change.state === "active") await setFeatured(tx, toolId, true);
        const [done] = await tx
          .update(purchases)
          .set({ ...change, paidAt: at })
          .where(eq(purchases.id, id))
          .returning();
        await recordPaymentEntry(tx, done!, "granted");
        if (done!.userId)
          await tx
            .update(users)
            .set({ boosts: sql`${users.boosts} + 1` })
            .where(eq(users.id, done!.userId));
        logger.info(`payments: ${admin.username} granted ${tool.name} ${days} featured day${days === 1 ? "" : "s"}`);
        await recordAudit(tx, admin, {
          kind: "featuring.granted",
          toolId,
          subject: tool.name,
          after: { days, startsAt: done!.startsAt, endsAt: done!.endsAt },
        });
        return done!;
      });
      outbox.poke();
      if (granted.state === "active") await writeToolSnapshot(toolId);
      return toView(granted, tool);
    },

    /** Every purchase and grant, newest first, one keyset page after `cursor` (key: when made, in ms), with Stripe's ids (admins). */
    async listPurchases(
      user: SessionUser | null,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ): Promise<{ purchases: PurchaseView[]; nextCursor: string | null }> {
      requireAdmin(user);
      const rows = await db
        .select(purchaseColumns)
        .from(purchases)
        .leftJoin(tools, eq(tools.id, purchases.toolId))
        .where(seekAfter(cursor, [purchases.createdAt, purchases.id]))
        .orderBy(desc(purchases.createdAt), desc(purchases.id))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({
        key: last.purchase.createdAt.getTime(),
        id: last.purchase.id,
      }));
      return { purchases: items.map(viewOf), nextCursor };
    },

    /**
     * What was earned over the last twelve months, by month, offer and currency (admins): payments that hold or held,
     * not those refunded, disputed, or never paid.
     */
    async getRevenue(
      user: SessionUser | null,
      at: Date = now(),
    ): Promise<{ month: string; kind: string; currency: string; count: number; amount: number; total: string }[]> {
      requireAdmin(user);
      const since = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 11, 1));
      const month = sql<string>`to_char(${purchases.createdAt} at time zone 'UTC', 'YYYY-MM')`;
      const rows = await db
        .select({
          month,
          kind: purchases.kind,
          currency: purchases.currency,
          count: sql<number>`count(*)::int`,
          amount: sql<number>`sum(${purchases.amount})::int`,
        })
        .from(purchases)
        .where(
          and(
            sql`${purchases.createdAt} >= ${since.toISOString()}::timestamptz`,
            eq(purchases.source, "stripe"),
            inArray(purchases.state, ["booked", "active", "ended", "paid"]),
          ),
        )
        .groupBy(month, purchases.kind, purchases.currency)
        .orderBy(desc(month), asc(purchases.kind), asc(purchases.currency));
      return rows.map((row) => ({ ...row, total: formatAmount(row.amount, row.currency) }));
    },

    /** The featured calendar (admins): the places, and what holds one now or is booked, by when it starts. */
    async getCalendar(user: SessionUser | null): Promise<{ places: number; featurings: PurchaseView[] }> {
      requireAdmin(user);
      const [places, rows] = await Promise.all([
        readPlaces(),
        db
          .select(purchaseColumns)
          .from(purchases)
          .leftJoin(tools, eq(tools.id, purchases.toolId))
          .where(holdsAPlace)
          .orderBy(asc(purchases.startsAt), asc(purchases.id))
          .limit(CALENDAR_LIMIT),
      ]);
      return { places, featurings: rows.map(viewOf) };
    },
  };
}
