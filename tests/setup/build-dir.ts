import path from "node:path";

/** The production build the tests run, as `npm run build` writes it: ./build, or BUILD_DIR (react-router.config.ts). */
export const BUILD_DIR = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
