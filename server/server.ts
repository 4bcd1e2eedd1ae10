/** The server itself: opens and migrates the database, loads the demo catalogue into an empty one, then serves. */
import { speakByDefault } from "./i18n.ts";
import { createServer } from "node:http";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import type { Connect } from "vite";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { seedDemoCatalogue } from "./demo/catalogue.ts";
import { seedDemoActivity } from "./demo/activity.ts";
import { createApp } from "./http/app.ts";
import { watchPageChanges } from "./cache/invalidation.ts";
import { createKeptReads, unkeptReads } from "./cache/kept-reads.ts";
import { createPageCache } from "./cache/page-cache.ts";
import { startJobs } from "./jobs.ts";
import { closeHttpServer, REQUESTS_GRACE_MS, STOP_DEADLINE_MS } from "./shutdown.ts";
import { PROJECT_ROOT } from "./paths.ts";
import { createLogger } from "./logger.ts";
import { loadAuthSecret } from "./auth/secret.ts";
import { createMailer } from "./mail/mailer.ts";
import { createNotifier } from "./notify/notifier.ts";
import { createServices } from "./services.ts";
import { serveCommands } from "./operations/channel.ts";
import { SERVER_COMMANDS } from "./operations/registry.ts";
import { fileStorageFromConfig } from "./storage/from-config.ts";
import { backfillWebsiteKeys } from "./tools/lifecycle/duplicates.ts";

