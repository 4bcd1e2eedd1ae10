/** Reads and validates every environment variable once, at start. A bad value stops the start with a message naming it. */
import { existsSync } from "node:fs";
import path from "node:path";
import { DEFAULT_SEARCHES_MIN_VISITORS, SEED_PROMO_TEXT } from "#common/constants.ts";
import { type SiteSettings, taglineField } from "#common/schemas/settings.ts";
import { type Locale, LOCALES } from "#common/locales.ts";
import { z } from "#common/zod.ts";
import { PROJECT_ROOT } from "./paths.ts";

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional());

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((value) => (value === "" ? undefined : ["true", "1", "yes"].includes(value)));

/** Every variable, its default and what it does. The README's configuration table is written from this. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).prefault("production"),
  HOST: z.string().min(1).prefault("0.0.0.0"),
  PORT: z.coerce.number({ message: "must be a port number" }).int().min(0).max(65535).prefault(3000),
  SITE_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL, such as https://tools.example.com" })
    .prefault("http://localhost:3000")
    .transform((value) => value.replace(/\/+$/, "")),
  SITE_NAME: z.string().trim().min(1).prefault("Indie Tools"),
  /** The languages the site offers (decision 053), comma-separated: en, fr, es. */
  LOCALES: z
    .string()
    .trim()
    .prefault("en")
    .transform((value) => [
      ...new Set(
        value
          .split(",")
          .map((code) => code.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.enum(LOCALES, { message: `must be languages separated by commas, among ${LOCALES.join(", ")}` }))
        .min(1, "must name at least one language"),
    ),
  /** The language at the site's own paths; the others are under /fr, /es... It must be one of LOCALES. */
  DEFAULT_LOCALE: z.enum(LOCALES, { message: `must be one of ${LOCALES.join(", ")}` }).prefault("en"),
  DATABASE_URL: z
    .string()
    .trim()
    .prefault("")
    .refine(
      (value) => value === "" || /^postgres(ql)?:\/\//.test(value),
      "must start with postgres:// or postgresql://",
    ),
  DATA_DIR: z.string().trim().min(1).prefault("./data"),
  BUILD_DIR: z.string().trim().min(1).prefault("build"),
  SEED_DEMO: flag.prefault("true").transform((value) => value ?? true),
  PROMO_TEXT: z.string().trim().prefault(SEED_PROMO_TEXT),
  PROMO_URL: optionalUrl.prefault("https://www.indexnow.org"),
  NEWSLETTER_URL: optionalUrl.prefault(""),
  NEWSLETTER_ARCHIVE_URL: optionalUrl.prefault(""),
  CONTACT_EMAIL: z
    .string()
    .trim()
    .prefault("")
    .pipe(z.union([z.literal(""), z.email({ message: "must be an e-mail address" })])),
  CONTACT_TELEGRAM_URL: optionalUrl.prefault(""),
  CONTACT_X_URL: optionalUrl.prefault(""),
  OUTBOUND_REF: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]*$/i, "may hold only letters, digits, '-' and '_'")
    .prefault("indietools"),
  SILENCE_BROWSER_CONSOLE: flag.prefault(""),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).prefault("info"),
  /** "text" for people reading a terminal, "json" for a log collector: one object per line. */
  LOG_FORMAT: z.enum(["text", "json"]).prefault("text"),
  /** Turns /metrics on, for a scraper that sends it as a Bearer token; empty: /metrics is off. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .prefault("")
    .refine(
      (value) => value === "" || value.length >= 16,
      "must be at least 16 characters (try: openssl rand -hex 24)",
    ),
  /** Accounts made admins when they sign in with a proven address (decision 047), lower-cased. */
  ADMIN_EMAILS: z
    .string()
    .trim()
    .prefault("")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ message: "must be e-mail addresses separated by commas" }))),
  AUTH_SECRET: z
    .string()
    .trim()
    .prefault("")
    .refine(
      (value) => value === "" || value.length >= 32,
      "must be at least 32 characters (try: openssl rand -base64 32)",
    ),
  GOOGLE_CLIENT_ID: z.string().trim().prefault(""),
  GOOGLE_CLIENT_SECRET: z.string().trim().prefault(""),
  GOOGLE_DISCOVERY_URL: optionalUrl.prefault("https://accounts.google.com/.well-known/openid-configuration"),
  SMTP_URL: z
    .string()
    .trim()
    .prefault("")
    .refine((value) => value === "" || /^smtps?:\/\//.test(value), "must start with smtp:// or smtps://"),
  MAIL_FROM: z.string().trim().prefault(""),
  TELEGRAM_BOT_TOKEN: z.string().trim().prefault(""),
  TELEGRAM_CHAT_ID: z.string().trim().prefault(""),
  TELEGRAM_API_URL: optionalUrl.prefault("https://api.telegram.org"),
  TOKEN_SYNC_URL: optionalUrl.prefault(""),
  TRUST_PROXY: flag.prefault("false").transform((value) => value ?? false),
  UPLOAD_MAX_MB: z.coerce.number({ message: "must be a number of megabytes" }).positive().max(50).prefault("5"),
  /**
   * Host names the fetcher may read though they resolve to a private address (for testing or an intranet directory;
   * never in production): comma-separated, matched on the host as written in the address.
   */
  FETCH_ALLOW_PRIVATE_HOSTS: z
    .string()
    .trim()
    .prefault("")
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  GITHUB_API_URL: optionalUrl.prefault("https://api.github.com"),
  /**
   * A GitHub token (no scope needed): the repositories' facts are read within 5,000 requests an hour instead of 60
   * (decision 060). Empty: without one.
   */
  GITHUB_TOKEN: z
    .string()
    .trim()
    .prefault("")
    .refine((value) => value === "" || /^[\w-]{20,255}$/.test(value), "must be a GitHub token, such as ghp_..."),
  /**
   * An address the daily link check reads first: when it does not answer, the site's own network is down, and the run
   * pauses without counting against any tool (decision 045). Empty: only the share of unreachable hosts tells.
   */
  LINK_CHECK_REFERENCE_URL: optionalUrl.prefault("https://example.com"),
  /** After this many failed link checks in a row, a tool is hidden until an admin acts (/admin/links). */
  LINK_CHECK_HIDE_AFTER: z.coerce.number({ message: "must be a number of checks" }).int().min(1).max(100).prefault("3"),
  /** How long a webhook receiver has to answer a delivery, well under the outbox's lease (OUTBOX_LEASE_SECONDS). */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number({ message: "must be a number of seconds" })
    .positive()
    .max(60)
    .prefault("10"),
  /**
   * How long an outbox row a process took is left to it before another may take it: longer than any send may last
   * (the webhook timeout's 60 s at most, the mailer's 30 s), so that in practice only a process that died loses its rows.
   */
  OUTBOX_LEASE_SECONDS: z.coerce
    .number({ message: "must be a number of seconds" })
    .int()
    .min(35)
    .max(3600)
    .prefault("120"),
  ANALYTICS_RETENTION_DAYS: z.coerce
    .number({ message: "must be a number of days" })
    .int()
    .min(1)
    .max(3650)
    .prefault("30"),
  PLAUSIBLE_HOST: optionalUrl.prefault(""),
  /** How long after the start each process first tries the hourly and daily jobs (then every hour, every day). */
  JOBS_FIRST_RUN_AFTER_SECONDS: z.coerce
    .number({ message: "must be a number of seconds" })
    .min(0)
    .max(86_400)
    .prefault("30"),
  PAGE_CACHE_MB: z.coerce.number({ message: "must be a number of megabytes" }).min(0).max(16_384).prefault("64"),
  /** How many pages one client address may have rendered a minute (cache misses and pages rendered for a person); past it, 429. */
  PAGE_RENDERS_PER_MINUTE: z.coerce
    .number({ message: "must be a whole number" })
    .int()
    .min(1)
    .max(1_000_000)
    .prefault("600"),
  /** Signs the proof-of-work challenges of the sign-up and add-tool forms; empty: derived from the auth secret. */
  ALTCHA_HMAC_KEY: z.string().trim().prefault(""),
  /** How much work a challenge asks: the browser tries up to this many hashes (about a second for 100000). */
  ALTCHA_MAX_NUMBER: z.coerce
    .number({ message: "must be a whole number" })
    .int()
    .min(1000)
    .max(10_000_000)
    .prefault("100000"),
  /** How many visitors must have made a search (each counted once a day) before /searches and the sitemap list it. */
  SEARCHES_MIN_VISITORS: z.coerce
    .number({ message: "must be a whole number" })
    .int()
    .min(1)
    .max(1_000_000)
    .prefault(String(DEFAULT_SEARCHES_MIN_VISITORS)),
  /** How many tools one account may submit in 24 hours (verifiers and admins are not limited). */
  SUBMISSIONS_PER_DAY: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(10_000).prefault("5"),
  /** Stripe's secret key (sk_live_... or sk_test_...): with the webhook's secret, paid featuring is on (decision 040). */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .prefault("")
    .refine(
      (value) => value === "" || /^(sk|rk)_(live|test)_\w+$/.test(value),
      "must be a Stripe secret key, such as sk_live_...",
    ),
  /** The signing secret of the site's webhook endpoint in Stripe (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .prefault("")
    .refine(
      (value) => value === "" || /^whsec_\w+$/.test(value),
      "must be a webhook signing secret, such as whsec_...",
    ),
  /** Where Stripe's API answers: Stripe itself, or a stand-in for testing. */
  STRIPE_API_URL: optionalUrl.prefault("https://api.stripe.com"),
  S3_ENDPOINT: optionalUrl.prefault(""),
  S3_REGION: z.string().trim().prefault("us-east-1"),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])?$/,
      "must be a bucket name: 3 to 63 lowercase letters, digits, '.' and '-'",
    )
    .prefault(""),
  S3_ACCESS_KEY_ID: z.string().trim().prefault(""),
  S3_SECRET_ACCESS_KEY: z.string().trim().prefault(""),
  S3_PUBLIC_URL: optionalUrl.prefault(""),
});

