/** Builds the domain layer from its dependencies. Loaders, actions and API handlers all call these, and nothing else touches the database. */
import "./i18n.ts";
import { adminService } from "./admin/service.ts";
import { apiKeyService } from "./api-keys/keys.ts";
import { eventCollector } from "./analytics/events.ts";
import { analyticsQueries } from "./analytics/queries.ts";
import { accountService } from "./auth/accounts.ts";
import { externalSignIn } from "./auth/external-sign-in.ts";
import { sessionQueries } from "./auth/sessions.ts";
import { loadAuthWhenNeeded } from "./auth/auth-loader.ts";
import type { PasswordHasher } from "./auth/better-auth.ts";
import { rateLimiter } from "./auth/rate-limit.ts";
import { createTokenSync } from "./auth/token-sync.ts";
import { catalogueService } from "./catalogue/service.ts";
import { unkeptReads, type KeptReads } from "./cache/kept-reads.ts";
import type { PageCache } from "./cache/page-cache.ts";
import { appVersion, systemMonitor } from "./system/monitor.ts";
import { siteSettingsStore } from "./settings/settings.ts";
import { linkBackService } from "./link-backs/link-backs.ts";
import { launchService } from "./launches/launches.ts";
import { auditTrail } from "./audit/audit.ts";
import { toolHistory } from "./tools/lifecycle/revisions.ts";
import { categoryQueries } from "./categories/queries.ts";
import { type Config, stripeCheckoutOrigin } from "./config.ts";
import { blogService } from "./content/blog.ts";
import { legalPageService } from "./content/pages.ts";
import { topListService } from "./content/top-lists.ts";
import type { Database } from "./db/client.ts";
import { likeCounting } from "./favorites/likes.ts";
import { reviewService } from "./reviews/reviews.ts";
import { followService } from "./follows/follows.ts";
import { favoriteMutations } from "./favorites/mutations.ts";
import { favoriteQueries } from "./favorites/queries.ts";
import { feedQueries } from "./feeds/queries.ts";
import type { Logger } from "./logger.ts";
import type { Mailer } from "./mail/mailer.ts";
import { readers } from "./mail/readers.ts";
import type { Notifier } from "./notify/notifier.ts";
import { purgeOutbox } from "./outbox/retention.ts";
import { ogImages } from "./og/images.ts";
import { outboxWorker } from "./outbox/worker.ts";
import { featuringService } from "./payments/featuring.ts";
import { sponsorService } from "./payments/sponsors.ts";
import { createStripe } from "./payments/stripe.ts";
import { searchQueries } from "./search/queries.ts";
import type { FileStorage } from "./storage/files.ts";
import { readinessChecks } from "./health.ts";
import { tagQueries } from "./tags/queries.ts";
import { imageUploads } from "./images/uploads.ts";
import { type HostResolver, safeFetcherFromConfig } from "./fetch/safe-fetch.ts";
import { githubForge } from "./fetch/github.ts";
import { repositoryFacts } from "./tools/jobs/repository-facts.ts";
import { linkChecker } from "./tools/jobs/link-checks.ts";
import { websiteFill } from "./tools/lifecycle/website-fill.ts";
import { renderMarkdown } from "./markdown.ts";
import { newsletterService } from "./newsletter/service.ts";
import { newsletterSending } from "./newsletter/sends.ts";
import { toolLifecycle } from "./tools/lifecycle/lifecycle.ts";
import { toolFacetQueries } from "./tools/read/facets.ts";
import { toolListQueries } from "./tools/read/lists.ts";
import { toolQueries } from "./tools/read/queries.ts";
import { relatedToolQueries } from "./tools/read/related.ts";
import { alternativeQueries } from "./tools/read/alternatives.ts";
import { toolReportService } from "./reports/reports.ts";
import { toolSnapshots } from "./tools/read/snapshots.ts";
import { spamGuard } from "./spam/guard.ts";
import { proofKeys, proofOfWork } from "./spam/proof-of-work.ts";
import { roleMutations, userMutations } from "./users/mutations.ts";
import { firstAdmin } from "./users/first-admin.ts";
import { userQueries } from "./users/queries.ts";
import { userToolQueries } from "./tools/read/user-tools.ts";
import { emailConfirmation } from "./auth/email-confirmation.ts";
import { dealService } from "./deals/deals.ts";
import { webhookAdmin } from "./webhooks/endpoints.ts";
import { webhookEvents } from "./webhooks/events.ts";
import { webhookSender } from "./webhooks/sender.ts";

