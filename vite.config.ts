import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter()],
  // A build says only what needs a look: `npm start` on a fresh machine ends with the site's address and its setup
  // link, which a hundred lines of asset sizes hid.
  logLevel: command === "build" ? "warn" : "info",
  build: {
    target: "es2022",
    rollupOptions: {
      onwarn(warning, warn) {
        // Comments in dependencies that Rollup drops, and the empty browser chunk of a route that only redirects or
        // answers a file: nothing to change.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules")) return;
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  server: { hmr: { port: 24679 } },
}));
