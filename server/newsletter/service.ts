/**
 * The newsletter's weekly digest (the tools verified in the last days, for /admin/newsletter and `npm run newsletter`)
 * and the maker's follow-up: seven days after a tool goes live, its maker is e-mailed its first week's figures, once
 * (docs/decisions/009-maker-follow-up.md). Every function takes the moment as `now`, so the daily job and the tests
 * choose the clock.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { DIGEST_MAX_TOOLS, FOLLOW_UP_AFTER_DAYS, FOLLOW_UP_LATEST_DAYS } from "#common/constants.ts";
import { requireAdmin } from "../access.ts";
import { addDays, dayOf, METRICS } from "../analytics/metrics.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { dailyStats, tools, users } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { isPublicTool, toolCardColumns, type ToolCardRow } from "../tools/read/queries.ts";
import { mondayOf } from "#common/sponsors.ts";
import { sponsoredLinkPath } from "#common/page-paths.ts";
import { runningAdsQuery } from "../payments/sponsor-core.ts";
import { type DigestSponsor, type DigestTool, digestHtml, digestIntro, digestMarkdown, digestTitle } from "./digest.ts";
import type { Readers, ReaderWords } from "../mail/readers.ts";
import { followUpMail } from "./follow-up-mail.ts";
import { toolPath } from "#common/page-paths.ts";
import { say } from "#common/i18n/say.ts";

export type NewsletterDependencies = {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /**
   * The mails' language and absolute links: a maker's follow-up is in their language; the newsletter, one text for
   * every subscriber that the admin reviews before sending, in the site's default language.
   */
  readers: Readers;
  /** The site's name as its settings say now. */
  siteName: () => string;
};

export type Digest = {
  days: number;
  /** The period, as ISO moments: the tools verified after `from`, up to `to`. */
  from: string;
  to: string;
  title: string;
  intro: string;
  /** The newsletter placement's ad of the week, when one is approved (decision 064). */
  sponsor: DigestSponsor | null;
  /** The words of each tool's link to its website, in the digest's language. */
  visitWebsite: string;
  tools: DigestTool[];
  markdown: string;
  html: string;
};

const verifiedBetween = (from: Date, to: Date) =>
  and(isPublicTool, gt(tools.verifiedAt, from), lte(tools.verifiedAt, to));

/**
 * The digest's tools: the `limit` most viewed and clicked of the live tools verified in (from, to], a range of
 * tools_verified_at_idx. However many tools a busy week verifies, the digest stays the size of a mail.
 */
export function digestToolsQuery(db: Database, from: Date, to: Date, limit = DIGEST_MAX_TOOLS) {
  return db
    .select({ ...toolCardColumns, verifiedAt: tools.verifiedAt })
    .from(tools)
    .where(verifiedBetween(from, to))
    .orderBy(desc(sql`${tools.views} + ${tools.clicks}`), asc(tools.id))
    .limit(limit);
}

/** What the follow-up needs to know of a tool. */
const verifiedToolColumns = {
  id: tools.id,
  name: tools.name,
  slug: tools.slug,
  verifiedAt: tools.verifiedAt,
  submittedBy: tools.submittedBy,
  creatorUsername: tools.creatorUsername,
  isLinkedToCreator: tools.isLinkedToCreator,
  followUpSentAt: tools.followUpSentAt,
};

/** The start of the UTC day `days` days before now's. */
function startOfDayAgo(now: Date, days: number): Date {
  return new Date(`${addDays(dayOf(now), -days)}T00:00:00Z`);
}

/**
 * The live tools verified on the UTC days from `latest` to `earliest` days before now's day, both included, oldest
 * verification first: a range of tools_verified_at_idx. `isFollowUpDue` keeps only those not followed up yet.
 */
export function toolsVerifiedDaysAgoQuery(
  db: Database,
  {
    earliest,
    latest,
    now,
    isFollowUpDue = false,
  }: { earliest: number; latest: number; now: Date; isFollowUpDue?: boolean },
) {
  return db
    .select(verifiedToolColumns)
    .from(tools)
    .where(
      and(
        isPublicTool,
        gte(tools.verifiedAt, startOfDayAgo(now, latest)),
        lt(tools.verifiedAt, startOfDayAgo(now, earliest - 1)),
        isFollowUpDue ? isNull(tools.followUpSentAt) : undefined,
      ),
    )
    .orderBy(asc(tools.verifiedAt), asc(tools.id));
}

type VerifiedTool = Awaited<ReturnType<typeof toolsVerifiedDaysAgoQuery>>[number];

/** A tool as the digest shows it: absolute links, in the reader's language, and its categories' labels. */
export function toDigestTool(row: ToolCardRow & { verifiedAt: Date | null }, { url }: ReaderWords): DigestTool {
  return {
    name: row.name,
    slug: row.slug,
    url: url(toolPath(row.slug)),
    shortDesc: row.shortDesc,
    website: row.website,
    // A stored logo's path is from the site's root, whatever the language.
    logo: row.logo ? new URL(row.logo, url("/")).toString() : null,
    categories: row.categories.map((category) => category.label),
    verifiedAt: (row.verifiedAt ?? row.createdAt).toISOString(),
  };
}