/** The S3 settings that must all be given, or none (then files stay on the local disk). */
const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

export type RawConfig = z.infer<typeof configSchema>;

export type Config = RawConfig & {
  isProduction: boolean;
  /** Google sign-in is offered only when its client is configured. */
  isGoogleEnabled: boolean;
  /** Paid featuring is offered only when Stripe's keys are set (decision 040). */
  isPaymentEnabled: boolean;
  /** Whether the browser's console is silenced: on in production unless SILENCE_BROWSER_CONSOLE=false. */
  silenceBrowserConsole: boolean;
  /** Where files are stored: an S3-compatible bucket when the S3_* settings are given, else DATA_DIR/files. */
  storage: StorageConfig;
};

export type StorageConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      publicUrl: string;
    };

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment into the config, or throws a ConfigError naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const input: Record<string, string | undefined> = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key]]),
  );
  // Without a SITE_URL, the site is where this process listens.
  if (!input.SITE_URL && /^\d{1,5}$/.test(input.PORT ?? "") && Number(input.PORT) <= 65535)
    input.SITE_URL = `http://localhost:${input.PORT}`;
  const result = configSchema.safeParse(input);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "config");
        const value = env[name];
        return `${name}: ${issue.message}${value === undefined ? "" : ` (got "${value}")`}`;
      }),
    );
  }
  const raw = result.data;
  const s3Given = S3_REQUIRED.filter((name) => raw[name]);
  const s3Missing = S3_REQUIRED.filter((name) => !raw[name]);
  if (s3Given.length > 0 && s3Missing.length > 0) {
    throw new ConfigError(
      s3Missing.map(
        (name) =>
          `${name}: must be set too when ${s3Given.join(", ")} ${s3Given.length === 1 ? "is" : "are"} (S3 storage needs all of ${S3_REQUIRED.join(", ")})`,
      ),
    );
  }
  if (Boolean(raw.STRIPE_SECRET_KEY) !== Boolean(raw.STRIPE_WEBHOOK_SECRET)) {
    const missing = raw.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY";
    throw new ConfigError([
      `${missing}: must be set too: payments need both Stripe's secret key and the webhook's signing secret`,
    ]);
  }
  if (raw.OUTBOX_LEASE_SECONDS <= raw.WEBHOOK_TIMEOUT_SECONDS + 5) {
    throw new ConfigError([
      `OUTBOX_LEASE_SECONDS: must be longer than WEBHOOK_TIMEOUT_SECONDS (${raw.WEBHOOK_TIMEOUT_SECONDS}) by more than 5 s, so that no row is taken again while it is being sent`,
    ]);
  }
  if (!raw.LOCALES.includes(raw.DEFAULT_LOCALE)) {
    throw new ConfigError([`DEFAULT_LOCALE: must be one of LOCALES (${raw.LOCALES.join(", ")})`]);
  }
  const isProduction = raw.NODE_ENV === "production";
  return {
    ...raw,
    MAIL_FROM: raw.MAIL_FROM || `${raw.SITE_NAME} <no-reply@${new URL(raw.SITE_URL).hostname}>`,
    isProduction,
    isGoogleEnabled: Boolean(raw.GOOGLE_CLIENT_ID && raw.GOOGLE_DISCOVERY_URL),
    isPaymentEnabled: Boolean(raw.STRIPE_SECRET_KEY && raw.STRIPE_WEBHOOK_SECRET),
    silenceBrowserConsole: raw.SILENCE_BROWSER_CONSOLE ?? isProduction,
    storage: storageConfig(raw),
  };
}

