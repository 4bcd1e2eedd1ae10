/**
 * The messages a person reads when an input or an action is refused, by domain, each under its catalogue key
 * (common/i18n/catalogues/, where docs/product.md §8's are word for word) and said in the language of whoever is
 * being answered when it is read (`messagesOf`). A message without values is `plain`: its key is its path here
 * (`page.notFound`), checked against the catalogue by the type. A message with values is a function, or `fixed` when
 * they are.
 */
import {
  DEAL_CODE_MAX,
  DEAL_MAX_DAYS,
  DEAL_OFFER_MAX,
  LAUNCH_MAX_DAYS,
  MAX_API_KEY_NAME_LENGTH,
  MAX_API_KEYS_PER_USER,
  MAX_BIO_LENGTH,
  MAX_CATEGORY_DESCRIPTION_LENGTH,
  MAX_CATEGORY_LABEL_LENGTH,
  MAX_DIGEST_DAYS,
  MAX_MODERATION_REASON_LENGTH,
  MAX_MODERATION_SEARCH_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_REJECTION_REASON_LENGTH,
  MAX_REPORT_TEXT_LENGTH,
  MAX_REVIEW_LENGTH,
  MAX_REVIEW_REPLY_LENGTH,
  MAX_REVIEW_REPORT_LENGTH,
  MAX_SEARCH_LENGTH,
  MAX_SOCIAL_PROFILES,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  REVIEWS_PER_DAY,
  TOOL_FLAGS,
  USER_ROLES,
} from "./constants.ts";
import { fixed, messagesOf, plain, say } from "./i18n/say.ts";
import { SPONSOR_MAX_WEEKS, SPONSOR_MAX_WEEKS_AHEAD, SPONSOR_TEXT_MAX } from "./sponsors.ts";

