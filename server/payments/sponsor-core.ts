/**
 * What every part of sponsors shares (decision 064): the types, the placements as stored and their weeks sold, an ad
 * as its sponsor and the console read it, its views and clicks, and its sponsor's mail; on the featuring's core
 * (./featuring-core.ts), whose Stripe client, clock and give-back they use. ./sponsors.ts composes the parts on it.
 */
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { formatAmount } from "#common/featuring.ts";
import { MESSAGES } from "#common/messages.ts";
import {
  addWeeks,
  mondayOf,
  PLACEMENTS,
  type Placement,
  placementName,
  SPONSOR_DEFAULT_WEEKS_AHEAD,
  SPONSOR_MAX_WEEKS_AHEAD,
  weeksOnSale,
} from "#common/sponsors.ts";
import { requireSignedIn } from "../access.ts";
import { METRICS } from "../analytics/metrics.ts";
import { type KeptReads, unkeptReads } from "../cache/kept-reads.ts";
import type { Database, Transaction } from "../db/client.ts";
import { dailyStats, purchases, sponsorPlacements, sponsorships, sponsorWeeks, users } from "../db/schema.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";
import type { FileStorage } from "../storage/files.ts";
import { featuringCore, type FeaturingDependencies } from "./featuring-core.ts";

export type SponsorDependencies = FeaturingDependencies & {
  keptReads?: KeptReads;
  storage: FileStorage;
  maxImageBytes: number;
  /** Bookings per person and per address (each opens a Checkout session and may store a logo). */
  limiter: RateLimiter;
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

export const AD_COLUMNS = { sponsorship: sponsorships, amount: purchases.amount, currency: purchases.currency };

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

/** The dependencies, with the steps the parts built on them share. */
export function sponsorCore(dependencies: SponsorDependencies) {
  const core = featuringCore(dependencies);
  const { db, readers, outbox } = core;
  const keptReads = dependencies.keptReads ?? unkeptReads;

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

  function adViewOf(
    row: { sponsorship: typeof sponsorships.$inferSelect; amount: number; currency: string },
    at: Date,
  ) {
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
    ...core,
    keptReads,
    storage: dependencies.storage,
    maxImageBytes: dependencies.maxImageBytes,
    limiter: dependencies.limiter,
    readPlacements,
    soldWeeks,
    calendarOf,
    adViewOf,
    statsOf,
    ownAd,
    mailSponsor,
  };
}

export type SponsorCore = ReturnType<typeof sponsorCore>;