export function newsletterService({ db, mailer, logger, readers, siteName }: NewsletterDependencies) {
  /** The digest of the live tools verified in the last `days` days (verified after now - days, up to now). */
  async function buildDigest({ days, now }: { days: number; now: Date }): Promise<Digest> {
    const from = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const [best, [total], [ad]] = await Promise.all([
      digestToolsQuery(db, from, now),
      db.select({ count: sql<number>`count(*)::int` }).from(tools).where(verifiedBetween(from, now)),
      runningAdsQuery(db, mondayOf(now), ["newsletter"]),
    ]);
    // Shown in the order they joined, oldest verification first.
    const rows = best.toSorted((a, b) => a.verifiedAt!.getTime() - b.verifiedAt!.getTime() || (a.id < b.id ? -1 : 1));
    return readers.write(null, (words) => {
      const content = {
        title: digestTitle(siteName()),
        intro: digestIntro({
          siteName: siteName(),
          count: total?.count ?? rows.length,
          shown: rows.length,
          from,
          to: now,
        }),
        tools: rows.map((row) => toDigestTool(row, words)),
        sponsor: ad ? { id: ad.id, text: ad.text, url: words.url(sponsoredLinkPath(ad.id)) } : null,
      };
      return {
        days,
        from: from.toISOString(),
        to: now.toISOString(),
        ...content,
        visitWebsite: say("mail.visitWebsite"),
        markdown: digestMarkdown(content),
        html: digestHtml(content),
      };
    });
  }

  /** docs/product.md §7, 'tools verified exactly X days ago': the live tools verified on the UTC day `days` days before now's. */
  function listToolsVerifiedDaysAgo(days: number, now: Date) {
    return toolsVerifiedDaysAgoQuery(db, { earliest: days, latest: days, now });
  }

  /**
   * Who is sent a tool's follow-up: its linked creator, or else the user who submitted it. Nobody when the tool has
   * neither, or when that user is disabled.
   */
  async function findRecipient(tool: VerifiedTool) {
    const isMaker = Boolean(tool.isLinkedToCreator && tool.creatorUsername);
    const who = isMaker
      ? eq(users.slug, tool.creatorUsername!)
      : tool.submittedBy
        ? eq(users.id, tool.submittedBy)
        : undefined;
    if (!who) return undefined;
    const [user] = await db
      .select({ email: users.email, username: users.username, locale: users.locale, isDisabled: users.isDisabled })
      .from(users)
      .where(who)
      .limit(1);
    return user && !user.isDisabled ? { ...user, isMaker } : undefined;
  }

  /** A tool's views and clicks over its first week: the 7 UTC days from the day it was verified (daily_stats' primary key). */
  async function firstWeekFigures(toolId: string, verifiedAt: Date) {
    const first = dayOf(verifiedAt);
    const last = addDays(first, FOLLOW_UP_AFTER_DAYS - 1);
    const rows = await db
      .select({ metric: dailyStats.metric, total: sql<number>`coalesce(sum(${dailyStats.count}), 0)::int` })
      .from(dailyStats)
      .where(
        and(
          inArray(dailyStats.metric, [METRICS.toolView, METRICS.toolClick]),
          eq(dailyStats.subject, toolId),
          gte(dailyStats.day, first),
          lte(dailyStats.day, last),
        ),
      )
      .groupBy(dailyStats.metric);
    const total = (metric: string) => rows.find((row) => row.metric === metric)?.total ?? 0;
    return { week: { first, last }, views: total(METRICS.toolView), clicks: total(METRICS.toolClick) };
  }

  /**
   * Sends one tool's follow-up, at most once: the tool is marked first, with a condition only one process can meet,
   * and the mail goes only from the process that marked it. A send that fails takes the mark back, so the next run
   * tries again. Whether a mail was sent.
   */
  async function sendFollowUp(tool: VerifiedTool, now: Date): Promise<boolean> {
    const recipient = await findRecipient(tool);
    if (!recipient || !tool.verifiedAt) return false;
    const figures = await firstWeekFigures(tool.id, tool.verifiedAt);
    const [marked] = await db
      .update(tools)
      .set({ followUpSentAt: now })
      .where(and(eq(tools.id, tool.id), isNull(tools.followUpSentAt), isPublicTool))
      .returning({ id: tools.id });
    if (!marked) return false;
    try {
      await mailer.send(
        readers.write(recipient.locale, (words) =>
          followUpMail(words, {
            siteName: siteName(),
            to: recipient.email,
            username: recipient.username,
            isMaker: recipient.isMaker,
            tool,
            ...figures,
          }),
        ),
      );
      return true;
    } catch (error) {
      await db
        .update(tools)
        .set({ followUpSentAt: null })
        .where(and(eq(tools.id, tool.id), eq(tools.followUpSentAt, now)));
      logger.error(
        `The first-week mail of ${tool.name} (${tool.id}) could not be sent; the next run tries again`,
        error,
      );
      return false;
    }
  }

  return {
    buildDigest,

    /** The digest for /admin/newsletter: admins only. Null when the days asked for are not valid (the page shows its form alone). */
    async getDigest(
      user: SessionUser | null,
      { days, now }: { days: number | null; now: Date },
    ): Promise<Digest | null> {
      requireAdmin(user);
      return days === null ? null : buildDigest({ days, now });
    },

    listToolsVerifiedDaysAgo,

    /**
     * The daily job: e-mails each live tool's maker its first week's figures, once, when the tool was verified
     * FOLLOW_UP_AFTER_DAYS to FOLLOW_UP_LATEST_DAYS UTC days before now's day. How many mails were sent.
     */
    async sendDueFollowUps(now: Date): Promise<number> {
      const due = await toolsVerifiedDaysAgoQuery(db, {
        earliest: FOLLOW_UP_AFTER_DAYS,
        latest: FOLLOW_UP_LATEST_DAYS,
        now,
        isFollowUpDue: true,
      });
      let sent = 0;
      for (const tool of due) if (await sendFollowUp(tool, now)) sent++;
      return sent;
    },
  };
}

export type NewsletterService = ReturnType<typeof newsletterService>;
