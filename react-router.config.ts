import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets two builds (say, two working copies' test runs) live side by side; the server and tests read the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The browser gets every route's manifest with the first page (a small file, cached like the other assets), instead
  // of asking the server for the routes of the links on each page it shows.
  routeDiscovery: { mode: "initial" },
  future: {
    // Load contexts stay plain objects (see server/context.ts); the other v8 behaviours are taken now.
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
