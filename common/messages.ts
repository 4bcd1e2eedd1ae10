/**
 * The messages a person reads when an input or an action is refused, by domain, each named by its catalogue key
 * (common/i18n/catalogues/, where docs/product.md §8's are word for word) and said in the language of whoever is
 * being answered when it is read (`messagesOf`). A message with values is a function, or `fixed` when they are.
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
import { fixed, messagesOf, say } from "./i18n/say.ts";
import { SPONSOR_MAX_WEEKS, SPONSOR_MAX_WEEKS_AHEAD, SPONSOR_TEXT_MAX } from "./sponsors.ts";

export const MESSAGES = messagesOf({
  general: {
    /** Anything unforeseen (docs/product.md §8: 'any other'). */
    unknown: "general.unknown",
  },

  page: {
    notFound: "page.notFound",
    /** A list's page link whose cursor we did not make. */
    invalidCursor: "page.invalidCursor",
    noSuchApiEndpoint: "page.noSuchApiEndpoint",
    /** Better Auth's endpoints that no browser needs (signing up, changing an e-mail...): the app calls them itself. */
    noSuchAuthEndpoint: "page.noSuchAuthEndpoint",
    /** A post to a page whose body is not a form (JSON, plain text, nothing). */
    notAForm: "page.notAForm",
    unreadableForm: "page.unreadableForm",
    methodNotAllowed: "page.methodNotAllowed",
    bodyTooLarge: (maxBytes: number) => say("page.bodyTooLarge", { kb: Math.round(maxBytes / 1000) }),
    noSuchFile: "page.noSuchFile",
    noSuchSitemapFile: "page.noSuchSitemapFile",
    noSuchPreviewImage: "page.noSuchPreviewImage",
  },

  /** The embeddable badges and the feeds. */
  licence: {
    notFound: "licence.notFound",
  },
  deal: {
    codeRequired: "deal.codeRequired",
    codeTooLong: fixed("deal.codeTooLong", { max: DEAL_CODE_MAX }),
    badCode: "deal.badCode",
    offerRequired: "deal.offerRequired",
    offerTooLong: fixed("deal.offerTooLong", { max: DEAL_OFFER_MAX }),
    badEnd: "deal.badEnd",
    endPassed: "deal.endPassed",
    endTooFar: fixed("deal.endTooFar", { days: DEAL_MAX_DAYS }),
    off: "deal.off",
  },

  /** Launch days (decision 063). */
  launch: {
    off: "launch.off",
    badDay: "launch.badDay",
    dayPassed: "launch.dayPassed",
    dayTooFar: fixed("launch.dayTooFar", { days: LAUNCH_MAX_DAYS }),
    alreadyLive: "launch.alreadyLive",
  },

  /** The free way in (decision 062). */
  linkBack: {
    off: "linkBack.off",
    badPage: "linkBack.badPage",
    otherSite: (domain: string) => say("linkBack.otherSite", { domain }),
    notQueued: "linkBack.notQueued",
    takenBack: "linkBack.takenBack",
    notFound: (site: string) => say("linkBack.notFound", { site }),
    foundSkipLine: (tool: string) => say("linkBack.foundSkipLine", { tool }),
    foundLive: (tool: string) => say("linkBack.foundLive", { tool }),
  },
  feeds: {
    badgeTheme: "feeds.badgeTheme",
    badgeViews: "feeds.badgeViews",
    noSuchTag: "feeds.noSuchTag",
    badgeWeek: "feeds.badgeWeek",
  },

  /** Who may do what: a visitor is asked to sign in, anyone else is told what they lack. */
  access: {
    signInFirst: "access.signInFirst",
    notAllowed: "access.notAllowed",
    moderatorsOnly: "access.moderatorsOnly",
    adminsOnly: "access.adminsOnly",
    /** A form posted to us from another site's page. */
    crossSite: "access.crossSite",
  },

  /** Tools and their lifecycle (docs/product.md §4). */
  tool: {
    notFoundById: "tool.notFoundById",
    notFoundBySlug: "tool.notFoundBySlug",
    alreadyListed: "tool.alreadyListed",
    alreadySubmitted: "tool.alreadySubmitted",
    alreadyVerified: "tool.alreadyVerified",
    alreadyClaimed: "tool.alreadyClaimed",
    ownTool: "tool.ownTool",
    noClaim: "tool.noClaim",
  },

  /** A tool's uploaded logo or large image. */
  image: {
    tooLarge: (maxBytes: number) => say("image.tooLarge", { mb: Math.round(maxBytes / 1_000_000) }),
    unsupported: "image.unsupported",
    unreadable: "image.unreadable",
    empty: "image.empty",
    missing: "image.missing",
    noSuchUploadAddress: "image.noSuchUploadAddress",
  },

  /** Why the site could not read a web address (the form's "Fill from website", the link checker). */
  fetch: {
    badAddress: "fetch.badAddress",
    privateAddress: "fetch.privateAddress",
    unknownHost: "fetch.unknownHost",
    unreachable: "fetch.unreachable",
    tooManyRedirects: (max: number) => say("fetch.tooManyRedirects", { max }),
    tooLarge: (maxBytes: number) => say("fetch.tooLarge", { mb: Math.round(maxBytes / 1_000_000) }),
    timeout: (seconds: number) => say("fetch.timeout", { seconds }),
    httpError: (status: number) => say("fetch.httpError", { status }),
    notHtml: "fetch.notHtml",
    nothingFound: "fetch.nothingFound",
    filled: "fetch.filled",
  },

  /** The link checker's findings and the admins' answer (/admin/links). */
  links: {
    noCheck: "links.noCheck",
  },

  /** Accounts: sign-up, sign-in, e-mailed links (docs/product.md §8 for Better Auth's failures). */
  auth: {
    invalidEmail: "auth.invalidEmail",
    userNotFound: "auth.userNotFound",
    wrongPassword: "auth.wrongPassword",
    userDisabled: "auth.userDisabled",
    tooManyRequests: "auth.tooManyRequests",
    emailInUse: "auth.emailInUse",
    weakPassword: fixed("auth.weakPassword", { min: MIN_PASSWORD_LENGTH }),
    longPassword: fixed("auth.longPassword", { max: MAX_PASSWORD_LENGTH }),
    emailExists: "auth.emailExists",
    emailExistsGoogle: "auth.emailExistsGoogle",
    recordNotFound: "auth.recordNotFound",
    noEmail: "auth.noEmail",
    usernameRequired: "auth.usernameRequired",
    usernameTooLong: fixed("auth.usernameTooLong", { max: MAX_USERNAME_LENGTH }),
    linkExpired: "auth.linkExpired",
    /** Asked again when the inbox already got as many links as it may in an hour: the last one still works. */
    signInLinkSentRecently: (email: string) => say("auth.signInLinkSentRecently", { email }),
    /** A confirmation link that is not one we made for that person's address (decision 057). */
    badConfirmationLink: "auth.badConfirmationLink",
    resetLinkSentRecently: (email: string) => say("auth.resetLinkSentRecently", { email }),
  },

  /** The anti-spam checks of the sign-up and add-tool forms and of the submitTool function (server/spam/). */
  spam: {
    proofMissing: "spam.proofMissing",
    needsScript: "spam.needsScript",
    proofInvalid: "spam.proofInvalid",
    proofReplayed: "spam.proofReplayed",
    proofExpired: "spam.proofExpired",
    honeypot: "spam.honeypot",
    disposableEmail: "spam.disposableEmail",
    dailyLimit: (max: number) => say("spam.dailyLimit", { max }),
  },

  /** Profiles: /profile/{slug}, the /edit-profile forms, the featuring request and the admin command. */
  profile: {
    notFound: "profile.notFound",
    bioTooLong: fixed("profile.bioTooLong", { max: MAX_BIO_LENGTH }),
    socialProfileUrl: "profile.socialProfileUrl",
    tooManySocialProfiles: fixed("profile.tooManySocialProfiles", { max: MAX_SOCIAL_PROFILES }),
    currentPasswordRequired: "profile.currentPasswordRequired",
    noPassword: "profile.noPassword",
    confirmDelete: "profile.confirmDelete",
    chooseTool: "profile.chooseTool",
    notYourTool: "profile.notYourTool",
    notYourProfile: "profile.notYourProfile",
    alreadyRequested: "profile.alreadyRequested",
    requestSent: "profile.requestSent",
    unknownLocale: "profile.unknownLocale",
    unknownRole: fixed("profile.unknownRole", { roles: USER_ROLES.join(", ") }),
    noUserWithEmail: (email: string) => say("profile.noUserWithEmail", { email }),
  },

  /** Paid featuring (decision 040): the maker's checkout, the console's prices and places, Stripe's webhook. */
  featuring: {
    notForSale: "featuring.notForSale",
    notYourTool: "featuring.notYourTool",
    alreadyFeatured: (until: string) => say("featuring.alreadyFeatured", { until }),
    alreadyFeaturedMonthly: "featuring.alreadyFeaturedMonthly",
    alreadyBooked: (from: string) => say("featuring.alreadyBooked", { from }),
    alreadySkipped: "featuring.alreadySkipped",
    notWaiting: "featuring.notWaiting",
    notLive: "featuring.notLive",
    noFreePlace: "featuring.noFreePlace",
    noPlaceForSubscription: "featuring.noPlaceForSubscription",
    stripeUnavailable: "featuring.stripeUnavailable",
    stripeRefused: (reason: string) => say("featuring.stripeRefused", { reason }),
    purchaseNotFound: "featuring.purchaseNotFound",
    notCancellable: "featuring.notCancellable",
    unknownOffer: "featuring.unknownOffer",
    currencyShape: "featuring.currencyShape",
    amountShape: "featuring.amountShape",
    amountTooSmall: "featuring.amountTooSmall",
    daysRange: "featuring.daysRange",
    placesRange: "featuring.placesRange",
    badSignature: "featuring.badSignature",
    notAnEvent: "featuring.notAnEvent",
    noPayments: "featuring.noPayments",
  },

  /** Sponsors (decision 064): a booking, its review, and the console's placements. */
  sponsor: {
    unknownPlacement: "sponsor.unknownPlacement",
    notForSale: "sponsor.notForSale",
    tooManyBookings: "sponsor.tooManyBookings",
    badWeek: "sponsor.badWeek",
    noWeek: "sponsor.noWeek",
    tooManyWeeks: fixed("sponsor.tooManyWeeks", { max: SPONSOR_MAX_WEEKS }),
    weekNotOnSale: (week: string) => say("sponsor.weekNotOnSale", { week }),
    weekTaken: (week: string) => say("sponsor.weekTaken", { week }),
    textRequired: "sponsor.textRequired",
    textTooLong: fixed("sponsor.textTooLong", { max: SPONSOR_TEXT_MAX }),
    badUrl: "sponsor.badUrl",
    weeksAheadRange: fixed("sponsor.weeksAheadRange", { max: SPONSOR_MAX_WEEKS_AHEAD }),
    notFound: "sponsor.notFound",
    notInReview: "sponsor.notInReview",
  },

  /** The record of searches (/searches, /admin/analytics). */
  search: {
    notFound: "search.notFound",
  },

  favorite: {
    needsAccount: "favorite.needsAccount",
    unknownIntent: "favorite.unknownIntent",
  },

  /** The moderation console (/admin): its forms and its refusals. */
  moderation: {
    reasonRequired: "moderation.reasonRequired",
    reasonTooLong: fixed("moderation.reasonTooLong", { max: MAX_REJECTION_REASON_LENGTH }),
    changesMessageRequired: "moderation.changesMessageRequired",
    changesMessageTooLong: fixed("moderation.changesMessageTooLong", { max: MAX_REJECTION_REASON_LENGTH }),
    mergeIntoLiveTool: "moderation.mergeIntoLiveTool",
    selfHostingAnswered: "moderation.selfHostingAnswered",
    noToolSelected: "moderation.noToolSelected",
    unknownFlag: fixed("moderation.unknownFlag", { flags: TOOL_FLAGS.join(", ") }),
    unknownLicenceKind: "moderation.unknownLicenceKind",
    licenceTooLong: "moderation.licenceTooLong",
    labelRequired: "moderation.labelRequired",
    labelTooLong: fixed("moderation.labelTooLong", { max: MAX_CATEGORY_LABEL_LENGTH }),
    slugShape: "moderation.slugShape",
    slugTaken: "moderation.slugTaken",
    colorShape: "moderation.colorShape",
    descriptionTooLong: fixed("moderation.descriptionTooLong", { max: MAX_CATEGORY_DESCRIPTION_LENGTH }),
    categoryNotFound: "moderation.categoryNotFound",
    userNotFound: "moderation.userNotFound",
    searchTooLong: fixed("moderation.searchTooLong", { max: MAX_MODERATION_SEARCH_LENGTH }),
    ownRole: "moderation.ownRole",
    ownAccount: "moderation.ownAccount",
    requestAlreadyAnswered: "moderation.requestAlreadyAnswered",
    deliveryNotFound: "moderation.deliveryNotFound",
    deliveryNotFailed: "moderation.deliveryNotFailed",
  },

  /** Signed webhooks (/admin/webhooks). */
  webhook: {
    urlRequired: "webhook.urlRequired",
    urlTooLong: "webhook.urlTooLong",
    descriptionTooLong: "webhook.descriptionTooLong",
    unknownEvent: "webhook.unknownEvent",
    eventsRequired: "webhook.eventsRequired",
    endpointNotFound: "webhook.endpointNotFound",
    deliveryNotFound: "webhook.deliveryNotFound",
  },

  /** Problems reported on a tool's page, and their handling in the console (/admin/reports). */
  report: {
    unknownKind: "report.unknownKind",
    textTooLong: fixed("report.textTooLong", { max: MAX_REPORT_TEXT_LENGTH }),
    unreadableText: "report.unreadableText",
    notFound: "report.notFound",
    alreadyHandled: "report.alreadyHandled",
    /** Past a tool's daily limit of reports: the moderators were told of the flood. */
    toolFlooded: "report.toolFlooded",
  },

  /** Reviews of tools (decision 043): writing, replying, voting, reporting and moderating. */
  review: {
    needsAccount: "review.needsAccount",
    ownTool: "review.ownTool",
    rating: "review.rating",
    tooLong: fixed("review.tooLong", { max: MAX_REVIEW_LENGTH }),
    unreadable: "review.unreadable",
    dailyLimit: fixed("review.dailyLimit", { max: REVIEWS_PER_DAY }),
    hidden: "review.hidden",
    notFound: "review.notFound",
    noOwnReview: "review.noOwnReview",
    replyMakersOnly: "review.replyMakersOnly",
    replyOnce: "review.replyOnce",
    replyEmpty: "review.replyEmpty",
    replyTooLong: fixed("review.replyTooLong", { max: MAX_REVIEW_REPLY_LENGTH }),
    notPublic: "review.notPublic",
    ownVote: "review.ownVote",
    voteNeedsAccount: "review.voteNeedsAccount",
    reportTooLong: fixed("review.reportTooLong", { max: MAX_REVIEW_REPORT_LENGTH }),
    reason: "review.reason",
    reasonTooLong: fixed("review.reasonTooLong", { max: MAX_MODERATION_REASON_LENGTH }),
    unknownAction: "review.unknownAction",
    notWaiting: "review.notWaiting",
  },

  /** Follows of categories and tags, their weekly e-mail, and unsubscribing (decision 044). */
  follow: {
    needsAccount: "follow.needsAccount",
    unknownKind: "follow.unknownKind",
    unknownIntent: "follow.unknownIntent",
    badUnsubscribeLink: "follow.badUnsubscribeLink",
  },

  /** The newsletter's digest (/admin/newsletter, npm run newsletter). */
  digest: {
    days: fixed("digest.days", { max: MAX_DIGEST_DAYS }),
  },

  /** The newsletter sent from the console (decision 044). */
  newsletter: {
    nothingNew: "newsletter.nothingNew",
    unknownIntent: "newsletter.unknownIntent",
  },

  /** What the public read API (/api/v1, described at /api/v1/openapi.json) answers to a request it cannot read. */
  api: {
    unknownParameters: (names: string) => say("api.unknownParameters", { names }),
    repeatedParameter: (name: string) => say("api.repeatedParameter", { name }),
    category: "api.category",
    tag: "api.tag",
    featured: "api.featured",
    searchText: fixed("api.searchText", { max: MAX_SEARCH_LENGTH }),
    tagLimit: (max: number) => say("api.tagLimit", { max }),
    /** A write to the API whose body is not a JSON object. */
    notJson: "api.notJson",
  },

  /** Personal API keys (/settings/api-keys, /admin/api-keys) and the requests made with one (docs/decisions/028). */
  apiKey: {
    nameRequired: fixed("apiKey.nameRequired", { max: MAX_API_KEY_NAME_LENGTH }),
    scope: "apiKey.scope",
    tooMany: fixed("apiKey.tooMany", { max: MAX_API_KEYS_PER_USER }),
    notFound: "apiKey.notFound",
    malformed: "apiKey.malformed",
    unknown: "apiKey.unknown",
    readOnly: "apiKey.readOnly",
    keyRequired: "apiKey.keyRequired",
    tooManyRequests: (seconds: number) => say("apiKey.tooManyRequests", { seconds }),
  },

  /** What the callable functions (POST /api/functions/{name}) answer to a request they cannot read. */
  functions: {
    notJson: "functions.notJson",
    noTool: "functions.noTool",
    noToolId: "functions.noToolId",
    unknownFunction: "functions.unknownFunction",
  },

  /** What POST /api/event answers for a body that is not an event. */
  event: {
    notJson: "event.notJson",
    tooLarge: "event.tooLarge",
    name: "event.name",
    url: "event.url",
    domain: "event.domain",
    props: "event.props",
    text: "event.text",
    otherSite: (site: string, domain: string) => say("event.otherSite", { site, domain }),
    tooManyAtOnce: "event.tooManyAtOnce",
    notStored: "event.notStored",
  },

  /** Importing a catalogue file (/admin/import, npm run import) and exporting it. */
  catalogue: {
    fileTooLarge: (maxBytes: number) => say("catalogue.fileTooLarge", { mb: Math.round(maxBytes / 1_000_000) }),
    noFile: "catalogue.noFile",
    notText: "catalogue.notText",
    emptyFile: "catalogue.emptyFile",
    malformedCsv: (line: number, reason: string) => say("catalogue.malformedCsv", { line, reason }),
    noCsvRows: "catalogue.noCsvRows",
    notAnExport: "catalogue.notAnExport",
    noAwesomeItems: "catalogue.noAwesomeItems",
    notAnItem: "catalogue.notAnItem",
    tableOfContents: "catalogue.tableOfContents",
    alsoOnLines: (lines: string) => say("catalogue.alsoOnLines", { lines }),
    noSuchFile: "catalogue.noSuchFile",
    websiteNotMapped: "catalogue.websiteNotMapped",
    unknownColumn: (column: string) => say("catalogue.unknownColumn", { column }),
    unknownField: (field: string) => say("catalogue.unknownField", { field }),
    unknownCategory: (name: string) => say("catalogue.unknownCategory", { name }),
    sameWebsiteAs: (line: number) => say("catalogue.sameWebsiteAs", { line }),
    badFaq: "catalogue.badFaq",
    badDate: (field: string) => say("catalogue.badDate", { field }),
    badFeatured: "catalogue.badFeatured",
    badSelfHostable: "catalogue.badSelfHostable",
    longLicence: "catalogue.longLicence",
    notAWebsite: "catalogue.notAWebsite",
  },

  /** The blog and the legal pages in the console (decision 050). */
  content: {
    titleRequired: "content.titleRequired",
    descriptionRequired: "content.descriptionRequired",
    bodyRequired: "content.bodyRequired",
    badSlug: "content.badSlug",
    slugTaken: "content.slugTaken",
    badDate: "content.badDate",
    badState: "content.badState",
    tooLong: (max: number) => say("content.tooLong", { max }),
    postNotFound: "content.postNotFound",
    topListNotFound: "content.topListNotFound",
    pathTaken: "content.pathTaken",
    badTopListPath: "content.badTopListPath",
    sectionRequired: "content.sectionRequired",
  },

  /** A tool's history of revisions (decision 049). */
  history: {
    noSuchRevision: "history.noSuchRevision",
  },

  /** The site's settings in the console (decision 048). */
  settings: {
    accentTooLight: (ratio: string) => say("settings.accentTooLight", { ratio }),
    accentTooDark: (ratio: string) => say("settings.accentTooDark", { ratio }),
    badColor: "settings.badColor",
    bannerLinkWithoutText: "settings.bannerLinkWithoutText",
    badUrl: "settings.badUrl",
    badEmail: "settings.badEmail",
    siteNameRequired: "settings.siteNameRequired",
    badFreeWayIn: "settings.badFreeWayIn",
    saved: "settings.saved",
  },

  /** The operator's system page and /metrics. */
  system: {
    metricsToken: "system.metricsToken",
  },

  /** The one-time link that makes the site's first admin (decision 047). */
  setup: {
    invalid: "setup.invalid",
    hasAdmin: "setup.hasAdmin",
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
    postgres: "backup.postgres",
    bucket: (bucket: string) => say("backup.bucket", { bucket }),
  },
});
