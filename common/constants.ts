/** Business constants from docs/product.md §9, named once so no component carries a magic number. */

/** How long a toast stays, in ms. */
export const TOAST_MS = 2000;
/** How long the 'Get featured!' toasts stay, in ms. */
export const FEATURED_TOAST_MS = 4000;
/** Infinite scroll loads the next batch when its trigger is this close to the viewport's bottom. */
export const SCROLL_TRIGGER_MARGIN_PX = 100;
/** A client-side navigation shows a loader only when its data takes longer than this. */
export const LOADER_DELAY_MS = 200;
/** Tools per page on the home page, lists and the JSON API (the spec leaves it open; 24 fills 1, 2, 3 or 4 columns). */
export const PAGE_SIZE = 24;
/** Tools shown on a top-list page; the rest are one link away, on the search results. */
export const TOP_LIST_TOOLS = 48;
/** How many visitors must have made a search before /searches and the sitemap list it, unless SEARCHES_MIN_VISITORS says otherwise. */
export const DEFAULT_SEARCHES_MIN_VISITORS = 3;
/** Texts per page on /searches. */
export const SEARCHES_PAGE_SIZE = 100;
/** The longest search text kept, in characters of its slug. */
export const MAX_SEARCH_LENGTH = 80;
/** The most a client may ask for in one page of the API. */
export const MAX_PAGE_SIZE = 100;
/** Suggested tools on a tool page: same category, plus random featured ones. */
export const SUGGESTED_TOOLS = 4;
export const SUGGESTED_FEATURED_TOOLS = 2;
/** The 'tools added by users' block. */
export const USER_ADDED_TOOLS = 4;
/**
 * The alternatives a tool's /alternatives page lists, the closest its own page shows as cards (decision 059), and the
 * comparisons it links to, with the first of those (decision 032).
 */
