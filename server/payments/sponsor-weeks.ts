/**
 * The weeks a paid ad holds (decision 064), claimed in the transaction that records its payment: one row per placement
 * and week, so of two sponsors paying for the last free week at once, the second finds it taken and is refunded.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Transaction } from "../db/client.ts";
import { sponsorships, sponsorWeeks } from "../db/schema.ts";
import { weekEnd } from "#common/sponsors.ts";

/**
 * Claims the weeks of the ad `id` as it is paid: true when every one was free (the ad then waits for its review);
 * false when one was sold meanwhile or is over already (the ad is lost, and its payment is given back).
 */
export async function claimSponsorWeeks(tx: Transaction, id: string, at: Date): Promise<boolean> {
  const [ad] = await tx.select().from(sponsorships).where(eq(sponsorships.id, id)).for("update");
  if (!ad || ad.state !== "pending") return false;
  const lose = async () => {
    await tx.update(sponsorships).set({ state: "lost", updatedAt: at }).where(eq(sponsorships.id, id));
    return false;
  };
  if (ad.weeks.some((week) => weekEnd(week).getTime() <= at.getTime())) return lose();
  // In the weeks' order, the same in every transaction: two claims never wait on each other in a circle.
  const claimed = await tx
    .insert(sponsorWeeks)
    .values([...ad.weeks].sort().map((week) => ({ placement: ad.placement, week, sponsorshipId: id })))
    .onConflictDoNothing()
    .returning({ week: sponsorWeeks.week });
  if (claimed.length < ad.weeks.length) {
    await tx.delete(sponsorWeeks).where(eq(sponsorWeeks.sponsorshipId, id));
    return lose();
  }
  await tx.update(sponsorships).set({ state: "review", updatedAt: at }).where(eq(sponsorships.id, id));
  return true;
}

/** Ends the ad `id` whose payment Stripe refunded or disputed: its weeks are freed, and it shows no more. */
export async function releaseSponsorship(tx: Transaction, id: string, at: Date): Promise<void> {
  await tx.delete(sponsorWeeks).where(eq(sponsorWeeks.sponsorshipId, id));
  await tx
    .update(sponsorships)
    .set({ state: "refunded", updatedAt: at })
    .where(and(eq(sponsorships.id, id), inArray(sponsorships.state, ["pending", "review", "approved"])));
}

/** An ad whose Checkout session closed unpaid. */
export async function expireSponsorship(tx: Transaction, id: string, at: Date): Promise<void> {
  await tx
    .update(sponsorships)
    .set({ state: "expired", updatedAt: at })
    .where(and(eq(sponsorships.id, id), eq(sponsorships.state, "pending")));
}
