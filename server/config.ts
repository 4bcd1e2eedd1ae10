/** Reads and validates every environment variable once, at start. A bad value stops the start with a message naming it. */
import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
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
  DATABASE_URL: z
    .string()
    .trim()
    .prefault("")
    .refine((value) => value === "" || /^postgres(ql)?:\/\//.test(value), "must start with postgres:// or postgresql://"),
  DATA_DIR: z.string().trim().min(1).prefault("./data"),
  BUILD_DIR: z.string().trim().min(1).prefault("build"),
  SEED_DEMO: flag.prefault("true").transform((value) => value ?? true),
  PROMO_TEXT: z.string().trim().prefault("Have your website appear on Bing and ChatGPT in hours! Click here."),
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
  AUTH_SECRET: z
    .string()
    .trim()
    .prefault("")
    .refine((value) => value === "" || value.length >= 32, "must be at least 32 characters (try: openssl rand -base64 32)"),
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
  ANALYTICS_RETENTION_DAYS: z.coerce.number({ message: "must be a number of days" }).int().min(1).max(3650).prefault("30"),
  PLAUSIBLE_HOST: optionalUrl.prefault(""),
  PAGE_CACHE_MB: z.coerce.number({ message: "must be a number of megabytes" }).min(0).max(16_384).prefault("64"),
});

export type RawConfig = z.infer<typeof configSchema>;

export type Config = RawConfig & {
  isProduction: boolean;
  /** Google sign-in is offered only when its client is configured. */
  isGoogleEnabled: boolean;
  /** Whether the browser's console is silenced: on in production unless SILENCE_BROWSER_CONSOLE=false. */
  silenceBrowserConsole: boolean;
};

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment into the config, or throws a ConfigError naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const input: Record<string, string | undefined> = Object.fromEntries(Object.keys(configSchema.shape).map((key) => [key, env[key]]));
  // Without a SITE_URL, the site is where this process listens.
  if (!input.SITE_URL && /^\d{1,5}$/.test(input.PORT ?? "") && Number(input.PORT) <= 65535) input.SITE_URL = `http://localhost:${input.PORT}`;
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
  const isProduction = raw.NODE_ENV === "production";
  return {
    ...raw,
    MAIL_FROM: raw.MAIL_FROM || `${raw.SITE_NAME} <no-reply@${new URL(raw.SITE_URL).hostname}>`,
    isProduction,
    isGoogleEnabled: Boolean(raw.GOOGLE_CLIENT_ID && raw.GOOGLE_DISCOVERY_URL),
    silenceBrowserConsole: raw.SILENCE_BROWSER_CONSOLE ?? isProduction,
  };
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

/** The path under which the app serves the local file storage. */
export const FILES_URL = "/files";

/** What the browser may know of the config: nothing secret ever goes here. */
export function publicConfig(config: Config) {
  return {
    siteName: config.SITE_NAME,
    siteUrl: config.SITE_URL,
    promoText: config.PROMO_TEXT,
    promoUrl: config.PROMO_URL,
    newsletterUrl: config.NEWSLETTER_URL,
    newsletterArchiveUrl: config.NEWSLETTER_ARCHIVE_URL,
    contactEmail: config.CONTACT_EMAIL || undefined,
    contactTelegramUrl: config.CONTACT_TELEGRAM_URL,
    contactXUrl: config.CONTACT_X_URL,
    outboundRef: config.OUTBOUND_REF,
    /** Where stored files (tool snapshots, images) are served from. */
    filesUrl: FILES_URL,
    isGoogleEnabled: config.isGoogleEnabled,
    silenceConsole: config.silenceBrowserConsole,
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
