/** Every page of the site. Each screen is its own module, loaded only when it is visited. */
import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Home and search
  index("routes/home.tsx"),
  route("search", "routes/search-form.tsx"),
  route("search/:text", "routes/search.tsx"),
  route("searches", "routes/searches.tsx"),
  route("tool/:slug", "routes/tool.tsx"),
  route("tool/:slug/alternatives/:licence?", "routes/tool-alternatives.tsx"),
  route("tool/:slug/reviews", "routes/tool-reviews.tsx"),
  route("tool/:slug/review", "routes/review-form.tsx"),
  route("tool/:slug/deal", "routes/deal-form.tsx"),
  route("tool/:slug/link-back", "routes/link-back.tsx"),
  route("tool/:slug/launch", "routes/launch-form.tsx"),
  route("coming-soon", "routes/coming-soon.tsx"),
  route("launches/:period?", "routes/launches.tsx"),
  route("deals", "routes/deals.tsx"),
  route("reviews/:id/reply", "routes/review-reply.tsx"),
  route("reviews/:id/report", "routes/review-report.tsx"),
  route("reviews/:id/helpful", "routes/review-helpful.tsx"),
  route("compare/:pair", "routes/compare.tsx"),
  route("alternatives-to/:slug", "routes/alternatives-to.tsx"),

  // Tools, categories, tags
  route("tools", "routes/tools.tsx"),
  route("categories", "routes/categories.tsx"),
  route("category/:slug", "routes/category.tsx"),
  route("tags", "routes/tags.tsx"),
  route("tag/:slug", "routes/tag.tsx"),
  route("licence/:id", "routes/licence.tsx"),

  // Top-lists (/top-react-tools...), written in the console: any address of one word that no other page has.
  route(":page", "routes/top-list.tsx"),

  // Submissions
  route("add-tool", "routes/tool-form.tsx", { id: "add-tool" }),
  route("edit-tool/:id", "routes/tool-form.tsx", { id: "edit-tool" }),

  // Accounts
  route("register", "routes/register.tsx"),
  route("welcome", "routes/welcome.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("auth/google", "routes/auth-google.tsx"),
  route("auth/signed-in", "routes/auth-signed-in.tsx"),
  route("auth/failed", "routes/auth-failed.tsx"),
  route("dev/outbox", "routes/dev-outbox.tsx"),
  route("favorites", "routes/favorites.tsx"),
  route("my-favorites", "routes/my-favorites.tsx"),
  route("follows", "routes/follows.tsx"),
  route("following", "routes/following.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("confirm-email", "routes/confirm-email.tsx"),
  route("setup/:token", "routes/setup.tsx"),
  route("my-tools", "routes/my-tools.tsx"),
  route("profile", "routes/own-profile.tsx"),
  route("profile/:slug", "routes/profile.tsx"),
  route("get-featured", "routes/get-featured.tsx"),
  route("feature/:toolId", "routes/feature-tool.tsx"),
  route("purchase/:id", "routes/purchase.tsx"),
  route("advertise", "routes/advertise.tsx"),
  route("advertise/:placement", "routes/advertise-book.tsx"),
  route("sponsorships", "routes/sponsorships.tsx"),
  route("sponsorships/:id", "routes/sponsorship.tsx"),
  route("edit-profile", "routes/edit-profile.tsx"),
  route("settings/api-keys", "routes/settings-api-keys.tsx"),

  // Moderation
  // The catalogue's download: a file, outside the console's frame.
  route("admin/export", "routes/admin-export.tsx"),
  route("admin", "routes/admin.tsx", [
    index("routes/admin-queue.tsx"),
    route("claims", "routes/admin-claims.tsx"),
    route("reports", "routes/admin-reports.tsx"),
    route("reviews", "routes/admin-reviews.tsx"),
    route("tools", "routes/admin-tools.tsx"),
    route("tools/:id/history", "routes/admin-tool-history.tsx"),
    route("categories", "routes/admin-categories.tsx"),
    route("users", "routes/admin-users.tsx"),
    route("requests", "routes/admin-requests.tsx"),
    route("featuring", "routes/admin-featuring.tsx"),
    route("sponsors", "routes/admin-sponsors.tsx"),
    route("analytics", "routes/admin-analytics.tsx"),
    route("newsletter", "routes/admin-newsletter.tsx"),
    route("deliveries", "routes/admin-deliveries.tsx"),
    route("links", "routes/admin-links.tsx"),
    route("import", "routes/admin-import.tsx"),
    route("webhooks", "routes/admin-webhooks.tsx"),
    route("webhooks/:endpointId", "routes/admin-webhook.tsx"),
    route("api-keys", "routes/admin-api-keys.tsx"),
    route("system", "routes/admin-system.tsx"),
    route("settings", "routes/admin-settings.tsx"),
    route("audit", "routes/admin-audit.tsx"),
    route("posts", "routes/admin-posts.tsx"),
    route("posts/new", "routes/admin-post.tsx", { id: "admin-post-new" }),
    route("posts/:id", "routes/admin-post.tsx", { id: "admin-post-edit" }),
    route("pages/:name", "routes/admin-legal-page.tsx"),
    route("top-lists", "routes/admin-top-lists.tsx"),
    route("top-lists/new", "routes/admin-top-list.tsx", { id: "admin-top-list-new" }),
    route("top-lists/:id", "routes/admin-top-list.tsx", { id: "admin-top-list-edit" }),
    // A mistyped console address: a 404 inside the console's frame, with its sections at hand.
    route("*", "routes/admin-not-found.tsx"),
  ]),

  // Blog and legal pages
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("terms-of-service.html", "routes/legal-page.tsx", { id: "terms-of-service" }),
  route("privacy-policy.html", "routes/legal-page.tsx", { id: "privacy-policy" }),
  route("open-data", "routes/open-data.tsx"),

  // Any other address: the site's 404, in its frame.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
