/**
 * English, the seed's own words: every message of SPEC section 8 and every fixed string it names is here as it is
 * written there. Messages are ICU MessageFormat: {name} for a value, {count, plural, one {...} other {...}} for a count
 * ("#" is the count as a number of this language), {kind, select, ...} for a choice. Every other language has exactly
 * these keys, with the same placeholders (common/i18n/catalogues.test.ts). Add a key here first.
 */
export default {
  // The layout
  "layout.skipToContent": "Skip to content",
  "layout.announcement": "Announcement",
  "layout.dismiss": "Dismiss",

  // The navigation bar
  "nav.main": "Main",
  "nav.categories": "Categories",
  "nav.addTool": "Add your tool",
  "nav.signingIn": "Signing in…",
  "nav.signUp": "Sign up",
  "nav.logIn": "Log in",
  "nav.search": "Search",
  "nav.menu": "Menu",
  "nav.profile": "Profile",
  "nav.myTools": "My tools",
  "nav.myFavorites": "My favourites",
  "nav.following": "Following",
  "nav.apiKeys": "API keys",
  "nav.moderation": "Moderation",
  "nav.logout": "Logout",
  "theme.switch": "Switch the colour theme: system, light or dark",
  "theme.current": "Theme: {choice, select, light {light} dark {dark} other {system}}",

  // The search box
  "search.label": "Search tools",
  "search.placeholder": "Search tools, e.g. analytics",
  "search.submit": "Search",
  "search.suggestions": "Suggestions",
  "search.groupTools": "Tools",
  "search.groupCategories": "Categories",
  "search.groupTags": "Tags",
  "search.tagCount": "{count, plural, one {# tool} other {# tools}}",

  // The footer
  "footer.categories": "Categories",
  "footer.moreCategories": "More categories",
  "footer.topLists": "Top Indie Tools",
  "footer.addTool": "Add your tool",
  "footer.blog": "Blog",
  "footer.tags": "Tags",
  "footer.mostSearched": "Most searched",
  "footer.api": "API",
  "footer.openData": "Open data",
  "footer.terms": "Terms of service",
  "footer.privacy": "Privacy policy",
  "footer.stayInTouch": "Stay in touch",
  "footer.newsletter": "Weekly newsletter",
  "footer.pastNewsletters": "Past newsletters",
  "footer.email": "E-mail",
  "footer.language": "Language",
  "feeds.newTools": "New tools",

  // The error page
  "error.notFoundTitle": "Page not found",
  "error.serverTitle": "Something went wrong",
  "error.otherTitle": "This did not work",
  "error.title": "Error",
  "error.notFoundText": "There is nothing at this address. It may have moved, or the link may be mistyped.",
  "error.serverText": "An unexpected error happened on our side. Please try again in a moment.",
  "error.home": "Back to the home page",
  "error.browseCategories": "Browse categories",

  // The home page
  "home.description": "A hand-curated collection of the best tools for indie developers and solopreneurs: hosting, payments, analytics, marketing, AI and more.",
  "home.intro": "A hand-curated collection of tools for indie developers and solopreneurs, to build, launch and grow on your own.",
  "home.newsletter": "Join our newsletter",
  "home.featured": "Featured tools",
  "home.noFeatured": "No tool is featured right now.",
  "home.trending": "Trending this week",
  "home.allTrending": "See every trending tool",
  "home.latest": "Last added tools",
  "featured.getFeatured": "Get featured!",
  "featured.needsAccount": "You need to be connected to have your tool featured!",

  // A tool's card and the lists of cards
  "card.featured": "Featured",
  "card.visit": "Visit ↗",
  "card.visitLabel": "Visit {name} (opens in a new tab)",
  "card.categories": "Categories",
  "latest.empty": "No tools here yet.",
  "latest.emptyHint": "Know a tool indie makers would love?",
  "latest.addIt": "Add it",
  "latest.loading": "Loading more tools…",
  "latest.failed": "Could not load more tools.",
  "latest.retry": "Try again",
  "latest.done": "No more tools. You have seen them all!",
  "latest.more": "More tools",

  // Favourites
  "favorite.add": "Add to favourites",
  "favorite.remove": "Remove from favourites",
  "favorite.label": "{action, select, add {Add to favourites} other {Remove from favourites}}, {count, plural, one {# like} other {# likes}}",
  "favorite.saved": "Saved to your favourites.",
  "favorite.removed": "Removed from your favourites.",
} as const;
