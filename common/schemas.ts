/** Zod schemas shared by loaders, actions and the JSON API: one definition of each valid input. */
import { z } from "zod";
import {
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  DIGEST_DAYS,
  MAX_BIO_LENGTH,
  MAX_CATEGORY_DESCRIPTION_LENGTH,
  MAX_CATEGORY_LABEL_LENGTH,
  MAX_DIGEST_DAYS,
  MAX_PAGE_SIZE,
  MAX_PASSWORD_LENGTH,
  MAX_REJECTION_REASON_LENGTH,
  MAX_SOCIAL_PROFILES,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  PAGE_SIZE,
  PAYMENT_TYPES,
  TOOL_FLAGS,
  USER_ROLES,
} from "./constants.ts";
import { decodeCursor } from "./cursor.ts";
import { MESSAGES } from "./errors.ts";
import { slugify } from "./slugify.ts";
import { toolInput } from "./tool-input.ts";

export const cursorParam = z
  .string()
  .trim()
  .optional()
  .transform((text, ctx) => {
    if (!text) return null;
    const cursor = decodeCursor(text);
    if (!cursor) {
      ctx.addIssue({ code: "custom", message: MESSAGES.invalidCursor });
      return z.NEVER;
    }
    return cursor;
  });

/** A page of a list: where to continue from and how many. */
export const pageQuery = z.object({
  cursor: cursorParam,
  limit: z.coerce
    .number({ message: `limit must be a number from 1 to ${MAX_PAGE_SIZE}` })
    .int()
    .min(1, `limit must be a number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be a number from 1 to ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
});

export type PageQuery = z.infer<typeof pageQuery>;

export const toolIdParam = z.string().regex(/^t[a-z0-9_]{1,40}$/, "No tool found with this ID");

/** The sort orders of /tools: newest first, most viewed, most clicked. */
export const TOOL_SORTS = ["newest", "views", "clicks"] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

/** Tags and category addresses are slugs: lowercase words joined by single hyphens. */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 100;

function slug(message?: string) {
  return z.string().max(MAX_SLUG_LENGTH, message).regex(SLUG_PATTERN, message);
}

/** A category's address or a tag in a path (/category/{slug}, /tag/{slug}). */
export const slugParam = slug();

/** A GET form sends an unset select as an empty value: it means no filter. */
const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

/** The filters of /tools, in the URL so every filtered view can be linked to and crawled. */
export const toolListQuery = pageQuery.extend({
  sort: z.preprocess(emptyAsUnset, z.enum(TOOL_SORTS, { message: `sort must be one of ${TOOL_SORTS.join(", ")}` }).default("newest")),
  category: z.preprocess(emptyAsUnset, slug("category must be a category's address, such as design").optional()),
  tag: z.preprocess(emptyAsUnset, slug("tag must be a tag such as open-source").optional()),
  payment: z.preprocess(emptyAsUnset, z.enum(PAYMENT_TYPES, { message: `payment must be one of ${PAYMENT_TYPES.join(", ")}` }).optional()),
});

export type ToolListQuery = z.infer<typeof toolListQuery>;

/** Tags per page of /tags: a cloud this size is still quick to scan. */
export const TAG_PAGE_SIZE = 200;

/** A page of /tags. */
export const tagListQuery = z.object({ cursor: cursorParam });

export type TagListQuery = z.infer<typeof tagListQuery>;

// --- Accounts: the same schemas check the forms, the actions and the API. Messages are those of SPEC section 8. ---

/** SPEC section 5: an e-mail must match this pattern, case-insensitively. */
export const EMAIL_PATTERN = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

export const AUTH_MESSAGES = {
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
  unknown: "Unknown error",
  usernameRequired: "Choose a username with at least one letter or digit",
  usernameTooLong: `A username has at most ${MAX_USERNAME_LENGTH} characters`,
  linkExpired: "This link has expired or was already used. Ask for a new one.",
} as const;

export const emailField = z
  .string({ message: AUTH_MESSAGES.invalidEmail })
  .trim()
  .max(254, AUTH_MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail)
  .transform((email) => email.toLowerCase());

export const newPasswordField = z
  .string({ message: AUTH_MESSAGES.weakPassword })
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.weakPassword)
  .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.longPassword);

export const usernameField = z
  .string({ message: AUTH_MESSAGES.usernameRequired })
  .trim()
  .max(MAX_USERNAME_LENGTH, AUTH_MESSAGES.usernameTooLong)
  .refine((name) => /[\p{L}\p{N}]/u.test(name), AUTH_MESSAGES.usernameRequired);

/** An HTML checkbox: present ("on") when ticked, absent otherwise. */
export const checkboxField = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

export const registerInput = z.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
  newsletter: checkboxField,
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  email: emailField,
  password: z.string({ message: AUTH_MESSAGES.wrongPassword }).min(1, AUTH_MESSAGES.wrongPassword).max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.wrongPassword),
});
export type LoginInput = z.infer<typeof loginInput>;

export const emailInput = z.object({ email: emailField });

export const resetPasswordInput = z.object({
  token: z.string().min(1, AUTH_MESSAGES.linkExpired).max(200, AUTH_MESSAGES.linkExpired),
  password: newPasswordField,
});

// --- Profiles: /profile/{slug}, the /edit-profile forms, the featuring request and the admin command. ---

export const PROFILE_MESSAGES = {
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
} as const;

/** The word a person types to confirm that their account goes. */
export const DELETE_CONFIRMATION = "DELETE";

const MAX_URL_LENGTH = 300;

/** An http(s) address with a real host name; a bare "github.com/you" is read as https://github.com/you. */
export const webAddressField = z
  .string({ message: PROFILE_MESSAGES.socialProfileUrl })
  .trim()
  .max(MAX_URL_LENGTH, PROFILE_MESSAGES.socialProfileUrl)
  .transform((text) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`))
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, PROFILE_MESSAGES.socialProfileUrl);

