/** The addresses of the site's pages that are built in more than one place, and the way back after signing in. */

export const toolPath = (slug: string) => `/tool/${slug}`;
export const editToolPath = (id: string) => `/edit-tool/${id}`;
export const profilePath = (slug: string) => `/profile/${slug}`;
/** The signed-in person's own profile, whoever they are: a link that can sit in a page every visitor gets. */
export const OWN_PROFILE_PATH = "/profile";
/** The first step after signing up, when the sign-up had nowhere else to go (app/routes/welcome.tsx). */
export const WELCOME_PATH = "/welcome";
/** The maker's dashboard: their tools, where each stands, and their figures. */
export const MY_TOOLS_PATH = "/my-tools";
/** A webhook endpoint's page in the console: its settings and deliveries. */
export const webhookEndpointPath = (id: number) => `/admin/webhooks/${id}`;
/** A maker's profile with the form to ask for one of their tools to be featured. */
export const boostToolPath = (slug: string) => `${profilePath(slug)}?type=boost-tool`;
/** 'Get featured!' as a plain link: the signed-in user's boost form, a visitor's sign-in on the way to it. */
export const GET_FEATURED_PATH = "/get-featured";
export const categoryPath = (slug: string) => `/category/${slug}`;
/** Tags and searches are slugs: the encoding only guards one that came from elsewhere. */
export const tagPath = (tag: string) => `/tag/${encodeURIComponent(tag)}`;
export const searchPath = (slug: string) => `/search/${encodeURIComponent(slug)}`;
/** A tool's reviews, every page of them; the form that writes, edits or deletes the person's own (decision 043). */
export const toolReviewsPath = (slug: string) => `/tool/${slug}/reviews`;
export const writeReviewPath = (slug: string) => `/tool/${slug}/review`;
/** One review's pages: the maker's reply, a report, a helpful vote. */
export const reviewReplyPath = (id: string) => `/reviews/${id}/reply`;
export const reviewReportPath = (id: string) => `/reviews/${id}/report`;
export const reviewHelpfulPath = (id: string) => `/reviews/${id}/helpful`;
/** A tool's alternatives (decision 032), or its open-source alternatives alone (decision 060). */
export const alternativesPath = (slug: string, licence?: "open-source") =>
  `/tool/${slug}/alternatives${licence ? `/${licence}` : ""}`;
/** The comparison of two tools, in its one canonical order: the slugs alphabetically. */
export function comparePath(a: string, b: string): string {
  const [first, second] = a < b ? [a, b] : [b, a];
  return `/compare/${first}-vs-${second}`;
}
export const blogPostPath = (slug: string) => `/blog/${slug}`;
/** The console's open reports, of every tool or of one. */
export const toolReportsPath = (toolId?: string) => (toolId ? `/admin/reports?tool=${toolId}` : "/admin/reports");

/** `path` with the page to come back to after signing in, when there is one. */
export function withRedirectTo(path: string, redirectTo: string | undefined): string {
  return redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;
}

/** A link between the sign-in pages (log in, sign up, forgot password) that passes the way back on, unless it is home. */
export function signInPagePath(path: string, redirectTo: string): string {
  return withRedirectTo(path, redirectTo === "/" ? undefined : redirectTo);
}

/** The stable address of the nightly dump of the catalogue in `format` (server/catalogue/open-data.ts). */
export function openDataPath(format: "json" | "csv"): string {
  return `/open-data/catalogue.${format}.gz`;
}

/** The login page, with the way back to `redirectTo`. */
export function loginPath(redirectTo: string): string {
  return withRedirectTo("/login", redirectTo);
}

/**
 * A path on this site to come back to after signing in; anything else is `fallback`. Browsers drop TAB, CR and LF
 * inside an address and read a backslash as a slash, so `/\t/evil.example` or `/\\evil.example` would lead to another
 * site: a target with a control character, or that starts with two slashes either way, is refused. Other non-ASCII
 * characters are percent-encoded, as a Location header carries ASCII only.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  const path = typeof target === "string" ? target : "";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\") || /[\u0000-\u001f\u007f]/.test(path))
    return fallback;
  try {
    return path.replace(/[\u0080-\uffff]+/g, (text) => encodeURI(text));
  } catch {
    // A lone surrogate cannot be encoded.
    return fallback;
  }
}
/** Where a signed-in user makes and revokes their API keys. */
export const API_KEYS_PATH = "/settings/api-keys";
/** A maker's choice of what to buy for their tool (paid featuring, decision 040). */
export const featureToolPath = (toolId: string) => `/feature/${toolId}`;
/** Where Stripe's Checkout brings the maker back: what they bought, and until when. */
export const purchasePath = (id: string) => `/purchase/${id}`;
/** Stripe's events about the site's payments. */
export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

/** The tools under one licence, by its SPDX id in lowercase (decision 060). */
export const licencePath = (id: string) => `/licence/${id.toLowerCase()}`;

/** The form of a tool's deal (decision 061), for those who may edit the tool. */
export const dealFormPath = (slug: string) => `/tool/${slug}/deal`;
/** The launch day of a tool (decision 063), and the held tools' page. */
export const launchFormPath = (slug: string) => `/tool/${slug}/launch`;
export const COMING_SOON_PATH = "/coming-soon";
/** A day's (YYYY-MM-DD) or a week's (YYYY-Www) leaderboard of launches; /launches is today's. */
export const launchesPath = (period?: string) => (period ? `/launches/${period}` : "/launches");
/** The free way in of a tool (decision 062): its maker shows the badge and asks to skip the line. */
export const linkBackPath = (slug: string) => `/tool/${slug}/link-back`;

/** Sponsors (decision 064): the placements and their calendar, a placement's booking form, an ad's private page. */
export const advertisePath = (placement?: string) => (placement ? `/advertise/${placement}` : "/advertise");
export const sponsorshipPath = (id?: string) => (id ? `/sponsorships/${id}` : "/sponsorships");
/** An ad's link: it counts the click, then leads to the sponsor's site. */
export const sponsoredLinkPath = (id: string) => `/sponsored/${id}`;