export const ALTERNATIVES_LIMIT = 20;
export const TOOL_PAGE_ALTERNATIVES = 4;
export const TOOL_PAGE_COMPARISONS = 3;
/** A list filtered more than once counts at most this many of its tools for each facet (decision 036). */
export const FACET_SAMPLE = 500;
/** How many of the most popular tools of each of a tool's categories and tags its alternatives are ranked among (decision 036). */
export const ALTERNATIVE_CANDIDATES = 100;
/** The sitemap lists the comparisons of this many most viewed tools, each with its closest alternative. */
export const SITEMAP_COMPARISON_TOOLS = 200;
/** The sitemap lists this many of the most searched texts that found tools. */
export const SITEMAP_SEARCHES = 10_000;
/** Delay before navigating away on an outbound click, only where no beacon API exists. */
export const OUTBOUND_FALLBACK_DELAY_MS = 150;
/** The navigation bar is in mobile mode below this width. */
export const NAV_MOBILE_BREAKPOINT_PX = 1024;
/** The footer lists this many categories in its first group, then the rest. */
export const FOOTER_FIRST_CATEGORY_GROUP = 10;
export const COPYRIGHT_YEAR = 2025;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_USERNAME_LENGTH = 40;
export const DEFAULT_PAYMENT_TYPE = "free";
export const PAYMENT_TYPES = ["free", "freemium", "paid", "open-source"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** A tool page shows its views and clicks from this many views on: a new tool's zeros would only look like a dead site. */
export const PUBLIC_COUNTERS_FROM_VIEWS = 10;
/**
 * Likes (decision 042): a favourite counts as a public like once its account is a day old, and an account's likes
 * start to count at most this many a day; the others wait, kept, and count later.
 */
export const LIKE_ACCOUNT_MIN_AGE_MS = 24 * 60 * 60 * 1000;
export const LIKES_COUNTED_PER_DAY = 30;
/** The home page's "Trending this week": the tools with the highest trending score, when any has one. */
export const TRENDING_HOME_TOOLS = 6;
/** Reviews (decision 043): their words and the maker's reply are plain text of at most these lengths. */
export const MAX_REVIEW_LENGTH = 2000;
export const MAX_REVIEW_REPLY_LENGTH = 1000;
export const MAX_REVIEW_REPORT_LENGTH = 500;
export const MAX_MODERATION_REASON_LENGTH = 500;
/** A page of a tool's reviews; the tool page shows the newest few. */
export const REVIEWS_PAGE_SIZE = 10;
export const TOOL_PAGE_REVIEWS = 3;
/** New reviews an account may write a day (editing one is not limited). */
export const REVIEWS_PER_DAY = 10;
export const REVIEW_SORTS = ["newest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
/** Messages the 'Get featured!' action shows. */
export const FEATURED_NEEDS_ACCOUNT = "You need to be connected to have your tool featured!";
/** What a maker's 'Get featured!' on their tool's card says while the site takes no payment (no Stripe keys). */
export const FEATURED_IN_DEVELOPMENT = "Feature still in development, you'll be noticed when it's live!";
/** Profiles: the longest bio, and how many social profile links a user may list. */
export const MAX_BIO_LENGTH = 500;
export const MAX_SOCIAL_PROFILES = 5;
/** The roles of docs/product.md §6: 'guest' is every new user's; verifiers and admins review submitted tools. */
export const USER_ROLES = ["guest", "verifier", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** The kind of a featuring request in a user's payments list (docs/decisions/005-featuring-requests.md). */
export const FEATURING_REQUEST = "featuring-request";
/** The 'Sign in with Google' popup (docs/product.md §9: 500x600), and how long its last page waits for the page that opened it to answer before it stays open. */
export const GOOGLE_POPUP_SIZE = { width: 500, height: 600 };
export const GOOGLE_POPUP_ANSWER_MS = 1500;
/** The moderation console (/admin): the tools shown from the front of the verification queue, and rows per page of its other lists. */
export const QUEUE_FRONT_SIZE = 20;
export const ADMIN_PAGE_SIZE = 50;
/** The longest text the console's searches (tools by name, users by name or e-mail) take. */
export const MAX_MODERATION_SEARCH_LENGTH = 100;
/** The flags of a tool an admin switches on /admin/tools: live or switched off, and where it is featured. */
export const TOOL_FLAGS = [
  "isActive",
  "isFeaturedHome",
  "isFeaturedCategory",
  "isFeaturedNL",
  "isHomeBoosted",
] as const;
export type ToolFlag = (typeof TOOL_FLAGS)[number];
/** Categories an admin adds or edits: the longest label and description. */
export const MAX_CATEGORY_LABEL_LENGTH = 60;
export const MAX_CATEGORY_DESCRIPTION_LENGTH = 300;
/** The longest reason a verifier gives for refusing a tool (it is e-mailed to the maker). */
export const MAX_REJECTION_REASON_LENGTH = 1000;
/** Analytics (POST /api/event): the event names the site sends, and the ranges its charts offer, in days. */
export const PAGEVIEW_EVENT = "pageview";
export const OUTBOUND_CLICK_EVENT = "Outbound Link: Click";
/** An ad shown on a page, and an ad's link followed (decision 064); their `sponsorship` prop names the ad. */
export const SPONSOR_VIEW_EVENT = "Sponsor: View";
export const SPONSOR_CLICK_EVENT = "Sponsor: Click";
export const HOME_NEWSLETTER_EVENT = "home_click_nl";
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
/** The dashboards' range when none (or no valid one) is asked for, in days. */
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;
/** Rows of each 'top' table of the dashboards (pages, tools, referrers, searches). */
export const ANALYTICS_TOP_SIZE = 10;
/** The most linked tools whose figures /my-tools shows, newest first. */
export const MAKER_DASHBOARD_TOOLS = 20;
/** A tool's maker is sent its first week's figures this many days after it went live. */
export const FOLLOW_UP_AFTER_DAYS = 7;
/** ...but no longer once it went live more than this many days ago: a server that was off does not send stale mails (docs/decisions/009-maker-follow-up.md). */
export const FOLLOW_UP_LATEST_DAYS = 14;
/** The weekly newsletter's digest (/admin/newsletter, npm run newsletter): the tools verified in the last days, 7 by default. */
export const DIGEST_DAYS = 7;
export const MAX_DIGEST_DAYS = 90;
/** The digest shows at most this many tools: the period's most viewed and clicked, with how many joined in all. */
export const DIGEST_MAX_TOOLS = 50;
/** What a visitor may report about a tool (docs/decisions/024-problem-reports.md); the form's words are REPORT_KIND_KEYS'. */
export const REPORT_KINDS = ["broken-link", "wrong-category", "outdated", "spam", "other"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** The longest text a report may carry. */
export const MAX_REPORT_TEXT_LENGTH = 1000;
/** The open reports a moderator sees on a tool's page; the rest are in the console. */
export const TOOL_PAGE_REPORTS = 5;
/** Personal API keys (docs/decisions/028-personal-api-keys.md): what a key may do, how many one user keeps, its name's length. */
export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const MAX_API_KEYS_PER_USER = 10;
export const MAX_API_KEY_NAME_LENGTH = 60;
/** Every key starts with this, so a key pasted where it should not be is recognised (by a person or a secret scanner). */
export const API_KEY_PREFIX = "it_live_";

/** A deal's code and what it gives, at most (decision 061), and how far ahead it may end: a year from today. */
export const DEAL_CODE_MAX = 40;
export const DEAL_OFFER_MAX = 120;
export const DEAL_MAX_DAYS = 366;

/**
 * The free way in (decision 062): what a tool whose website shows the directory's badge earns, as the operator
 * chooses: nothing (off), the front of the verification queue, or a listing at once.
 */
export const FREE_WAY_IN = ["off", "skip-line", "live"] as const;
export type FreeWayIn = (typeof FREE_WAY_IN)[number];
/** Launch days (decision 063): a maker chooses a day from today to this many days ahead. */
export const LAUNCH_MAX_DAYS = 60;

/** How long after it was found a link back is looked at again every day: removed within it, the tool goes back to the queue. */
export const LINK_BACK_WATCH_DAYS = 30;

/** The banner's words when the operator set none (docs/product.md §1): each language says them in its own words. */
export const SEED_PROMO_TEXT = "Have your website appear on Bing and ChatGPT in hours! Click here.";

/** The longest licence expression a tool's licence holds (decision 060). */
export const LICENCE_MAX_LENGTH = 200;

/**
 * The sort orders of the tool lists: newest first, most viewed, most clicked, recently verified, by name (A to Z), most
 * liked, trending (decision 042), rising (the stars' growth this week, decision 060).
 */
export const TOOL_SORTS = ["newest", "views", "clicks", "verified", "name", "likes", "trending", "rising"] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

/** "Verified in the last 7 or 30 days". */
export const VERIFIED_WITHIN_DAYS = [7, 30] as const;
export type VerifiedWithinDays = (typeof VERIFIED_WITHIN_DAYS)[number];
