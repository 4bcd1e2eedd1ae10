/**
 * Featuring requests (docs/decisions/005-featuring-requests.md): the entries of users' payments lists still
 * 'requested', and the admin's answer. Granting features the tool on the home page and counts one boost for the user.
 * No money is involved: an admin grants or refuses.
 */
import { and, eq, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, FEATURING_REQUEST } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import type { FeaturingAnswerInput } from "#common/schemas/moderation.ts";
import { MESSAGES } from "#common/messages.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { tools, users } from "../db/schema.ts";
import type { Outbox } from "../outbox/effects.ts";
import type { WebhookEvents } from "../webhooks/events.ts";
import { requireAdmin } from "../access.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";

export type FeaturingRequestRow = {
  createdAt: string;
  user: { id: string; username: string; slug: string; email: string; boosts: number };
  /** Null when the tool is gone. */
  tool: { id: string; name: string; slug: string; isLive: boolean; isHomeBoosted: boolean } | null;
  toolId: string;
};

export type FeaturingRequestPage = { requests: FeaturingRequestRow[]; nextCursor: string | null };

/** The answers an admin gives, as the request's status reads afterwards. */
export type FeaturingAnswer = "granted" | "refused";

/** Users with at least one open request (a jsonb containment; see the report about its index). */
export const hasOpenRequest = sql`${users.payments} @> ${JSON.stringify([{ kind: FEATURING_REQUEST, status: "requested" }])}::jsonb`;

export type AdminRequestsDependencies = {
  db: Database;
  writeToolSnapshot: (id: string) => Promise<void>;
  /** `tool.updated` when a grant features a live tool, written in the grant's transaction (decision 029). */
  webhooks: WebhookEvents;
  outbox: Pick<Outbox, "poke">;
};

export function adminRequests({ db, writeToolSnapshot, webhooks, outbox }: AdminRequestsDependencies) {
  /** Marks the user's open request for the tool with `answer`, in one statement that also checks it is still open. */
  async function answer(user: SessionUser | null, { userId, toolId }: FeaturingAnswerInput, status: FeaturingAnswer) {
    requireAdmin(user);
    const open = { kind: FEATURING_REQUEST, toolId, status: "requested" };
    await db.transaction(async (tx) => {
      const [answered] = await tx
        .update(users)
        .set({
          payments: sql`(
            select jsonb_agg(case when entry.value @> ${JSON.stringify(open)}::jsonb then jsonb_set(entry.value, '{status}', ${JSON.stringify(status)}::jsonb) else entry.value end
              order by entry.position)
            from jsonb_array_elements(${users.payments}) with ordinality as entry(value, position)
          )`,
          ...(status === "granted" ? { boosts: sql`${users.boosts} + 1` } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, userId), sql`${users.payments} @> ${JSON.stringify([open])}::jsonb`))
        .returning({ id: users.id });
      if (!answered) throw new AppError("aborted", MESSAGES.moderation.requestAlreadyAnswered);
      if (status === "granted") {
        const [before] = await tx
          .select({ isHomeBoosted: tools.isHomeBoosted })
          .from(tools)
          .where(eq(tools.id, toolId))
          .for("update");
        if (!before) throw new AppError("not-found", MESSAGES.tool.notFoundById);
        const [boosted] = await tx
          .update(tools)
          .set({ isHomeBoosted: true, updatedAt: new Date() })
          .where(eq(tools.id, toolId))
          .returning();
        // Featured on the home page: news for a live tool that was not yet.
        if (!before.isHomeBoosted && boosted!.isVerified && boosted!.isActive)
          await webhooks.enqueue(tx, "tool.updated", { tool: boosted! });
      }
    });
    if (status === "granted") {
      outbox.poke();
      await writeToolSnapshot(toolId);
    }
  }

  return {
    /** The requests still waiting for an answer, oldest first, one keyset page after `cursor` (key: when asked, in ms; id: the tool). */
    async listFeaturingRequests(
      user: SessionUser | null,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ): Promise<FeaturingRequestPage> {
      requireAdmin(user);
      const askedAt = sql<string>`entry.value->>'createdAt'`;
      const toolId = sql<string>`entry.value->>'toolId'`;
      const rows = await db
        .select({
          createdAt: askedAt,
          toolId,
          userId: users.id,
          username: users.username,
          userSlug: users.slug,
          email: users.email,
          boosts: users.boosts,
          toolName: tools.name,
          toolSlug: tools.slug,
          isLive: sql<boolean | null>`(${tools.isActive} and ${tools.isVerified})`,
          isHomeBoosted: tools.isHomeBoosted,
        })
        .from(users)
        .innerJoin(sql`lateral jsonb_array_elements(${users.payments}) as entry(value)`, sql`true`)
        .leftJoin(tools, sql`${tools.id} = ${toolId}`)
        .where(
          and(
            hasOpenRequest,
            sql`entry.value->>'kind' = ${FEATURING_REQUEST} and entry.value->>'status' = 'requested'`,
            seekAfter(cursor, [askedAt, toolId], { ascending: true, keyAs: "iso" }),
          ),
        )
        .orderBy(askedAt, toolId)
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({
        key: Date.parse(last.createdAt),
        id: last.toolId,
      }));
      return {
        requests: items.map((row) => ({
          createdAt: row.createdAt,
          toolId: row.toolId,
          user: { id: row.userId, username: row.username, slug: row.userSlug, email: row.email, boosts: row.boosts },
          tool:
            row.toolName !== null
              ? {
                  id: row.toolId,
                  name: row.toolName,
                  slug: row.toolSlug!,
                  isLive: Boolean(row.isLive),
                  isHomeBoosted: Boolean(row.isHomeBoosted),
                }
              : null,
        })),
        nextCursor,
      };
    },

    /** Grants a request: the tool is featured on the home page (premiumFeatures.isHomeBoosted), the user gets one boost, the request reads 'granted'. */
    grantFeaturingRequest: (user: SessionUser | null, input: FeaturingAnswerInput) => answer(user, input, "granted"),

    /** Refuses a request: it reads 'refused', nothing else changes. */
    refuseFeaturingRequest: (user: SessionUser | null, input: FeaturingAnswerInput) => answer(user, input, "refused"),
  };
}
