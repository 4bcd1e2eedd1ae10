/**
 * An ad once paid (decision 064): the ads running this week on every page, an ad's link, its sponsor's page and list,
 * the console's review and calendar, and the summary mailed when a run is over.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { formatAmount } from "#common/featuring.ts";
import { MESSAGES } from "#common/messages.ts";
import { sponsorshipPath } from "#common/page-paths.ts";
import { addWeeks, mondayOf, PLACEMENTS, type Placement, weekEnd } from "#common/sponsors.ts";
import { requireAdmin, requireSignedIn } from "../access.ts";
import { recordAudit } from "../audit/audit.ts";
import { dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import { purchases, sponsorships, sponsorWeeks, users } from "../db/schema.ts";
import { longDate } from "./featuring-core.ts";
import {
  AD_COLUMNS,
  type RunningAd,
  runningAdsQuery,
  type SponsorCore,
  type SponsorshipState,
  type SponsorshipStats,
  type SponsorshipView,
  type PlacementView,
} from "./sponsor-core.ts";

/** The console's calendar: this many weeks from the current one. */
const CALENDAR_WEEKS = 12;
/** The review queue shows this many ads, oldest first. */
const REVIEW_LIMIT = 50;
/** A sponsor's own list. */
const OWN_LIMIT = 50;
/** The daily jobs mail this many summaries a run at most; the next run takes the rest. */
const SUMMARY_BATCH = 100;