/** The profile section of /edit-profile. Social profile fields left empty are dropped. */
export const profileInput = z.object({
  username: usernameField,
  // A textarea sends line breaks as CRLF: counted as one character, as the person sees them.
  bio: z
    .string()
    .optional()
    .transform((text) => (text ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(MAX_BIO_LENGTH, PROFILE_MESSAGES.bioTooLong)),
  socialProfiles: z
    .array(z.string())
    .optional()
    .transform((urls) => (urls ?? []).map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(webAddressField).max(MAX_SOCIAL_PROFILES, PROFILE_MESSAGES.tooManySocialProfiles)),
  newsletter: checkboxField,
  isSolo: checkboxField,
});
export type ProfileInput = z.infer<typeof profileInput>;

export const passwordChangeInput = z.object({
  currentPassword: z
    .string({ message: PROFILE_MESSAGES.currentPasswordRequired })
    .min(1, PROFILE_MESSAGES.currentPasswordRequired)
    .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.wrongPassword),
  newPassword: newPasswordField,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;

export const deleteAccountInput = z.object({
  confirm: z
    .string({ message: PROFILE_MESSAGES.confirmDelete })
    .trim()
    .refine((text) => text === DELETE_CONFIRMATION, PROFILE_MESSAGES.confirmDelete),
});

/** A featuring request: which of the person's tools. */
export const featuringRequestInput = z.object({
  toolId: z.string({ message: PROFILE_MESSAGES.chooseTool }).regex(/^t[a-z0-9_]{1,40}$/, PROFILE_MESSAGES.chooseTool),
});
export type FeaturingRequestInput = z.infer<typeof featuringRequestInput>;

/** What /profile/{slug} reads from its query: ?type=boost-tool opens the featuring request form; a page of tools. */
export const profileQuery = z.object({
  type: z.enum(["boost-tool"]).optional().catch(undefined),
  cursor: cursorParam,
});

export const roleField = z.enum(USER_ROLES, { message: PROFILE_MESSAGES.unknownRole });

/** `npm run admin -- set-role <email> <role>`. */
export const setRoleInput = z.object({ email: emailField, role: roleField });
export type SetRoleInput = z.infer<typeof setRoleInput>;

// --- Favourites ---

export const FAVORITE_MESSAGES = {
  needsAccount: "Log in to keep your favourite tools",
  unknownIntent: "intent must be add or remove",
} as const;

export const FAVORITE_INTENTS = ["add", "remove"] as const;

/**
 * The heart's form (POST /favorites). Without JavaScript the action sends the browser back to `redirectTo`;
 * the script sets `stay` and gets the new state as data instead.
 */
export const favoriteFormInput = z.object({
  toolId: z.string({ message: MESSAGES.toolNotFoundById }).trim().min(1, MESSAGES.toolNotFoundById).max(100, MESSAGES.toolNotFoundById),
  intent: z.enum(FAVORITE_INTENTS, { message: FAVORITE_MESSAGES.unknownIntent }),
  redirectTo: z.string().optional(),
  stay: checkboxField,
});
export type FavoriteFormInput = z.infer<typeof favoriteFormInput>;

// --- Moderation (/admin): the forms of the console. ---

const MAX_MODERATION_SEARCH_LENGTH = 100;

export const MODERATION_MESSAGES = {
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
} as const;

const onOff = z.enum(["true", "false"]).transform((value) => value === "true");

/** A moderation action on one tool (verify, accept or refuse its claim, skip the line). */
export const toolActionInput = z.object({ toolId: toolIdParam });

/** Refusing a waiting tool: the reason is e-mailed to its maker. */
export const rejectToolInput = z.object({
  toolId: toolIdParam,
  reason: z
    .string({ message: MODERATION_MESSAGES.reasonRequired })
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, MODERATION_MESSAGES.reasonRequired).max(MAX_REJECTION_REASON_LENGTH, MODERATION_MESSAGES.reasonTooLong)),
});