export const MESSAGES = messagesOf({
  general: {
    /** Anything unforeseen (docs/product.md §8: 'any other'). */
    unknown: plain,
  },

  page: {
    notFound: plain,
    /** A list's page link whose cursor we did not make. */
    invalidCursor: plain,
    noSuchApiEndpoint: plain,
    /** Better Auth's endpoints that no browser needs (signing up, changing an e-mail...): the app calls them itself. */
    noSuchAuthEndpoint: plain,
    /** A post to a page whose body is not a form (JSON, plain text, nothing). */
    notAForm: plain,
    unreadableForm: plain,
    methodNotAllowed: plain,
    bodyTooLarge: (maxBytes: number) => say("page.bodyTooLarge", { kb: Math.round(maxBytes / 1000) }),
    noSuchFile: plain,
    noSuchSitemapFile: plain,
    noSuchPreviewImage: plain,
  },

  /** The embeddable badges and the feeds. */
  licence: {
    notFound: plain,
  },
  deal: {
    codeRequired: plain,
    codeTooLong: fixed("deal.codeTooLong", { max: DEAL_CODE_MAX }),
    badCode: plain,
    offerRequired: plain,
    offerTooLong: fixed("deal.offerTooLong", { max: DEAL_OFFER_MAX }),
    badEnd: plain,
    endPassed: plain,
    endTooFar: fixed("deal.endTooFar", { days: DEAL_MAX_DAYS }),
    off: plain,
  },

  /** Launch days (decision 063). */
  launch: {
    off: plain,
    badDay: plain,
    dayPassed: plain,
    dayTooFar: fixed("launch.dayTooFar", { days: LAUNCH_MAX_DAYS }),
    alreadyLive: plain,
  },

  /** The free way in (decision 062). */
  linkBack: {
    off: plain,
    badPage: plain,
    otherSite: (domain: string) => say("linkBack.otherSite", { domain }),
    notQueued: plain,
    takenBack: plain,
    notFound: (site: string) => say("linkBack.notFound", { site }),
    foundSkipLine: (tool: string) => say("linkBack.foundSkipLine", { tool }),
    foundLive: (tool: string) => say("linkBack.foundLive", { tool }),
  },
  feeds: {
    badgeTheme: plain,
    badgeViews: plain,
    noSuchTag: plain,
    badgeWeek: plain,
  },

  /** Who may do what: a visitor is asked to sign in, anyone else is told what they lack. */
  access: {
    signInFirst: plain,
    notAllowed: plain,
    moderatorsOnly: plain,
    adminsOnly: plain,
    /** A form posted to us from another site's page. */
    crossSite: plain,
  },

  /** Tools and their lifecycle (docs/product.md §4). */
  tool: {
    notFoundById: plain,
    notFoundBySlug: plain,
    alreadyListed: plain,
    alreadySubmitted: plain,
    alreadyVerified: plain,
    alreadyClaimed: plain,
    ownTool: plain,
    noClaim: plain,
  },

  /** A tool's uploaded logo or large image. */
  image: {
    tooLarge: (maxBytes: number) => say("image.tooLarge", { mb: Math.round(maxBytes / 1_000_000) }),
    unsupported: plain,
    unreadable: plain,
    empty: plain,
    missing: plain,
    noSuchUploadAddress: plain,
  },

  /** Why the site could not read a web address (the form's "Fill from website", the link checker). */
  fetch: {
    badAddress: plain,
    privateAddress: plain,
    unknownHost: plain,
    unreachable: plain,
    tooManyRedirects: (max: number) => say("fetch.tooManyRedirects", { max }),
    tooLarge: (maxBytes: number) => say("fetch.tooLarge", { mb: Math.round(maxBytes / 1_000_000) }),
    timeout: (seconds: number) => say("fetch.timeout", { seconds }),
    httpError: (status: number) => say("fetch.httpError", { status }),
    notHtml: plain,
    nothingFound: plain,
    filled: plain,
  },

  /** The link checker's findings and the admins' answer (/admin/links). */
  links: {
    noCheck: plain,
  },

  /** Accounts: sign-up, sign-in, e-mailed links (docs/product.md §8 for Better Auth's failures). */
  auth: {
    invalidEmail: plain,
    userNotFound: plain,
    wrongPassword: plain,
    userDisabled: plain,
    tooManyRequests: plain,
    emailInUse: plain,
    weakPassword: fixed("auth.weakPassword", { min: MIN_PASSWORD_LENGTH }),
    longPassword: fixed("auth.longPassword", { max: MAX_PASSWORD_LENGTH }),
    emailExists: plain,
    emailExistsGoogle: plain,
    recordNotFound: plain,
    noEmail: plain,
    usernameRequired: plain,
    usernameTooLong: fixed("auth.usernameTooLong", { max: MAX_USERNAME_LENGTH }),
    linkExpired: plain,
    /** Asked again when the inbox already got as many links as it may in an hour: the last one still works. */
    signInLinkSentRecently: (email: string) => say("auth.signInLinkSentRecently", { email }),
    /** A confirmation link that is not one we made for that person's address (decision 057). */
    badConfirmationLink: plain,
    resetLinkSentRecently: (email: string) => say("auth.resetLinkSentRecently", { email }),
  },

  /** The anti-spam checks of the sign-up and add-tool forms and of the submitTool function (server/spam/). */
  spam: {
    proofMissing: plain,
    needsScript: plain,
    proofInvalid: plain,
    proofReplayed: plain,
    proofExpired: plain,
    honeypot: plain,
    disposableEmail: plain,
    dailyLimit: (max: number) => say("spam.dailyLimit", { max }),
  },

  /** Profiles: /profile/{slug}, the /edit-profile forms, the featuring request and the admin command. */
  profile: {
    notFound: plain,
    bioTooLong: fixed("profile.bioTooLong", { max: MAX_BIO_LENGTH }),
    socialProfileUrl: plain,
    tooManySocialProfiles: fixed("profile.tooManySocialProfiles", { max: MAX_SOCIAL_PROFILES }),
    currentPasswordRequired: plain,
    noPassword: plain,
    confirmDelete: plain,
    chooseTool: plain,
    notYourTool: plain,
    notYourProfile: plain,
    alreadyRequested: plain,
    requestSent: plain,
    unknownLocale: plain,
    unknownRole: fixed("profile.unknownRole", { roles: USER_ROLES.join(", ") }),
    noUserWithEmail: (email: string) => say("profile.noUserWithEmail", { email }),
  },

  /** Paid featuring (decision 040): the maker's checkout, the console's prices and places, Stripe's webhook. */
  featuring: {
    notForSale: plain,
    notYourTool: plain,
    alreadyFeatured: (until: string) => say("featuring.alreadyFeatured", { until }),
    alreadyFeaturedMonthly: plain,
    alreadyBooked: (from: string) => say("featuring.alreadyBooked", { from }),
    alreadySkipped: plain,
    notWaiting: plain,
    notLive: plain,
    noFreePlace: plain,
    noPlaceForSubscription: plain,
    stripeUnavailable: plain,
    stripeRefused: (reason: string) => say("featuring.stripeRefused", { reason }),
    purchaseNotFound: plain,
    notCancellable: plain,
    unknownOffer: plain,
    currencyShape: plain,
    amountShape: plain,
    amountTooSmall: plain,
    daysRange: plain,
    placesRange: plain,
    badSignature: plain,
    notAnEvent: plain,
    noPayments: plain,
  },

  /** Sponsors (decision 064): a booking, its review, and the console's placements. */
  sponsor: {
    unknownPlacement: plain,
    notForSale: plain,
    tooManyBookings: plain,
    badWeek: plain,
    noWeek: plain,
    tooManyWeeks: fixed("sponsor.tooManyWeeks", { max: SPONSOR_MAX_WEEKS }),
    weekNotOnSale: (week: string) => say("sponsor.weekNotOnSale", { week }),
    weekTaken: (week: string) => say("sponsor.weekTaken", { week }),
    textRequired: plain,
    textTooLong: fixed("sponsor.textTooLong", { max: SPONSOR_TEXT_MAX }),
    badUrl: plain,
    weeksAheadRange: fixed("sponsor.weeksAheadRange", { max: SPONSOR_MAX_WEEKS_AHEAD }),
    notFound: plain,
    notInReview: plain,
  },

  /** The record of searches (/searches, /admin/analytics). */
  search: {
    notFound: plain,
  },

  favorite: {
    needsAccount: plain,
    unknownIntent: plain,
  },

  /** The moderation console (/admin): its forms and its refusals. */
  moderation: {
    reasonRequired: plain,
    reasonTooLong: fixed("moderation.reasonTooLong", { max: MAX_REJECTION_REASON_LENGTH }),
    changesMessageRequired: plain,
    changesMessageTooLong: fixed("moderation.changesMessageTooLong", { max: MAX_REJECTION_REASON_LENGTH }),
    mergeIntoLiveTool: plain,
    selfHostingAnswered: plain,
    noToolSelected: plain,
    unknownFlag: fixed("moderation.unknownFlag", { flags: TOOL_FLAGS.join(", ") }),
    unknownLicenceKind: plain,
    licenceTooLong: plain,
    labelRequired: plain,
    labelTooLong: fixed("moderation.labelTooLong", { max: MAX_CATEGORY_LABEL_LENGTH }),
    slugShape: plain,
    slugTaken: plain,
    colorShape: plain,
    descriptionTooLong: fixed("moderation.descriptionTooLong", { max: MAX_CATEGORY_DESCRIPTION_LENGTH }),
    categoryNotFound: plain,
    userNotFound: plain,
    searchTooLong: fixed("moderation.searchTooLong", { max: MAX_MODERATION_SEARCH_LENGTH }),
    ownRole: plain,
    ownAccount: plain,
    requestAlreadyAnswered: plain,
    deliveryNotFound: plain,
    deliveryNotFailed: plain,
  },

  /** Signed webhooks (/admin/webhooks). */
  webhook: {
    urlRequired: plain,
    urlTooLong: plain,
    descriptionTooLong: plain,
    unknownEvent: plain,
    eventsRequired: plain,
    endpointNotFound: plain,
    deliveryNotFound: plain,
  },

  /** Problems reported on a tool's page, and their handling in the console (/admin/reports). */
  report: {
    unknownKind: plain,
    textTooLong: fixed("report.textTooLong", { max: MAX_REPORT_TEXT_LENGTH }),
    unreadableText: plain,
    notFound: plain,
    alreadyHandled: plain,
    /** Past a tool's daily limit of reports: the moderators were told of the flood. */
    toolFlooded: plain,
  },

  /** Reviews of tools (decision 043): writing, replying, voting, reporting and moderating. */
  review: {
    needsAccount: plain,
    ownTool: plain,
    rating: plain,
    tooLong: fixed("review.tooLong", { max: MAX_REVIEW_LENGTH }),
    unreadable: plain,
    dailyLimit: fixed("review.dailyLimit", { max: REVIEWS_PER_DAY }),
    hidden: plain,
    notFound: plain,
    noOwnReview: plain,
    replyMakersOnly: plain,
    replyOnce: plain,
    replyEmpty: plain,
    replyTooLong: fixed("review.replyTooLong", { max: MAX_REVIEW_REPLY_LENGTH }),
    notPublic: plain,
    ownVote: plain,
    voteNeedsAccount: plain,
    reportTooLong: fixed("review.reportTooLong", { max: MAX_REVIEW_REPORT_LENGTH }),
    reason: plain,
    reasonTooLong: fixed("review.reasonTooLong", { max: MAX_MODERATION_REASON_LENGTH }),
    unknownAction: plain,
    notWaiting: plain,
  },

  /** Follows of categories and tags, their weekly e-mail, and unsubscribing (decision 044). */
  follow: {
    needsAccount: plain,
    unknownKind: plain,
    unknownIntent: plain,
    badUnsubscribeLink: plain,
  },

  /** The newsletter's digest (/admin/newsletter, npm run newsletter). */
  digest: {
    days: fixed("digest.days", { max: MAX_DIGEST_DAYS }),
  },

  /** The newsletter sent from the console (decision 044). */
  newsletter: {
    nothingNew: plain,
    unknownIntent: plain,
  },

  /** What the public read API (/api/v1, described at /api/v1/openapi.json) answers to a request it cannot read. */
  api: {
    unknownParameters: (names: string) => say("api.unknownParameters", { names }),
    repeatedParameter: (name: string) => say("api.repeatedParameter", { name }),
    category: plain,
    tag: plain,
    featured: plain,
    searchText: fixed("api.searchText", { max: MAX_SEARCH_LENGTH }),
    tagLimit: (max: number) => say("api.tagLimit", { max }),
    /** A write to the API whose body is not a JSON object. */
    notJson: plain,
  },

  /** Personal API keys (/settings/api-keys, /admin/api-keys) and the requests made with one (docs/decisions/028). */
  apiKey: {
    nameRequired: fixed("apiKey.nameRequired", { max: MAX_API_KEY_NAME_LENGTH }),
    scope: plain,
    tooMany: fixed("apiKey.tooMany", { max: MAX_API_KEYS_PER_USER }),
    notFound: plain,
    malformed: plain,
    unknown: plain,
    readOnly: plain,
    keyRequired: plain,
    tooManyRequests: (seconds: number) => say("apiKey.tooManyRequests", { seconds }),
  },

  /** What the callable functions (POST /api/functions/{name}) answer to a request they cannot read. */
  functions: {
    notJson: plain,
    noTool: plain,
    noToolId: plain,
    unknownFunction: plain,
  },

  /** What POST /api/event answers for a body that is not an event. */
  event: {
    notJson: plain,
    tooLarge: plain,
    name: plain,
    url: plain,
    domain: plain,
    props: plain,
    text: plain,
    otherSite: (site: string, domain: string) => say("event.otherSite", { site, domain }),
    tooManyAtOnce: plain,
    notStored: plain,
  },

  /** Importing a catalogue file (/admin/import, npm run import) and exporting it. */
  catalogue: {
    fileTooLarge: (maxBytes: number) => say("catalogue.fileTooLarge", { mb: Math.round(maxBytes / 1_000_000) }),
    noFile: plain,
    notText: plain,
    emptyFile: plain,
    malformedCsv: (line: number, reason: string) => say("catalogue.malformedCsv", { line, reason }),
    noCsvRows: plain,
    notAnExport: plain,
    noAwesomeItems: plain,
    notAnItem: plain,
    tableOfContents: plain,
    alsoOnLines: (lines: string) => say("catalogue.alsoOnLines", { lines }),
    noSuchFile: plain,
    websiteNotMapped: plain,
    unknownColumn: (column: string) => say("catalogue.unknownColumn", { column }),
    unknownField: (field: string) => say("catalogue.unknownField", { field }),
    unknownCategory: (name: string) => say("catalogue.unknownCategory", { name }),
    sameWebsiteAs: (line: number) => say("catalogue.sameWebsiteAs", { line }),
    badFaq: plain,
    badDate: (field: string) => say("catalogue.badDate", { field }),
    badFeatured: plain,
    badSelfHostable: plain,
    longLicence: plain,
    notAWebsite: plain,
  },

  /** The blog and the legal pages in the console (decision 050). */
  content: {
    titleRequired: plain,
    descriptionRequired: plain,
    bodyRequired: plain,
    badSlug: plain,
    slugTaken: plain,
    badDate: plain,
    badState: plain,
    tooLong: (max: number) => say("content.tooLong", { max }),
    postNotFound: plain,
    topListNotFound: plain,
    pathTaken: plain,
    badTopListPath: plain,
    sectionRequired: plain,
  },

  /** A tool's history of revisions (decision 049). */
  history: {
    noSuchRevision: plain,
  },

  /** The site's settings in the console (decision 048). */
  settings: {
    accentTooLight: (ratio: string) => say("settings.accentTooLight", { ratio }),
    accentTooDark: (ratio: string) => say("settings.accentTooDark", { ratio }),
    badColor: plain,
    bannerLinkWithoutText: plain,
    badUrl: plain,
    badEmail: plain,
    siteNameRequired: plain,
    badFreeWayIn: plain,
    saved: plain,
  },

  /** The operator's system page and /metrics. */
  system: {
    metricsToken: plain,
  },

  /** The one-time link that makes the site's first admin (decision 047). */
  setup: {
    invalid: plain,
    hasAdmin: plain,
  },

  /** What `npm run backup` and `npm run restore` print when they cannot go on. */
  backup: {
    noDatabase: (dataDir: string) => say("backup.noDatabase", { dataDir }),
    archiveExists: (archive: string) => say("backup.archiveExists", { archive }),
    notEmpty: (dataDir: string) => say("backup.notEmpty", { dataDir }),
    noArchive: (archive: string) => say("backup.noArchive", { archive }),
    damaged: (archive: string, reason: string) => say("backup.damaged", { archive, reason }),
    notABackup: (archive: string) => say("backup.notABackup", { archive }),
    /** An archive whose database is larger, packed or unpacked, than a restore reads (a few MB of zeros can say gigabytes). */
    tooLarge: (archive: string, limit: number) =>
      say("backup.tooLarge", { archive, megabytes: Math.round(limit / (1024 * 1024)) }),
    postgres: plain,
    bucket: (bucket: string) => say("backup.bucket", { bucket }),
  },
});
