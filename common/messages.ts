/**
 * The messages a person reads when an input or an action is refused, by domain: each getter gives its sentence from
 * the reader's catalogue (common/i18n/catalogues/), where docs/product.md §8's are word for word.
 */
import {
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
import { say } from "./i18n/say.ts";

export const MESSAGES = {
  general: {
    /** Anything unforeseen (docs/product.md §8: 'any other'). */
    get unknown() {
      return say("general.unknown");
    },
  },

  page: {
    get notFound() {
      return say("page.notFound");
    },
    /** A list's page link whose cursor we did not make. */
    get invalidCursor() {
      return say("page.invalidCursor");
    },
    get noSuchApiEndpoint() {
      return say("page.noSuchApiEndpoint");
    },
    /** Better Auth's endpoints that no browser needs (signing up, changing an e-mail...): the app calls them itself. */
    get noSuchAuthEndpoint() {
      return say("page.noSuchAuthEndpoint");
    },
    /** A post to a page whose body is not a form (JSON, plain text, nothing). */
    get notAForm() {
      return say("page.notAForm");
    },
    get unreadableForm() {
      return say("page.unreadableForm");
    },
    get methodNotAllowed() {
      return say("page.methodNotAllowed");
    },
    bodyTooLarge: (maxBytes: number) => say("page.bodyTooLarge", { kb: Math.round(maxBytes / 1000) }),
    get noSuchFile() {
      return say("page.noSuchFile");
    },
    get noSuchSitemapFile() {
      return say("page.noSuchSitemapFile");
    },
    get noSuchPreviewImage() {
      return say("page.noSuchPreviewImage");
    },
  },

  /** The embeddable badges and the feeds. */
  feeds: {
    get badgeTheme() {
      return say("feeds.badgeTheme");
    },
    get badgeViews() {
      return say("feeds.badgeViews");
    },
    get noSuchTag() {
      return say("feeds.noSuchTag");
    },
  },

  /** Who may do what: a visitor is asked to sign in, anyone else is told what they lack. */
  access: {
    get signInFirst() {
      return say("access.signInFirst");
    },
    get notAllowed() {
      return say("access.notAllowed");
    },
    get moderatorsOnly() {
      return say("access.moderatorsOnly");
    },
    get adminsOnly() {
      return say("access.adminsOnly");
    },
    /** A form posted to us from another site's page. */
    get crossSite() {
      return say("access.crossSite");
    },
  },

  /** Tools and their lifecycle (docs/product.md §4). */
  tool: {
    get notFoundById() {
      return say("tool.notFoundById");
    },
    get notFoundBySlug() {
      return say("tool.notFoundBySlug");
    },
    get alreadyListed() {
      return say("tool.alreadyListed");
    },
    get alreadySubmitted() {
      return say("tool.alreadySubmitted");
    },
    get alreadyVerified() {
      return say("tool.alreadyVerified");
    },
    get alreadyClaimed() {
      return say("tool.alreadyClaimed");
    },
    get ownTool() {
      return say("tool.ownTool");
    },
    get noClaim() {
      return say("tool.noClaim");
    },
  },

  /** A tool's uploaded logo or large image. */
  image: {
    tooLarge: (maxBytes: number) => say("image.tooLarge", { mb: Math.round(maxBytes / 1_000_000) }),
    get unsupported() {
      return say("image.unsupported");
    },
    get unreadable() {
      return say("image.unreadable");
    },
    get empty() {
      return say("image.empty");
    },
    get missing() {
      return say("image.missing");
    },
    get noSuchUploadAddress() {
      return say("image.noSuchUploadAddress");
    },
  },

  /** Why the site could not read a web address (the form's "Fill from website", the link checker). */
  fetch: {
    get badAddress() {
      return say("fetch.badAddress");
    },
    get privateAddress() {
      return say("fetch.privateAddress");
    },
    get unknownHost() {
      return say("fetch.unknownHost");
    },
    get unreachable() {
      return say("fetch.unreachable");
    },
    tooManyRedirects: (max: number) => say("fetch.tooManyRedirects", { max }),
    tooLarge: (maxBytes: number) => say("fetch.tooLarge", { mb: Math.round(maxBytes / 1_000_000) }),
    timeout: (seconds: number) => say("fetch.timeout", { seconds }),
    httpError: (status: number) => say("fetch.httpError", { status }),
    get notHtml() {
      return say("fetch.notHtml");
    },
    get nothingFound() {
      return say("fetch.nothingFound");
    },
    get filled() {
      return say("fetch.filled");
    },
  },

  /** The link checker's findings and the admins' answer (/admin/links). */
  links: {
    get noCheck() {
      return say("links.noCheck");
    },
  },

  /** Accounts: sign-up, sign-in, e-mailed links (docs/product.md §8 for Better Auth's failures). */
  auth: {
    get invalidEmail() {
      return say("auth.invalidEmail");
    },
    get userNotFound() {
      return say("auth.userNotFound");
    },
    get wrongPassword() {
      return say("auth.wrongPassword");
    },
    get userDisabled() {
      return say("auth.userDisabled");
    },
    get tooManyRequests() {
      return say("auth.tooManyRequests");
    },
    get emailInUse() {
      return say("auth.emailInUse");
    },
    get weakPassword() {
      return say("auth.weakPassword", { min: MIN_PASSWORD_LENGTH });
    },
    get longPassword() {
      return say("auth.longPassword", { max: MAX_PASSWORD_LENGTH });
    },
    get emailExists() {
      return say("auth.emailExists");
    },
    get emailExistsGoogle() {
      return say("auth.emailExistsGoogle");
    },
    get recordNotFound() {
      return say("auth.recordNotFound");
    },
    get noEmail() {
      return say("auth.noEmail");
    },
    get usernameRequired() {
      return say("auth.usernameRequired");
    },
    get usernameTooLong() {
      return say("auth.usernameTooLong", { max: MAX_USERNAME_LENGTH });
    },
    get linkExpired() {
      return say("auth.linkExpired");
    },
    /** Asked again when the inbox already got as many links as it may in an hour: the last one still works. */
    signInLinkSentRecently: (email: string) => say("auth.signInLinkSentRecently", { email }),
    /** A confirmation link that is not one we made for that person's address (decision 057). */
    get badConfirmationLink() {
      return say("auth.badConfirmationLink");
    },
    resetLinkSentRecently: (email: string) => say("auth.resetLinkSentRecently", { email }),
  },

  /** The anti-spam checks of the sign-up and add-tool forms and of the submitTool function (server/spam/). */
  spam: {
    get proofMissing() {
      return say("spam.proofMissing");
    },
    get needsScript() {
      return say("spam.needsScript");
    },
    get proofInvalid() {
      return say("spam.proofInvalid");
    },
    get proofReplayed() {
      return say("spam.proofReplayed");
    },
    get proofExpired() {
      return say("spam.proofExpired");
    },
    get honeypot() {
      return say("spam.honeypot");
    },
    get disposableEmail() {
      return say("spam.disposableEmail");
    },
    dailyLimit: (max: number) => say("spam.dailyLimit", { max }),
  },

  /** Profiles: /profile/{slug}, the /edit-profile forms, the featuring request and the admin command. */
  profile: {
    get notFound() {
      return say("profile.notFound");
    },
    get bioTooLong() {
      return say("profile.bioTooLong", { max: MAX_BIO_LENGTH });
    },
    get socialProfileUrl() {
      return say("profile.socialProfileUrl");
    },
    get tooManySocialProfiles() {
      return say("profile.tooManySocialProfiles", { max: MAX_SOCIAL_PROFILES });
    },
    get currentPasswordRequired() {
      return say("profile.currentPasswordRequired");
    },
    get noPassword() {
      return say("profile.noPassword");
    },
    get confirmDelete() {
      return say("profile.confirmDelete");
    },
    get chooseTool() {
      return say("profile.chooseTool");
    },
    get notYourTool() {
      return say("profile.notYourTool");
    },
    get notYourProfile() {
      return say("profile.notYourProfile");
    },
    get alreadyRequested() {
      return say("profile.alreadyRequested");
    },
    get requestSent() {
      return say("profile.requestSent");
    },
    get unknownLocale() {
      return say("profile.unknownLocale");
    },
    get unknownRole() {
      return say("profile.unknownRole", { roles: USER_ROLES.join(", ") });
    },
    noUserWithEmail: (email: string) => say("profile.noUserWithEmail", { email }),
  },

  /** Paid featuring (decision 040): the maker's checkout, the console's prices and places, Stripe's webhook. */
  featuring: {
    get notForSale() {
      return say("featuring.notForSale");
    },
    get notYourTool() {
      return say("featuring.notYourTool");
    },
    alreadyFeatured: (until: string) => say("featuring.alreadyFeatured", { until }),
    get alreadyFeaturedMonthly() {
      return say("featuring.alreadyFeaturedMonthly");
    },
    alreadyBooked: (from: string) => say("featuring.alreadyBooked", { from }),
    get alreadySkipped() {
      return say("featuring.alreadySkipped");
    },
    get notWaiting() {
      return say("featuring.notWaiting");
    },
    get notLive() {
      return say("featuring.notLive");
    },
    get noFreePlace() {
      return say("featuring.noFreePlace");
    },
    get noPlaceForSubscription() {
      return say("featuring.noPlaceForSubscription");
    },
    get stripeUnavailable() {
      return say("featuring.stripeUnavailable");
    },
    stripeRefused: (reason: string) => say("featuring.stripeRefused", { reason }),
    get purchaseNotFound() {
      return say("featuring.purchaseNotFound");
    },
    get notCancellable() {
      return say("featuring.notCancellable");
    },
    get unknownOffer() {
      return say("featuring.unknownOffer");
    },
    get currencyShape() {
      return say("featuring.currencyShape");
    },
    get amountShape() {
      return say("featuring.amountShape");
    },
    get amountTooSmall() {
      return say("featuring.amountTooSmall");
    },
    get daysRange() {
      return say("featuring.daysRange");
    },
    get placesRange() {
      return say("featuring.placesRange");
    },
    get badSignature() {
      return say("featuring.badSignature");
    },
    get notAnEvent() {
      return say("featuring.notAnEvent");
    },
    get noPayments() {
      return say("featuring.noPayments");
    },
  },

  /** The record of searches (/searches, /admin/analytics). */
  search: {
    get notFound() {
      return say("search.notFound");
    },
  },

  favorite: {
    get needsAccount() {
      return say("favorite.needsAccount");
    },
    get unknownIntent() {
      return say("favorite.unknownIntent");
    },
  },

  /** The moderation console (/admin): its forms and its refusals. */
  moderation: {
    get reasonRequired() {
      return say("moderation.reasonRequired");
    },
    get reasonTooLong() {
      return say("moderation.reasonTooLong", { max: MAX_REJECTION_REASON_LENGTH });
    },
    get changesMessageRequired() {
      return say("moderation.changesMessageRequired");
    },
    get changesMessageTooLong() {
      return say("moderation.changesMessageTooLong", { max: MAX_REJECTION_REASON_LENGTH });
    },
    get mergeIntoLiveTool() {
      return say("moderation.mergeIntoLiveTool");
    },
    get noToolSelected() {
      return say("moderation.noToolSelected");
    },
    get unknownFlag() {
      return say("moderation.unknownFlag", { flags: TOOL_FLAGS.join(", ") });
    },
    get labelRequired() {
      return say("moderation.labelRequired");
    },
    get labelTooLong() {
      return say("moderation.labelTooLong", { max: MAX_CATEGORY_LABEL_LENGTH });
    },
    get slugShape() {
      return say("moderation.slugShape");
    },
    get slugTaken() {
      return say("moderation.slugTaken");
    },
    get colorShape() {
      return say("moderation.colorShape");
    },
    get descriptionTooLong() {
      return say("moderation.descriptionTooLong", { max: MAX_CATEGORY_DESCRIPTION_LENGTH });
    },
    get categoryNotFound() {
      return say("moderation.categoryNotFound");
    },
    get userNotFound() {
      return say("moderation.userNotFound");
    },
    get searchTooLong() {
      return say("moderation.searchTooLong", { max: MAX_MODERATION_SEARCH_LENGTH });
    },
    get ownRole() {
      return say("moderation.ownRole");
    },
    get ownAccount() {
      return say("moderation.ownAccount");
    },
    get requestAlreadyAnswered() {
      return say("moderation.requestAlreadyAnswered");
    },
    get deliveryNotFound() {
      return say("moderation.deliveryNotFound");
    },
    get deliveryNotFailed() {
      return say("moderation.deliveryNotFailed");
    },
  },

  /** Signed webhooks (/admin/webhooks). */
  webhook: {
    get urlRequired() {
      return say("webhook.urlRequired");
    },
    get urlTooLong() {
      return say("webhook.urlTooLong");
    },
    get descriptionTooLong() {
      return say("webhook.descriptionTooLong");
    },
    get unknownEvent() {
      return say("webhook.unknownEvent");
    },
    get eventsRequired() {
      return say("webhook.eventsRequired");
    },
    get endpointNotFound() {
      return say("webhook.endpointNotFound");
    },
    get deliveryNotFound() {
      return say("webhook.deliveryNotFound");
    },
  },

  /** Problems reported on a tool's page, and their handling in the console (/admin/reports). */
  report: {
    get unknownKind() {
      return say("report.unknownKind");
    },
    get textTooLong() {
      return say("report.textTooLong", { max: MAX_REPORT_TEXT_LENGTH });
    },
    get unreadableText() {
      return say("report.unreadableText");
    },
    get notFound() {
      return say("report.notFound");
    },
    get alreadyHandled() {
      return say("report.alreadyHandled");
    },
    /** Past a tool's daily limit of reports: the moderators were told of the flood. */
    get toolFlooded() {
      return say("report.toolFlooded");
    },
  },

  /** Reviews of tools (decision 043): writing, replying, voting, reporting and moderating. */
  review: {
    get needsAccount() {
      return say("review.needsAccount");
    },
    get ownTool() {
      return say("review.ownTool");
    },
    get rating() {
      return say("review.rating");
    },
    get tooLong() {
      return say("review.tooLong", { max: MAX_REVIEW_LENGTH });
    },
    get unreadable() {
      return say("review.unreadable");
    },
    get dailyLimit() {
      return say("review.dailyLimit", { max: REVIEWS_PER_DAY });
    },
    get hidden() {
      return say("review.hidden");
    },
    get notFound() {
      return say("review.notFound");
    },
    get noOwnReview() {
      return say("review.noOwnReview");
    },
    get replyMakersOnly() {
      return say("review.replyMakersOnly");
    },
    get replyOnce() {
      return say("review.replyOnce");
    },
    get replyEmpty() {
      return say("review.replyEmpty");
    },
    get replyTooLong() {
      return say("review.replyTooLong", { max: MAX_REVIEW_REPLY_LENGTH });
    },
    get notPublic() {
      return say("review.notPublic");
    },
    get ownVote() {
      return say("review.ownVote");
    },
    get voteNeedsAccount() {
      return say("review.voteNeedsAccount");
    },
    get reportTooLong() {
      return say("review.reportTooLong", { max: MAX_REVIEW_REPORT_LENGTH });
    },
    get reason() {
      return say("review.reason");
    },
    get reasonTooLong() {
      return say("review.reasonTooLong", { max: MAX_MODERATION_REASON_LENGTH });
    },
    get unknownAction() {
      return say("review.unknownAction");
    },
    get notWaiting() {
      return say("review.notWaiting");
    },
  },

  /** Follows of categories and tags, their weekly e-mail, and unsubscribing (decision 044). */
  follow: {
    get needsAccount() {
      return say("follow.needsAccount");
    },
    get unknownKind() {
      return say("follow.unknownKind");
    },
    get unknownIntent() {
      return say("follow.unknownIntent");
    },
    get badUnsubscribeLink() {
      return say("follow.badUnsubscribeLink");
    },
  },

  /** The newsletter's digest (/admin/newsletter, npm run newsletter). */
  digest: {
    get days() {
      return say("digest.days", { max: MAX_DIGEST_DAYS });
    },
  },

  /** The newsletter sent from the console (decision 044). */
  newsletter: {
    get nothingNew() {
      return say("newsletter.nothingNew");
    },
    get unknownIntent() {
      return say("newsletter.unknownIntent");
    },
  },

  /** What the public read API (/api/v1, described at /api/v1/openapi.json) answers to a request it cannot read. */
  api: {
    unknownParameters: (names: string) => say("api.unknownParameters", { names }),
    repeatedParameter: (name: string) => say("api.repeatedParameter", { name }),
    get category() {
      return say("api.category");
    },
    get tag() {
      return say("api.tag");
    },
    get featured() {
      return say("api.featured");
    },
    get searchText() {
      return say("api.searchText", { max: MAX_SEARCH_LENGTH });
    },
    tagLimit: (max: number) => say("api.tagLimit", { max }),
    /** A write to the API whose body is not a JSON object. */
    get notJson() {
      return say("api.notJson");
    },
  },

  /** Personal API keys (/settings/api-keys, /admin/api-keys) and the requests made with one (docs/decisions/028). */
  apiKey: {
    get nameRequired() {
      return say("apiKey.nameRequired", { max: MAX_API_KEY_NAME_LENGTH });
    },
    get scope() {
      return say("apiKey.scope");
    },
    get tooMany() {
      return say("apiKey.tooMany", { max: MAX_API_KEYS_PER_USER });
    },
    get notFound() {
      return say("apiKey.notFound");
    },
    get malformed() {
      return say("apiKey.malformed");
    },
    get unknown() {
      return say("apiKey.unknown");
    },
    get readOnly() {
      return say("apiKey.readOnly");
    },
    get keyRequired() {
      return say("apiKey.keyRequired");
    },
    tooManyRequests: (seconds: number) => say("apiKey.tooManyRequests", { seconds }),
  },

  /** What the callable functions (POST /api/functions/{name}) answer to a request they cannot read. */
  functions: {
    get notJson() {
      return say("functions.notJson");
    },
    get noTool() {
      return say("functions.noTool");
    },
    get noToolId() {
      return say("functions.noToolId");
    },
    get unknownFunction() {
      return say("functions.unknownFunction");
    },
  },

  /** What POST /api/event answers for a body that is not an event. */
  event: {
    get notJson() {
      return say("event.notJson");
    },
    get tooLarge() {
      return say("event.tooLarge");
    },
    get name() {
      return say("event.name");
    },
    get url() {
      return say("event.url");
    },
    get domain() {
      return say("event.domain");
    },
    get props() {
      return say("event.props");
    },
    get text() {
      return say("event.text");
    },
    otherSite: (site: string, domain: string) => say("event.otherSite", { site, domain }),
    get tooManyAtOnce() {
      return say("event.tooManyAtOnce");
    },
    get notStored() {
      return say("event.notStored");
    },
  },

  /** Importing a catalogue file (/admin/import, npm run import) and exporting it. */
  catalogue: {
    fileTooLarge: (maxBytes: number) => say("catalogue.fileTooLarge", { mb: Math.round(maxBytes / 1_000_000) }),
    get noFile() {
      return say("catalogue.noFile");
    },
    get notText() {
      return say("catalogue.notText");
    },
    get emptyFile() {
      return say("catalogue.emptyFile");
    },
    malformedCsv: (line: number, reason: string) => say("catalogue.malformedCsv", { line, reason }),
    get noCsvRows() {
      return say("catalogue.noCsvRows");
    },
    get notAnExport() {
      return say("catalogue.notAnExport");
    },
    get noAwesomeItems() {
      return say("catalogue.noAwesomeItems");
    },
    get noSuchFile() {
      return say("catalogue.noSuchFile");
    },
    get websiteNotMapped() {
      return say("catalogue.websiteNotMapped");
    },
    unknownColumn: (column: string) => say("catalogue.unknownColumn", { column }),
    unknownField: (field: string) => say("catalogue.unknownField", { field }),
    unknownCategory: (name: string) => say("catalogue.unknownCategory", { name }),
    sameWebsiteAs: (line: number) => say("catalogue.sameWebsiteAs", { line }),
    get badFaq() {
      return say("catalogue.badFaq");
    },
    badDate: (field: string) => say("catalogue.badDate", { field }),
    get badFeatured() {
      return say("catalogue.badFeatured");
    },
    get notAWebsite() {
      return say("catalogue.notAWebsite");
    },
  },

  /** The blog and the legal pages in the console (decision 050). */
  content: {
    get titleRequired() {
      return say("content.titleRequired");
    },
    get descriptionRequired() {
      return say("content.descriptionRequired");
    },
    get bodyRequired() {
      return say("content.bodyRequired");
    },
    get badSlug() {
      return say("content.badSlug");
    },
    get slugTaken() {
      return say("content.slugTaken");
    },
    get badDate() {
      return say("content.badDate");
    },
    get badState() {
      return say("content.badState");
    },
    tooLong: (max: number) => say("content.tooLong", { max }),
    get postNotFound() {
      return say("content.postNotFound");
    },
    get topListNotFound() {
      return say("content.topListNotFound");
    },
    get pathTaken() {
      return say("content.pathTaken");
    },
    get badTopListPath() {
      return say("content.badTopListPath");
    },
    get sectionRequired() {
      return say("content.sectionRequired");
    },
  },

  /** A tool's history of revisions (decision 049). */
  history: {
    get noSuchRevision() {
      return say("history.noSuchRevision");
    },
  },

  /** The site's settings in the console (decision 048). */
  settings: {
    accentTooLight: (ratio: string) => say("settings.accentTooLight", { ratio }),
    accentTooDark: (ratio: string) => say("settings.accentTooDark", { ratio }),
    get badColor() {
      return say("settings.badColor");
    },
    get bannerLinkWithoutText() {
      return say("settings.bannerLinkWithoutText");
    },
    get badUrl() {
      return say("settings.badUrl");
    },
    get badEmail() {
      return say("settings.badEmail");
    },
    get siteNameRequired() {
      return say("settings.siteNameRequired");
    },
    get saved() {
      return say("settings.saved");
    },
  },

  /** The operator's system page and /metrics. */
  system: {
    get metricsToken() {
      return say("system.metricsToken");
    },
  },

  /** The one-time link that makes the site's first admin (decision 047). */
  setup: {
    get invalid() {
      return say("setup.invalid");
    },
    get hasAdmin() {
      return say("setup.hasAdmin");
    },
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
    get postgres() {
      return say("backup.postgres");
    },
    bucket: (bucket: string) => say("backup.bucket", { bucket }),
  },
} as const;