/** Switching one of a tool's flags on or off (/admin/tools). */
export const toolFlagInput = z.object({
  toolId: toolIdParam,
  flag: z.enum(TOOL_FLAGS, { message: MODERATION_MESSAGES.unknownFlag }),
  value: onOff,
});
export type ToolFlagInput = z.infer<typeof toolFlagInput>;

/** A search of the console's lists (tools by name, users by name or e-mail), one keyset page at a time. */
export const moderationSearchQuery = z.object({
  q: z.string().trim().max(MAX_MODERATION_SEARCH_LENGTH, MODERATION_MESSAGES.searchTooLong).optional().transform((text) => text || undefined),
  cursor: cursorParam,
});
export type ModerationSearchQuery = z.infer<typeof moderationSearchQuery>;

export const DIGEST_MESSAGES = { days: `Choose a number of days from 1 to ${MAX_DIGEST_DAYS}` } as const;

/** The newsletter's digest (/admin/newsletter, npm run newsletter): the tools verified in the last `days` days. */
export const digestQuery = z.object({
  days: z.coerce
    .number({ message: DIGEST_MESSAGES.days })
    .int(DIGEST_MESSAGES.days)
    .min(1, DIGEST_MESSAGES.days)
    .max(MAX_DIGEST_DAYS, DIGEST_MESSAGES.days)
    .default(DIGEST_DAYS),
});
export type DigestQuery = z.infer<typeof digestQuery>;

export const categoryIdParam = z.string().regex(/^c[a-z0-9_]{1,40}$/, MODERATION_MESSAGES.categoryNotFound);

/** A category as an admin adds or edits it. Left empty, the slug is made from the label. */
export const categoryInput = z.preprocess(
  (raw) => {
    const fields = raw as Record<string, unknown>;
    const isSlugEmpty = typeof fields?.slug !== "string" || !fields.slug.trim();
    return isSlugEmpty && typeof fields?.label === "string" ? { ...fields, slug: slugify(fields.label) } : raw;
  },
  z.object({
    label: z
      .string({ message: MODERATION_MESSAGES.labelRequired })
      .trim()
      .min(1, MODERATION_MESSAGES.labelRequired)
      .max(MAX_CATEGORY_LABEL_LENGTH, MODERATION_MESSAGES.labelTooLong),
    slug: z.string({ message: MODERATION_MESSAGES.slugShape }).trim().max(MAX_SLUG_LENGTH, MODERATION_MESSAGES.slugShape).regex(SLUG_PATTERN, MODERATION_MESSAGES.slugShape),
    description: z
      .string()
      .optional()
      .transform((text) => (text ?? "").replace(/\r\n?/g, "\n").trim())
      .pipe(z.string().max(MAX_CATEGORY_DESCRIPTION_LENGTH, MODERATION_MESSAGES.descriptionTooLong)),
    color: z
      .string({ message: MODERATION_MESSAGES.colorShape })
      .trim()
      .regex(/^#[0-9a-f]{6}$/i, MODERATION_MESSAGES.colorShape)
      .transform((color) => color.toUpperCase()),
  }),
);
export type CategoryInput = z.infer<typeof categoryInput>;

export const userIdParam = z.string().regex(/^u[a-z0-9_]{1,40}$/, MODERATION_MESSAGES.userNotFound);

/** An admin gives a user a role. */
export const roleChangeInput = z.object({ userId: userIdParam, role: roleField });
export type RoleChangeInput = z.infer<typeof roleChangeInput>;

/** An admin disables a user, or enables them again. */
export const userDisabledInput = z.object({ userId: userIdParam, disabled: onOff });
export type UserDisabledInput = z.infer<typeof userDisabledInput>;

/** An admin's answer to a featuring request: which user asked, for which tool. */
export const featuringAnswerInput = z.object({ userId: userIdParam, toolId: toolIdParam });
export type FeaturingAnswerInput = z.infer<typeof featuringAnswerInput>;

/** An admin retries a failed delivery of the outbox (/admin/deliveries). */
export const deliveryRetryInput = z.object({
  deliveryId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, "No failed delivery found with this ID")
    .transform((id) => Number(id)),
});
export type DeliveryRetryInput = z.infer<typeof deliveryRetryInput>;

/** What the callable functions (POST /api/functions/{name}) answer to a request they cannot read. */
export const FUNCTION_MESSAGES = {
  notJson: 'The request body must be JSON, such as { "tool": { ... } }',
  noTool: 'The request body needs a "tool" object',
  noToolId: 'Give the tool\'s id, such as { "tool": { "id": "t..." } }',
  unknownFunction: "No such function",
} as const;