export function sponsorRuns(core: SponsorCore) {
  const { db, outbox, logger, now, giveBack, keptReads, readPlacements, adViewOf, statsOf, ownAd, mailSponsor } = core;
  return {
    /**
     * The ads running now, one per placement at most: on every page, the same for everyone. A page showing them is
     * kept until the week ends, or until an ad starts or stops being approved.
     */
    async listRunningAds(): Promise<Partial<Record<Placement, RunningAd>>> {
      const at = now();
      const week = mondayOf(at);
      return keptReads.read(`running-ads:${week}`, async () => {
        dependsOn(pageTags.sponsors);
        expiresWithin(weekEnd(week).getTime() - at.getTime());
        const rows = await runningAdsQuery(db, week, [...PLACEMENTS]);
        return Object.fromEntries(rows.map(({ placement, ...ad }) => [placement, ad])) as Partial<
          Record<Placement, RunningAd>
        >;
      });
    },

    /** Where an ad's link leads: an approved ad's address, whatever its weeks (a newsletter lasts longer than them). */
    async findAdLink(id: string): Promise<string | null> {
      const [row] = await db
        .select({ url: sponsorships.url })
        .from(sponsorships)
        .where(and(eq(sponsorships.id, id), eq(sponsorships.state, "approved")));
      return row?.url ?? null;
    },

    /** One ad with what it was shown and followed, for its sponsor or an admin: the page Checkout comes back to. */
    async getSponsorship(
      user: SessionUser | null,
      id: string,
    ): Promise<{ ad: SponsorshipView; stats: SponsorshipStats }> {
      const row = await ownAd(user, id);
      const ad = { ...adViewOf(row, now()), sponsor: row.sponsor };
      return { ad, stats: await statsOf(ad) };
    },

    /** The user's own ads, newest first. */
    async listOwnSponsorships(user: SessionUser | null): Promise<SponsorshipView[]> {
      const sponsor = requireSignedIn(user);
      const rows = await db
        .select(AD_COLUMNS)
        .from(sponsorships)
        .innerJoin(purchases, eq(purchases.id, sponsorships.id))
        .where(and(eq(sponsorships.userId, sponsor.id), sql`${sponsorships.state} <> 'expired'`))
        .orderBy(desc(sponsorships.createdAt), desc(sponsorships.id))
        .limit(OWN_LIMIT);
      const at = now();
      return rows.map((row) => adViewOf(row, at));
    },

    /** The console: the placements, the ads waiting for a review (oldest first), and the weeks sold ahead. */
    async getConsole(user: SessionUser | null): Promise<{
      placements: PlacementView[];
      review: SponsorshipView[];
      calendar: { week: string; ads: Partial<Record<Placement, { id: string; text: string; state: string }>> }[];
    }> {
      requireAdmin(user);
      const at = now();
      const first = mondayOf(at);
      const [placements, waiting, sold] = await Promise.all([
        readPlacements(),
        db
          .select({ ...AD_COLUMNS, sponsor: users.username })
          .from(sponsorships)
          .innerJoin(purchases, eq(purchases.id, sponsorships.id))
          .leftJoin(users, eq(users.id, sponsorships.userId))
          .where(eq(sponsorships.state, "review"))
          .orderBy(asc(sponsorships.createdAt), asc(sponsorships.id))
          .limit(REVIEW_LIMIT),
        db
          .select({
            placement: sponsorWeeks.placement,
            week: sponsorWeeks.week,
            id: sponsorships.id,
            text: sponsorships.text,
            state: sponsorships.state,
          })
          .from(sponsorWeeks)
          .innerJoin(sponsorships, eq(sponsorships.id, sponsorWeeks.sponsorshipId))
          .where(
            and(
              inArray(sponsorWeeks.placement, [...PLACEMENTS]),
              gte(sponsorWeeks.week, first),
              lt(sponsorWeeks.week, addWeeks(first, CALENDAR_WEEKS)),
            ),
          ),
      ]);
      return {
        placements,
        review: waiting.map((row) => ({ ...adViewOf(row, at), sponsor: row.sponsor })),
        calendar: Array.from({ length: CALENDAR_WEEKS }, (_, index) => {
          const week = addWeeks(first, index);
          return {
            week,
            ads: Object.fromEntries(
              sold
                .filter((row) => row.week === week)
                .map((row) => [row.placement, { id: row.id, text: row.text, state: row.state }]),
            ),
          };
        }),
      };
    },

    /**
     * An admin's review. Approved, the ad runs on its weeks by itself. Rejected (waiting, or approved and not over), its
     * weeks are freed and its payment is refunded in full; a refund Stripe did not take is tried again by rejecting
     * again.
     */
    async reviewSponsorship(
      user: SessionUser | null,
      id: string,
      decision: "approve" | "reject",
    ): Promise<SponsorshipState> {
      const admin = requireAdmin(user);
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const [ad] = await tx.select().from(sponsorships).where(eq(sponsorships.id, id)).for("update");
        if (!ad) throw new AppError("not-found", MESSAGES.sponsor.notFound);
        const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, id)).for("update");
        const isOver = Date.parse(`${ad.endsOn}T00:00:00Z`) <= at.getTime();
        if (decision === "approve") {
          if (ad.state !== "review") throw new AppError("aborted", MESSAGES.sponsor.notInReview);
          await tx
            .update(sponsorships)
            .set({ state: "approved", reviewedAt: at, reviewedBy: admin.username, updatedAt: at })
            .where(eq(sponsorships.id, id));
          await mailSponsor(tx, ad, "sponsor-approved", ({ t, url }) => ({
            subject: t("mail.sponsorApprovedSubject"),
            text: t("mail.sponsorApprovedBody", {
              text: ad.text,
              from: longDate(new Date(`${ad.weeks[0]}T00:00:00Z`)),
              url: url(sponsorshipPath(ad.id)),
            }),
          }));
          await recordAudit(tx, admin, { kind: "sponsor.approved", subject: ad.text, after: { id } });
          return { state: "approved" as const, refund: null };
        }
        const retry = ad.state === "rejected" && purchase?.state === "refunding";
        if (!retry && !(ad.state === "review" || (ad.state === "approved" && !isOver)))
          throw new AppError("aborted", MESSAGES.sponsor.notInReview);
        if (!retry) {
          await tx.delete(sponsorWeeks).where(eq(sponsorWeeks.sponsorshipId, id));
          await tx
            .update(sponsorships)
            .set({ state: "rejected", reviewedAt: at, reviewedBy: admin.username, updatedAt: at })
            .where(eq(sponsorships.id, id));
          if (purchase?.state === "paid")
            await tx.update(purchases).set({ state: "refunding", updatedAt: at }).where(eq(purchases.id, id));
          await core.recordPaymentEntry(tx, purchase!, "refunded");
          await mailSponsor(tx, ad, "sponsor-rejected", ({ t }) => ({
            subject: t("mail.sponsorRejectedSubject"),
            text: t("mail.sponsorRejectedBody", {
              text: ad.text,
              amount: formatAmount(purchase!.amount, purchase!.currency),
            }),
          }));
          await recordAudit(tx, admin, { kind: "sponsor.rejected", subject: ad.text, after: { id } });
        }
        return { state: "rejected" as const, refund: purchase ?? null };
      });
      outbox.poke();
      if (outcome.refund) {
        try {
          await giveBack(outcome.refund);
        } catch (error) {
          logger.warn(`payments: Stripe did not refund the ad ${id}: ${(error as Error).message}`);
          throw new AppError("unavailable", MESSAGES.featuring.stripeUnavailable);
        }
      }
      return outcome.state;
    },

    /** The daily jobs: mails each sponsor whose run is over what their ad was shown and followed, once. */
    async sendRunSummaries(): Promise<number> {
      const today = now().toISOString().slice(0, 10);
      const over = await db
        .select()
        .from(sponsorships)
        .where(
          and(
            eq(sponsorships.state, "approved"),
            sql`${sponsorships.summarySentAt} is null`,
            lte(sponsorships.endsOn, today),
          ),
        )
        .orderBy(asc(sponsorships.endsOn))
        .limit(SUMMARY_BATCH);
      for (const ad of over) {
        const stats = await statsOf(ad);
        await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(sponsorships)
            .set({ summarySentAt: now(), updatedAt: now() })
            .where(and(eq(sponsorships.id, ad.id), sql`${sponsorships.summarySentAt} is null`))
            .returning({ id: sponsorships.id });
          if (!claimed) return;
          await mailSponsor(tx, ad, "sponsor-summary", ({ t, url }) => ({
            subject: t("mail.sponsorSummarySubject"),
            text: t("mail.sponsorSummaryBody", {
              text: ad.text,
              views: stats.views,
              clicks: stats.clicks,
              url: url(sponsorshipPath(ad.id)),
            }),
          }));
        });
      }
      outbox.poke();
      return over.length;
    },
  };
}
