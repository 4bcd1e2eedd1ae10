/**
 * A catalogue is cut into bundles by the first word of its keys (decision 053), so that a browser loads only the words
 * of what it shows: the shell (the layout, the home page and the cards every list shows) with the first page; the
 * other pages' words when a page needs them; the console's (every area whose name starts with "admin") only on
 * /admin; the server's own (the e-mails', the feeds') never. The server holds every bundle.
 */
export const BUNDLES = ["shell", "pages", "console", "server"] as const;

export type Bundle = (typeof BUNDLES)[number];

/** The bundles a browser may load; "server" is the server's alone. */
export const BROWSER_BUNDLES = ["shell", "pages", "console"] as const satisfies readonly Bundle[];

const BY_AREA: Record<string, Bundle> = {
  layout: "shell",
  nav: "shell",
  theme: "shell",
  search: "shell",
  footer: "shell",
  feeds: "shell",
  error: "shell",
  home: "shell",
  featured: "shell",
  card: "shell",
  latest: "shell",
  favorite: "shell",
  // Every page's link preview image, whose words its meta says in the browser too.
  og: "shell",
  mail: "server",
  feed: "server",
  backup: "server",
  notice: "server",
  system: "server",
  // The console's refusals, beside its own words.
  moderation: "console",
  webhook: "console",
  digest: "console",
  newsletter: "console",
  catalogue: "console",
  content: "console",
  history: "console",
  settings: "console",
  links: "console",
};

/** The bundle a key is in: its area's (the words before its first dot), the console's for an "admin..." area, else the pages'. */
export function bundleOf(key: string): Bundle {
  const area = key.slice(0, key.indexOf("."));
  return BY_AREA[area] ?? (area.startsWith("admin") ? "console" : "pages");
}
