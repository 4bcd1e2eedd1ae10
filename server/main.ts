/**
 * Starts the server. The config is read first, and sets NODE_ENV: React picks its production or development build from
 * it when it is first loaded, so the rest of the server (which loads React) is imported only afterwards.
 */
import { ConfigError, loadProcessConfig } from "./config.ts";

let config;
try {
  config = loadProcessConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\nSee .env.example and the README's configuration table.\n`);
    process.exit(1);
  }
  throw error;
}
const { startServer } = await import("./server.ts");
await startServer(config);
