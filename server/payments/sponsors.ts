/**
 * Sponsors (decision 064): the operator's placements, a sponsor's booking paid through Stripe Checkout, an admin's
 * review (a rejection refunds in full), the ads running this week on every page, what each ad was shown and followed,
 * and the summary mailed to its sponsor when its run is over. The payment is a purchase like a featuring's: its
 * Checkout, its events and its revenue are those of ./checkout.ts, ./stripe-events.ts and ./purchases.ts; the weeks
 * it holds are claimed by ./sponsor-weeks.ts when Stripe says it is paid.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { formatAmount, SPONSOR_PURCHASE } from "#common/featuring.ts";
import { createId } from "#common/ids.ts";
import { MESSAGES } from "#common/messages.ts";
import { advertisePath, sponsorshipPath } from "#common/page-paths.ts";
import type { PlacementInput, SponsorBookingInput } from "#common/schemas/sponsors.ts";
import {
  addWeeks,
  mondayOf,
  PLACEMENTS,
  type Placement,
  placementName,
  SPONSOR_DEFAULT_WEEKS_AHEAD,
  SPONSOR_MAX_WEEKS_AHEAD,
  weekEnd,
  weeksOnSale,
} from "#common/sponsors.ts";
import { requireAdmin, requireSignedIn } from "../access.ts";
import { METRICS } from "../analytics/metrics.ts";
import { changedFields, recordAudit } from "../audit/audit.ts";
import { type KeptReads, unkeptReads } from "../cache/kept-reads.ts";
import { dependsOn, expiresWithin, pageTags } from "../cache/page-tags.ts";
import type { Database, Transaction } from "../db/client.ts";
import { dailyStats, purchases, sponsorPlacements, sponsorships, sponsorWeeks, users } from "../db/schema.ts";
import { processImage, smallLogoOf } from "../images/process.ts";
import type { FileStorage } from "../storage/files.ts";
import { openCheckout } from "./checkout.ts";
import { featuringCore, type FeaturingDependencies, longDate } from "./featuring-core.ts";

export type SponsorDependencies = FeaturingDependencies & {
  keptReads?: KeptReads;
  storage: FileStorage;
  maxImageBytes: number;
};

export type PlacementView = {
  kind: Placement;
  name: string;
  amount: number;
  currency: string;
  price: string;
  weeksAhead: number;
  isOnSale: boolean;
};

/** A week of a placement's calendar: its Monday, and whether it is sold. */
export type CalendarWeek = { week: string; isTaken: boolean };

/** An ad as a page shows it: its id names it in the counts and its link. */
export type RunningAd = { id: string; text: string; url: string; logo: string | null };

export type SponsorshipState = "pending" | "review" | "approved" | "rejected" | "refunded" | "lost" | "expired";

/** An ad as its sponsor and the console read it. */
export type SponsorshipView = {
  id: string;
  placement: Placement;
  placementName: string;
  weeks: string[];
  endsOn: string;
  text: string;
  url: string;
  logo: string | null;
  state: SponsorshipState;
  /** While its weeks run: approved, from its first Monday until it ends. */
  isRunning: boolean;
  price: string;
  createdAt: string;
  sponsor: string | null;
};

/** What an ad was shown and followed, by day and in all. */
export type SponsorshipStats = {
  days: { day: string; views: number; clicks: number }[];
  views: number;
  clicks: number;
};

/** The console's calendar: this many weeks from the current one. */
const CALENDAR_WEEKS = 12;
/** The review queue shows this many ads, oldest first. */
const REVIEW_LIMIT = 50;
/** A sponsor's own list. */
const OWN_LIMIT = 50;
/** The daily jobs mail this many summaries a run at most; the next run takes the rest. */
const SUMMARY_BATCH = 100;

const AD_COLUMNS = { sponsorship: sponsorships, amount: purchases.amount, currency: purchases.currency };

/**
 * The approved ads of `placements` for the week of Monday `week`: one row per placement at most, read from the weeks'
 * primary key. Exported for the newsletter and the query-plan test.
 */