/** Opens the database, serves, and stops cleanly on SIGINT or SIGTERM. `config` comes from loadProcessConfig (server/main.ts). */
export async function startServer(config: Config) {
  speakByDefault(config.DEFAULT_LOCALE);
  const logger = createLogger(config.LOG_LEVEL, { format: config.LOG_FORMAT });

  const dataDir = path.resolve(PROJECT_ROOT, config.DATA_DIR);
  const filesDir = path.join(dataDir, "files");
  // Made now rather than on the first upload: the static file handler warns (outside the log's format) of a missing folder.
  mkdirSync(filesDir, { recursive: true });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
  const storage = fileStorageFromConfig(config, filesDir);
  const isDev = config.NODE_ENV === "development";
  // Development renders every request anew (the build changes under it); PAGE_CACHE_MB=0 turns the cache off.
  const pageCache =
    isDev || config.PAGE_CACHE_MB === 0 ? undefined : createPageCache({ maxBytes: config.PAGE_CACHE_MB * 1024 * 1024 });
  const keptReads = pageCache ? createKeptReads() : unkeptReads;
  const services = createServices({
    db: database.db,
    config,
    logger,
    storage,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
    notifier: createNotifier({
      botToken: config.TELEGRAM_BOT_TOKEN,
      chatId: config.TELEGRAM_CHAT_ID,
      apiUrl: config.TELEGRAM_API_URL ?? "",
      logger,
    }),
    authSecret: loadAuthSecret(config.AUTH_SECRET, dataDir),
    keptReads,
    pageCache,
  });

  let seededToolIds: string[] = [];
  await database.migrate(async (db) => {
    const keyed = await backfillWebsiteKeys(db);
    if (keyed) logger.info(`gave ${keyed} tools the keys that find duplicates`);
    if (!config.SEED_DEMO) return;
    const seeded = await seedDemoCatalogue(db, { storage });
    if (!seeded) return;
    await seedDemoActivity(db);
    seededToolIds = seeded.toolIds;
    logger.info(`loaded the demo catalogue: ${seeded.categories} categories, ${seeded.toolIds.length} tools`);
  });
  for (const id of seededToolIds) await services.tools.writeToolSnapshot(id);
  // /open-data links the dumps: a site that has none yet writes them now, in the background.
  void services.catalogue
    .writeMissingOpenData(services.now())
    .then((written) => written && logger.info(`wrote the open data dumps: ${written.tools} tools`))
    .catch((error: unknown) => logger.error("open data: the first dumps could not be written", error));
  logger.info(`database ready (${database.kind === "pglite" ? `embedded, in ${config.DATA_DIR}` : "PostgreSQL"})`);
  logger.info(
    `files stored ${config.storage.kind === "s3" ? `in the bucket ${config.storage.bucket} at ${config.storage.endpoint}` : `in ${path.join(config.DATA_DIR, "files")}`}`,
  );

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let viteMiddlewares: Connect.Server | undefined;
  if (isDev) {
    const vite = await import("vite");
    const devServer = await vite.createServer({
      root: PROJECT_ROOT,
      server: { middlewareMode: true },
      appType: "custom",
    });
    viteMiddlewares = devServer.middlewares;
    build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const buildFile = path.resolve(PROJECT_ROOT, config.BUILD_DIR, "server/index.js");
    if (!existsSync(buildFile)) {
      process.stderr.write("No build found: run `npm run build` first (`npm start` does it for you).\n");
      process.exit(1);
    }
    build = (await import(buildFile)) as ServerBuild;
  }

  // The site's settings are read before the first request; a change reloads them here, then drops every kept page.
  await services.settings.start();
  services.settings.onReload(() => {
    pageCache?.invalidate("*");
    keptReads.invalidate("*");
  });
  const pageChanges = await watchPageChanges(
    database,
    [...(pageCache ? [pageCache, keptReads] : []), services.settings, services.accounts.keptSessions],
    logger,
  );
  const app = createApp({
    config,
    db: database.db,
    services,
    logger,
    build,
    clientDir: isDev ? undefined : path.resolve(PROJECT_ROOT, config.BUILD_DIR, "client"),
    filesDir: config.storage.kind === "local" ? filesDir : undefined,
    pageCache,
  });
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (viteMiddlewares) viteMiddlewares(req, res, () => listener(req, res));
    else listener(req, res);
  });

  const react = loadedReactBuild();
  if (config.isProduction && react !== "production")
    logger.warn(`React's ${react} build is loaded in production: NODE_ENV was not set before React was imported`);
  server.listen(config.PORT, config.HOST, () => {
    logger.info(
      `${services.settings.current().siteName} is serving at ${config.SITE_URL} (listening on ${config.HOST}:${config.PORT}, ${config.NODE_ENV}, React's ${react} build)`,
    );
    // A site without an admin gets one from a link in this log (decision 047), written last, where the operator looks.
    services.setup.offerSetupLink().catch((error: unknown) => logger.error("the setup link could not be made", error));
  });
  // The embedded database serves this process only: the operator's commands run in it, through the data folder's socket.
  const commandChannel =
    database.kind === "pglite"
      ? await serveCommands({
          dataDir,
          commands: SERVER_COMMANDS,
          logger,
          host: {
            config,
            dataDir,
            database: async () => database,
            dumpOf: (folder) => (folder === dataDir ? () => database.dump() : undefined),
          },
        })
      : undefined;
  // This process among the running ones (/admin/system): now, every minute, and gone when it stops.
  await services.system.heartbeat();
  const heartbeat = setInterval(
    () =>
      void services.system
        .heartbeat()
        .catch((error: unknown) => logger.warn(`system: could not write this process's row: ${String(error)}`)),
    60_000,
  );
  heartbeat.unref();
  const jobs = startJobs(database.db, services, logger, config.JOBS_FIRST_RUN_AFTER_SECONDS * 1000);
  // The side effects of writes: what is due now (a previous run may have left some), then due rows on a timer.
  services.outbox.start();

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    const startedAt = Date.now();
    logger.info(`${signal}: stopping: no new requests; finishing those in flight`);
    // Whatever still hangs at the deadline, the process goes: a supervisor's SIGKILL would come soon after anyway.
    setTimeout(() => {
      logger.error(`${signal}: not stopped within ${STOP_DEADLINE_MS} ms: exiting now`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    // /readyz answers 503 from now on, and the jobs start no new run; a run under way finishes meanwhile.
    services.readiness.markStopping();
    try {
      const jobsStopped = jobs.stop();
      await commandChannel?.close();
      const requests = await closeHttpServer(server);
      if (requests === "cut")
        logger.warn(`${signal}: requests still in flight after ${REQUESTS_GRACE_MS} ms were cut off`);
      await jobsStopped;
      // Deliveries under way end before the database closes; what is still due waits in the database for the next start.
      await services.outbox.stop();
      clearInterval(heartbeat);
      await services.system.forget();
      await pageChanges.stop();
      // The analytics events still in memory are written before the database closes.
      await services.analytics.close();
      await database.close();
    } catch (error) {
      logger.error(`${signal}: could not stop cleanly`, error);
      process.exit(1);
    }
    logger.info(`${signal}: stopped in ${Date.now() - startedAt} ms`);
    process.exit(0);
  }
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/**
 * Which build of React this process runs: React loads one or the other from NODE_ENV when it is first imported. Node
 * also parses the other build's file to learn its exports without running it, so only a module that ran counts.
 */
function loadedReactBuild(): "production" | "development" | "unknown" {
  const modules = Object.entries(createRequire(import.meta.url).cache);
  for (const [file, module] of modules) {
    const build = /[\\/]react[\\/]cjs[\\/]react\.(production|development)\.js$/.exec(file)?.[1];
    if (module?.loaded && (build === "production" || build === "development")) return build;
  }
  return "unknown";
}
