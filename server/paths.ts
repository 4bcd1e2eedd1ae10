/**
 * The project's folders. They are found from this module's own file, whether it runs from server/ (the source, under
 * tsx or Vitest) or from the compiled server in the build folder: the project is the nearest folder with package.json.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir)
      throw new Error(`No package.json above ${from}: the server must run inside the project's folder`);
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
/** Data that is not code: the demo catalogue, the top-lists, blog posts and legal pages. */
export const CONTENT_DIR = path.join(PROJECT_ROOT, "content");
/** The SQL migrations drizzle-kit writes, applied at start. */
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "server/db/migrations");