/** A callable function's body (SPEC section 7): { tool }, which each function then reads with its own schema. */
export const functionPayload = z.object(
  { tool: z.record(z.string(), z.unknown(), { message: FUNCTION_MESSAGES.noTool }) },
  { message: FUNCTION_MESSAGES.noTool },
);

/**
 * submitTool's tool: the tool form's fields as JSON, checked by the form's own schema. Tags may be a list or a
 * comma-separated text; pros, cons and faq may be left out.
 */
export const submitToolFunctionInput = z.preprocess((tool) => {
  if (typeof tool !== "object" || tool === null || Array.isArray(tool)) return tool;
  const { tags } = tool as { tags?: unknown };
  const tagList = Array.isArray(tags) && tags.every((tag) => typeof tag === "string") ? tags.join(",") : tags;
  return { pros: [], cons: [], faq: [], ...tool, tags: tagList };
}, toolInput);

/** The tool that toolVerified, claimTool and claimToolAccepted act on; its id is then read with toolIdParam. */
export const toolRefFunctionInput = z.object({ id: z.string({ message: FUNCTION_MESSAGES.noToolId }).trim().min(1, FUNCTION_MESSAGES.noToolId) });

/** A dashboard's range (?days=7, 30 or 90); anything else falls back to the default range. */
export const analyticsRangeParam = z.coerce.number().pipe(z.literal(ANALYTICS_RANGES)).catch(DEFAULT_ANALYTICS_RANGE);

/** /admin/analytics: the range of its charts and tables. */
export const analyticsQuery = z.object({ days: analyticsRangeParam });

/**
 * /my-tools: a page of the user's tools; after a submission, `submitted` names the new tool (a bad id is ignored);
 * `days` is the range of the tools' figures.
 */
export const myToolsQuery = pageQuery.extend({ submitted: toolIdParam.optional().catch(undefined), days: analyticsRangeParam });

/** What POST /api/event answers for a body that is not an event. */
export const EVENT_MESSAGES = {
  notJson: "The event must be a JSON object",
  tooLarge: "The event is too large",
  name: "The event needs a name (n)",
  url: "The event needs the page's address (u), an http(s) URL",
  domain: "The event needs the site's domain (d)",
  props: "The event's properties (p) must be an object of at most 30 texts, numbers or booleans, 2,000 characters in all",
  text: "The event holds characters that are not text",
} as const;

/** The most an event's properties may weigh, as JSON text. */
const MAX_EVENT_PROPS_LENGTH = 2000;

/** Text a database can store: no NUL character and no half of a surrogate pair. */
function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

const eventText = z.string().refine(isStorableText, EVENT_MESSAGES.text);
const eventPropValue = z.union([eventText.pipe(z.string().max(MAX_EVENT_PROPS_LENGTH)), z.number(), z.boolean()], { message: EVENT_MESSAGES.props });

/**
 * An analytics event, in Plausible's format: n (name), u (url), d (domain), r (referrer), p (props). Plausible's long
 * names (name, url, domain, referrer, props) are read too, and props may come as a JSON text, as Plausible's script sends them.
 */
export const analyticsEventInput = z.preprocess(
  (body) => {
    if (!body || typeof body !== "object" || Array.isArray(body)) return body;
    const raw = body as Record<string, unknown>;
    let props = raw.p ?? raw.props;
    if (typeof props === "string") {
      try {
        props = JSON.parse(props);
      } catch {
        // Left as it is: the schema says what is wrong with it.
      }
    }
    return { n: raw.n ?? raw.name, u: raw.u ?? raw.url, d: raw.d ?? raw.domain, r: raw.r ?? raw.referrer, p: props ?? undefined };
  },
  z.object(
    {
      n: z.string({ message: EVENT_MESSAGES.name }).trim().min(1, EVENT_MESSAGES.name).max(120, EVENT_MESSAGES.name).pipe(eventText),
      u: z.url({ protocol: /^https?$/, message: EVENT_MESSAGES.url }).max(2000, EVENT_MESSAGES.url),
      d: z.string({ message: EVENT_MESSAGES.domain }).trim().min(1, EVENT_MESSAGES.domain).max(253, EVENT_MESSAGES.domain),
      // A referrer that is not usable text is no referrer.
      r: eventText.pipe(z.string().max(2000)).nullish().catch(null),
      p: z
        .record(eventText.pipe(z.string().min(1).max(300)), eventPropValue, { message: EVENT_MESSAGES.props })
        .refine((props) => Object.keys(props).length <= 30 && JSON.stringify(props).length <= MAX_EVENT_PROPS_LENGTH, EVENT_MESSAGES.props)
        .optional(),
    },
    { message: EVENT_MESSAGES.notJson },
  ),
);

export type AnalyticsEventInput = z.infer<typeof analyticsEventInput>;
