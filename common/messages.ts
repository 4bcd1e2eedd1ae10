/**
 * Every message a person reads when an input or an action is refused, by domain, each sentence written once. SPEC
 * section 8's catalogue is here word for word (with the typo of 'Unknown error' fixed), the rest are the product's own.
 */
import {
  MAX_BIO_LENGTH,
  MAX_CATEGORY_DESCRIPTION_LENGTH,
  MAX_CATEGORY_LABEL_LENGTH,
  MAX_DIGEST_DAYS,
  MAX_MODERATION_SEARCH_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_REJECTION_REASON_LENGTH,
  MAX_SOCIAL_PROFILES,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  TOOL_FLAGS,
  USER_ROLES,
} from "./constants.ts";

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
    alreadyListed: "This website is already listed",
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

  favorite: {
    needsAccount: "Log in to keep your favourite tools",
    unknownIntent: "intent must be add or remove",
  },

  /** The moderation console (/admin): its forms and its refusals. */
  moderation: {
    reasonRequired: "Say why the tool is refused: the maker reads it",
    reasonTooLong: `A reason has at most ${MAX_REJECTION_REASON_LENGTH} characters`,
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

  /** The newsletter's digest (/admin/newsletter, npm run newsletter). */
  digest: {
    days: `Choose a number of days from 1 to ${MAX_DIGEST_DAYS}`,
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
