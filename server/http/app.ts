/** The HTTP application: Hono owns the process; the JSON API and health check come first, React Router renders every page last. */
import { timingSafeEqual } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { etag } from "hono/etag";
import { secureHeaders } from "hono/secure-headers";
import type { ServerBuild } from "react-router";
import { sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { analyticsEventInput } from "#common/schemas/analytics.ts";
import { MESSAGES } from "#common/messages.ts";
import { bearerCredentials } from "#common/schemas/api-keys.ts";
import { IMPORT_MAX_BYTES } from "#common/schemas/catalogue.ts";
import { CHALLENGE_PATH } from "#common/spam-fields.ts";
import { sponsoredLinkPath, STRIPE_WEBHOOK_PATH } from "#common/page-paths.ts";
import { SPONSOR_CLICK_EVENT } from "#common/constants.ts";
import { sponsorshipIdParam } from "#common/schemas/sponsors.ts";
import { type Config, FILES_URL, filesBaseUrl, stripeCheckoutOrigin } from "../config.ts";
import { cacheControlOf } from "../storage/files.ts";
import type { Requester } from "../auth/account-shared.ts";
import { withClientAddress } from "../auth/client-address.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { type Logger, throttledWarning } from "../logger.ts";
import type { PageCache } from "../cache/page-cache.ts";
import type { Services } from "../services.ts";
import type { KeyedRequester } from "../api-keys/keys.ts";
import { apiDocument, createApi } from "./api.ts";
import { apiReference } from "./api-reference.ts";
import { allowCrossOriginReads } from "./cors.ts";
import { createUploads } from "./uploads.ts";
import { createFunctions } from "./functions.ts";
import { invalidInput } from "#common/input-errors.ts";
import { errorBody, respondWithError } from "./errors.ts";
import { createFeeds } from "./feeds.ts";
import { createSuggestions } from "./suggest.ts";
import { createOgImageRoutes, storedLogoReader } from "./og.ts";
import { compression } from "./compression.ts";
import { filesOriginOf, withContentSecurityPolicy } from "./content-security-policy.ts";
import { answerInAcceptedLanguage, negotiateHomeLocale } from "./locale-negotiation.ts";
import { pageCacheMiddleware } from "./page-cache.ts";
import { pageRenderer } from "./page-render.ts";
import { renderBudget } from "./render-budget.ts";
import { requestIds } from "./request-id.ts";
import { withApiKeyOrSession } from "./api-keys.ts";

type Variables = {
  cspNonce?: string;
  isStaticFile?: boolean;
  user?: SessionUser | null;
  requester?: Requester;
  apiKey?: KeyedRequester["key"];
};

export type AppOptions = {
  config: Config;
  db: Database;
  services: Services;
  logger: Logger;
  /** The React Router server build, or a function returning it (development reloads it on every request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The folder of built browser assets, served in production; development lets Vite serve them. */
  clientDir?: string;
  /** The folder of the local file storage, served under FILES_URL (none when the files are in an S3 bucket). */
  filesDir?: string;
  /** Visitors' pages kept between requests; none in development, where the build changes on every request. */
  pageCache?: PageCache;
};

const ONE_YEAR = 60 * 60 * 24 * 365;
/** The Better Auth endpoints a browser is sent to (all GET): Google's callback, an e-mailed sign-in link, a reset link. */
const BROWSER_AUTH_PATHS = [
  /^\/api\/auth\/callback\/google$/,
  /^\/api\/auth\/magic-link\/verify$/,
  /^\/api\/auth\/reset-password\/[^/]+$/,
];
/**
 * The browser features the site never uses, turned off for its pages and anything they embed; clipboard writing stays
 * on (the newsletter console copies the digest). Only features Chromium knows are named: each unknown one costs a
 * warning in the console of every page (ambient-light-sensor, battery and bluetooth were).
 */
const UNUSED_BROWSER_FEATURES = Object.fromEntries(
  [
    "accelerometer",
    "autoplay",
    "camera",
    "displayCapture",
    "geolocation",
    "gyroscope",
    "hid",
    "idleDetection",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "publickeyCredentialsGet",
    "screenWakeLock",
    "serial",
    "usb",
    "xrSpatialTracking",
  ].map((feature) => [feature, false]),
);

/**
 * The largest body of a form or an API call, in bytes: the tool form's longest text (about 12,000 characters, each up
 * to 9 bytes once encoded) fits, with room to spare. Uploads get the image limit.
 */
const MAX_FORM_BYTES = 128 * 1024;
/** Room for a multipart form's boundaries, headers and text fields beside its files. */
const MULTIPART_MARGIN_BYTES = 64 * 1024;
/** The largest Stripe event accepted, in bytes: a Checkout session's event is a few kilobytes. */
const MAX_STRIPE_EVENT_BYTES = 512 * 1024;
/** The largest analytics event accepted, in bytes (an event with 30 long properties fits). */
const MAX_EVENT_BYTES = 64 * 1024;

export function createApp({ config, db, services, logger, build, clientDir, filesDir, pageCache }: AppOptions) {
  const app = new Hono<{ Variables: Variables }>();
  const isDev = config.NODE_ENV === "development";

  app.onError((error, c) => respondWithError(c, error, logger));

  // Every answer's time, for /metrics; measured around everything else, compression included.
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    services.system.observeRequest(c.req.method, c.req.path, c.res.status, (performance.now() - started) / 1000);
  });
  app.use(requestIds({ trustProxy: config.TRUST_PROXY, logger }));
  app.use(compression());
  app.use(
    secureHeaders({
      // The policy is our own (content-security-policy.ts): a page from the page cache brings one that allows its scripts by hash.
      contentSecurityPolicy: undefined,
      crossOriginEmbedderPolicy: false,
      // With no-referrer, a browser's form post says "Origin: null" and the cross-site guard below would refuse it.
      // Tools also see where their visitors come from, as a directory's links should tell them.
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: config.SITE_URL.startsWith("https://") ? "max-age=15552000; includeSubDomains" : false,
      permissionsPolicy: UNUSED_BROWSER_FEATURES,
      // A response that sets one of these itself keeps it: a tool's badge may be shown by other sites (server/http/feeds.ts).
      overwrite: false,
    }),
  );
  // Vite's development client injects inline scripts and a websocket; the policy applies to real deployments.
  const filesOrigin = filesOriginOf(filesBaseUrl(config));
  if (!isDev) app.use(withContentSecurityPolicy(filesOrigin, stripeCheckoutOrigin(config)));
  app.use(refuseCrossOriginWrites(config));
  app.use(refuseUnreadablePaths());
  app.use(limitBodies(config));
  const site = { locales: config.LOCALES, defaultLocale: config.DEFAULT_LOCALE };
  app.use("/api/*", answerInAcceptedLanguage(site));

  app.get("/healthz", async (c) => {
    try {
      await db.execute(sql`select 1`);
      return c.json({ status: "ok" });
    } catch (error) {
      logger.error("health check: the database does not answer", error);
      return c.json({ status: "unavailable" }, 503);
    }
  });

  // The operator's figures in Prometheus' format (server/system/monitor.ts): off without METRICS_TOKEN, and only for it.
  app.get("/metrics", async (c) => {
    if (!config.METRICS_TOKEN) return c.json(errorBody(new AppError("not-found", MESSAGES.page.notFound)), 404);
    if (!hasBearerToken(c.req.header("authorization"), config.METRICS_TOKEN)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json(errorBody(new AppError("unauthenticated", MESSAGES.system.metricsToken)), 401);
    }
    const { contentType, text } = await services.system.metricsText();
    return c.body(text, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });

  // Whether to send this process traffic. A failure is logged once a minute at most: a balancer asks every few seconds.
  const warnNotReady = throttledWarning(logger, 60_000);
  app.get("/readyz", async (c) => {
    const { isReady, checks, problems } = await services.readiness.check();
    c.header("Cache-Control", "no-store");
    if (isReady) return c.json({ status: "ready", checks });
    warnNotReady(`not ready: ${problems.join("; ")}`);
    return c.json({ status: "unavailable", checks }, 503);
  });

  // Analytics events, in Plausible's format; no session is read (and no cookie set): a visitor is counted without one.
  app.post("/api/event", async (c) => {
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError("invalid-argument", MESSAGES.event.notJson);
    }
    const event = analyticsEventInput.safeParse(body);
    if (!event.success) throw invalidInput(event.error);
    const outcome = await services.analytics.record(event.data, {
      address: addressOf(c, config),
      userAgent: c.req.header("user-agent") ?? "",
    });
    // Plausible's answer: 202 "ok"; a dropped event says so in a header, as Plausible's does.
    if (outcome === "ignored") c.header("x-plausible-dropped", "1");
    return c.text("ok", 202);
  });

  // An ad's link (decision 064): the click is counted as the analytics count any event, without a cookie (a bot's is
  // not), then the visitor goes on to the sponsor's site. Only an approved ad's link leads anywhere.
  app.get("/sponsored/:id", async (c) => {
    const id = sponsorshipIdParam.safeParse(c.req.param("id"));
    const url = id.success ? await services.sponsors.findAdLink(id.data) : null;
    if (!id.success || !url) throw new AppError("not-found", MESSAGES.sponsor.notFound);
    const site = new URL(config.SITE_URL);
    await services.analytics
      .record(
        {
          n: SPONSOR_CLICK_EVENT,
          u: `${site.origin}${sponsoredLinkPath(id.data)}`,
          d: site.hostname,
          r: c.req.header("referer") ?? null,
          p: { sponsorship: id.data },
        },
        { address: addressOf(c, config), userAgent: c.req.header("user-agent") ?? "" },
        { isAdLink: true },
      )
      // A click that could not be counted (too many from one address, the database behind) still leads on.
      .catch(() => "ignored");
    c.header("Cache-Control", "no-store");
    return c.redirect(url, 302);
  });

  // Stripe's events about the site's payments (decision 040): signed with the webhook's secret, read as the raw text
  // the signature covers. A bad signature is a 400; a failure to apply an event is a 500, and Stripe sends it again.
  app.post(STRIPE_WEBHOOK_PATH, async (c) => {
    const outcome = await services.featuring.receiveWebhook(await c.req.text(), c.req.header("stripe-signature"));
    return c.json({ received: true, outcome });
  });

  // Better Auth's own endpoints that a browser opens: Google's callback, and the checks of e-mailed sign-in and reset
  // links. Every other one (signing up, signing in, changing an e-mail...) would go around the app's rules and limits:
  // the app calls those in-process, and over HTTP they do not exist.
  app.get("/api/auth/*", async (c, next) => {
    if (!BROWSER_AUTH_PATHS.some((allowed) => allowed.test(c.req.path))) return next();
    return (await services.auth()).handler(
      new Request(c.req.raw, { headers: withClientAddress(c.req.raw.headers, addressOf(c, config)) }),
    );
  });
  app.all("/api/auth/*", (c) =>
    c.json({ error: { code: "not-found", message: MESSAGES.page.noSuchAuthEndpoint } }, 404),
  );

  // A new proof-of-work challenge for the sign-up and add-tool forms and the submitTool function (decision 023).
  app.get(CHALLENGE_PATH, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await services.spam.createChallenge());
  });
  // The public JSON answers carry an ETag: a client that has one already gets a 304. Reads take no cookie, so any
  // origin may make them (cors.ts); only writes read the session.
  app.use("/api/v1/*", allowCrossOriginReads());
  app.use("/api/v1/*", etag());
  const session = withSession(services, config);
  // A request with an API key acts as the key's user (server/http/api-keys.ts); a write without one reads the session.
  app.use("/api/v1/*", withApiKeyOrSession(services.apiKeys, session, services.now));
  app.route("/api/v1", createUploads(services));
  const api = createApi(services, { siteUrl: config.SITE_URL });
  app.route("/api/v1", api);
  app.get(
    "/api/docs",
    etag(),
    apiReference(apiDocument(api, config.SITE_URL), () => services.settings.current().siteName),
  );
  // The signed-in person's own state, which the browser fills into the pages every visitor gets (decision 037).
  app.get("/api/me", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const address = addressOf(c, config);
    const { user, headers } = await services.accounts.findRequestViewer({
      headers: withClientAddress(c.req.raw.headers, address),
      address,
    });
    // A session Better Auth renewed, or ended, has its cookie changed here.
    for (const cookie of headers?.getSetCookie() ?? []) c.header("set-cookie", cookie, { append: true });
    if (!user)
      return c.json({
        user: null,
        tools: [],
        favoriteToolIds: [],
        waitingLikeIds: [],
        likesCountFrom: null,
        follows: [],
      });
    const [tools, ownLikes, follows] = await Promise.all([
      services.accounts.listUserToolLinks(user),
      services.favorites.listOwnLikes(user),
      services.follows.listFollowKeys(user),
    ]);
    return c.json({ user, tools, ...ownLikes, follows });
  });
  app.use("/api/functions/*", withSession(services, config));
  app.route("/api/functions", createFunctions(services));
  app.route("/", createFeeds(services, config, pageCache));
  // The renders each client may cause: the pages' misses and the search box's suggestions alike (decision 037).
  const renders = renderBudget({ perMinute: config.PAGE_RENDERS_PER_MINUTE });
  app.route("/", createSuggestions(services, { pageCache, renders, addressOf: (c) => addressOf(c, config) }));
  app.route(
    "/",
    createOgImageRoutes(
      services,
      storedLogoReader(config, (path) => app.request(path)),
      { locales: config.LOCALES, defaultLocale: config.DEFAULT_LOCALE },
    ),
  );

  if (filesDir) {
    // An image, never rewritten, is kept a year; a snapshot or a dump, which change, a minute (cacheControlOf).
    const root = path.relative(process.cwd(), filesDir);
    app.use(
      `${FILES_URL}/*`,
      serveFiles(
        root,
        (requestPath) => cacheControlOf(requestPath),
        (requestPath) => requestPath.slice(FILES_URL.length),
      ),
    );
    app.get(`${FILES_URL}/*`, (c) => c.json({ error: { code: "not-found", message: MESSAGES.page.noSuchFile } }, 404));
  }

  if (clientDir) {
    const root = path.relative(process.cwd(), clientDir);
    // Hashed build output never changes: cache it for a year. Everything else in public/ may change between releases.
    app.use("/assets/*", serveFiles(root, `public, max-age=${ONE_YEAR}, immutable`));
    // The files of public/ are known once the build is made: a page's address is never looked up on the disk.
    const publicFiles = new Set(
      readdirSync(clientDir, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${entry.name}`),
    );
    const servePublic = serveFiles(root, "public, max-age=3600");
    app.use("*", (c, next) => (publicFiles.has(c.req.path) ? servePublic(c, next) : next()));
  }

  app.use(negotiateHomeLocale(site, config.SITE_URL));
  const renderPage = pageRenderer({
    build,
    services,
    config,
    logger,
    filesOrigin,
    addressOf: (c) => addressOf(c, config),
  });
  if (pageCache && typeof build !== "function") {
    app.use(
      "*",
      pageCacheMiddleware({
        cache: pageCache,
        build,
        filesOrigin,
        renderPage,
        findViewer: (cookie) => services.accounts.findCookieViewer(cookie),
        renderBudget: renders,
        addressOf: (c) => addressOf(c, config),
        site,
      }),
    );
  }
  app.all("*", async (c) => {
    const request = READ_ONLY_METHODS.has(c.req.method) ? c.req.raw : await formRequest(c.req.raw);
    const response = await renderPage(c, { for: "person", request });
    // React Router's answer to a method a page has no handler for says "Unexpected Server Error": say what it is.
    if (response.status === 405)
      return c.json(errorBody(new AppError("invalid-argument", MESSAGES.page.methodNotAllowed)), 405);
    return response;
  });

  return app;
}

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_CONTENT_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * A post to a page, read here as a form and handed on as one: a body that is not a form (JSON, plain text, none) or a
 * form that cannot be read is answered with a 400 and a message, and never reaches a route's action as a 500.
 */
async function formRequest(request: Request): Promise<Request> {
  if (!FORM_CONTENT_TYPE.test(request.headers.get("content-type") ?? ""))
    throw new AppError("invalid-argument", MESSAGES.page.notAForm);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("invalid-argument", MESSAGES.page.unreadableForm);
  }
  // The form is sent on as multipart, with its own boundary and length.
  const headers = new Headers(request.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body: form, signal: request.signal });
}

/**
 * Every body is limited by its route before it is read, so a visitor cannot make the process buffer a huge one: an
 * image upload to the image limit, the tool form to its two images, anything else to a small form. Past it: 413.
 */
function limitBodies(config: Config): MiddlewareHandler {
  const imageBytes = config.UPLOAD_MAX_MB * 1_000_000;
  const limitTo = (maxSize: number, message = MESSAGES.page.bodyTooLarge(maxSize)) =>
    bodyLimit({ maxSize, onError: (c) => c.json(errorBody(new AppError("invalid-argument", message)), 413) });
  const upload = limitTo(imageBytes + MULTIPART_MARGIN_BYTES);
  const toolForm = limitTo(2 * imageBytes + MULTIPART_MARGIN_BYTES);
  const form = limitTo(MAX_FORM_BYTES);
  const catalogueFile = limitTo(
    IMPORT_MAX_BYTES + MULTIPART_MARGIN_BYTES,
    MESSAGES.catalogue.fileTooLarge(IMPORT_MAX_BYTES),
  );
  const event = limitTo(MAX_EVENT_BYTES, MESSAGES.event.tooLarge);
  const stripeEvent = limitTo(MAX_STRIPE_EVENT_BYTES);
  return async (c, next) => {
    if (READ_ONLY_METHODS.has(c.req.method)) return next();
    // Analytics events have their own, smaller limit.
    if (c.req.path === "/api/event") return event(c, next);
    if (c.req.path === STRIPE_WEBHOOK_PATH) return stripeEvent(c, next);
    if (/^\/api\/v1\/tools\/[^/]+\/images\/[^/]+$/.test(c.req.path)) return upload(c, next);
    // The tool form's files come with it when the browser runs no JavaScript (React Router's data requests end in .data).
    if (/^\/(add-tool|edit-tool\/[^/]+)(\.data)?$/.test(c.req.path)) return toolForm(c, next);
    // The site's settings bring its logo and favicon.
    if (/^\/admin\/settings(\.data)?$/.test(c.req.path)) return toolForm(c, next);
    if (/^\/admin\/import(\.data)?$/.test(c.req.path)) return catalogueFile(c, next);
    return form(c, next);
  };
}

/** Serves the files under `root` (their .br/.gz twins when the browser accepts them) with a Cache-Control header; anything else falls through. */
function serveFiles(
  root: string,
  cacheControl: string | ((requestPath: string) => string),
  rewriteRequestPath?: (path: string) => string,
): MiddlewareHandler<{ Variables: Variables }> {
  const serve = serveStatic<{ Variables: Variables }>({
    root,
    precompressed: true,
    rewriteRequestPath,
    onFound: (_path, c) => c.set("isStaticFile", true),
  });
  return async (c, next) => {
    const response = await serve(c, next);
    if (response && c.get("isStaticFile"))
      response.headers.set("Cache-Control", typeof cacheControl === "string" ? cacheControl : cacheControl(c.req.path));
    return response;
  };
}

/** The visitor's address: the socket's peer, or the first X-Forwarded-For hop behind a trusted proxy. */
function addressOf(c: Context, config: Config): string {
  if (config.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Requests made in-process (tests) have no socket.
    return "unknown";
  }
}

/** Reads the request's session for what follows (the user, or null) and passes a renewed or cleared session cookie on. */
function withSession(services: Services, config: Config): MiddlewareHandler<{ Variables: Variables }> {
  return async (c, next) => {
    const address = addressOf(c, config);
    const requester: Requester = { headers: withClientAddress(c.req.raw.headers, address), address };
    const { user, headers } = await services.accounts.findSessionUser(requester);
    c.set("requester", requester);
    c.set("user", user);
    await next();
    for (const cookie of headers?.getSetCookie() ?? []) c.res.headers.append("set-cookie", cookie);
  };
}

/**
 * No page or file has a control character (NUL, TAB, CR, LF...) or a broken %-escape in its address: such a path is a
 * 404 here, before a slug made of it reaches the database, which refuses NUL bytes in text.
 */
function refuseUnreadablePaths(): MiddlewareHandler {
  return async (c, next) => {
    const rawPath = new URL(c.req.url).pathname;
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      throw new AppError("not-found", MESSAGES.page.notFound);
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(path)) throw new AppError("not-found", MESSAGES.page.notFound);
    await next();
  };
}

/** State-changing requests sent by a browser from another origin are refused. */
function refuseCrossOriginWrites(config: Config): MiddlewareHandler {
  const allowed = new Set([new URL(config.SITE_URL).origin]);
  return async (c: Context, next) => {
    if (!READ_ONLY_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      if (origin && origin !== new URL(c.req.url).origin && !allowed.has(origin)) {
        throw new AppError("permission-denied", MESSAGES.access.crossSite);
      }
    }
    await next();
  };
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function hasBearerToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(bearerCredentials(header ?? "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
