/** Starts the server: reads the config, opens and migrates the database, loads the demo catalogue into an empty one, then serves. */
import { createServer } from "node:http";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import type { Connect } from "vite";
import { ConfigError, FILES_URL, parseConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { seedDemoCatalogue } from "./db/seed.ts";
import { createApp } from "./http/app.ts";
import { startJobs } from "./jobs.ts";
import { createLogger } from "./logger.ts";
import { loadAuthSecret } from "./auth/secret.ts";
import { createMailer } from "./mail/mailer.ts";
import { createNotifier } from "./notify/notifier.ts";
import { createServices } from "./services.ts";
import { localFileStorage } from "./storage/files.ts";

const ROOT = path.resolve(fileURLToPath(new URL("..", import.meta.url)));

if (existsSync(path.join(ROOT, ".env"))) process.loadEnvFile(path.join(ROOT, ".env"));

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\nSee .env.example and the README's configuration table.\n`);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config.LOG_LEVEL);

const dataDir = path.resolve(ROOT, config.DATA_DIR);
const filesDir = path.join(dataDir, "files");
const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
const services = createServices({
  db: database.db,
  config,
  logger,
  storage: localFileStorage(filesDir, FILES_URL),
  mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
  notifier: createNotifier({ botToken: config.TELEGRAM_BOT_TOKEN, chatId: config.TELEGRAM_CHAT_ID, apiUrl: config.TELEGRAM_API_URL ?? "", logger }),
  authSecret: loadAuthSecret(config.AUTH_SECRET, dataDir),
});

let seededToolIds: string[] = [];
await database.migrate(async (db) => {
  if (!config.SEED_DEMO) return;
  const seeded = await seedDemoCatalogue(db);
  if (!seeded) return;
  seededToolIds = seeded.toolIds;
  logger.info(`loaded the demo catalogue: ${seeded.categories} categories, ${seeded.toolIds.length} tools`);
});
for (const id of seededToolIds) await services.tools.writeToolSnapshot(id);
logger.info(`database ready (${database.kind === "pglite" ? `embedded, in ${config.DATA_DIR}` : "PostgreSQL"})`);
const isDev = config.NODE_ENV === "development";

let build: ServerBuild | (() => Promise<ServerBuild>);
let viteMiddlewares: Connect.Server | undefined;
if (isDev) {
  const vite = await import("vite");
  const devServer = await vite.createServer({ root: ROOT, server: { middlewareMode: true }, appType: "custom" });
  viteMiddlewares = devServer.middlewares;
  build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
} else {
  const buildFile = path.resolve(ROOT, config.BUILD_DIR, "server/index.js");
  if (!existsSync(buildFile)) {
    process.stderr.write("No build found: run `npm run build` first (`npm start` does it for you).\n");
    process.exit(1);
  }
  build = (await import(buildFile)) as ServerBuild;
}

const app = createApp({
  config,
  db: database.db,
  services,
  logger,
  build,
  clientDir: isDev ? undefined : path.resolve(ROOT, config.BUILD_DIR, "client"),
  filesDir,
});
const listener = getRequestListener(app.fetch);
const server = createServer((req, res) => {
  if (viteMiddlewares) viteMiddlewares(req, res, () => listener(req, res));
  else listener(req, res);
});

server.listen(config.PORT, config.HOST, () => {
  logger.info(`${config.SITE_NAME} is serving at ${config.SITE_URL} (listening on ${config.HOST}:${config.PORT}, ${config.NODE_ENV})`);
});
const stopJobs = startJobs(services, logger);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: closing`);
  server.close();
  server.closeAllConnections();
  stopJobs();
  // The analytics events still in memory are written before the database closes.
  await services.analytics.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
