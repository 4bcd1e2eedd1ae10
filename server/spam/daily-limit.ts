/** Each account's daily number of submitted tools (SUBMISSIONS_PER_DAY), counted from the tools themselves. Decision 023. */
import { and, eq, gt, sql } from "drizzle-orm";
import { isModerator, type SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { Database, Transaction } from "../db/client.ts";
import { tools, users } from "../db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses a submission once `maker` submitted `max` tools in the last 24 hours (tools_submitted_by_idx). Inside the
 * submission's transaction the maker's row is locked first, so two submissions at once are counted one after the
 * other, in every process. Verifiers and admins are not limited.
 */
export async function refuseOverDailyLimit(
  db: Database | Transaction,
  maker: SessionUser,
  max: number,
  now = new Date(),
): Promise<void> {
  if (isModerator(maker)) return;
  await db.select({ id: users.id }).from(users).where(eq(users.id, maker.id)).for("update");
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tools)
    .where(and(eq(tools.submittedBy, maker.id), gt(tools.createdAt, new Date(now.getTime() - DAY_MS))));
  if ((row?.count ?? 0) >= max) throw new AppError("resource-exhausted", MESSAGES.spam.dailyLimit(max));
}