function storageConfig(raw: RawConfig): StorageConfig {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket } = raw;
  if (!endpoint || !bucket) return { kind: "local" };
  return {
    kind: "s3",
    endpoint: endpoint.replace(/\/+$/, ""),
    region: raw.S3_REGION || "us-east-1",
    bucket,
    accessKeyId: raw.S3_ACCESS_KEY_ID,
    secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
    // Without a public address, browsers read the files from the bucket itself (path-style, as the app writes them).
    publicUrl: (raw.S3_PUBLIC_URL ?? `${endpoint.replace(/\/+$/, "")}/${bucket}`).replace(/\/+$/, ""),
  };
}

/** Where browsers read stored files from: the app's own FILES_URL, or the bucket's public address. */
export function filesBaseUrl(config: Config): string {
  return config.storage.kind === "s3" ? config.storage.publicUrl : FILES_URL;
}

/**
 * The config of this process: the project's .env file (when there is one) under the environment, validated. It also sets
 * NODE_ENV from it: React chooses its production or development build from NODE_ENV when it is first loaded, so
 * whatever starts a process calls this before anything imports React. Throws a ConfigError.
 */
export function loadProcessConfig(): Config {
  const envFile = path.join(PROJECT_ROOT, ".env");
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = parseConfig(process.env);
  process.env.NODE_ENV = config.NODE_ENV;
  return config;
}