export function runningAdsQuery(db: Database | Transaction, week: string, placements: Placement[]) {
  return db
    .select({
      placement: sponsorWeeks.placement,
      id: sponsorships.id,
      text: sponsorships.text,
      url: sponsorships.url,
      logo: sponsorships.logo,
    })
    .from(sponsorWeeks)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorWeeks.sponsorshipId))
    .where(
      and(inArray(sponsorWeeks.placement, placements), eq(sponsorWeeks.week, week), eq(sponsorships.state, "approved")),
    );
}

export function sponsorService(dependencies: SponsorDependencies) {
  const core = featuringCore(dependencies);
  const { db, readers, outbox, logger, now, siteUrl, giveBack } = core;
  const keptReads = dependencies.keptReads ?? unkeptReads;
  const { storage, maxImageBytes } = dependencies;

  async function readPlacements(executor: Database | Transaction = db): Promise<PlacementView[]> {
    const rows = await executor.select().from(sponsorPlacements);
    return PLACEMENTS.map((kind) => {
      const row = rows.find((candidate) => candidate.kind === kind);
      const amount = row?.amount ?? 0;
      const currency = row?.currency ?? "usd";
      return {
        kind,
        name: placementName(kind),
        amount,
        currency,
        price: formatAmount(amount, currency),
        weeksAhead: row?.weeksAhead ?? SPONSOR_DEFAULT_WEEKS_AHEAD,
        isOnSale: Boolean(row?.isOnSale) && amount > 0,
      };
    });
  }

  /** The weeks sold from this week on, each placement's: at most the placements times the weeks on sale. */
  async function soldWeeks(at: Date, placement?: Placement): Promise<Set<string>> {
    const first = mondayOf(at);
    const rows = await db
      .select({ placement: sponsorWeeks.placement, week: sponsorWeeks.week })
      .from(sponsorWeeks)
      .where(
        and(
          placement ? eq(sponsorWeeks.placement, placement) : inArray(sponsorWeeks.placement, [...PLACEMENTS]),
          gte(sponsorWeeks.week, first),
          lt(sponsorWeeks.week, addWeeks(first, SPONSOR_MAX_WEEKS_AHEAD)),
        ),
      );
    return new Set(rows.map((row) => `${row.placement} ${row.week}`));
  }

  function calendarOf(placement: PlacementView, sold: Set<string>, at: Date): CalendarWeek[] {
    return weeksOnSale(at, placement.weeksAhead).map((week) => ({
      week,
      isTaken: sold.has(`${placement.kind} ${week}`),
    }));
  }

  function viewOf(row: { sponsorship: typeof sponsorships.$inferSelect; amount: number; currency: string }, at: Date) {
    const ad = row.sponsorship;
    return {
      id: ad.id,
      placement: ad.placement as Placement,
      placementName: placementName(ad.placement as Placement),
      weeks: ad.weeks,
      endsOn: ad.endsOn,
      text: ad.text,
      url: ad.url,
      logo: ad.logo,
      state: ad.state as SponsorshipState,
      isRunning:
        ad.state === "approved" &&
        ad.weeks.includes(mondayOf(at)) &&
        at.getTime() < Date.parse(`${ad.endsOn}T00:00:00Z`),
      price: formatAmount(row.amount, row.currency),
      createdAt: ad.createdAt.toISOString(),
      sponsor: null,
    } satisfies SponsorshipView;
  }

  async function statsOf(ad: { id: string; weeks: string[]; endsOn: string }): Promise<SponsorshipStats> {
    const rows = await db
      .select({ metric: dailyStats.metric, day: dailyStats.day, count: dailyStats.count })
      .from(dailyStats)
      .where(
        and(
          inArray(dailyStats.metric, [METRICS.sponsorView, METRICS.sponsorClick]),
          eq(dailyStats.subject, ad.id),
          eq(dailyStats.detail, ""),
          gte(dailyStats.day, ad.weeks[0]!),
          lt(dailyStats.day, ad.endsOn),
        ),
      )
      .orderBy(asc(dailyStats.day));
    const days = new Map<string, { day: string; views: number; clicks: number }>();
    for (const row of rows) {
      const day = days.get(row.day) ?? { day: row.day, views: 0, clicks: 0 };
      if (row.metric === METRICS.sponsorView) day.views += row.count;
      else day.clicks += row.count;
      days.set(row.day, day);
    }
    const list = [...days.values()];
    return {
      days: list,
      views: list.reduce((sum, day) => sum + day.views, 0),
      clicks: list.reduce((sum, day) => sum + day.clicks, 0),
    };
  }

  /** The ad's row for its sponsor or an admin; anyone else is told it does not exist. */
  async function ownAd(user: SessionUser | null, id: string) {
    const viewer = requireSignedIn(user);
    const [row] = await db
      .select({ ...AD_COLUMNS, sponsor: users.username })
      .from(sponsorships)
      .innerJoin(purchases, eq(purchases.id, sponsorships.id))
      .leftJoin(users, eq(users.id, sponsorships.userId))
      .where(eq(sponsorships.id, id));
    if (!row || (row.sponsorship.userId !== viewer.id && viewer.role !== "admin"))
      throw new AppError("not-found", MESSAGES.sponsor.notFound);
    return row;
  }

  /** Mails the sponsor of `ad` in its own language, in `tx`. */
  async function mailSponsor(
    tx: Database | Transaction,
    ad: typeof sponsorships.$inferSelect,
    key: string,
    compose: Parameters<typeof readers.mailTo>[3],
  ) {
    await outbox.enqueue(tx, await readers.mailTo(tx, ad.userId, `${key}:${ad.id}`, compose));
  }

  return {
    /** Whether anything can be bought: Stripe's keys are set. */
    isPaymentEnabled: dependencies.stripe !== null,

    /**
     * /advertise: the placements on sale with their price, and the weeks of each, sold or free. The same for everyone:
     * it changes when a week is sold or freed, a price changes, or a week begins.
     */
    async getAdvertisePage(): Promise<{ placements: (PlacementView & { weeks: CalendarWeek[] })[] }> {
      dependsOn(pageTags.advertise);
      const at = now();
      expiresWithin(weekEnd(mondayOf(at)).getTime() - at.getTime());
      if (!dependencies.stripe) return { placements: [] };
      const [placements, sold] = await Promise.all([readPlacements(), soldWeeks(at)]);
      return {
        placements: placements
          .filter((placement) => placement.isOnSale)
          .map((placement) => ({ ...placement, weeks: calendarOf(placement, sold, at) })),
      };
    },

    /** A placement's booking form: its price and its weeks; refused when it is not on sale. */
    async getBookingChoices(placement: Placement): Promise<PlacementView & { weeks: CalendarWeek[] }> {
      const at = now();
      const offered = (await readPlacements()).find((candidate) => candidate.kind === placement);
      if (!dependencies.stripe || !offered?.isOnSale) throw new AppError("not-found", MESSAGES.sponsor.notForSale);
      return { ...offered, weeks: calendarOf(offered, await soldWeeks(at, placement), at) };
    },

    /**
     * Opens a Checkout session for an ad: the weeks must be on sale and free now (they are claimed when Stripe says
     * it is paid, and a week sold meanwhile refunds the payment). The price is the operator's, per week. The logo,
     * when there is one, is checked and re-encoded as every upload is. Answers Stripe's page, or why the logo is refused.
     */
    async startSponsorCheckout(
      user: SessionUser | null,
      input: SponsorBookingInput,
      logo: Uint8Array | null,
    ): Promise<{ ok: true; url: string } | { ok: false; field: string; message: string }> {
      const sponsor = requireSignedIn(user);
      const at = now();
      const offered = (await readPlacements()).find((candidate) => candidate.kind === input.placement);
      if (!dependencies.stripe || !offered?.isOnSale)
        throw new AppError("aborted", MESSAGES.sponsor.notForSale, { placement: MESSAGES.sponsor.notForSale });
      const onSale = new Set(weeksOnSale(at, offered.weeksAhead));
      const sold = await soldWeeks(at, input.placement);
      for (const week of input.weeks) {
        if (!onSale.has(week)) {
          const message = MESSAGES.sponsor.weekNotOnSale(longDate(new Date(`${week}T00:00:00Z`)));
          throw new AppError("invalid-argument", message, { weeks: message });
        }
        if (sold.has(`${input.placement} ${week}`)) {
          const message = MESSAGES.sponsor.weekTaken(longDate(new Date(`${week}T00:00:00Z`)));
          throw new AppError("aborted", message, { weeks: message });
        }
      }
      const id = createId("p", at);
      let logoUrl: string | null = null;
      if (logo && logo.length > 0) {
        const processed = await processImage(logo, "logo", maxImageBytes);
        if (!processed.ok) return { ok: false, field: "logo", message: processed.message };
        const key = `sponsors/${id}.webp`;
        await storage.write(key, await smallLogoOf(processed.webp), "image/webp");
        logoUrl = storage.publicUrl(key);
      }
      const amount = offered.amount * input.weeks.length;
      const endsOn = addWeeks(input.weeks.at(-1)!, 1);
      await db.transaction(async (tx) => {
        await tx.insert(purchases).values({
          id,
          userId: sponsor.id,
          toolId: null,
          kind: SPONSOR_PURCHASE,
          source: "stripe",
          state: "pending",
          amount,
          currency: offered.currency,
          startsAt: new Date(`${input.weeks[0]}T00:00:00Z`),
          endsAt: new Date(`${endsOn}T00:00:00Z`),
          createdAt: at,
          updatedAt: at,
        });
        await tx.insert(sponsorships).values({
          id,
          userId: sponsor.id,
          placement: input.placement,
          weeks: input.weeks,
          endsOn,
          text: input.text,
          url: input.url,
          logo: logoUrl,
          state: "pending",
          createdAt: at,
          updatedAt: at,
        });
      });
      const [record] = await db.select({ email: users.email }).from(users).where(eq(users.id, sponsor.id));
      const metadata = { purchaseId: id, userId: sponsor.id, kind: SPONSOR_PURCHASE };
      const url = await openCheckout(core, id, {
        mode: "payment",
        line_items: [
          {
            quantity: input.weeks.length,
            price_data: {
              currency: offered.currency,
              unit_amount: offered.amount,
              product_data: { name: `${offered.name}: ${input.text}`.slice(0, 250) },
            },
          },
        ],
        client_reference_id: sponsor.id,
        customer_email: record?.email,
        metadata,
        payment_intent_data: { metadata },
        success_url: `${siteUrl}${sponsorshipPath(id)}`,
        cancel_url: `${siteUrl}${advertisePath(input.placement)}?cancelled=1`,
      });
      return { ok: true, url };
    },

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
      const ad = { ...viewOf(row, now()), sponsor: row.sponsor };
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
      return rows.map((row) => viewOf(row, at));
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
        review: waiting.map((row) => ({ ...viewOf(row, at), sponsor: row.sponsor })),
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

    /** Sets one placement's weekly price, how far ahead it is sold, and whether it is on sale (admins). */
    async savePlacement(user: SessionUser | null, input: PlacementInput): Promise<void> {
      const admin = requireAdmin(user);
      const values = {
        amount: input.amount,
        currency: input.currency,
        weeksAhead: input.weeksAhead,
        isOnSale: input.isOnSale,
        updatedAt: now(),
      };
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(sponsorPlacements)
          .where(eq(sponsorPlacements.kind, input.kind))
          .for("update");
        await tx
          .insert(sponsorPlacements)
          .values({ kind: input.kind, ...values })
          .onConflictDoUpdate({ target: sponsorPlacements.kind, set: values });
        const after = {
          amount: input.amount,
          currency: input.currency,
          weeksAhead: input.weeksAhead,
          isOnSale: input.isOnSale,
        };
        const changed = before
          ? changedFields(
              {
                amount: before.amount,
                currency: before.currency,
                weeksAhead: before.weeksAhead,
                isOnSale: before.isOnSale,
              },
              after,
            )
          : { before: {}, after };
        if (changed) await recordAudit(tx, admin, { kind: "sponsor.placement", subject: input.kind, ...changed });
      });
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

export type SponsorService = ReturnType<typeof sponsorService>;
