/** The real HTTP app over a test database and the production build, called in-process with Request objects. */
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { parseConfig } from "#server/config.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { createNotifier } from "#server/notify/notifier.ts";
import { fileStorageFromConfig } from "#server/storage/from-config.ts";
import { createApp } from "#server/http/app.ts";
import { watchPageChanges } from "#server/cache/invalidation.ts";
import { createKeptReads, unkeptReads } from "#server/cache/kept-reads.ts";
import { createPageCache } from "#server/cache/page-cache.ts";
import { createLogger, type Logger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";
import type { HostResolver } from "#server/fetch/safe-fetch.ts";
import { keepAppLogLine } from "./app-log.ts";
import { BUILD_DIR } from "./build-dir.ts";
import { cheapPasswordHasher } from "./password-hasher.ts";
import type { TestDatabase } from "./database.ts";

export async function loadBuild(): Promise<ServerBuild> {
  const file = path.join(BUILD_DIR, "server/index.js");
  if (!existsSync(file)) throw new Error("No production build: run `npm run build` (npm test does it first)");
  return (await import(file)) as ServerBuild;
}

/**
 * The app over `database` with the given environment; `now` sets the clock of the analytics collector and of the page
 * cache; `logger` replaces the one the environment's LOG_LEVEL and LOG_FORMAT make (to read what is logged);
 * `resolveHost` the system's resolver (a resolver outage); `productionPasswordHashing` keeps Better Auth's own password
 * hash instead of the tests' cheaper one (./password-hasher.ts).
 */
export type TestAppOptions = {
  now?: () => Date;
  logger?: Logger;
  resolveHost?: HostResolver;
  productionPasswordHashing?: boolean;
};

export async function createTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  { now, logger: givenLogger, resolveHost, productionPasswordHashing = false }: TestAppOptions = {},
) {
  // No reference address for the link check by default: the tests' websites are local servers, and the internet is not
  // there (tests/integration/link-checks.test.ts sets one where it matters). The proof of work asks the least work
  // the configuration allows (1,000 hashes, not 100,000): every sign-up and submission of the tests solves one, each
  // checked and spent as any, and at the default they took a tenth of a second each, minutes over the suite.
  const config = parseConfig({
    SITE_URL: "http://localhost:3000",
    LOG_LEVEL: "error",
    LINK_CHECK_REFERENCE_URL: "",
    ALTCHA_MAX_NUMBER: "1000",
    ...env,
  });
  // Its errors are kept for the running test, and printed only if it fails (./app-log.ts); a LOG_LEVEL the test
  // sets itself writes to the standard streams, as a server does.
  const logger =
    givenLogger ??
    createLogger(config.LOG_LEVEL, {
      format: config.LOG_FORMAT,
      ...(env.LOG_LEVEL === undefined && { write: keepAppLogLine }),
    });
  const filesDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-files-"));
  // The local disk, unless `env` sets the S3_* settings.
  const storage = fileStorageFromConfig(config, filesDir);
  // The page cache is on, as in production; PAGE_CACHE_MB=0 turns it off.
  const pageCache =
    config.PAGE_CACHE_MB > 0
      ? createPageCache({ maxBytes: config.PAGE_CACHE_MB * 1024 * 1024, now: now && (() => now().getTime()) })
      : undefined;
  const keptReads = pageCache ? createKeptReads({ now: now && (() => now().getTime()) }) : unkeptReads;
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
    authSecret: "a-test-secret-that-is-long-enough-to-sign-sessions",
    now,
    keptReads,
    pageCache,
    resolveHost,
    passwordHasher: productionPasswordHashing ? undefined : cheapPasswordHasher,
  });
  await services.settings.start();
  services.settings.onReload(() => {
    pageCache?.invalidate("*");
    keptReads.invalidate("*");
  });
  const pageChanges = await watchPageChanges(
    database.handle,
    [...(pageCache ? [pageCache, keptReads] : []), services.settings, services.accounts.keptSessions],
    logger,
  );
  const app = createApp({
    config,
    db: database.db,
    services,
    logger,
    build: await loadBuild(),
    clientDir: path.join(BUILD_DIR, "client"),
    filesDir: config.storage.kind === "local" ? filesDir : undefined,
    pageCache,
  });
  // Each request first waits for the changes already committed to reach the cache, as they do within a moment in production.
  const request = async (pathname: string, init?: RequestInit) => {
    // A test that closed the database on purpose finds out from the request itself.
    await pageChanges.sync().catch(() => {});
    return app.fetch(new Request(new URL(pathname, config.SITE_URL), init));
  };
  return { app, config, services, storage, request, filesDir, pageCache, pageChanges };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