export type Dependencies = {
  db: Database;
  config: Config;
  logger: Logger;
  storage: FileStorage;
  mailer: Mailer;
  notifier: Notifier;
  /** Signs sessions and tokens (config AUTH_SECRET, or the one kept in the data folder). */
  authSecret: string;
  /**
   * The site's one clock: every service and job reads the time from it, never from `new Date()` of its own. The
   * machine's by default; tests set it.
   */
  now?: () => Date;
  /** Reads kept between renders for the page cache (server/cache/kept-reads.ts); none without a page cache. */
  keptReads?: KeptReads;
  /** The page cache, whose figures /admin/system and /metrics show; none when it is off. */
  pageCache?: PageCache;
  /** What host names resolve to, for every address a person gives us: the system's resolver unless a test fails it on purpose. */
  resolveHost?: HostResolver;
  /** How passwords are hashed: Better Auth's scrypt, the production cost, unless a test gives a cheaper one. */
  passwordHasher?: PasswordHasher;
};

export function createServices(deps: Dependencies) {
  const now = deps.now ?? (() => new Date());
  // The parts several services share, each built once.
  const keptReads = deps.keptReads ?? unkeptReads;
  const limiter = rateLimiter(deps.db);
  const settings = siteSettingsStore({
    db: deps.db,
    config: deps.config,
    storage: deps.storage,
    logger: deps.logger,
    maxImageBytes: deps.config.UPLOAD_MAX_MB * 1_000_000,
  });
  /** The site's name as its settings say now: mails, images and feeds made later show a renamed site's new name. */
  const siteName = () => settings.current().siteName;
  /** Whether the operator shows deals (decision 061): the site's settings say so now. */
  const dealsOn = () => settings.current().dealsOn;
  const tokenSync = createTokenSync({ url: deps.config.TOKEN_SYNC_URL });
  const snapshots = toolSnapshots(deps.db, deps.storage);
  const likes = likeCounting(deps.db, limiter, now);
  // Each mail is written in its reader's language (decision 053).
  const mailReaders = readers({
    siteUrl: deps.config.SITE_URL,
    locales: deps.config.LOCALES,
    defaultLocale: deps.config.DEFAULT_LOCALE,
  });
  const newsletter = newsletterService({
    db: deps.db,
    mailer: deps.mailer,
    logger: deps.logger,
    readers: mailReaders,
    siteName,
  });
  const uploads = imageUploads({
    db: deps.db,
    storage: deps.storage,
    limiter,
    maxBytes: deps.config.UPLOAD_MAX_MB * 1_000_000,
  });
  // Every address a person gives us is read through this one fetcher (SSRF rules, limits, our User-Agent).
  const fetcher = safeFetcherFromConfig(deps.config, deps.resolveHost);
  // Every side effect of a write is an outbox row; this worker delivers them through the mailer, the bot and the token sync.
  const outbox = outboxWorker({
    db: deps.db,
    logger: deps.logger,
    leaseMs: deps.config.OUTBOX_LEASE_SECONDS * 1000,
    senders: {
      mail: (mail) => deps.mailer.send(mail),
      notice: (notice) => deps.notifier.notify(notice),
      "token-sync": (call) => tokenSync.deliver(call),
      // Read after the answer: which account, if any, a requested link is for (decision 055).
      "account-link": (request) => accounts.sendAccountLink(request),
      webhook: webhookSender({ db: deps.db, fetcher, timeoutMs: deps.config.WEBHOOK_TIMEOUT_SECONDS * 1000 }),
    },
  });
  // The signed webhooks a change writes for the admins' endpoints (decision 029), in the change's transaction.
  const webhooks = webhookEvents({ siteUrl: deps.config.SITE_URL });
  /** What Stripe's parts share (decision 040): featuring and sponsors are paid through one client and one webhook. */
  const payments = {
    db: deps.db,
    stripe: createStripe(deps.config),
    webhookSecret: deps.config.STRIPE_WEBHOOK_SECRET,
    checkoutOrigin: stripeCheckoutOrigin(deps.config),
    siteUrl: deps.config.SITE_URL,
    readers: mailReaders,
    outbox,
    webhooks,
    writeToolSnapshot: snapshots.writeToolSnapshot,
    logger: deps.logger,
    now,
  };
  const links = linkChecker({
    db: deps.db,
    readers: mailReaders,
    fetcher,
    hideAfter: deps.config.LINK_CHECK_HIDE_AFTER,
    referenceUrl: deps.config.LINK_CHECK_REFERENCE_URL,
    writeToolSnapshot: snapshots.writeToolSnapshot,
    webhooks,
    outbox,
  });
  // The repositories' facts, read again every hour within GitHub's budget (decision 060).
  const repositories = repositoryFacts({
    db: deps.db,
    forge: githubForge({
      fetcher,
      apiUrl: deps.config.GITHUB_API_URL ?? "https://api.github.com",
      token: deps.config.GITHUB_TOKEN,
    }),
    hourlyBudget: deps.config.GITHUB_TOKEN ? 5000 : 60,
    hasToken: Boolean(deps.config.GITHUB_TOKEN),
    webhooks,
    outbox,
    logger: deps.logger,
  });
  const lifecycle = toolLifecycle({
    db: deps.db,
    outbox,
    webhooks,
    readers: mailReaders,
    limiter,
    submissionsPerDay: deps.config.SUBMISSIONS_PER_DAY,
    writeSnapshot: snapshots.writeToolSnapshot,
    now,
  });
  // Better Auth has the account service keep a Google user's record as it signs them in; the service needs Better Auth.
  const onGoogleSignIn = (authId: string) => accounts.recordGoogleSignIn(authId);
  const onUnprovenPasswordRemoved = (authId: string) => accounts.recordUnprovenPasswordRemoved(authId);
  const setup = firstAdmin({
    db: deps.db,
    adminEmails: deps.config.ADMIN_EMAILS,
    siteUrl: deps.config.SITE_URL,
    logger: deps.logger,
    now,
  });
  const auth = loadAuthWhenNeeded({
    db: deps.db,
    config: deps.config,
    secret: deps.authSecret,
    outbox,
    logger: deps.logger,
    onGoogleSignIn,
    onSignedIn: setup.promoteListedAdmin,
    onUnprovenPasswordRemoved,
    siteName,
    passwordHasher: deps.passwordHasher,
  });
  // Nothing is mailed on someone's word alone: the newsletter and the follows' e-mail need a confirmed address (decision 057).
  const confirmations = emailConfirmation({
    db: deps.db,
    outbox,
    readers: mailReaders,
    siteName,
    secret: deps.authSecret,
    now,
  });
  const accountDeps = {
    db: deps.db,
    auth,
    limiter,
    outbox,
    tokenSync,
    logger: deps.logger,
    readers: mailReaders,
    siteName,
    confirmations,
    now,
  };
  const accounts = {
    ...accountService(accountDeps),
    ...externalSignIn(accountDeps),
    ...sessionQueries({ ...accountDeps, secret: deps.authSecret }),
  };
  return {
    /** The site's one clock: what every page and job takes for "now". */
    now,
    /** Better Auth itself, loaded on first use: its HTTP handler serves /api/auth/* (OAuth callbacks, e-mail link and reset link checks). */
    auth,
    accounts,
    /** Who changed what in the console and through the API (decision 049), and each tool's revisions. */
    audit: auditTrail(deps.db),
    history: toolHistory({ db: deps.db, updateTool: lifecycle.updateTool }),
    /** The first admin: ADMIN_EMAILS, and the one-time setup link (decision 047). */
    setup,
    /** The site's name, accent, banner and links: the environment's defaults, replaced by an admin's (decision 048). */
    settings,
    /** How the site is doing: /admin/system, /metrics, and this process's row among the running ones. */
    system: systemMonitor({
      db: deps.db,
      pageCache: deps.pageCache,
      version: appVersion(),
      readForgeStatus: repositories.readStatus,
    }),
    mailer: deps.mailer,
    notifier: deps.notifier,
    /**
     * The side effects of writes (docs/decisions/015-outbox.md): the worker the server starts and stops, `drain` for
     * tests, and the hourly purge of old rows.
     */
    outbox: { ...outbox, purge: (now?: Date) => purgeOutbox(deps.db, now) },
    /** Page views, outbound clicks and named events (POST /api/event), written in batches. */
    analytics: eventCollector({ db: deps.db, config: deps.config, logger: deps.logger, now }),
    tools: {
      ...toolQueries(deps.db),
      ...relatedToolQueries(deps.db, keptReads, dealsOn, now),
      ...alternativeQueries(deps.db),
      ...snapshots,
      ...toolListQueries(deps.db),
      ...toolFacetQueries(deps.db),
      ...userToolQueries(deps.db, lifecycle, now),
    },
    favorites: { ...favoriteQueries(deps.db), ...favoriteMutations(deps.db, likes, now) },
    /** The makers' deals, their pages and /deals (decision 061). */
    deals: dealService({ db: deps.db, now, isOn: dealsOn }),
    /** Launch days: the day a maker chose, the held tools and /coming-soon (decision 063). */
    launches: launchService({
      db: deps.db,
      now,
      isOn: () => settings.current().launchDaysOn,
      outbox,
      readers: mailReaders,
      siteUrl: deps.config.SITE_URL,
      siteName,
    }),
    /** The free way in: a maker's website shows the badge, and the tool skips the line (decision 062). */
    linkBacks: linkBackService({
      db: deps.db,
      fetcher,
      outbox,
      readers: mailReaders,
      lifecycle,
      limiter,
      siteUrl: deps.config.SITE_URL,
      earns: () => settings.current().freeWayIn,
      writeSnapshot: snapshots.writeToolSnapshot,
      now,
    }),
    /** Likes that wait to count (the minute's job) and the trending scores (the hourly job), decision 042. */
    likes,
    /** People's reviews of tools, the makers' replies, votes, reports and their moderation (decision 043). */
    reviews: reviewService({ db: deps.db, limiter, outbox, readers: mailReaders, now }),
    /** The categories and tags people follow, and the weekly e-mail of their new tools (decision 044). */
    follows: followService({
      db: deps.db,
      outbox,
      readers: mailReaders,
      siteName,
      secret: deps.authSecret,
      confirmations,
      now,
    }),
    /** Whether a person's address is confirmed, its link and its page (decision 057). */
    confirmations,
    users: {
      ...userQueries(deps.db),
      ...roleMutations(deps.db),
      ...userMutations({ ...accountDeps, writeToolSnapshot: snapshots.writeToolSnapshot }),
    },
    /** The honeypot and the proof of work of the forms that make accounts and tools (decision 023). */
    spam: spamGuard({
      proofOfWork: proofOfWork({
        db: deps.db,
        ...proofKeys(deps.config.ALTCHA_HMAC_KEY, deps.authSecret),
        maxNumber: deps.config.ALTCHA_MAX_NUMBER,
      }),
      now,
    }),
    /** Submitting, editing, verifying and claiming tools (docs/product.md §4). */
    lifecycle,
    /** The moderation console (/admin): its lists and the admins' changes; verifying and claims go through `lifecycle`. */
    admin: adminService({
      db: deps.db,
      logger: deps.logger,
      lifecycle,
      outbox,
      webhooks,
      tokenSync,
      writeToolSnapshot: snapshots.writeToolSnapshot,
      links,
    }),
    /** Paid featuring through Stripe (decision 040): offers, Checkout, Stripe's events, grants and the featurings' clock. */
    featuring: featuringService(payments),
    /** Sponsors (decision 064): placements, bookings paid through Stripe, reviews, the running ads and their counts. */
    sponsors: sponsorService({
      ...payments,
      keptReads,
      storage: deps.storage,
      maxImageBytes: deps.config.UPLOAD_MAX_MB * 1_000_000,
      limiter,
    }),
    /** Problems visitors report on tools' pages, and their handling by verifiers and admins (/admin/reports). */
    reports: toolReportService({ db: deps.db, limiter, outbox, webhooks, readers: mailReaders }),
    /** Importing files of tools and exporting the catalogue (/admin/import, decision 025). */
    catalogue: catalogueService({
      db: deps.db,
      logger: deps.logger,
      storage: deps.storage,
      writeToolSnapshot: snapshots.writeToolSnapshot,
    }),
    /** The admins' webhook endpoints and their deliveries (/admin/webhooks). */
    webhooks: webhookAdmin({ db: deps.db, fetcher, outbox }),
    /** Personal API keys: a user's own (/settings/api-keys), every key for admins, and who a keyed request is. */
    apiKeys: apiKeyService({ db: deps.db, limiter, now }),
    /** Markdown as the site renders it (the tool form's preview shows exactly what the tool page will). */
    markdown: { render: renderMarkdown },
    imageUploads: uploads,
    /** The tool form's "Fill from website": a proposal read from the maker's page (and GitHub's API for a repository). */
    websiteFill: websiteFill({
      db: deps.db,
      fetcher,
      imageUploads: uploads,
      limiter,
      githubApiUrl: deps.config.GITHUB_API_URL ?? "https://api.github.com",
      maxImageBytes: deps.config.UPLOAD_MAX_MB * 1_000_000,
    }),
    /** The daily link checker, the tool page's "Link checked", and the broken and moved links of /admin/links. */
    links,
    /** The hourly refresh of the tools' repositories' facts, and the forge's budget for /admin/system. */
    repositories,
    categories: categoryQueries(deps.db, keptReads),
    tags: tagQueries(deps.db),
    topLists: topListService(deps.db, keptReads),
    feeds: feedQueries(deps.db, { minVisitors: deps.config.SEARCHES_MIN_VISITORS }),
    /** The pages' link preview images, made on first request and stored (decision 035). */
    ogImages: ogImages({ db: deps.db, storage: deps.storage, siteName, logger: deps.logger }),
    search: searchQueries(deps.db, { minVisitors: deps.config.SEARCHES_MIN_VISITORS }),
    /** The analytics dashboards: a maker's linked tools (/my-tools) and the whole site (/admin/analytics). */
    stats: analyticsQueries(deps.db),
    blog: blogService(deps.db),
    legalPages: legalPageService(deps.db),
    /** The weekly digest (/admin/newsletter) and the maker's first-week mail (the daily job's `sendDueFollowUps`). */
    /** What GET /readyz answers: the database, the migrations, the file storage, and whether the process is stopping. */
    readiness: readinessChecks({ db: deps.db, storage: deps.storage }),
    /** The digest, the makers' follow-ups, and the newsletter sent to the subscribers through the outbox (decision 044). */
    newsletter: {
      ...newsletter,
      ...newsletterSending({
        db: deps.db,
        outbox,
        readers: mailReaders,
        siteName,
        secret: deps.authSecret,
        buildDigest: newsletter.buildDigest,
        now,
      }),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