/**
 * Where Stripe's Checkout pages are, which a maker's form leads to: Stripe's own, or the stand-in's at STRIPE_API_URL.
 * None without payments.
 */
export function stripeCheckoutOrigin(config: Config): string {
  if (!config.isPaymentEnabled) return "";
  const api = new URL(config.STRIPE_API_URL ?? "https://api.stripe.com");
  return api.hostname === "api.stripe.com" ? "https://checkout.stripe.com" : api.origin;
}

/** The path under which the app serves the local file storage. */
export const FILES_URL = "/files";

/** What the browser may know of the config: nothing secret ever goes here. */
export function publicConfig(config: Config, settings: SiteSettings) {
  return {
    siteName: settings.siteName,
    /** The operator's tagline in each language they wrote one for; the others say the language's own words. */
    taglines: Object.fromEntries(
      LOCALES.flatMap((locale) => (settings[taglineField(locale)] ? [[locale, settings[taglineField(locale)]]] : [])),
    ) as Partial<Record<Locale, string>>,
    siteUrl: config.SITE_URL,
    /** The uploaded logo and favicon; empty for the default ones. */
    logoUrl: settings.logoUrl,
    faviconUrl: settings.faviconUrl,
    /** The accent colour (#rrggbb), empty for the default violet. */
    accentColor: settings.accentColor,
    promoText: settings.bannerText,
    promoUrl: settings.bannerUrl || undefined,
    newsletterUrl: settings.newsletterUrl || undefined,
    newsletterArchiveUrl: settings.newsletterArchiveUrl || undefined,
    contactEmail: settings.contactEmail || undefined,
    contactTelegramUrl: settings.contactTelegramUrl || undefined,
    contactXUrl: settings.contactXUrl || undefined,
    outboundRef: config.OUTBOUND_REF,
    /** Where stored files (tool snapshots, images) are served from. */
    filesUrl: filesBaseUrl(config),
    isGoogleEnabled: config.isGoogleEnabled,
    isPaymentEnabled: config.isPaymentEnabled,
    /** Whether the operator shows deals (decision 061). */
    dealsOn: settings.dealsOn,
    /** Whether makers choose their tool's launch day (decision 063). */
    launchDaysOn: settings.launchDaysOn,
    /** What a link back earns, "off" when there is no free way in (decision 062). */
    freeWayIn: settings.freeWayIn,
    silenceConsole: config.silenceBrowserConsole,
    /** The languages offered and the one at the unprefixed paths (decision 053). */
    locales: config.LOCALES,
    defaultLocale: config.DEFAULT_LOCALE,
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
