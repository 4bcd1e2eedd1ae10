/** Every page of the site. Each screen is its own module, loaded only when it is visited. */
import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Home and search
  index("routes/home.tsx"),
  route("search", "routes/search-form.tsx"),

  // Tools, categories, tags

  // Top-lists

  // Blog and legal pages
] satisfies RouteConfig;
