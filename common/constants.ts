/** Business constants from SPEC section 9, named once so no component carries a magic number. */

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
/** The default logo shown when a tool has none. */
export const DEFAULT_LOGO = "/images/default-logo.svg";
/** Messages the 'Get featured!' action shows. */
export const FEATURED_NEEDS_ACCOUNT = "You need to be connected to have your tool featured!";
export const FEATURED_IN_DEVELOPMENT = "Feature still in development, you'll be noticed when it's live!";
