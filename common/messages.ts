/**
 * Every message a person reads when an input or an action is refused, by domain, each sentence written once. SPEC
 * section 8's catalogue is here word for word (with the typo of 'Unknown error' fixed), the rest are the product's own.
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
import { countOf } from "./plural.ts";

export const MESSAGES = {
  general: {
    /** Anything unforeseen (SPEC section 8: 'any other'). */
    unknown: "Unknown error",
  },

  page: {
    notFound: "This page does not exist",
    /** A list's page link whose cursor we did not make. */
    invalidCursor: "This page link is no longer valid",
    noSuchApiEndpoint: "No such API endpoint",
    /** Better Auth's endpoints that no browser needs (signing up, changing an e-mail...): the app calls them itself. */
    noSuchAuthEndpoint: "No such sign-in address",
    /** A post to a page whose body is not a form (JSON, plain text, nothing). */
    notAForm: "This page takes a form: send it as application/x-www-form-urlencoded or multipart/form-data",
    unreadableForm: "This form could not be read",
    methodNotAllowed: "This page takes no form",
    bodyTooLarge: (maxBytes: number) => `This request is too large: at most ${Math.round(maxBytes / 1000)} kB`,
    noSuchFile: "No such file",
    noSuchSitemapFile: "No such sitemap file",
    noSuchPreviewImage: "No such link preview image",
  },

  /** The embeddable badges and the feeds. */
  feeds: {
    badgeTheme: "The theme is light or dark",
    badgeViews: "views is 1 to show the views, or 0",
    noSuchTag: "No tool carries this tag",
  },

  /** Who may do what: a visitor is asked to sign in, anyone else is told what they lack. */
  access: {
    signInFirst: "You need to be signed in",
    notAllowed: "You are not allowed to do this",
    moderatorsOnly: "Only verifiers and admins can use the moderation console",
    adminsOnly: "Only admins can do this",
    /** A form posted to us from another site's page. */
    crossSite: "Requests from another site are not allowed",
  },

  /** Tools and their lifecycle (SPEC section 4). */
  tool: {
    notFoundById: "No tool found with this ID",
    notFoundBySlug: "No tool found with this slug",
    alreadyListed: "This tool is already listed",
    alreadySubmitted: "This tool was already submitted",
    alreadyVerified: "This tool is already live",
    alreadyClaimed: "This tool is already claimed",
    ownTool: "This tool is already yours",
    noClaim: "This tool has no claim waiting",
  },

  /** A tool's uploaded logo or large image. */
  image: {
    tooLarge: (maxBytes: number) => `The image is too large: at most ${Math.round(maxBytes / 1_000_000)} MB`,
    unsupported: "This file is not an image we accept: use PNG, JPEG, WebP, GIF or SVG",
    unreadable: "This image could not be read: it may be damaged",
    empty: "The file is empty",
    missing: "Choose an image to upload",
    noSuchUploadAddress: "No such upload address",
  },

  /** Why the site could not read a web address (the form's "Fill from website", the link checker). */
  fetch: {
    badAddress: "This is not a web address we can read: use one that starts with http:// or https://",
    privateAddress: "This address points to a private network, so we cannot read it",
    unknownHost: "We could not find this website: check the address",
    unreachable: "We could not reach this website: it refused the connection or is down",
    tooManyRedirects: (max: number) => `This address redirects more than ${max} times, so we stopped following it`,
    tooLarge: (maxBytes: number) => `This page is larger than ${Math.round(maxBytes / 1_000_000)} MB, so we stopped reading it`,
    timeout: (seconds: number) => `This website took longer than ${countOf(seconds, "second")} to answer, so we stopped waiting`,
    httpError: (status: number) => `The website answered with an error (HTTP ${status}), so we could not read the page`,
    notHtml: "This address does not lead to a web page we can read",
    nothingFound: "We read the page but found nothing to fill in: fill the form yourself",
    filled: "We filled the form from the website. Check every field before you submit: nothing is sent until you do.",
  },

  /** The link checker's findings and the admins' answer (/admin/links). */
  links: {
    noCheck: "This tool has no link check to act on",
    /** A link check that stopped because the site's own network seemed down (decision 045). */
    paused: (why: string) => `The link check paused, counting against no tool: ${why}. The site's own network seems down; the next run tries again.`,
  },

  /** Accounts: sign-up, sign-in, e-mailed links (SPEC section 8 for Better Auth's failures). */
  auth: {
    invalidEmail: "Email format incorrect",
    userNotFound: "User doesn't exist",
    wrongPassword: "Incorrect password",
    userDisabled: "The user has been disabled",
    tooManyRequests: "Too many requests, try again later",
    emailInUse: "Email already in use",
    weakPassword: `Password must contain at least ${MIN_PASSWORD_LENGTH} characters`,
    longPassword: `Password must contain at most ${MAX_PASSWORD_LENGTH} characters`,
    emailExists: "Email already used. Please login with your email",
    emailExistsGoogle: "Email already used with Google. Please use Google sign in",
    recordNotFound: "User not found",
    noEmail: "An error occurred during authentication. The admin has been informed",
    usernameRequired: "Choose a username with at least one letter or digit",
    usernameTooLong: `A username has at most ${MAX_USERNAME_LENGTH} characters`,
    linkExpired: "This link has expired or was already used. Ask for a new one.",
    /** Asked again when the inbox already got as many links as it may in an hour: the last one still works. */
    signInLinkSentRecently: (email: string) => `A sign-in link was sent to ${email} less than an hour ago: use that one. No new link was sent.`,
    resetLinkSentRecently: (email: string) => `A link to reset the password was sent to ${email} less than an hour ago: use that one. No new link was sent.`,
  },

  /** The anti-spam checks of the sign-up and add-tool forms and of the submitTool function (server/spam/). */
  spam: {
    proofMissing: "The anti-spam check has not finished. Wait until the form says it is ready, then send it again.",
    needsScript: "This form needs JavaScript for its anti-spam check. Turn JavaScript on in your browser, then send it again.",
    proofInvalid: "The anti-spam check failed. Reload the page and send the form again.",
    proofReplayed: "This anti-spam check was already used. Send the form again: your browser makes a new one.",
    proofExpired: "The anti-spam check expired. Send the form again: your browser makes a new one.",
    honeypot: "The form was refused because a field meant to stay empty was filled. If you are a person, reload the page and try again.",
    disposableEmail: "Addresses from disposable e-mail services are not accepted. Use an address you keep.",
    dailyLimit: (max: number) => `You can submit ${max} ${max === 1 ? "tool" : "tools"} a day. Try again tomorrow.`,
  },

  /** Profiles: /profile/{slug}, the /edit-profile forms, the featuring request and the admin command. */
  profile: {
    notFound: "No user found with this address",
    bioTooLong: `A bio has at most ${MAX_BIO_LENGTH} characters`,
    socialProfileUrl: "Each social profile must be a web address starting with http:// or https://, such as https://github.com/you",
    tooManySocialProfiles: `List at most ${MAX_SOCIAL_PROFILES} social profiles`,
    currentPasswordRequired: "Enter your current password",
    noPassword: "Your account signs in with Google: it has no password to change",
    confirmDelete: "Type DELETE to confirm",
    chooseTool: "Choose one of your tools",
    notYourTool: "You can only ask to feature one of your own tools",
    notYourProfile: "Only the owner of this profile can ask to feature their tools",
    alreadyRequested: "You already asked to feature this tool. We will get back to you soon.",
    requestSent: "Your request was sent. You will hear from us soon.",
    unknownRole: `A role is one of: ${USER_ROLES.join(", ")}`,
    noUserWithEmail: (email: string) => `No user has the e-mail ${email}`,
  },

  /** Paid featuring (decision 040): the maker's checkout, the console's prices and places, Stripe's webhook. */
  featuring: {
    notForSale: "This is not for sale at the moment",
    notYourTool: "You can only buy featuring for one of your own tools",
    alreadyFeatured: (until: string) => `This tool is already featured until ${until}`,
    alreadyFeaturedMonthly: "This tool is featured every month until its subscription is cancelled",
    alreadyBooked: (from: string) => `This tool already has a featuring booked from ${from}`,
    alreadySkipped: "This tool is already at the front of the queue",
    notWaiting: "Only a tool waiting for verification can skip the line",
    notLive: "Only a live tool can be featured: wait until it is verified",
    noFreePlace: "Every place is taken for as long as we can see: try again later",
    noPlaceForSubscription: "Every place is taken: a monthly featuring starts only on a free place. Book a period instead, or come back later.",
    stripeUnavailable: "Stripe could not be reached. Nothing was charged: try again in a minute.",
    stripeRefused: (reason: string) => `Stripe refused the payment's set-up: ${reason}`,
    purchaseNotFound: "No payment found with this ID",
    notCancellable: "Only a monthly featuring that is still renewing can be cancelled",
    unknownOffer: "Choose what to buy: skip the waiting line, featured on the home page for some days, or monthly",
    currencyShape: "A currency is Stripe's three-letter code, such as usd or eur",
    amountShape: "Write the price as a number, such as 29 or 29.50 (no decimals for a currency that has none)",
    amountTooSmall: "A price must be more than 0",
    daysRange: "A featuring lasts from 1 to 365 days",
    placesRange: "Between 1 and 100 tools may be featured at once",
    badSignature: "The event's Stripe-Signature does not match the webhook's secret",
    notAnEvent: "This is not a Stripe event: it has no id, type or object",
    noPayments: "Payments are off: this site has no Stripe keys",
  },

  /** The record of searches (/searches, /admin/analytics). */
  search: {
    notFound: "Nobody has made this search",
  },

  favorite: {
    needsAccount: "Log in to keep your favourite tools",
    unknownIntent: "intent must be add or remove",
  },

  /** The moderation console (/admin): its forms and its refusals. */
  moderation: {
    reasonRequired: "Say why the tool is refused: the maker reads it",
    reasonTooLong: `A reason has at most ${MAX_REJECTION_REASON_LENGTH} characters`,
    changesMessageRequired: "Say what the maker should change: they read it",
    changesMessageTooLong: `A message has at most ${MAX_REJECTION_REASON_LENGTH} characters`,
    mergeIntoLiveTool: "A submission can only be merged into another tool that is live",
    noToolSelected: "Tick at least one tool to refuse",
    unknownFlag: `flag must be one of ${TOOL_FLAGS.join(", ")}`,
    labelRequired: "Give the category a name",
    labelTooLong: `A category's name has at most ${MAX_CATEGORY_LABEL_LENGTH} characters`,
    slugShape: "A slug is lowercase letters and digits joined by single hyphens, such as design-tools",
    slugTaken: "Another category already has this slug",
    colorShape: "A colour is written #RRGGBB, such as #DDD6FE",
    descriptionTooLong: `A description has at most ${MAX_CATEGORY_DESCRIPTION_LENGTH} characters`,
    categoryNotFound: "No category found with this ID",
    userNotFound: "No user found with this ID",
    searchTooLong: `Search with at most ${MAX_MODERATION_SEARCH_LENGTH} characters`,
    ownRole: "You cannot take away your own admin role: ask another admin",
    ownAccount: "You cannot disable your own account",
    requestAlreadyAnswered: "This request was already answered, or no longer exists",
    deliveryNotFound: "No failed delivery found with this ID",
    deliveryNotFailed: "This delivery is no longer failed: it was retried or delivered",
  },

  /** Signed webhooks (/admin/webhooks). */
  webhook: {
    urlRequired: "Enter the address that receives the webhooks",
    urlTooLong: "This address is too long: use one of at most 2000 characters",
    descriptionTooLong: "A webhook's description has at most 200 characters",
    unknownEvent: "Choose events among tool.submitted, tool.verified, tool.updated, tool.rejected, claim.requested, claim.accepted and report.created",
    eventsRequired: "Choose at least one event to send to this address",
    endpointNotFound: "No webhook endpoint found with this ID",
    deliveryNotFound: "No webhook delivery found with this ID",
  },

  /** Problems reported on a tool's page, and their handling in the console (/admin/reports). */
  report: {
    unknownKind: "Choose what is wrong: a broken link, a wrong category, outdated information, spam, or something else",
    textTooLong: `A report has at most ${MAX_REPORT_TEXT_LENGTH} characters`,
    unreadableText: "The report holds characters that are not text",
    notFound: "No report found with this ID",
    alreadyHandled: "This report was already resolved or dismissed",
    /** Past a tool's daily limit of reports: the moderators were told of the flood. */
    toolFlooded: "This tool was reported many times today, and the moderators know. Please try again tomorrow if the problem is still there.",
  },

  /** Reviews of tools (decision 043): writing, replying, voting, reporting and moderating. */
  review: {
    needsAccount: "Log in to review this tool",
    ownTool: "You cannot review your own tool",
    rating: "Choose a rating from 1 to 5 stars",
    tooLong: `A review has at most ${MAX_REVIEW_LENGTH} characters`,
    unreadable: "The review holds characters that are not text",
    dailyLimit: `You can write ${REVIEWS_PER_DAY} reviews a day. Please come back tomorrow`,
    hidden: "A moderator hid this review, so it can no longer be changed. You can delete it",
    notFound: "No review found with this ID",
    noOwnReview: "You have not reviewed this tool",
    replyMakersOnly: "Only the tool's maker can reply to its reviews",
    replyOnce: "This review already has the maker's reply",
    replyEmpty: "Write your reply",
    replyTooLong: `A reply has at most ${MAX_REVIEW_REPLY_LENGTH} characters`,
    notPublic: "This review is not public",
    ownVote: "You cannot vote for your own review",
    voteNeedsAccount: "Log in to say a review helped you",
    reportTooLong: `A report has at most ${MAX_REVIEW_REPORT_LENGTH} characters`,
    reason: "Say why, for the review's author",
    reasonTooLong: `A reason has at most ${MAX_MODERATION_REASON_LENGTH} characters`,
    unknownAction: "Choose approve, hide, restore or keep",
    notWaiting: "This review no longer waits for a moderator",
  },

  /** Follows of categories and tags, their weekly e-mail, and unsubscribing (decision 044). */
  follow: {
    needsAccount: "Log in to follow categories and tags",
    unknownKind: "Follow a category or a tag",
    unknownIntent: "intent must be follow or unfollow",
    badUnsubscribeLink: "This unsubscribe link is not valid. Use the link of your latest e-mail, or sign in to change your e-mails",
  },

  /** The newsletter's digest (/admin/newsletter, npm run newsletter). */
  digest: {
    days: `Choose a number of days from 1 to ${MAX_DIGEST_DAYS}`,
  },

  /** The newsletter sent from the console (decision 044). */
  newsletter: {
    nothingNew: "No tool was verified in these days: there is nothing to send",
    unknownIntent: "Choose to send a test to yourself or the newsletter to the subscribers",
  },

  /** What the public read API (/api/v1, described at /api/v1/openapi.json) answers to a request it cannot read. */
  api: {
    unknownParameters: (names: string) => `Unknown query parameter: ${names}. See /api/docs for the parameters of each endpoint`,
    repeatedParameter: (name: string) => `Give ${name} once`,
    category: "category must be the address of a category, such as design (see /api/v1/categories)",
    tag: "tag must be a tag that live tools carry, such as open-source (see /api/v1/tags)",
    featured: "featured must be true or false",
    searchText: `q must hold at least one word of letters or digits, at most ${MAX_SEARCH_LENGTH} characters`,
    tagLimit: (max: number) => `limit must be a number from 1 to ${max}`,
    /** A write to the API whose body is not a JSON object. */
    notJson: "The request body must be a JSON object sent as application/json",
  },

  /** Personal API keys (/settings/api-keys, /admin/api-keys) and the requests made with one (docs/decisions/028). */
  apiKey: {
    nameRequired: `Name the key, such as "Deploy script": at most ${MAX_API_KEY_NAME_LENGTH} characters`,
    scope: "Choose what the key may do: read, or read and write",
    tooMany: `You have ${MAX_API_KEYS_PER_USER} keys already: revoke one you no longer use first`,
    notFound: "This key does not exist or was already revoked",
    malformed: "The Authorization header must be Bearer followed by an API key that starts with it_live_",
    unknown: "This API key is not valid: it is unknown or was revoked",
    readOnly: "This API key may only read: make a key that may read and write",
    keyRequired: "Send an API key that may write as Authorization: Bearer it_live_...",
    tooManyRequests: (seconds: number) => `Too many requests with this API key: try again in ${countOf(seconds, "second")}`,
  },

  /** What the callable functions (POST /api/functions/{name}) answer to a request they cannot read. */
  functions: {
    notJson: 'The request body must be JSON, such as { "tool": { ... } }',
    noTool: 'The request body needs a "tool" object',
    noToolId: 'Give the tool\'s id, such as { "tool": { "id": "t..." } }',
    unknownFunction: "No such function",
  },

  /** What POST /api/event answers for a body that is not an event. */
  event: {
    notJson: "The event must be a JSON object",
    tooLarge: "The event is too large",
    name: "The event needs a name (n)",
    url: "The event needs the page's address (u), an http(s) URL",
    domain: "The event needs the site's domain (d)",
    props: "The event's properties (p) must be an object of at most 30 texts, numbers or booleans, 2,000 characters in all",
    text: "The event holds characters that are not text",
    otherSite: (site: string, domain: string) => `Events are counted for ${site} only, not for ${domain}`,
    tooManyAtOnce: "Too many events at once, try again in a moment",
    notStored: "The event could not be stored, try again in a moment",
  },

  /** Importing a catalogue file (/admin/import, npm run import) and exporting it. */
  catalogue: {
    fileTooLarge: (maxBytes: number) => `The file is too large: at most ${Math.round(maxBytes / 1_000_000)} MB`,
    noFile: "Choose a file to import",
    notText: "This file is not a text file: import a CSV file, a Markdown awesome list or a JSON export",
    emptyFile: "This file is empty",
    malformedCsv: (line: number, reason: string) => `The CSV file cannot be read at line ${line}: ${reason}`,
    noCsvRows: "The CSV file has a header but no row",
    notAnExport: "This JSON file is not a catalogue exported by Indie Tools",
    noAwesomeItems: "This Markdown file has no list item of the form - [Name](https://...) - description",
    noSuchFile: "This import file is gone: it was imported already or is more than a day old; upload it again",
    websiteNotMapped: "Choose the column that holds the website: rows are matched to tools by it",
    unknownColumn: (column: string) => `The file has no column named ${column}`,
    unknownField: (field: string) => `No tool field is named ${field}`,
    unknownCategory: (name: string) => `No category is named ${name}: add it in the categories section, or choose to create missing categories`,
    sameWebsiteAs: (line: number) => `The same website is on line ${line}, which is imported instead`,
    badFaq: 'The FAQ is written as JSON: [{"question": "...", "answer": "..."}]',
    badDate: (field: string) => `The ${field} is not a date, such as 2026-01-31 or 2026-01-31T12:00:00Z`,
    badFeatured: "Featured is written true or false",
    notAWebsite: "This link is not a website address",
  },

  /** The blog and the legal pages in the console (decision 050). */
  content: {
    titleRequired: "Give it a title",
    descriptionRequired: "Say in a sentence what it is about: search engines and link previews show it",
    bodyRequired: "Write its text",
    badSlug: "The address is lowercase letters and digits, joined by hyphens",
    slugTaken: "Another post has this address: choose another",
    badDate: "Write the date as YYYY-MM-DD, such as 2026-01-31",
    badState: "Choose draft or published",
    tooLong: (max: number) => `At most ${max.toLocaleString("en")} characters`,
    postNotFound: "No post found with this address",
    topListNotFound: "No top-list found with this ID",
    pathTaken: "Another top-list has this address: choose another",
    badTopListPath: "The address is /top- then lowercase words joined by hyphens, such as /top-react-tools",
    sectionRequired: "Each of the three sections needs a heading and its text",
  },

  /** A tool's history of revisions (decision 049). */
  history: {
    noSuchRevision: "This tool has no such revision",
  },

  /** The site's settings in the console (decision 048). */
  settings: {
    accentTooLight: (ratio: string) => `This colour is too light for the light theme: its text on white has a contrast of ${ratio}:1, and WCAG AA asks for 4.5:1`,
    accentTooDark: (ratio: string) => `This colour is too dark for the dark theme: its lighter shade has a contrast of ${ratio}:1 on the dark cards, and WCAG AA asks for 4.5:1`,
    badColor: "Write the colour as # and six hexadecimal digits, such as #7c3aed",
    bannerLinkWithoutText: "A banner link needs the banner's text",
    badUrl: "Write a web address that starts with https:// or http://",
    badEmail: "Write an e-mail address, such as hello@example.com",
    siteNameRequired: "The site needs a name",
    tooLong: (max: number) => `At most ${max} characters`,
    saved: "Saved: every page shows the new settings now.",
  },

  /** The operator's system page and /metrics. */
  system: {
    metricsToken: "Send the token METRICS_TOKEN names, as Authorization: Bearer <token>",
  },

  /** The one-time link that makes the site's first admin (decision 047). */
  setup: {
    invalid: "This setup link does not work: it has expired or was used. While the site has no admin, each start of the server writes a new one to its log.",
    hasAdmin: "This site has an admin already: ask them for a role.",
  },

  /** What `npm run backup` and `npm run restore` print when they cannot go on. */
  backup: {
    noDatabase: (dataDir: string) => `No embedded database in ${dataDir}: nothing to back up`,
    archiveExists: (archive: string) => `${archive} already exists: choose another name, or remove it first`,
    notEmpty: (dataDir: string) => `${dataDir} is not empty: a backup is restored into an empty or new folder only`,
    noArchive: (archive: string) => `No such file: ${archive}`,
    damaged: (archive: string, reason: string) => `${archive} cannot be read: ${reason}`,
    notABackup: (archive: string) => `${archive} is not a backup made by npm run backup`,
    postgres: "The database is PostgreSQL (DATABASE_URL): back it up with pg_dump, as the README's Backups section says",
    bucket: (bucket: string) =>
      `The files are kept in the bucket ${bucket} (S3_BUCKET), which a backup archive would miss: copy the bucket with its own tools (such as aws s3 sync), and back up the database, as the README's Backups section says`,
  },
} as const;
